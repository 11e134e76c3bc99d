// The position editor: any variant and board size; place and remove men of every kind,
// colour and state; side to move, castling, en passant and the variant's fields. It writes
// the position text, checks it with POST /position and starts a game, an analysis or a mate
// search from it.

import { h, clear, copyText, errorText } from './dom.js';
import { api } from './api.js';
import { Board, squareName, parseSquare } from './board.js';
import { boardTools } from './boardtools.js';
import { KINDS, NAMES, drawPiece } from './pieces.js';
import { s } from './dom.js';
import * as settings from './settings.js';
import { variants, variantSelect } from './home.js';

const SUFFIX = { traveling: '*', traveled: "'", possessed: '~' };
const STATE_OF = { '*': 'traveling', "'": 'traveled', '~': 'possessed' };

/** parsePosition reads position text into an editable shape (placement, fields). */
export function parsePosition(text) {
  const f = text.trim().split(/\s+/);
  const ranks = (f[0] || '8/8/8/8/8/8/8/8').split('/');
  const height = ranks.length;
  const men = new Map();
  let width = 0;
  ranks.forEach((rank, i) => {
    const r = height - 1 - i;
    let file = 0;
    const re = /(\d+)|([A-Za-z])([*'~]*)/g;
    let m;
    while ((m = re.exec(rank))) {
      if (m[1]) { file += Number(m[1]); continue; }
      const upper = m[2].toUpperCase();
      const state = m[3] ? STATE_OF[m[3][0]] : '';
      if (file < 16 && r >= 0) men.set(squareName(file, r), { kind: upper, color: m[2] === upper ? 'white' : 'black', state });
      file++;
    }
    width = Math.max(width, file);
  });
  return {
    width: Math.min(16, Math.max(1, width)), height: Math.min(16, Math.max(1, height)), men,
    side: f[1] === 'b' ? 'b' : 'w', castling: f[2] || '-', ep: f[3] || '-',
    half: f[4] || '0', full: f[5] || '1', extra: f.slice(6).join(' '),
  };
}

/** writePosition writes the editable shape as position text. */
export function writePosition(p) {
  const rows = [];
  for (let r = p.height - 1; r >= 0; r--) {
    let row = '', empty = 0;
    for (let f = 0; f < p.width; f++) {
      const man = p.men.get(squareName(f, r));
      if (!man) { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      row += (man.color === 'white' ? man.kind : man.kind.toLowerCase()) + (SUFFIX[man.state] || '');
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return [rows.join('/'), p.side, p.castling || '-', p.ep || '-', p.half || '0', p.full || '1', p.extra].filter((x) => x !== '').join(' ');
}

/** editorPage draws the position editor into root. */
export async function editorPage(root) {
  const params = new URLSearchParams(location.search);
  let variant = params.get('variant') || 'chess';
  const start = async (v) => ((await variants()).find((x) => x.name === v) || {}).start || '';
  const ed = parsePosition(params.get('fen') || (await start(variant)));
  const tool = { kind: 'P', color: 'white', state: '', erase: false };
  const board = new Board({ label: 'Editor board', onSquare: place });
  const out = h('textarea', { rows: 3, 'aria-label': 'Position text', 'data-testid': 'editor-fen' });
  const verdict = h('p', { role: 'status', 'data-testid': 'editor-verdict' });
  const vsel = await variantSelect(variant, { 'data-testid': 'editor-variant' });
  const num = (value, label, testid) => h('input', { type: 'number', min: 1, max: 16, value, 'aria-label': label, 'data-testid': testid });
  const wIn = num(ed.width, 'Files', 'editor-width'), hIn = num(ed.height, 'Ranks', 'editor-height');
  const sideSel = h('select', { 'aria-label': 'Side to move', 'data-testid': 'editor-side' },
    h('option', { value: 'w', selected: ed.side === 'w' }, 'White to move'), h('option', { value: 'b', selected: ed.side === 'b' }, 'Black to move'));
  const field = (value, label, testid) => h('input', { type: 'text', value, 'aria-label': label, 'data-testid': testid, spellcheck: false });
  const castIn = field(ed.castling, 'Castling', 'editor-castling'), epIn = field(ed.ep, 'En passant', 'editor-ep');
  const extraIn = field(ed.extra, 'Variant fields', 'editor-extra');
  const palette = h('div', { class: 'palette', role: 'toolbar', 'aria-label': 'Pieces', 'data-testid': 'palette' });
  const stateSel = h('select', { 'aria-label': 'State', 'data-testid': 'editor-state' },
    ['', 'traveling', 'traveled', 'possessed'].map((x) => h('option', { value: x }, x || 'plain')));
  stateSel.addEventListener('change', () => { tool.state = stateSel.value; drawPalette(); });
  const mateN = h('input', { type: 'number', min: 1, max: 5, value: 2, 'aria-label': 'Mate in' });

  clear(root, h('section', { class: 'game-layout' },
    h('div', { class: 'board-col' }, board.el, h('div', { class: 'below-board' }, boardTools(board), palette)),
    h('aside', { class: 'side-col' }, h('section', { class: 'panel' }, h('h2', {}, 'Position editor'),
      h('label', {}, 'Variant ', vsel),
      h('div', { class: 'row' }, h('label', {}, 'Files ', wIn), h('label', {}, 'Ranks ', hIn)),
      h('label', {}, 'State of placed men ', stateSel),
      h('div', { class: 'row' }, sideSel, h('label', {}, 'Castling ', castIn), h('label', {}, 'e.p. ', epIn)),
      h('label', {}, 'Variant fields ', extraIn),
      h('div', { class: 'row' },
        h('button', { type: 'button', class: 'small secondary', onclick: async () => { Object.assign(ed, parsePosition(await start(vsel.value))); sync(); } }, 'Start position'),
        h('button', { type: 'button', class: 'small secondary', 'data-testid': 'editor-clear', onclick: () => { ed.men.clear(); castIn.value = '-'; epIn.value = '-'; sync(); } }, 'Empty board')),
      h('label', {}, 'Position text', out),
      h('div', { class: 'row' },
        h('button', { type: 'button', class: 'small', onclick: () => { Object.assign(ed, parsePosition(out.value)); sync(false); } }, 'Read text'),
        h('button', { type: 'button', class: 'small', onclick: () => copyText(out.value) }, 'Copy')),
      verdict,
      h('div', { class: 'row' },
        h('button', { type: 'button', 'data-testid': 'editor-play', onclick: () => go('/') }, 'Play from here'),
        h('button', { type: 'button', 'data-testid': 'editor-analyse', onclick: () => go('/analysis') }, 'Analyse'),
        h('label', {}, 'mate in ', mateN),
        h('button', { type: 'button', 'data-testid': 'editor-solve', onclick: () => go('/analysis', { mate: mateN.value }) }, 'Search mate'))))));

  for (const el of [wIn, hIn]) el.addEventListener('change', () => {
    ed.width = Math.min(16, Math.max(1, Number(wIn.value) || 1));
    ed.height = Math.min(16, Math.max(1, Number(hIn.value) || 1));
    for (const sq of [...ed.men.keys()]) { const p = parseSquare(sq); if (p.f >= ed.width || p.r >= ed.height) ed.men.delete(sq); }
    sync();
  });
  for (const el of [sideSel, castIn, epIn, extraIn]) el.addEventListener('change', () => sync());
  vsel.addEventListener('change', () => { variant = vsel.value; sync(); });
  window.addEventListener('timechess:settings', drawPalette);
  drawPalette();
  sync();

  function go(path, extra = {}) {
    location.assign(path + '?' + new URLSearchParams({ variant, fen: out.value, ...extra }));
  }

  function place(sq) {
    const cur = ed.men.get(sq);
    if (tool.erase || (cur && cur.kind === tool.kind && cur.color === tool.color && cur.state === tool.state)) ed.men.delete(sq);
    else ed.men.set(sq, { kind: tool.kind, color: tool.color, state: tool.state });
    sync();
  }

  function drawPalette() {
    const set = settings.load().pieces;
    const item = (kind, color) => {
      const active = !tool.erase && tool.kind === kind && tool.color === color;
      const icon = s('svg', { viewBox: '0 0 100 100', width: 34, height: 34, 'aria-hidden': 'true' }, drawPiece(set, kind, color, tool.state));
      return h('button', {
        type: 'button', class: 'pal' + (active ? ' active' : ''), 'aria-pressed': String(active),
        'aria-label': `${color} ${NAMES[kind]}`, 'data-testid': `pal-${color}-${kind}`,
        onclick: () => { Object.assign(tool, { kind, color, erase: false }); drawPalette(); },
      }, icon);
    };
    clear(palette,
      h('div', { class: 'pal-row' }, KINDS.map((k) => item(k, 'white'))),
      h('div', { class: 'pal-row' }, KINDS.map((k) => item(k, 'black'))),
      h('button', { type: 'button', class: 'small' + (tool.erase ? ' active' : ''), 'aria-pressed': String(tool.erase), 'data-testid': 'pal-erase', onclick: () => { tool.erase = true; drawPalette(); } }, 'Eraser'));
  }

  async function sync(fromInputs = true) {
    if (fromInputs) {
      ed.side = sideSel.value;
      ed.castling = castIn.value.trim() || '-';
      ed.ep = epIn.value.trim() || '-';
      ed.extra = extraIn.value.trim();
    } else {
      sideSel.value = ed.side; castIn.value = ed.castling; epIn.value = ed.ep; extraIn.value = ed.extra;
    }
    wIn.value = ed.width;
    hIn.value = ed.height;
    const text = writePosition(ed);
    out.value = text;
    const board0 = [...ed.men].map(([square, m]) => ({ square, ...m }));
    board.set({ variant, width: ed.width, height: ed.height, fen: text, turn: ed.side === 'w' ? 'white' : 'black', board: board0, moves: [], check: [], last: null });
    history.replaceState(null, '', '/editor?' + new URLSearchParams({ variant, fen: text }));
    try {
      const pos = await api('POST', '/position', { variant, fen: text });
      if (out.value !== text) return;
      verdict.className = 'ok';
      verdict.textContent = pos.status.over ? `Valid; the game is over: ${pos.status.result} (${pos.status.reason}).` : `Valid: ${pos.moves.length} legal moves for ${pos.turn}.`;
      board.set({ ...pos, moves: [] });
    } catch (e) {
      if (out.value !== text) return;
      verdict.className = 'form-error';
      verdict.textContent = errorText(e);
    }
  }
}

// The rules pages (/rules, /rules/<variant>): the server writes the document into the page, and
// this module turns each live board placeholder (a figure.liveboard that web/rulesboard.go
// writes for a `board` block) into a board the reader steps through and plays on. A board asks
// the server for its position (POST /position) when it comes into view; the page sends one
// request at a time, so a long page costs the server no more than a reader's clicks.

import { h, clear, errorText } from './dom.js';
import { api, asked } from './api.js';
import { Board } from './board.js';
import { choose, specialPanel, typedMoveForm } from './actions.js';
import { findMove } from './analysis.js';
import { turnBanner } from './notices.js';
import { giffordPanel, travelersMarks, travelersPanel, timethiefMarks, timethiefPanel } from './panels.js';
import { fenTurn, moveNumber } from './numbering.js';

/**
 * rulesPage mounts the live boards of the rules page that the server put in root, and gives
 * each section heading a link to itself, to copy and share.
 */
export function rulesPage(root) {
  for (const hd of root.querySelectorAll('.rules-page h2[id], .rules-page h3[id]')) {
    hd.append(h('a', { class: 'anchor', href: '#' + hd.id, 'aria-label': 'Link to this section' }, '#'));
  }
  const queue = oneAtATime();
  const loaders = new Map();
  const seen = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      seen.unobserve(e.target);
      loaders.get(e.target)();
    }
  }, { rootMargin: '300px 0px' });
  root.querySelectorAll('figure.liveboard').forEach((fig, i) => {
    loaders.set(fig, liveBoard(fig, i, queue));
    seen.observe(fig);
  });
}

/** oneAtATime returns run(fn), which starts fn after every fn run before it has settled. */
function oneAtATime() {
  let tail = Promise.resolve();
  return (fn) => {
    const p = tail.then(fn, fn);
    tail = p.catch(() => {});
    return p;
  };
}

/** words splits a data attribute's space-separated list. */
function words(s) {
  return (s || '').split(' ').filter(Boolean);
}

/**
 * liveBoard builds the board of one placeholder and returns load(), which asks for its first
 * position. The reader steps through the document's moves (buttons, arrow keys, the move list),
 * may play any legal move by the board's gestures, the special-action list or a typed move,
 * and "Reset" brings the document's position back.
 */
function liveBoard(fig, index, queue) {
  const d = fig.dataset;
  const variant = d.variant;
  const sans = words(d.san), numbers = words(d.numbers);
  const docLine = words(d.moves).map((coord, i) => ({ coord, san: sans[i] || coord, number: numbers[i] || '' }));
  const [width, height] = (d.size || '8x8').split('x').map(Number);
  const caption = fig.querySelector('figcaption');
  const st = { line: docLine.slice(), cursor: docLine.length, pos: null, hover: null };
  const positions = new Map();
  const id = 'lb' + index;

  const board = new Board({
    label: caption ? `Board: ${caption.textContent}` : 'Example board',
    onGesture: async (cands) => { const m = await choose(cands); if (m) play(m); },
    onHover: (sq) => { st.hover = sq; marks(); },
  });
  board.el.style.setProperty('--board-ratio', `${width} / ${height}`);
  const banner = turnBanner();
  const status = h('p', { class: 'liveboard-status', role: 'status', 'data-testid': 'liveboard-status' }, 'Loading the board…');
  const lineEl = h('ol', { class: 'move-list', 'data-testid': 'liveboard-moves' });
  const special = h('div', { 'data-testid': 'liveboard-special' });
  const variantSlot = h('div');
  const typedForm = typedMoveForm(typed, { id: id + '-typed' });
  const analysis = h('a', { 'data-testid': 'liveboard-analysis' }, 'Open in the analysis board');
  const resetButton = h('button', { type: 'button', class: 'small secondary', 'data-testid': 'liveboard-reset', title: "Back to the document's moves", onclick: reset }, 'Reset');
  const button = (label, testid, onclick, text) => h('button', { type: 'button', class: 'small', 'aria-label': label, 'data-testid': testid, onclick }, text);

  clear(fig,
    caption,
    h('div', { class: 'liveboard-board' }, banner.el, board.el),
    h('div', { class: 'liveboard-side' },
      status,
      h('div', { class: 'row nav-row' },
        button('Start', 'liveboard-start', () => go(0), '«'),
        button('Back', 'liveboard-back', () => go(st.cursor - 1), '‹'),
        button('Forward', 'liveboard-forward', () => go(st.cursor + 1), '›'),
        button('End', 'liveboard-end', () => go(st.line.length), '»'),
        resetButton),
      lineEl,
      typedForm,
      special, variantSlot,
      h('p', {}, analysis)));
  fig.classList.add('mounted');
  fig.tabIndex = 0;
  fig.setAttribute('aria-label', 'Live board: the arrow keys step through its moves');
  fig.addEventListener('keydown', (ev) => {
    if (ev.target.closest('svg, input, textarea, select, dialog')) return;
    const to = { ArrowLeft: st.cursor - 1, ArrowRight: st.cursor + 1, Home: 0, End: st.line.length }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    go(to);
  });
  drawLine();
  return () => show();

  function body(n) {
    const b = { variant, moves: st.line.slice(0, n).map((m) => m.coord) };
    if (d.fen) b.fen = d.fen;
    return b;
  }

  /** positionAt is the board after the first n moves of the line, asked for once. */
  function positionAt(n) {
    const b = body(n);
    return asked(positions, '/position', b, () => queue(() => api('POST', '/position', b)));
  }

  /** show draws the board at the cursor; false when the server refused it. */
  async function show() {
    const cursor = st.cursor, line = st.line;
    let pos;
    try {
      pos = await positionAt(cursor);
    } catch (e) {
      status.classList.add('form-error');
      status.textContent = 'This board could not be loaded. ' + errorText(e);
      return false;
    }
    if (st.cursor !== cursor || st.line !== line) return true; // the reader has moved on
    st.pos = pos;
    // A refusal of the typed move belongs to the board it was typed on.
    typedForm.querySelector('[data-testid=typed-error]').textContent = '';
    status.classList.remove('form-error');
    board.set(pos, { movable: !pos.status.over });
    banner.show(pos);
    status.textContent = statusText(pos);
    clear(special, specialPanel(pos.moves || [], play, variant));
    clear(variantSlot, giffordPanel(pos), travelersPanel(pos), timethiefPanel(pos, pos.moves || [], play, marks));
    marks();
    drawLine();
    const q = new URLSearchParams({ variant });
    if (d.fen) q.set('fen', d.fen);
    if (st.line.length) q.set('moves', st.line.slice(0, st.cursor).map((m) => m.coord).join(','));
    analysis.href = '/analysis?' + q;
    return true;
  }

  /** marks shows what the variant marks on the board: resonators, a Time Thief's sight. */
  function marks() {
    if (st.pos) board.setMarks([...travelersMarks(st.pos, st.hover), ...timethiefMarks(st.pos, st.hover)]);
  }

  /** drawLine shows the moves; Reset stands out once the reader has played moves of their own. */
  function drawLine() {
    resetButton.classList.toggle('secondary', !st.line.some((m) => m.own));
    clear(lineEl, st.line.length ? st.line.map((m, i) => h('li', { class: (i + 1 === st.cursor ? 'current' : '') + (m.own ? ' own' : ''), 'data-ply': i + 1 },
      h('button', { type: 'button', class: 'link', title: m.own ? 'your move' : m.coord, onclick: () => go(i + 1) },
        m.number ? h('span', { class: 'num' }, m.number) : null, m.number ? ' ' : null, m.san)))
      : h('li', { class: 'muted' }, 'No moves yet'));
  }

  function go(n) {
    st.cursor = Math.max(0, Math.min(st.line.length, n));
    drawLine();
    show();
  }

  function reset() {
    st.line = docLine.slice();
    go(docLine.length);
  }

  /** play adds the reader's move after the cursor (dropping the moves after it) and shows it. */
  async function play(m) {
    const saved = { line: st.line, cursor: st.cursor };
    const number = st.pos ? moveNumber(fenTurn(st.pos.fen)) : '';
    st.line = st.line.slice(0, st.cursor).concat([{ coord: m.coord, san: m.san || m.coord, number, own: true }]);
    st.cursor++;
    if (!(await show())) {
      const msg = status.textContent;
      st.line = saved.line;
      st.cursor = saved.cursor;
      await show();
      throw new Error(msg);
    }
  }

  /**
   * typed plays a move typed in any notation; the server's refusal, with the rule that forbids
   * the move when the variant names one, is thrown for the form to show.
   */
  async function typed(text) {
    const m = findMove(st.pos, text);
    if (m) return play(m);
    try {
      const b = body(st.cursor);
      await api('POST', '/position', { ...b, moves: [...b.moves, text] });
    } catch (e) {
      const why = (e.message || '').split(' is not legal here: ').pop();
      const r = e.refusal;
      throw new Error(r ? `${text} is not legal: ${r.name} (${r.rule}): ${r.reason}` : `${text} is not legal here: ${why}`);
    }
    return play({ coord: text, san: text });
  }
}

/**
 * statusText says whose turn it is, or how the game ended. A check is a King in check or a
 * check notice (Time Traveler's Chess checks a kingless side, whose check lists no square).
 */
function statusText(pos) {
  if (pos.status.over) return `Game over: ${pos.status.result} (${pos.status.reason})`;
  const check = (pos.check || []).length || (pos.notices || []).some((n) => n.name === 'check');
  return `${pos.turn === 'white' ? 'White' : 'Black'} to move` + (check ? ' — check' : '') + ': try any legal move';
}

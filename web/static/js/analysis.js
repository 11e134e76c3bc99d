// The analysis board: play any legal move for either side (POST /position), ask the engine
// for a score and lines (POST /analyze), search for a mate (POST /solve), and import PGN
// (POST /import). Engine searches may wait in the server's queue: the panel shows the place in
// line until the answer comes. The state lives in the URL, so a reload or a shared link shows the same board.

import { h, clear, errorText } from './dom.js';
import { api, engineSearch, ordinal } from './api.js';
import { Board } from './board.js';
import { boardTools } from './boardtools.js';
import { choose, specialPanel, typedMoveForm } from './actions.js';
import {
  giffordPanel, travelersMarks, travelersPanel, timethiefMarks, timethiefPanel,
  travelersArrows, tapFocus, refusalAside,
} from './panels.js';
import { ExplosionChooser } from './explode.js';
import { boardNote } from './boardnote.js';
import { refusalExplainer } from './refusal.js';
import { exportBar } from './exporter.js';
import { turnBanner } from './notices.js';
import { giffordTray } from './gifford.js';
import { variantSelect, variantTitle } from './home.js';
import { rulesLink } from './ruleslinks.js';
import { backCue, fenTurn, moveNumber } from './numbering.js';
import { TimelinesPicture, TravelControl, hasTimelines, turnOf } from './timelines.js';

/** analysisPage draws the analysis board into root. */
export async function analysisPage(root) {
  const params = new URLSearchParams(location.search);
  const st = {
    variant: params.get('variant') || 'chess',
    fen: params.get('fen') || '',
    line: lineOf((params.get('moves') || '').split(',').filter(Boolean)),
    cursor: 0, pos: null, hover: null, tapped: null, picked: null,
  };
  // Positions by request body: stepping through the line asks the server once per board.
  const positions = new Map();
  st.cursor = st.line.length;
  const board = new Board({
    label: 'Analysis board',
    onGesture: async (cands) => { const m = await choose(cands); if (m) push(m.coord); },
    onHover: (sq) => { st.hover = sq; marks(); },
    // A King's backward travel is chosen on the timelines picture: selecting the King starts it.
    onSelect: (sq) => travel.select(sq),
    aside: (m) => m.kind === 'back' && hasTimelines(st.variant),
    onTap: (sq) => tap(sq),
    onRefuse: (g) => explainRefusal(g),
  });
  const note = boardNote(board);
  const explainRefusal = refusalExplainer(board, note, (move) => api('POST', '/why', body({ move })),
    (g) => refusalAside(board.position, g, board.legal()));
  const explode = new ExplosionChooser(board, { play: (m) => push(m.coord), redraw: () => marks(), refuse: (g) => explainRefusal(g) });
  // The timelines picture of the line (time-travel variants only), below the board, and the
  // backward travels chosen on it.
  const timelines = new TimelinesPicture({ open: (ply) => go(ply) });
  const travel = new TravelControl({
    picture: timelines, board, now: () => st.pos, positionAt, play: (m) => push(m.coord), restore: () => refresh(),
  });
  const timelineSlot = h('div', { class: 'timeline-slot' });
  // The Timelines of the line (POST /timelines) by request body.
  const histories = new Map();
  let hist = null;
  const vsel = await variantSelect(st.variant, { 'data-testid': 'analysis-variant' });
  const fenIn = h('textarea', { rows: 2, 'aria-label': 'Start position', 'data-testid': 'analysis-fen', placeholder: 'Position text (empty: the start position)' }, st.fen);
  const err = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'analysis-error' });
  const status = h('div', { class: 'status', role: 'status', 'data-testid': 'status' });
  const banner = turnBanner();
  const gifford = giffordTray(board, (m) => push(m.coord));
  const lineEl = h('ol', { class: 'move-list', 'data-testid': 'move-list' });
  const special = h('div');
  const variantSlot = h('div');
  const engineOut = h('div', { class: 'engine-out', 'data-testid': 'engine-output', 'aria-live': 'polite' });
  const movetime = h('input', { type: 'number', min: 100, max: 10000, step: 100, value: 1000, 'aria-label': 'Think time in ms' });
  const multipv = h('input', { type: 'number', min: 1, max: 5, value: 3, 'aria-label': 'Lines' });
  const mateN = h('input', { type: 'number', min: 1, max: 5, value: Number(params.get('mate')) || 2, 'aria-label': 'Mate in', 'data-testid': 'mate-n' });
  const pgnIn = h('textarea', { rows: 5, 'aria-label': 'PGN to import', 'data-testid': 'pgn-input', placeholder: '[Variant "gifford"]\n1. d2//5 Nc6 …' });
  const importOut = h('div', { 'data-testid': 'import-output' });
  const fenOut = h('input', { type: 'text', class: 'wide', readonly: true, 'aria-label': 'Current position text', 'data-testid': 'current-fen' });
  const links = h('div', { class: 'row' });
  // The engine search whose answer the panel waits for, if any.
  let search = null;

  clear(root, h('section', { class: 'game-layout' },
    h('div', { class: 'board-col' }, banner.el, board.el, explode.el, gifford.el, timelineSlot,
      h('div', { class: 'below-board' },
        h('div', { class: 'row nav-row' },
          h('button', { type: 'button', class: 'small', 'aria-label': 'Start', onclick: () => go(0) }, '«'),
          h('button', { type: 'button', class: 'small', 'aria-label': 'Back', 'data-testid': 'nav-back', onclick: () => go(st.cursor - 1) }, '‹'),
          h('button', { type: 'button', class: 'small', 'aria-label': 'Forward', 'data-testid': 'nav-forward', onclick: () => go(st.cursor + 1) }, '›'),
          h('button', { type: 'button', class: 'small', 'aria-label': 'End', onclick: () => go(st.line.length) }, '»')),
        boardTools(board), exportBar(board, 'timechess-analysis'))),
    h('aside', { class: 'side-col' },
      h('section', { class: 'panel' }, h('h2', {}, 'Analysis board'),
        h('label', {}, 'Variant ', vsel), fenIn,
        h('div', { class: 'row' }, h('button', { type: 'button', 'data-testid': 'analysis-load', onclick: () => { st.variant = vsel.value; st.fen = fenIn.value.trim(); st.line = []; st.cursor = 0; refresh(); } }, 'Set up'),
          h('button', { type: 'button', class: 'secondary', onclick: () => location.assign(`/editor?variant=${encodeURIComponent(st.variant)}&fen=${encodeURIComponent(st.pos ? st.pos.fen : '')}`) }, 'Edit position')),
        err, status, fenOut, links),
      h('div', { 'data-testid': 'typed-slot' }, typedMoveForm(typed)),
      h('section', { class: 'panel' }, h('h3', {}, 'Moves'), lineEl),
      special, variantSlot,
      h('section', { class: 'panel' }, h('h3', {}, 'Engine'),
        h('div', { class: 'row' }, h('label', {}, 'ms ', movetime), h('label', {}, 'lines ', multipv),
          h('button', { type: 'button', 'data-testid': 'analyze', onclick: analyze }, 'Analyse')),
        h('div', { class: 'row' }, h('label', {}, 'mate in ', mateN),
          h('button', { type: 'button', 'data-testid': 'solve', onclick: solve }, 'Search mate')),
        engineOut),
      h('section', { class: 'panel' }, h('h3', {}, 'Import PGN'), pgnIn,
        h('button', { type: 'button', 'data-testid': 'import', onclick: importPGN }, 'Import'), importOut))));

  await refresh();
  if (params.get('mate')) solve();

  function body(extra = {}, n = st.cursor) {
    const b = { variant: st.variant, moves: st.line.slice(0, n).map((m) => m.move), ...extra };
    if (st.fen) b.fen = st.fen;
    return b;
  }

  /** positionAt is the board after the first n moves of the line. */
  function positionAt(n) {
    const b = body({}, n);
    const key = JSON.stringify(b);
    if (!positions.has(key)) {
      const p = api('POST', '/position', b);
      positions.set(key, p);
      p.catch(() => positions.delete(key));
    }
    return positions.get(key);
  }

  /**
   * resolveLine fills in the SAN and the move number of the moves that came as text (the URL,
   * an import, a typed move): each is read from the board before it, whose legal moves carry
   * their SAN. A few boards are asked for at a time.
   */
  async function resolveLine() {
    const line = st.line;
    const todo = line.map((m, i) => i).filter((i) => !line[i].turn);
    const work = async () => {
      while (todo.length && st.line === line) {
        const i = todo.shift();
        try {
          const pos = await positionAt(i);
          Object.assign(line[i], described(pos, line[i].move));
        } catch { return; }
      }
    };
    await Promise.all([work(), work(), work(), work()]);
    if (st.line === line) drawLine();
  }

  function drawLine() {
    const written = lineMoves();
    clear(lineEl, st.line.length ? st.line.flatMap((m, i) => {
      const li = h('li', { class: i + 1 === st.cursor ? 'current' : '', 'data-ply': i + 1 },
        h('button', { type: 'button', class: 'link', title: m.move, onclick: () => go(i + 1) },
          m.turn ? h('span', { class: 'num' }, moveNumber(m.turn)) : null, m.turn ? ' ' : null, m.san || m.move));
      const b = hist && hist.boards.length === st.line.length + 1 && (hist.branches || []).find((x) => x.ply === i + 1);
      if (!b || !m.turn) return [li];
      const cue = backCue(b, written, turnOf(hist.boards[i + 1].turn + 1));
      return [li, h('li', { class: 'back-cue', 'data-testid': 'back-cue-' + (i + 1) },
        h('strong', {}, cue.text), h('span', { class: 'why' }, cue.why))];
    }) : h('li', { class: 'muted' }, 'No moves yet'));
  }

  /** lineMoves are the line's moves as the move list writes them: {san, number, side}. */
  function lineMoves() {
    return st.line.map((m) => ({ san: m.san || m.move, ...(m.turn || {}) }));
  }

  /**
   * drawTimelines shows the picture of the whole line (time-travel variants only), its Timelines
   * read once per line.
   */
  async function drawTimelines() {
    travel.stop();
    if (!hasTimelines(st.variant)) { hist = null; clear(timelineSlot); return; }
    const b = body({}, st.line.length);
    const key = JSON.stringify(b);
    if (!histories.has(key)) {
      const p = api('POST', '/timelines', b);
      histories.set(key, p);
      p.catch(() => histories.delete(key));
    }
    try {
      const got = await histories.get(key);
      if (JSON.stringify(body({}, st.line.length)) !== key) return; // the line changed meanwhile
      hist = got;
    } catch (e) { err.textContent = e.message; return; }
    if (!timelineSlot.firstChild) clear(timelineSlot, timelines.el);
    timelines.scroller.style.minHeight = '';
    timelines.draw(hist, { moves: lineMoves(), current: st.cursor, viewing: null, orientation: board.orientation });
    travel.offer();
    drawLine();
  }

  async function refresh() {
    err.textContent = '';
    try {
      st.pos = await positionAt(st.cursor);
    } catch (e) {
      err.textContent = errorText(e);
      return false;
    }
    const pos = st.pos;
    if (!board.position || board.position.fen !== pos.fen) {
      st.tapped = null;
      st.picked = null;
      note.hide();
    }
    board.set(pos, { movable: !pos.status.over });
    banner.show(pos);
    gifford.show(pos, !pos.status.over);
    explode.set(pos, pos.status.over ? [] : pos.moves || []);
    marks();
    fenOut.value = pos.fen;
    status.textContent = pos.status.over ? `Game over: ${pos.status.result} (${pos.status.reason})` : `${pos.turn === 'white' ? 'White' : 'Black'} to move` + ((pos.check || []).length ? ' — check' : '');
    clear(special, specialPanel(pos.moves || [], (m) => push(m.coord), st.variant, (pos.travelers || {}).supports));
    clear(variantSlot, giffordPanel(pos), travelersPanel(pos), timethiefPanel(pos, pos.moves || [], (m) => push(m.coord), marks));
    drawLine();
    drawTimelines();
    if (st.line.some((m) => !m.turn)) resolveLine();
    const q = new URLSearchParams({ variant: st.variant });
    if (st.fen) q.set('fen', st.fen);
    if (st.line.length) q.set('moves', st.line.map((m) => m.move).join(','));
    history.replaceState(null, '', '/analysis?' + q);
    const fenQ = `variant=${encodeURIComponent(st.variant)}&fen=${encodeURIComponent(pos.fen)}`;
    clear(links, h('a', { href: '/?' + fenQ, 'data-testid': 'play-from-here' }, 'Play a game from here'), rulesLink(st.variant, await variantTitle(st.variant)));
    return true;
  }

  function marks() {
    // A travel's landing marks its squares on a past board.
    if (!st.pos || travel.landing()) return;
    const focus = st.tapped || st.hover;
    board.setArrows([...explode.arrows(), ...travelersArrows(st.pos, board.legal(), st.picked || st.hover)], 'variant');
    board.setMarks([...gifford.marks(), ...explode.marks(), ...travelersMarks(st.pos, focus), ...timethiefMarks(st.pos, focus)]);
  }

  /**
   * tap shows a tapped traveling man's resonators or Time Thief's sight (tapFocus), and the
   * annihilation of a tapped resonator; a click on an empty square with no man selected starts
   * an explosion there (and is taken: true).
   */
  function tap(sq) {
    if (!board.position) return false;
    if (!board.selected && !board.pieceOn(sq) && explode.startAt(sq)) return true;
    st.tapped = tapFocus(board.position, sq, st.tapped, note, board.legal());
    st.picked = sq;
    marks();
    return false;
  }

  async function push(move) {
    const saved = { line: st.line, cursor: st.cursor };
    st.line = st.line.slice(0, st.cursor).concat([{ move, ...described(st.pos, move) }]);
    st.cursor++;
    if (!(await refresh())) {
      st.line = saved.line;
      st.cursor = saved.cursor;
      const msg = err.textContent;
      await refresh();
      throw new Error(msg);
    }
    stopSearch();
  }

  async function typed(text) {
    const m = findMove(st.pos, text);
    await push(m ? m.coord : text);
  }

  function go(n) {
    st.cursor = Math.max(0, Math.min(st.line.length, n));
    refresh();
  }

  /**
   * stopSearch forgets the engine search under way (the server drops or cuts it short); it
   * resolves once the server has been told.
   */
  function stopSearch() {
    const old = search;
    search = null;
    clear(engineOut);
    return old ? old.cancel() : Promise.resolve();
  }

  /**
   * runSearch asks for an engine search and shows its place in the queue while it waits, then
   * hands its answer to show; a newer search or a move on the board replaces it.
   */
  async function runSearch(path, b, thinking, show) {
    while (search) await stopSearch(); // a click while the last one was being canceled
    const mine = engineSearch(path, b, (job) => { if (search === mine) clear(engineOut, waiting(job, thinking)); });
    search = mine;
    clear(engineOut, h('p', { class: 'muted' }, thinking));
    try {
      const r = await mine.promise;
      if (search === mine) clear(engineOut, ...show(r));
    } catch (e) {
      if (search === mine && e.code !== 'canceled') clear(engineOut, h('p', { class: 'form-error' }, errorText(e)));
    } finally {
      if (search === mine) search = null;
    }
  }

  /** waiting is what the panel shows while a job waits in the queue or runs. */
  function waiting(job, thinking) {
    const cancel = h('button', { type: 'button', class: 'small secondary', 'data-testid': 'analysis-cancel', onclick: stopSearch }, 'Cancel');
    if (job.status !== 'queued') return h('div', { class: 'queue-note' }, h('p', { class: 'muted' }, thinking), cancel);
    const others = job.queue_length - 1;
    return h('div', { class: 'queue-note', 'data-testid': 'analysis-queued', 'data-job': job.job },
      h('p', {}, h('strong', {}, `Queued: ${ordinal(job.queue_position)} in line`),
        h('span', { class: 'muted' }, others > 0 ? ` (${others} other ${others === 1 ? 'search' : 'searches'} waiting)` : ''),
        h('br'), h('span', { class: 'muted' }, 'The engine answers live games first; this starts when a worker is free.')),
      cancel);
  }

  function analyze() {
    runSearch('/analyze', body({ movetime_ms: Number(movetime.value), multipv: Number(multipv.value) }), 'Thinking…', (r) => [
      h('p', {}, `depth ${r.depth}`, r.shortened ? h('span', { class: 'muted' }, ' (cut short: the engine was needed for a live game)') : null),
      h('ol', { class: 'lines', 'data-testid': 'analysis-lines' }, (r.lines || []).map((l) =>
        h('li', {}, h('strong', {}, scoreText(l.score)), ' ', (l.san || l.pv || []).join(' '))))]);
  }

  function solve() {
    const n = mateN.value;
    runSearch('/solve', body({ mate: Number(n) }), 'Searching…', (r) => [r.found
      ? h('p', { 'data-testid': 'solve-result' }, `Mate in ${r.in || n}: key ${(r.keys || []).join(', ')}; line ${(r.line || []).join(' ')}`)
      : h('p', { 'data-testid': 'solve-result' }, r.complete === false ? `No mate in ${n} found in time.` : `No mate in ${n}.`)]);
  }

  async function importPGN() {
    try {
      const r = await api('POST', '/import', { pgn: pgnIn.value });
      const games = r.games || [];
      if (!games.length) { clear(importOut, h('p', { class: 'form-error' }, 'No game found in the text.')); return; }
      const open = (g) => {
        st.variant = g.variant;
        vsel.value = g.variant;
        st.fen = g.fen || '';
        fenIn.value = st.fen;
        st.line = lineOf(g.moves || []);
        st.cursor = st.line.length;
        refresh();
      };
      clear(importOut, h('ul', {}, games.map((g, i) => h('li', {},
        h('button', { type: 'button', class: 'link', 'data-testid': 'import-open-' + i, onclick: () => open(g) },
          `${(g.tags && g.tags.White) || '?'} – ${(g.tags && g.tags.Black) || '?'} (${g.variant}, ${(g.moves || []).length} plies)`)))));
      open(games[0]);
    } catch (e) { clear(importOut, h('p', { class: 'form-error', role: 'alert' }, errorText(e))); }
  }
}

/** lineOf turns move texts into line entries whose SAN and number are not known yet. */
function lineOf(moves) {
  return moves.map((move) => ({ move }));
}

/** findMove finds a legal move of pos by its coordinate form or its SAN (check marks optional). */
export function findMove(pos, text) {
  const bare = (x) => (x || '').replace(/[+#!?]+$/, '');
  const moves = (pos && pos.moves) || [];
  return moves.find((x) => x.coord === text) || moves.find((x) => bare(x.san) === bare(text));
}

/** described is what the board before a move says about it: its SAN and number. */
function described(pos, move) {
  if (!pos) return {};
  const m = findMove(pos, move);
  return { san: m ? m.san : move, turn: fenTurn(pos.fen) };
}

/** scoreText writes an engine score: centipawns as pawns, or the mate distance. */
export function scoreText(score) {
  if (typeof score === 'number') return (score > 0 ? '+' : '') + (score / 100).toFixed(2);
  if (typeof score === 'string') {
    const m = /^(cp|mate)\s+(-?\d+)$/.exec(score.trim());
    if (m) return m[1] === 'cp' ? scoreText(Number(m[2])) : `#${m[2]}`;
  }
  if (score && typeof score === 'object') {
    if (score.mate !== undefined) return `#${score.mate}`;
    if (score.cp !== undefined) return scoreText(score.cp);
  }
  return String(score);
}

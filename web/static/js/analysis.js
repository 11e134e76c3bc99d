// The analysis board: play any legal move for either side (POST /position); a move played from
// an earlier position starts a variation, kept in a tree (tree.js) and listed as lichess does
// (treelist.js), each move with a menu (movemenu.js). The engine analyses the shown position continuously when switched on
// (liveengine.js), with an evaluation bar (evalbar.js) and the best move as an arrow; it also
// searches once on request (POST /analyze) or for a mate (POST /solve). PGN imports (POST /import)
// and exports with its variations (POST /pgn). Engine searches may wait in the server's queue:
// the panel shows the place in line until the answer comes. The main line lives in the URL, so
// a reload or a shared link shows the same board; the tab keeps the variations over a reload.

import { h, clear, toast, errorText } from './dom.js';
import { api, asked, engineSearch, ordinal } from './api.js';
import { Board } from './board.js';
import { boardTools } from './boardtools.js';
import { choose, specialPanel, typedMoveForm } from './actions.js';
import {
  giffordPanel, travelersMarks, travelersPanel, timethiefMarks, timethiefPanel,
  travelersArrows, tapper, refusalAside,
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
import { addMove, contains, isMainLine, lineFrom, lineOf, movesTo, nodes, pathTo, promote, remove, treeOf, treeRoot } from './tree.js';
import { TimelinesPicture, TravelControl, hasTimelines, turnOf } from './timelines.js';
import { forkChooser, moveTreeItems } from './treelist.js';
import { openMoveMenu } from './movemenu.js';
import { EvalBar, whiteView } from './evalbar.js';
import { liveEngine } from './liveengine.js';

/** analysisPage draws the analysis board into root. */
export async function analysisPage(root) {
  const params = new URLSearchParams(location.search);
  const st = {
    variant: params.get('variant') || 'chess',
    fen: params.get('fen') || '',
    root: null, node: null, chosen: 0, pos: null, hover: null, tapped: null, picked: null, best: [],
  };
  const moves = (params.get('moves') || '').split(',').filter(Boolean);
  st.root = keptTree(st.variant, st.fen, moves) || treeRoot(moves);
  // Positions by request body: stepping through the tree asks the server once per board.
  const positions = new Map();
  st.node = lastOf(st.root);
  const bar = new EvalBar();
  const board = new Board({
    label: 'Analysis board',
    onGesture: async (cands) => { const m = await choose(cands); if (m) push(m.coord); },
    onHover: (sq) => { st.hover = sq; marks(); },
    onOrient: (side) => bar.orient(side),
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
  const tap = tapper(board, explode, note, st, () => marks());
  // The timelines picture of the shown line (time-travel variants only), below the board, and
  // the backward travels chosen on it; its plies are those of lineNodes.
  const timelines = new TimelinesPicture({ open: (ply) => go(nodeAt(ply)) });
  const travel = new TravelControl({
    picture: timelines, board, now: () => st.pos, positionAt: (ply) => positionAt(nodeAt(ply)),
    play: (m) => push(m.coord), restore: () => refresh(),
  });
  const timelineSlot = h('div', { class: 'timeline-slot' });
  // The Timelines of a line (POST /timelines) by request body, and the last one drawn with
  // its line (for the cues of the moves that went back in time).
  const histories = new Map();
  let shown = { hist: null, line: [] };
  const vsel = await variantSelect(st.variant, { 'data-testid': 'analysis-variant' });
  const fenIn = h('textarea', { rows: 2, 'aria-label': 'Start position', 'data-testid': 'analysis-fen', placeholder: 'Position text (empty: the start position)' }, st.fen);
  const err = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'analysis-error' });
  const status = h('div', { class: 'status', role: 'status', 'data-testid': 'status' });
  const banner = turnBanner();
  const gifford = giffordTray(board, (m) => push(m.coord));
  const lineEl = h('ol', { class: 'move-list move-tree', 'data-testid': 'move-list' });
  const forkEl = h('div', { class: 'fork-slot' });
  const promoteBtn = h('button', { type: 'button', class: 'small secondary', 'data-testid': 'promote', title: 'Make this variation the line it branches from (the other becomes a variation)', onclick: () => { if (promote(st.node)) changed(); } }, 'Promote variation');
  const deleteBtn = h('button', { type: 'button', class: 'small secondary', 'data-testid': 'delete-move', title: 'Delete this move and every move after it', onclick: deleteHere }, 'Delete from here');
  const engineToggle = h('input', { type: 'checkbox', 'data-testid': 'engine-toggle', 'aria-label': 'Engine: analyse the shown position continuously' });
  const engineScore = h('strong', { class: 'live-score', 'data-testid': 'engine-score' });
  const engineDepth = h('span', { class: 'muted', 'data-testid': 'engine-depth' });
  const engineState = h('p', { class: 'muted live-state', 'data-testid': 'engine-state' }, 'Switch the engine on to see its evaluation and best moves as you go.');
  const liveLines = h('ol', { class: 'lines live-lines', 'data-testid': 'live-lines' });
  const live = liveEngine({ onLines: showLive, onState: liveStateShown });
  let linesHeld = false, linesPending = null;
  liveLines.addEventListener('pointerenter', () => { linesHeld = true; });
  liveLines.addEventListener('pointerleave', () => {
    linesHeld = false;
    const draw = linesPending;
    linesPending = null;
    if (draw) draw();
  });
  engineToggle.addEventListener('change', () => {
    if (engineToggle.checked) { stopSearch(); live.start(body()); } else { live.stop(); }
  });
  const livePanel = h('section', { class: 'panel live-engine', 'data-testid': 'live-engine' },
    h('div', { class: 'live-head' }, h('label', { class: 'switch' }, engineToggle, ' Engine'), engineScore, engineDepth),
    engineState, liveLines);
  // A hidden page leaves the engine to others; shown again, it analyses again.
  document.addEventListener('visibilitychange', () => {
    if (!engineToggle.checked || !root.isConnected) return;
    if (!document.hidden) { live.start(body()); return; }
    live.pause();
    liveStateShown({ kind: 'paused', text: 'Paused while this page is hidden; it goes on when you come back.' });
  });
  const special = h('div');
  const variantSlot = h('div');
  const engineOut = h('div', { class: 'engine-out', 'data-testid': 'engine-output', 'aria-live': 'polite' });
  const movetime = h('input', { type: 'number', min: 100, max: 10000, step: 100, value: 1000, 'aria-label': 'Think time in ms' });
  const multipv = h('input', { type: 'number', min: 1, max: 5, value: 3, 'aria-label': 'Lines' });
  const mateN = h('input', { type: 'number', min: 1, max: 5, value: Number(params.get('mate')) || 2, 'aria-label': 'Mate in', 'data-testid': 'mate-n' });
  const pgnIn = h('textarea', { rows: 5, 'aria-label': 'PGN to import', 'data-testid': 'pgn-input', placeholder: '[Variant "gifford"]\n1. d2//5 Nc6 …' });
  const importOut = h('div', { 'data-testid': 'import-output' });
  const fenOut = h('input', { type: 'text', class: 'wide', readonly: true, 'aria-label': 'Current position text', 'data-testid': 'current-fen' });
  const links = h('div', { class: 'row links-row' });
  // The engine search whose answer the panel waits for, if any.
  let search = null;
  // The number of refreshes begun: only the last one draws.
  let refreshes = 0;

  clear(root, h('section', { class: 'game-layout' },
    h('div', { class: 'board-col' }, banner.el, h('div', { class: 'board-eval' }, bar.el, board.el), explode.el, gifford.el, timelineSlot,
      h('div', { class: 'below-board' },
        h('div', { class: 'row nav-row' },
          h('button', { type: 'button', class: 'small', 'aria-label': 'Start', title: 'Start (Home)', onclick: () => go(st.root) }, '«'),
          h('button', { type: 'button', class: 'small', 'aria-label': 'Back', title: 'Back (←)', 'data-testid': 'nav-back', onclick: back }, '‹'),
          h('button', { type: 'button', class: 'small', 'aria-label': 'Forward', title: 'Forward (→)', 'data-testid': 'nav-forward', onclick: forward }, '›'),
          h('button', { type: 'button', class: 'small', 'aria-label': 'End', title: 'End of this line (End)', onclick: () => go(lastOf(st.node)) }, '»')),
        boardTools(board), exportBar(board, 'timechess-analysis', undefined, pgnText))),
    h('aside', { class: 'side-col analysis-side' },
      h('section', { class: 'panel' }, h('h2', {}, 'Analysis board'),
        h('label', {}, 'Variant ', vsel), fenIn,
        h('div', { class: 'row' }, h('button', { type: 'button', 'data-testid': 'analysis-load', onclick: () => { st.variant = vsel.value; st.fen = fenIn.value.trim(); st.root = treeRoot(); st.node = st.root; refresh(); } }, 'Set up'),
          h('button', { type: 'button', class: 'secondary', onclick: () => location.assign(`/editor?variant=${encodeURIComponent(st.variant)}&fen=${encodeURIComponent(st.pos ? st.pos.fen : '')}`) }, 'Edit position')),
        err, status, fenOut, links),
      h('div', { 'data-testid': 'typed-slot' }, typedMoveForm(typed)),
      livePanel,
      h('section', { class: 'panel moves-panel' }, h('h3', {}, 'Moves'), lineEl, forkEl,
        h('div', { class: 'row tree-tools' }, promoteBtn, deleteBtn)),
      special, variantSlot,
      h('section', { class: 'panel' }, h('h3', {}, 'Engine search'),
        h('div', { class: 'row' }, h('label', {}, 'ms ', movetime), h('label', {}, 'lines ', multipv),
          h('button', { type: 'button', 'data-testid': 'analyze', onclick: analyze }, 'Analyse')),
        h('div', { class: 'row' }, h('label', {}, 'mate in ', mateN),
          h('button', { type: 'button', 'data-testid': 'solve', onclick: solve }, 'Search mate')),
        engineOut),
      h('section', { class: 'panel' }, h('h3', {}, 'Import PGN'), pgnIn,
        h('button', { type: 'button', 'data-testid': 'import', onclick: importPGN }, 'Import'), importOut))));

  document.addEventListener('keydown', navKey, true);
  await refresh();
  if (params.get('mate')) solve();

  function body(extra = {}, node = st.node) {
    const b = { variant: st.variant, moves: movesTo(node), ...extra };
    if (st.fen) b.fen = st.fen;
    return b;
  }

  /** positionAt is the board at a node of the tree. */
  function positionAt(node) {
    return asked(positions, '/position', body({}, node));
  }

  /**
   * resolveLine fills in the SAN and the move number of the moves that came as text (the URL,
   * an import, a typed move): each is read from the board before it, whose legal moves carry
   * their SAN. A few boards are asked for at a time.
   */
  async function resolveLine() {
    const tree = st.root;
    const todo = nodes(tree).filter((n) => !n.turn);
    const work = async () => {
      while (todo.length && st.root === tree) {
        const n = todo.shift();
        try {
          const pos = await positionAt(n.parent);
          Object.assign(n, described(pos, n.move));
        } catch { return; }
      }
    };
    await Promise.all([work(), work(), work(), work()]);
    if (st.root === tree) drawLine();
  }

  function drawLine() {
    const items = moveTreeItems(st.root, st.node, go, moveMenu, cueAt);
    clear(lineEl, items.length ? items : h('li', { class: 'muted' }, 'No moves yet'));
    st.chosen = Math.min(st.chosen, Math.max(0, st.node.children.length - 1));
    clear(forkEl, forkChooser(st.node, st.chosen, go));
    promoteBtn.disabled = isMainLine(st.node);
    deleteBtn.disabled = !st.node.parent;
    // The current move scrolled into the list's view, the page left where it is.
    const cur = lineEl.querySelector('button.current');
    if (cur) {
      const r = cur.getBoundingClientRect(), box = lineEl.getBoundingClientRect();
      if (r.top < box.top) lineEl.scrollTop -= box.top - r.top;
      else if (r.bottom > box.bottom) lineEl.scrollTop += r.bottom - box.bottom;
    }
  }

  /** changed redraws after the tree changed shape and keeps the main line in the URL. */
  function changed() {
    drawLine();
    const q = new URLSearchParams({ variant: st.variant });
    if (st.fen) q.set('fen', st.fen);
    const main = lineFrom(st.root);
    if (main.length) q.set('moves', main.map((n) => n.move).join(','));
    history.replaceState(null, '', '/analysis?' + q);
    keepTree(st.variant, st.fen, st.root);
  }

  /**
   * cueAt is the li that explains a move of the main line that went back in time (a backward
   * travel, a Time Thief's revert), when the timelines drawn are those of its line.
   */
  function cueAt(ply, node) {
    const { hist, line } = shown;
    if (!hist || line[ply - 1] !== node || !node.turn || hist.boards.length !== line.length + 1) return null;
    const b = (hist.branches || []).find((x) => x.ply === ply);
    if (!b) return null;
    const moves = line.map((n) => ({ san: n.san || n.move, ...(n.turn || {}) }));
    const cue = backCue(b, moves, turnOf(hist.boards[ply].turn + 1));
    return h('li', { class: 'back-cue', 'data-testid': 'back-cue-' + ply }, h('strong', {}, cue.text), h('span', { class: 'why' }, cue.why));
  }

  /** lineNodes is the line the board shows: the moves to the current node and the rest of its line. */
  function lineNodes() {
    return [...pathTo(st.node), ...lineFrom(st.node)];
  }

  /** nodeAt is the node after ply n of the shown line (0: the start). */
  function nodeAt(n) {
    return n <= 0 ? st.root : lineNodes()[n - 1] || st.node;
  }

  /**
   * drawTimelines shows the picture of the shown line (time-travel variants only), its Timelines
   * read once per line.
   */
  async function drawTimelines() {
    travel.stop();
    if (!hasTimelines(st.variant)) { shown = { hist: null, line: [] }; clear(timelineSlot); return; }
    const line = lineNodes();
    let hist;
    try {
      hist = await asked(histories, '/timelines', body({}, line.length ? line[line.length - 1] : st.root));
    } catch (e) { err.textContent = errorText(e); return; }
    if (lineNodes().length !== line.length || lineNodes().some((n, i) => n !== line[i])) return; // the line changed meanwhile
    if (!timelineSlot.firstChild) clear(timelineSlot, timelines.el);
    timelines.scroller.style.minHeight = '';
    const moves = line.map((n) => ({ san: n.san || n.move, ...(n.turn || {}) }));
    timelines.draw(hist, { moves, current: pathTo(st.node).length, viewing: null, orientation: board.orientation });
    travel.offer();
    shown = { hist, line };
    drawLine();
  }

  /**
   * refresh shows the board of the current node; false when the server refused it. A refresh
   * overtaken by a newer one (keys pressed fast) leaves the board to it.
   */
  async function refresh() {
    const mine = ++refreshes;
    err.textContent = '';
    let pos;
    try {
      await live.pause();
      pos = await positionAt(st.node);
    } catch (e) {
      if (mine !== refreshes) return true;
      err.textContent = errorText(e);
      return false;
    }
    if (mine !== refreshes) return true;
    st.pos = pos;
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
    changed();
    drawTimelines();
    if (nodes(st.root).some((n) => !n.turn)) resolveLine();
    st.best = [];
    board.setArrows([]);
    if (engineToggle.checked) live.start(body());
    const fenQ = `variant=${encodeURIComponent(st.variant)}&fen=${encodeURIComponent(pos.fen)}`;
    clear(links, h('a', { href: '/?' + fenQ, 'data-testid': 'play-from-here' }, 'Play a game from here'), rulesLink(st.variant, await variantTitle(st.variant)));
    return true;
  }

  function marks() {
    // A travel's landing marks its squares on a past board.
    if (!st.pos || travel.landing()) return;
    const focus = st.tapped || st.hover;
    board.setArrows([...explode.arrows(), ...travelersArrows(st.pos, board.legal(), st.picked || st.hover)], 'variant');
    board.setMarks([...gifford.marks(), ...explode.marks(), ...travelersMarks(st.pos, focus), ...timethiefMarks(st.pos, focus), ...st.best]);
  }

  /** push plays a move from the shown position: the next move of the line, or a new variation. */
  async function push(move) {
    const from = st.node;
    const known = from.children.find((c) => c.move === move);
    st.node = addMove(from, move, described(st.pos, move));
    if (!(await refresh())) {
      if (!known) remove(st.node);
      st.node = from;
      const msg = err.textContent;
      await refresh();
      throw new Error(msg);
    }
    stopSearch();
  }

  /** deleteHere deletes the shown move and its continuation, and shows the move before. */
  function deleteHere() {
    deleteFrom(st.node);
  }

  /** deleteFrom deletes a move and its continuation; a board shown inside them goes to the move before. */
  function deleteFrom(node) {
    if (!node.parent) return;
    const before = remove(node);
    if (contains(node, st.node)) go(before);
    else changed();
  }

  /** moveMenu shows a move and offers what can be done with it: promote, make main line, delete. */
  function moveMenu(node, ev) {
    go(node);
    const items = [];
    if (!isMainLine(node)) {
      items.push(['Promote variation', () => { promote(node); changed(); }, 'menu-promote'],
        ['Make main line', () => { while (promote(node)); changed(); }, 'menu-main-line']);
    }
    items.push(['Delete from here', () => deleteFrom(node), 'menu-delete']);
    openMoveMenu(ev.clientX, ev.clientY, items);
  }

  async function typed(text) {
    const m = findMove(st.pos, text);
    await push(m ? m.coord : text);
  }

  function go(node) {
    if (!contains(st.root, node)) return;
    st.node = node;
    st.chosen = 0;
    refresh();
  }

  function back() {
    if (st.node.parent) go(st.node.parent);
  }

  function forward() {
    const next = st.node.children[st.chosen] || st.node.children[0];
    if (next) go(next);
  }

  /**
   * navKey steps through the tree: ← → along the line (→ takes the move chosen at a fork),
   * ↑ ↓ choose at a fork, Home and End. It leaves typing alone, and the board's own arrow keys
   * to a player who reached the board with the keyboard.
   */
  function navKey(ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || !root.isConnected) return;
    const t = ev.target;
    if (t.closest && t.closest('input, textarea, select, dialog, [contenteditable]')) return;
    if (t === board.svg && board.keyboard) return;
    const kids = st.node.children.length;
    switch (ev.key) {
      case 'ArrowLeft': back(); break;
      case 'ArrowRight': forward(); break;
      case 'ArrowUp': if (kids < 2) return; st.chosen = (st.chosen + kids - 1) % kids; drawLine(); break;
      case 'ArrowDown': if (kids < 2) return; st.chosen = (st.chosen + 1) % kids; drawLine(); break;
      case 'Home': go(st.root); break;
      case 'End': go(lastOf(st.node)); break;
      default: return;
    }
    ev.preventDefault();
    ev.stopPropagation();
  }

  /** showLive draws an answer of the continuous analysis: bar, arrow, score and lines. */
  function showLive(r, ms) {
    const pos = st.pos;
    const lines = r.lines || [];
    const v = lines.length ? whiteView(lines[0].score, pos.turn) : null;
    if (v) bar.show(v);
    else if (pos.status.over) bar.result(pos.status.result);
    else bar.clear('no evaluation');
    engineScore.textContent = v ? scoreText(v) : '';
    engineDepth.textContent = `depth ${r.depth}` + (r.shortened ? ' (cut short)' : '') + ` · ${(ms / 1000).toFixed(1)} s`;
    liveLines.dataset.depth = r.depth;
    const best = lines.length && (pos.moves || []).find((m) => m.coord === (lines[0].pv || [])[0]);
    st.best = [];
    const arrows = [];
    if (best && best.from && best.to && best.from !== best.to) arrows.push({ from: best.from, to: best.to, cls: 'arrow-best' });
    else if (best) for (const sq of [best.from, best.to]) if (sq) st.best.push({ square: sq, cls: 'mark-best' });
    board.setArrows(arrows);
    marks();
    const first = moveNumber(fenTurn(pos.fen)) + ' ';
    const draw = () => clear(liveLines, lines.map((l) => h('li', {},
      h('strong', {}, scoreText(whiteView(l.score, pos.turn) || l.score)), ' ', h('span', { class: 'num' }, first),
      (l.san || l.pv || []).map((san, i) => [h('button', {
        type: 'button', class: 'link pv-move', title: 'Play the line up to here', onclick: () => playLine(l.pv.slice(0, i + 1)),
      }, san), ' ']))));
    // Lines under the pointer stay put (a click must not land on a line redrawn under it);
    // the newest are drawn when the pointer leaves them.
    if (linesHeld) linesPending = draw; else draw();
  }

  /** liveStateShown says what the continuous analysis is doing. */
  function liveStateShown({ kind, text }) {
    engineState.dataset.state = kind;
    livePanel.classList.toggle('on', kind !== 'off');
    if (kind === 'off' || kind === 'failed') linesPending = null;
    if (kind === 'off') {
      bar.clear();
      st.best = [];
      board.setArrows([]);
      marks();
      engineScore.textContent = '';
      engineDepth.textContent = '';
      clear(liveLines);
      engineState.textContent = 'Switch the engine on to see its evaluation and best moves as you go.';
      return;
    }
    if (kind === 'failed') { bar.clear('no evaluation'); clear(liveLines); }
    engineState.textContent = text;
    engineState.classList.toggle('form-error', kind === 'failed');
  }

  /** playLine plays engine moves one after the other from the shown position. */
  async function playLine(moves) {
    try {
      for (const m of moves) await push(m);
    } catch (e) { toast(errorText(e), 'error'); }
  }

  /** pgnText writes the tree as PGN with its variations (POST /pgn). */
  async function pgnText() {
    const b = { variant: st.variant, line: lineOf(st.root) };
    if (st.fen) b.fen = st.fen;
    return api('POST', '/pgn', b);
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
    if (engineToggle.checked) {
      engineToggle.checked = false;
      live.stop();
    }
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
        st.root = g.line ? treeOf(g.line) : treeRoot(g.moves || []);
        st.node = lastOf(st.root);
        refresh();
      };
      clear(importOut, h('ul', {}, games.map((g, i) => h('li', {},
        h('button', { type: 'button', class: 'link', 'data-testid': 'import-open-' + i, onclick: () => open(g) },
          `${(g.tags && g.tags.White) || '?'} – ${(g.tags && g.tags.Black) || '?'} (${g.variant}, ${(g.moves || []).length} plies)`)))));
      open(games[0]);
    } catch (e) { clear(importOut, h('p', { class: 'form-error', role: 'alert' }, errorText(e))); }
  }
}

const KEPT = 'timechess.analysis';

/**
 * keptTree is the tree this tab kept of the board the address shows (variant, position and
 * main line alike), so that a reload keeps the variations; null if there is none.
 */
function keptTree(variant, fen, moves) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEPT));
    if (!kept || kept.variant !== variant || kept.fen !== fen) return null;
    const root = treeOf(kept.line);
    return lineFrom(root).map((n) => n.move).join(',') === moves.join(',') ? root : null;
  } catch {
    return null;
  }
}

/** keepTree keeps the tree for a reload of this tab (see keptTree). */
function keepTree(variant, fen, root) {
  try {
    sessionStorage.setItem(KEPT, JSON.stringify({ variant, fen, line: lineOf(root) }));
  } catch { /* storage full or off: a reload shows the main line alone */ }
}

/** lastOf is the last node of the line that node is on, from node on. */
function lastOf(node) {
  const rest = lineFrom(node);
  return rest.length ? rest[rest.length - 1] : node;
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

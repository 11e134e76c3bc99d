// The game page: board (with Gifford's tray and pocket), clocks, move list, actions, variant
// panels and comments of one game, live over the game's WebSocket. Players hold a seat token
// (from creating, joining, or taking the invitation of the link's fragment, which works once);
// everyone else watches read-only.

import { h, clear, toast, fmtMs, copyText, errorText } from './dom.js';
import { api, seats, LiveSocket } from './api.js';
import { GameFeed } from './wire.js';
import { Board } from './board.js';
import { boardTools } from './boardtools.js';
import { choose, specialPanel, typedMoveForm } from './actions.js';
import {
  giffordPanel, travelersMarks, travelersPanel, timethiefMarks, timethiefPanel,
  travelersArrows, tapper, refusalAside,
} from './panels.js';
import { TimelinesPicture, TravelControl, hasTimelines } from './timelines.js';
import { ExplosionChooser } from './explode.js';
import { boardNote } from './boardnote.js';
import { refusalExplainer } from './refusal.js';
import { exportBar } from './exporter.js';
import { turnBanner } from './notices.js';
import { giffordTray } from './gifford.js';
import { backCue, fenTurn, moveNumber, turnName } from './numbering.js';
import { moveSound } from './sound.js';
import { premoveMatch, premoveTargets } from './premove.js';
import { rulesLink } from './ruleslinks.js';
import { variantTitle } from './home.js';
import * as settings from './settings.js';

const other = (side) => (side === 'white' ? 'black' : 'white');

/** openSeat is the side nobody sits on yet, or undefined. */
const openSeat = (game) => ['white', 'black'].find((side) => (game[side] || {}).player === 'open');

/** sideOf reads the side in a draw offer or takeback request, whatever its shape. */
export function sideOf(x) {
  if (!x) return null;
  if (typeof x === 'string') return x;
  return x.by || x.side || x.color || null;
}

const sideName = (side) => (side === 'white' ? 'White' : 'Black');

/** clockTime writes a time of day as the reader's clock shows it: 12:03. */
const clockTime = (iso) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function playerName(game, side) {
  const p = game[side] || {};
  if (p.player === 'engine') return `Engine (level ${p.level})`;
  if (p.player === 'open') return 'Waiting for a player';
  if (p.invited) return 'Friend (invited)';
  if (p.name) return p.name;
  const name = game.you === side ? 'You' : sideName(side);
  return p.joined && game.you !== side && game.ply < 2 ? `${name} · joined ${clockTime(p.joined)}` : name;
}

/**
 * linkFromFragment takes the invitation out of the address (/game/ID#seat=INVITATION) at once,
 * so that it is neither bookmarked nor shared further, and returns it (null for none). It is
 * not kept: the page takes it with the server, which gives a seat token of its own.
 */
function linkFromFragment() {
  const m = /[#&]seat=([^&]+)/.exec(location.hash);
  if (!m) return null;
  history.replaceState(null, '', location.pathname + location.search);
  try { return decodeURIComponent(m[1]); } catch { return m[1]; }
}

/** gamePage draws the game with the given id into root and keeps it live. */
export async function gamePage(root, id) {
  const link = linkFromFragment();
  if (!GAME_ID.test(id)) { unknownGame(root, id, true); return; }
  const seat = () => seats.get(id);
  const st = { game: null, view: null, want: null, viewPos: null, hover: null, tapped: null, picked: null, premove: null, comments: new Map(), lastPly: -1, claimable: false, history: 0, hist: null };
  const board = new Board({
    label: 'Game board',
    onGesture: async (cands) => {
      if (cands[0].kind === 'premove') { setPremove(cands[0]); return; }
      const m = await choose(cands);
      if (m) play(m.coord);
    },
    onHover: (sq) => { st.hover = sq; drawMarks(); },
    onTap: (sq) => tap(sq),
    // Only the side to move is told why (not a premove, not a board browsed).
    onRefuse: (g) => { if (canMove()) explainRefusal(g); },
    // The players' rows follow the board when it turns (the Flip button, the f key).
    onOrient: () => { if (st.game) { drawPlayers(); drawTimelines(); } },
    // A King's backward travel is chosen on the timelines picture: selecting the King starts it.
    onSelect: (sq) => { if (travel) travel.select(sq); },
    aside: (m) => m.kind === 'back' && !!timelines,
  });
  // The timelines picture of the time-travel variants, below the board, and the backward
  // travels chosen on it (made on the first update).
  let timelines = null, travel = null;
  const timelineSlot = h('div', { class: 'timeline-slot' });
  const note = boardNote(board);
  const explainRefusal = refusalExplainer(board, note,
    (move) => api('GET', `/games/${id}/why?move=${encodeURIComponent(move)}`),
    (g) => refusalAside(board.position, g, board.legal()));
  const explode = new ExplosionChooser(board, { play: (m) => play(m.coord), redraw: () => drawMarks(), refuse: (g) => explainRefusal(g) });
  const tap = tapper(board, explode, note, st, () => drawMarks());

  // Fixed skeleton: every region keeps its place (no layout shift), contents are refilled.
  const top = playerRow('player-top');
  const bottom = playerRow('player-bottom');
  const status = h('div', { class: 'status', 'data-testid': 'status', role: 'status' }, 'Loading…');
  const banner = turnBanner();
  const gifford = giffordTray(board, (m) => play(m.coord));
  const conn = h('span', { class: 'conn', 'data-testid': 'connection' });
  const browse = h('div', { class: 'browse-banner', 'data-testid': 'browse-banner', hidden: true });
  const invite = h('div', { class: 'invite', 'data-testid': 'invite', hidden: true });
  const notice = h('div', { class: 'seat-notice', 'data-testid': 'seat-notice', role: 'alert', hidden: true });
  const moveList = h('ol', { class: 'move-list', 'data-testid': 'move-list', 'aria-label': 'Moves' });
  const controls = h('div', { class: 'game-controls', 'data-testid': 'controls' });
  const ending = h('div', { class: 'end-slot', 'data-testid': 'end-slot' });
  const special = h('div', { class: 'special-slot' });
  const variantSlot = h('div', { class: 'variant-slot' });
  const typed = h('div', { class: 'typed-slot' });
  const rulesSlot = h('p', { class: 'rules-slot' });
  const commentsList = h('ul', { class: 'comments-list', 'data-testid': 'comments-list' });
  const orientKey = 'game.' + id;

  clear(root, notice, h('section', { class: 'game-layout' },
    h('div', { class: 'board-col' }, banner.el, top.el, board.el, bottom.el, explode.el, gifford.el, timelineSlot,
      h('div', { class: 'below-board' }, boardTools(board, (o) => settings.setOrientation(orientKey, o)), exportBar(board, 'timechess-' + id, id), rulesSlot)),
    h('aside', { class: 'side-col' }, h('div', { class: 'status-row' }, status, conn), browse, invite, controls, ending, typed,
      h('section', { class: 'panel' }, h('h3', {}, 'Moves'), moveList), special, variantSlot,
      commentsSection())));

  // The socket's first message is the page's one read of the whole game; a socket that cannot
  // open (an unknown game is refused before the upgrade) or fails to show it: one HTTP read says why.
  let firstRead;
  const first = new Promise((resolve) => { firstRead = resolve; });
  const readOnce = () => firstRead(api('GET', `/games/${id}`, undefined, seat() && seat().token));
  const feed = new GameFeed(() => socket.notify({ type: 'resync' }));
  const socket = new LiveSocket(`/games/${id}/ws`, {
    hello: () => seat() && seat().token,
    onState: (s) => {
      conn.textContent = s === 'open' ? 'live' : s === 'connecting' ? 'connecting…' : 'reconnecting…';
      conn.dataset.state = s;
      if (s === 'open') loadComments();
      if (s === 'closed' && !st.game) readOnce();
    },
    onMessage: (msg) => {
      const game = feed.receive(msg);
      if (game) update(game);
      else if (msg.type === 'comment') addComment(msg.comment);
      else if (msg.type === 'error' && !msg.id) {
        if (st.game) toast(errorText(msg.error), 'error');
        else readOnce();
      }
    },
  });
  window.addEventListener('pagehide', () => socket.close());
  // A premove is cancelled by a click anywhere on the board (a new one may start with it) or a right click.
  board.svg.addEventListener('pointerdown', () => { if (st.premove) cancelPremove(); }, true);
  board.el.addEventListener('contextmenu', (ev) => { if (st.premove || premoveAllowed()) { ev.preventDefault(); cancelPremove(); } });
  document.addEventListener('keydown', browseKey);

  try {
    update(await first);
  } catch (e) {
    // A game the server does not know: its own page, and no socket left trying.
    if (e.code === 'not_found') { socket.close(); unknownGame(root, id, false); return; }
    if (!st.game) clear(status, errorText(e));
  }
  if (link && st.game) await takeLink(link);
  // A link pasted into the address bar of this page changes only the fragment.
  window.addEventListener('hashchange', () => {
    const pasted = linkFromFragment();
    if (pasted && st.game) takeLink(pasted);
  });
  setInterval(tickClocks, 100);

  /**
   * takeLink takes the invitation of the address. A browser that holds a seat of this game
   * keeps it: the link is then left unused, with a message that says why and what to do.
   */
  async function takeLink(invitation) {
    const held = seat();
    if (held && held.token === invitation) return;
    if (held && held.invite === invitation) {
      const friend = other(held.side || st.game.you || 'white');
      const joined = (st.game[friend] || {}).joined;
      showNotice('This is the invitation link you sent. ' + (joined
        ? `${sideName(friend)} took it at ${clockTime(joined)}; it seats nobody else.`
        : `It is for your friend: the first person to open it plays ${sideName(friend)}.`) + ' You keep your seat here.');
      return;
    }
    if (held && st.game.you) {
      showNotice(`You already play ${sideName(st.game.you)} in this game in this browser, so the invitation link was not used ` +
        'and your seat is unchanged. The link is for someone else: send it to them, or open it in another browser.');
      return;
    }
    try {
      const r = await api('POST', `/games/${id}/join`, { invite: invitation });
      seats.set(id, r.token, r.side);
      update(r.game);
      socket.greet();
      showNotice(`You joined as ${sideName(r.side)}. The invitation is used up now: this browser holds your seat.`, 'ok');
    } catch (e) {
      showNotice(refusalText(e), 'error');
    }
  }

  /** refusalText says why the invitation seated nobody, with the time in the reader's clock. */
  function refusalText(e) {
    const taken = ['white', 'black'].find((side) => (st.game[side] || {}).joined);
    if (e.code === 'conflict' && taken) {
      return `This invitation was already taken: ${sideName(taken)} joined at ${clockTime(st.game[taken].joined)}. ` +
        'You are watching the game. To play, ask whoever sent you the link for a new game.';
    }
    return errorText(e);
  }

  /** showNotice shows what happened to the link above the game, until it is dismissed. */
  function showNotice(text, kind = 'info') {
    notice.dataset.kind = kind;
    notice.hidden = false;
    clear(notice, h('p', {}, text),
      h('button', { type: 'button', class: 'small secondary', 'data-testid': 'seat-notice-close', onclick: () => { notice.hidden = true; } }, 'OK'));
  }

  async function play(text) {
    const g = st.game;
    if (!g) return;
    if (st.view !== null) { toast('You are browsing an earlier board; go back to the live board to move.', 'error'); return; }
    try {
      if (socket.ws && socket.ws.readyState === WebSocket.OPEN) {
        await socket.send({ type: 'move', ply: g.ply, move: text });
      } else {
        update(await api('POST', `/games/${id}/moves`, { ply: g.ply, move: text }, seat() && seat().token));
      }
    } catch (e) {
      if (e.code === 'conflict') {
        // Another change came first (the opponent's move, a takeback): show the game as it is now.
        await reload();
        e.message = 'The game changed before your move arrived, so it was not played; the board shows the game as it is now.';
      }
      toast(errorText(e), 'error');
      throw e;
    }
  }

  /** reload reads the game again (after a refusal that says it changed). */
  async function reload() {
    try { update(await api('GET', `/games/${id}`, undefined, seat() && seat().token)); } catch { /* the socket brings it */ }
  }

  async function action(name) {
    try {
      if (socket.ws && socket.ws.readyState === WebSocket.OPEN) await socket.send({ type: 'action', action: name });
      else update(await api('POST', `/games/${id}/actions`, { action: name }, seat() && seat().token));
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  function update(game) {
    if (!game || game.id !== id) return;
    firstRead(game);
    if (st.game && game.version !== undefined && st.game.version > game.version) return;
    const prev = st.game;
    const first = !prev;
    if (travel && prev && prev.ply !== game.ply) travel.stop();
    st.game = game;
    if (prev) tellAnswers(prev, game);
    if (game.status !== 'ongoing') st.premove = null;
    if (first && hasTimelines(game.variant)) {
      timelines = new TimelinesPicture({ open: openPly, width: game.position && game.position.width, height: game.position && game.position.height });
      travel = new TravelControl({
        picture: timelines, board, now: () => (canMove() ? st.game.position : null),
        positionAt: (ply) => api('GET', `/games/${id}/position?ply=${ply}`),
        play: (m) => play(m.coord),
        restore: () => { drawBoard(); drawTimelines(); },
      });
      clear(timelineSlot, timelines.el);
    }
    if (game.you && seat() && seat().side !== game.you) seats.set(id, seat().token, game.you);
    if (first || (game.you && game.you !== st.you)) board.setOrientation(settings.orientation(orientKey, game.you || 'white'));
    st.you = game.you;
    if (game.ply !== st.lastPly) {
      if (!first && game.ply > st.lastPly) moveSound(false);
      st.lastPly = game.ply;
      if (st.view !== null && st.view >= game.ply) st.view = null;
      if (st.view === null) st.want = null;
    }
    if (first) variantTitle(game.variant).then((t) => clear(rulesSlot, rulesLink(game.variant, t)), () => clear(rulesSlot, rulesLink(game.variant)));
    document.title = `${playerName(game, 'white')} – ${playerName(game, 'black')} · ${game.variant} · timechess`;
    root.dataset.ply = game.ply;
    root.dataset.status = game.status;
    drawBoard();
    drawPlayers();
    drawStatus();
    drawMoves();
    drawControls();
    drawInvite();
    if (st.premove && canMove()) playPremove();
    const next = game.rematch && game.rematch.game;
    if (next && game.you && prev && !(prev.rematch && prev.rematch.game)) goToRematch(game);
    if (timelines && (first || prev.ply !== game.ply)) loadTimelines();
    if (prev && game.ply === prev.ply + 1) showRevert(prev, game);
  }

  /**
   * tellAnswers says what the opponent (a person or the engine) did with this player's draw
   * offer, takeback request or rematch offer, comparing the game before (prev) and after (game) a change.
   */
  function tellAnswers(prev, game) {
    const you = game.you;
    if (!you) return;
    const engine = (game[other(you)] || {}).player === 'engine';
    const who = engine ? 'The engine' : 'Your opponent';
    if (sideOf(prev.draw_offer) === you && !sideOf(game.draw_offer)) {
      if (game.status === 'ongoing') toast(`${who} declined your draw offer.`);
      else if (game.reason === 'agreement') toast(`${who} accepted your draw offer: the game is drawn.`);
    }
    if (sideOf(prev.takeback) === you && !sideOf(game.takeback) && game.ply === prev.ply && game.status === 'ongoing') {
      toast(`${who} declined your takeback request.`);
    }
    const offered = (r) => r && r.by;
    if (offered(prev.rematch) === you && !game.rematch) toast(`${who} declined your rematch offer.`);
  }

  /** goToRematch opens the rematch with this browser's seat in it: the same token, the other colour. */
  function goToRematch(game) {
    const s = seat();
    if (s) seats.set(game.rematch.game, s.token, other(game.you));
    location.assign('/game/' + game.rematch.game);
  }

  /** premoveAllowed says whether the player may set a premove now: a live clock, the opponent to move. */
  function premoveAllowed() {
    const g = st.game;
    const tc = (g && g.time_control) || {};
    return !!(g && g.you && g.status === 'ongoing' && st.view === null && g.position && g.position.turn !== g.you &&
      (tc.initial_ms || tc.increment_ms));
  }

  function setPremove(m) {
    st.premove = { from: m.from, to: m.to };
    drawMarks();
    drawStatus();
  }

  function cancelPremove() {
    if (!st.premove) return;
    st.premove = null;
    drawMarks();
    drawStatus();
  }

  /** playPremove plays the premove now that the turn has come, or drops it with a note when it is not legal. */
  function playPremove() {
    const pm = st.premove;
    st.premove = null;
    const m = premoveMatch(st.game.position.moves, pm);
    if (m) play(m.coord).catch(() => {});
    else toast(`Premove ${pm.from}–${pm.to} dropped: it is not legal now.`);
    drawMarks();
    drawStatus();
  }

  /**
   * browseKey steps through the moves with the arrow keys (Home and End for the first and last
   * board), unless a text field or the board has the keys (on the board they move its cursor).
   */
  function browseKey(ev) {
    const g = st.game;
    if (!g || ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target.closest && ev.target.closest('input, textarea, select, [contenteditable], svg, dialog')) return;
    if (ev.key === 'Escape' && st.premove) { cancelPremove(); return; }
    const at = st.want ?? st.view ?? g.ply;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: g.ply }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    if (to >= 0 && to <= g.ply && to !== at) openPly(to);
  }

  /** loadTimelines reads the game's Timelines and draws the picture; a newer read wins. */
  async function loadTimelines() {
    const mine = ++st.history;
    try {
      const hist = await api('GET', `/games/${id}/timelines`);
      if (mine !== st.history) return;
      st.hist = hist;
      drawTimelines();
    } catch (e) { if (mine === st.history) toast(errorText(e), 'error'); }
  }

  function drawTimelines() {
    const g = st.game;
    if (!timelines || !st.hist || !g) return;
    timelines.draw(st.hist, { moves: g.moves || [], current: g.ply, viewing: st.view, orientation: board.orientation });
    travel.offer();
  }

  /**
   * showRevert animates the move a Time Thief's capture took back (the ply before the new one):
   * its man slides back to where he came from and is taken there.
   */
  function showRevert(before, game) {
    const b = (game.branches || []).find((x) => x.ply === game.ply && x.revert);
    const taken = b && (game.moves || [])[game.ply - 2];
    const sq = taken && taken.coord.match(/[a-p]\d{1,2}/g);
    const man = sq && before.position && before.position.board.find((m) => m.square === sq[1]);
    if (man && st.view === null) board.animateBack(man, sq[1], sq[0]);
  }

  function canMove() {
    const g = st.game;
    return !!(g && g.you && g.status === 'ongoing' && st.view === null && g.position && g.position.turn === g.you);
  }

  function shownPosition() {
    return st.view !== null && st.viewPos ? st.viewPos : st.game.position;
  }

  function drawBoard() {
    const pos = shownPosition();
    if (!pos || (travel && travel.landing())) return; // a travel's landing shows a past board
    if (!board.position || board.position.fen !== pos.fen) {
      st.tapped = null;
      st.picked = null;
      note.hide();
    }
    // While the opponent is to move, the board offers premoves: any way the player's men move.
    const premoving = premoveAllowed();
    board.set(premoving ? { ...pos, moves: premoveTargets(pos, st.game.you) } : pos, { movable: canMove() || premoving, keepSelection: true });
    banner.show(pos);
    gifford.show(pos, canMove());
    const live = st.view === null;
    const moves = canMove() ? pos.moves || [] : [];
    // The palette is the players' while the game goes on (watchers have none).
    explode.set(st.game.you && st.game.status === 'ongoing' ? pos : null, moves);
    drawMarks();
    clear(special, live ? specialPanel(moves, (m) => play(m.coord), st.game.variant, (pos.travelers || {}).supports) : null);
    clear(variantSlot,
      giffordPanel(pos),
      travelersPanel(pos),
      timethiefPanel(pos, moves, (m) => play(m.coord), drawMarks));
    if (!st.game.you || st.game.status === 'ended') {
      clear(typed);
      delete typed.dataset.enabled;
    } else if (!typed.firstChild || typed.dataset.enabled !== String(canMove())) {
      typed.dataset.enabled = String(canMove());
      clear(typed, typedMoveForm(play, { disabled: !canMove() }));
    }
  }

  function drawMarks() {
    const pos = board.position;
    if (!pos || (travel && travel.landing())) return; // a travel's landing marks its squares on a past board
    const focus = st.tapped || st.hover;
    const pm = st.premove ? [{ square: st.premove.from, cls: 'mark-premove' }, { square: st.premove.to, cls: 'mark-premove' }] : [];
    board.setArrows([...explode.arrows(), ...travelersArrows(pos, board.legal(), st.picked || st.hover)], 'variant');
    board.setMarks([...gifford.marks(), ...explode.marks(), ...travelersMarks(pos, focus), ...timethiefMarks(pos, focus), ...pm]);
  }

  function clockOf(side) {
    const c = st.game && st.game.clocks;
    if (!c) return null;
    let ms = c[side + '_ms'];
    if (ms === undefined || ms === null) return null;
    if (c.running === side && c.turn_start && st.game.status === 'ongoing') ms -= Date.now() - Date.parse(c.turn_start);
    return ms;
  }

  function drawPlayers() {
    const g = st.game;
    const bottomSide = board.orientation, topSide = other(bottomSide);
    for (const [row, side] of [[top, topSide], [bottom, bottomSide]]) {
      const turn = g.status === 'ongoing' && g.position && g.position.turn === side;
      row.el.dataset.side = side;
      row.dot.setAttribute('class', 'player-dot ' + side);
      row.name.dataset.testid = 'name-' + side;
      row.name.textContent = playerName(g, side);
      row.clock.dataset.testid = 'clock-' + side;
      row.clock.setAttribute('aria-label', side + ' clock');
      row.clock.classList.toggle('running', turn);
    }
    tickClocks();
  }

  function tickClocks() {
    const g = st.game;
    if (!g) return;
    let flagged = false;
    for (const side of ['white', 'black']) {
      const el = root.querySelector(`[data-testid="clock-${side}"]`);
      if (!el) continue;
      const ms = clockOf(side);
      const tc = g.time_control || {};
      if (ms !== null && tc.initial_ms) {
        el.textContent = fmtMs(ms);
        el.classList.toggle('low', ms < 20000);
        if (ms <= 0 && g.clocks.running === side) flagged = true;
      } else if (g.clocks && g.clocks.deadline && g.clocks.running === side) {
        const left = Date.parse(g.clocks.deadline) - Date.now();
        el.textContent = left > 0 ? deadlineText(left) : 'time is up';
        if (left <= 0) flagged = true;
      } else {
        el.textContent = '';
      }
    }
    const claim = flagged && g.you && g.status === 'ongoing' && g.clocks.running !== g.you;
    if (claim !== st.claimable) { st.claimable = claim; drawControls(); }
  }

  function drawStatus() {
    const g = st.game;
    let text;
    const open = openSeat(g);
    if (g.status === 'waiting') {
      text = g.you ? `Waiting for someone to take the ${open || 'open'} seat` : `The ${open || 'open'} seat is free: join to play`;
    } else if (g.status !== 'ongoing') {
      // An abort's reason is "aborted", or "aborted: no move in 5 minutes"
      // when the server gave up on a game nobody played.
      text = g.reason.startsWith('aborted') ? 'Game ' + g.reason : `Game over: ${g.result}` + (g.reason ? ` (${g.reason})` : '');
    } else if (!g.position) {
      text = '';
    } else {
      const turn = g.position.turn;
      text = g.you ? (turn === g.you ? 'Your move' : 'Waiting for the opponent') : `${turn === 'white' ? 'White' : 'Black'} to move`;
      if (g.position.check && g.position.check.length) text += ' — check';
      if (!g.you) text += ' (watching)';
      if (st.premove) text += ` · premove ${st.premove.from}–${st.premove.to}`;
    }
    status.textContent = text;
    status.dataset.turn = g.position ? g.position.turn : '';
  }

  function drawMoves() {
    const g = st.game;
    const moves = g.moves || [];
    const items = moves.flatMap((m) => {
      const li = h('li', { class: 'move' + (st.view === m.ply ? ' current' : ''), 'data-ply': m.ply },
        h('button', { type: 'button', class: 'link', 'data-testid': 'ply-' + m.ply, title: m.coord, onclick: () => openPly(m.ply) },
          h('span', { class: 'num' }, moveNumber(m)), ' ', m.san));
      const b = (g.branches || []).find((x) => x.ply === m.ply);
      if (!b) return [li];
      const cue = backCue(b, moves, moves[m.ply] || fenTurn(g.position && g.position.fen));
      return [li, h('li', { class: 'back-cue', 'data-testid': 'back-cue-' + m.ply },
        h('strong', {}, cue.text), h('span', { class: 'why' }, cue.why))];
    });
    clear(moveList, items.length ? items : h('li', { class: 'muted' }, 'No moves yet'));
    moveList.dataset.count = moves.length;
    if (st.view === null) moveList.scrollTop = moveList.scrollHeight;
  }

  async function openPly(ply) {
    const g = st.game;
    if (ply >= g.ply) { st.view = null; st.viewPos = null; st.want = null; }
    else {
      st.want = ply;
      try {
        const pos = await api('GET', `/games/${id}/position?ply=${ply}`);
        if (st.want !== ply) return; // a later key press asked for another board
        st.viewPos = pos;
        st.view = ply;
      } catch (e) { toast(errorText(e), 'error'); return; }
    }
    st.premove = null;
    if (travel) travel.stop();
    browse.hidden = st.view === null;
    clear(browse, st.view === null ? null : [
      `Viewing the board ${viewText(g, st.view)}. `,
      h('button', { type: 'button', class: 'small', onclick: () => openPly(Math.max(0, st.view - 1)), disabled: st.view === 0 }, '‹'),
      h('button', { type: 'button', class: 'small', onclick: () => openPly(st.view + 1) }, '›'),
      h('button', { type: 'button', class: 'small', 'data-testid': 'back-to-live', onclick: () => openPly(g.ply) }, 'Back to the game')]);
    drawBoard();
    drawMoves();
    drawTimelines();
  }

  function drawControls() {
    const g = st.game;
    if (!g) return;
    const btn = (label, name, testid, cls = '') => h('button', { type: 'button', class: cls, 'data-testid': testid, onclick: () => action(name) }, label);
    const out = [];
    const open = openSeat(g);
    if (!g.you && open && g.status === 'waiting') {
      out.push(h('button', { type: 'button', 'data-testid': 'join', onclick: join }, `Join the game as ${open}`));
    }
    if (g.you && g.status === 'waiting') out.push(btn('Abort', 'abort', 'abort', 'secondary'));
    if (g.you && g.status === 'ongoing') {
      const drawBy = sideOf(g.draw_offer), backBy = sideOf(g.takeback);
      out.push(confirmButton('Resign', () => action('resign'), 'resign'));
      if (drawBy && drawBy !== g.you) out.push(btn('Accept draw', 'accept-draw', 'accept-draw'), btn('Decline draw', 'decline-draw', 'decline-draw', 'secondary'));
      else if (drawBy === g.you) out.push(h('button', { type: 'button', disabled: true }, 'Draw offered'));
      else out.push(btn('Offer draw', 'offer-draw', 'offer-draw'));
      if (backBy && backBy !== g.you) out.push(btn('Accept takeback', 'accept-takeback', 'accept-takeback'), btn('Decline takeback', 'decline-takeback', 'decline-takeback', 'secondary'));
      else if (backBy === g.you) out.push(h('button', { type: 'button', disabled: true }, 'Takeback asked'));
      else if (g.ply > 0) out.push(btn('Takeback', 'takeback', 'takeback'));
      if (g.ply < 2) out.push(btn('Abort', 'abort', 'abort', 'secondary'));
      if (st.claimable) out.push(btn('Claim win on time', 'claim-timeout', 'claim-timeout'));
    }
    // A finished game trades the game's buttons for what comes after it.
    controls.hidden = g.status === 'ended';
    clear(ending, g.status === 'ended' ? endPanel(g, btn, () => goToRematch(g)) : null);
    clear(controls, out);
  }

  function confirmButton(label, run, testid) {
    const b = h('button', { type: 'button', 'data-testid': testid });
    b.textContent = label;
    b.addEventListener('click', () => {
      if (b.dataset.armed) { run(); delete b.dataset.armed; b.textContent = label; return; }
      b.dataset.armed = '1';
      b.textContent = `Really ${label.toLowerCase()}?`;
      setTimeout(() => { delete b.dataset.armed; b.textContent = label; }, 4000);
    });
    return b;
  }

  async function join() {
    try {
      const r = await api('POST', `/games/${id}/join`);
      seats.set(id, r.token, r.side);
      update(r.game);
      socket.greet();
    } catch (e) { toast(errorText(e), 'error'); }
  }

  function drawInvite() {
    const g = st.game;
    const s = seat();
    const friendSide = g.you && other(g.you);
    const friendSeat = (friendSide && g[friendSide]) || {};
    const friend = s && s.invite && g.status === 'ongoing' && friendSeat.invited;
    const joined = s && s.invite && friendSeat.joined && g.ply < 2 && g.status !== 'ended';
    const open = g.you && g.status === 'waiting';
    invite.hidden = !(friend || joined || open);
    if (invite.hidden) return;
    if (joined) {
      clear(invite, h('p', { 'data-testid': 'joined-note' },
        `${sideName(friendSide)} joined ${clockTime(friendSeat.joined)}. The invitation is used up: it seats nobody else.`));
      return;
    }
    const link = friend ? `${location.origin}/game/${id}#seat=${encodeURIComponent(s.invite)}` : `${location.origin}/game/${id}`;
    clear(invite, h('p', {}, friend ? `Send this link to your friend. It works once: the first person to open it plays ${sideName(friendSide)}.` : 'Share this link; the first person to open it and join plays you:'),
      h('div', { class: 'row' },
        h('input', { type: 'text', readonly: true, value: link, 'data-testid': 'invite-link', 'aria-label': 'Invitation link', onfocus: (e) => e.target.select() }),
        h('button', { type: 'button', class: 'small', onclick: () => copyText(link) }, 'Copy')));
  }

  function commentsSection() {
    const author = h('input', { type: 'text', maxlength: 40, placeholder: 'Name', value: localStorage.getItem('timechess.author') || '', 'aria-label': 'Your name', 'data-testid': 'comment-author' });
    const text = h('textarea', { rows: 2, maxlength: 2000, placeholder: 'Comment on the game', 'aria-label': 'Comment', 'data-testid': 'comment-text' });
    const err = h('p', { class: 'form-error', role: 'alert' });
    const form = h('form', { class: 'comment-form' }, author, text, h('button', { type: 'submit', 'data-testid': 'comment-send' }, 'Send'), err);
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      if (!text.value.trim()) return;
      localStorage.setItem('timechess.author', author.value.trim());
      try {
        // A player's comment carries the seat token, so that it shows as the player's.
        const token = st.game && st.game.you && seat() ? seat().token : undefined;
        addComment(await api('POST', `/games/${id}/comments`, { author: author.value.trim() || 'anonymous', text: text.value.trim() }, token));
        text.value = '';
        err.textContent = '';
      } catch (e) { err.textContent = errorText(e); }
    });
    return h('section', { class: 'panel comments', 'data-testid': 'comments', 'aria-label': 'Comments' }, h('h3', {}, 'Comments'), commentsList, form);
  }

  async function loadComments() {
    const after = Math.max(0, ...st.comments.keys());
    try {
      for (const c of await api('GET', `/games/${id}/comments?after=${after}`) || []) addComment(c);
    } catch { /* shown by the next attempt */ }
  }

  function addComment(c) {
    if (!c || st.comments.has(c.seq)) return;
    st.comments.set(c.seq, c);
    const sorted = [...st.comments.values()].sort((a, b) => a.seq - b.seq);
    clear(commentsList, sorted.map((x) => h('li', { 'data-seq': x.seq, 'data-role': x.role || 'spectator' },
      h('span', { class: 'comment-author' }, x.author || 'anonymous'), ' ',
      roleBadge(x.role), ' ',
      h('time', { datetime: x.at, class: 'muted' }, x.at ? new Date(x.at).toLocaleString() : ''),
      h('p', {}, x.text))));
  }
}

/** GAME_ID is the form of a game's id: 12 characters of a-z and 2-7. */
const GAME_ID = /^[a-z2-7]{12}$/;

/**
 * unknownGame draws the page of an address that names no game (malformed: not even an id),
 * with the way on; nothing is kept live.
 */
function unknownGame(root, id, malformed) {
  let shown = id;
  try { shown = decodeURIComponent(id); } catch { /* shown as typed */ }
  if (shown.length > 40) shown = shown.slice(0, 40) + '…';
  document.title = 'No such game · timechess';
  root.dataset.status = 'unknown';
  clear(root, h('section', { class: 'panel unknown-game', 'data-testid': 'unknown-game' },
    h('h2', {}, 'Game not found'),
    h('p', { 'data-testid': 'unknown-text' }, malformed
      ? `“${shown}” is not a game id: a game's address ends in its 12-character id of letters and digits 2-7, such as /game/4ttxxhwyoxo3. The link is probably mistyped or cut short.`
      : `No game with id ${shown}. It may have been aborted before anyone moved, or the link is mistyped.`),
    h('p', { class: 'row' },
      h('a', { class: 'button', href: '/', 'data-testid': 'unknown-home' }, 'Start a new game'),
      h('a', { class: 'button secondary', href: '/seeks' }, 'Find an opponent'),
      h('a', { class: 'button secondary', href: '/analysis' }, 'Analysis board'))));
}

/** endText says how a game ended, for a person: "Black wins on time", "Draw by agreement". */
function endText(g) {
  if (g.reason.startsWith('aborted')) return `The game was ${g.reason}.`;
  const how = g.reason === 'time' ? ' on time' : g.reason ? ` by ${g.reason}` : '';
  if (g.result === '1/2-1/2') return `Draw${how}.`;
  const winner = g.result === '1-0' ? 'white' : 'black';
  if (g.you) return (g.you === winner ? 'You won' : 'You lost') + how + '.';
  return `${sideName(winner)} wins${how}.`;
}

/** gameSettings are the query of a new game with g's settings (home page prefill). */
function gameSettings(g) {
  const tc = g.time_control || {};
  const q = new URLSearchParams({ variant: g.variant, fen: g.start || '' });
  if (tc.initial_ms || tc.increment_ms) {
    q.set('tc', 'live');
    q.set('minutes', tc.initial_ms / 60000);
    q.set('increment', (tc.increment_ms || 0) / 1000);
  } else if (tc.days) {
    q.set('tc', 'corr');
    q.set('days', tc.days);
  } else {
    q.set('tc', 'none');
  }
  if (g.you) q.set('color', g.you);
  const opp = g.you && g[other(g.you)];
  if (opp && opp.player === 'engine') {
    q.set('opponent', 'engine');
    q.set('level', opp.level);
  }
  return q;
}

/** analysisLink is the analysis board's address with g's variant, start and moves. */
function analysisLink(g) {
  const q = new URLSearchParams({ variant: g.variant });
  if (g.start) q.set('fen', g.start);
  const moves = (g.moves || []).map((m) => m.coord);
  if (moves.length) q.set('moves', moves.join(','));
  return '/analysis?' + q;
}

/**
 * endPanel is what a finished game offers: how it ended, a rematch (offered, or answered when
 * the opponent offered one), a new game with the same settings, and the analysis board.
 * btn(label, action, testid, cls) makes an action button; goRematch opens the rematch with this
 * browser's seat.
 */
function endPanel(g, btn, goRematch) {
  const r = g.rematch || {};
  const opp = g.you && g[other(g.you)];
  const rematchable = opp && opp.player !== 'open' && !opp.invited;
  let rematch = null, note = null;
  if (r.game && !g.you) rematch = h('a', { class: 'button', href: '/game/' + r.game, 'data-testid': 'rematch-link' }, 'Watch the rematch');
  if (g.you && rematchable) {
    if (r.game) rematch = h('button', { type: 'button', 'data-testid': 'rematch-link', onclick: goRematch }, 'Go to the rematch');
    else if (r.by === g.you) {
      rematch = h('button', { type: 'button', disabled: true, 'data-testid': 'rematch-offered' }, 'Rematch offered');
      note = h('p', { class: 'muted', 'data-testid': 'rematch-note' }, 'Waiting for your opponent to accept; you both move to the new game then.');
    } else if (r.by) {
      rematch = [btn('Accept rematch', 'accept-rematch', 'accept-rematch'), btn('Decline', 'decline-rematch', 'decline-rematch', 'secondary')];
      note = h('p', { 'data-testid': 'rematch-note' }, 'Your opponent offers a rematch, colours swapped.');
    } else {
      rematch = btn('Rematch', 'rematch', 'rematch');
      rematch.title = opp.player === 'engine' ? 'A new game against the engine at once, colours swapped' : 'Offer your opponent a new game, colours swapped';
    }
  }
  return h('div', { class: 'game-end', 'data-testid': 'game-end' },
    h('p', { class: 'end-text', 'data-testid': 'end-text' }, endText(g)),
    note,
    h('div', { class: 'row' }, rematch,
      h('a', { class: 'button secondary', href: '/?' + gameSettings(g), 'data-testid': 'new-game' }, 'New game'),
      h('a', { class: 'button secondary', href: analysisLink(g), 'data-testid': 'analyse' }, 'Analyse')));
}

/**
 * roleBadge says who wrote a comment: a player of the game (the server checked the seat token
 * sent with it) or a spectator, whatever name the spectator gave.
 */
function roleBadge(role) {
  if (role === 'white' || role === 'black') return h('span', { class: 'comment-role seated' }, sideName(role) + ' player');
  return h('span', { class: 'comment-role' }, 'spectator');
}

/**
 * playerRow builds the row above or below the board with its three boxes (dot, name, clock)
 * from the start, so that filling them in never changes the row's height.
 */
function playerRow(testid) {
  const row = {
    dot: h('span', { class: 'player-dot', 'aria-hidden': 'true' }),
    name: h('span', { class: 'player-name' }),
    clock: h('span', { class: 'clock' }),
  };
  row.el = h('div', { class: 'player ' + testid, 'data-testid': testid }, row.dot, row.name, row.clock);
  return row;
}

/** viewText says which board of the game an earlier ply shows: "after White's move 2". */
function viewText(game, ply) {
  const m = (game.moves || [])[ply - 1];
  return m ? `after ${turnName(m)} (ply ${ply})` : 'at the start';
}

function deadlineText(ms) {
  const hrs = Math.floor(ms / 3600000);
  if (hrs >= 24) return `${Math.floor(hrs / 24)}d ${hrs % 24}h left`;
  return fmtMs(ms) + ' left';
}

// Gifford's time travel on the board (docs/rules/gifford.md, G3 and G4): the tray beside the
// board holds the men in transit of both sides with their due move; the pocket holds the man
// who arrives now, dragged or clicked onto his landing squares, which the board highlights; a
// man is sent forward by dragging him onto the tray (or selecting him and pressing the tray's
// "Send forward" button), then choosing the move he returns at. Used by the game page and the
// analysis board alike.

import { h, s, clear } from './dom.js';
import { drawPiece, NAMES } from './pieces.js';
import { fenTurn } from './numbering.js';
import * as settings from './settings.js';

const sideName = (side) => (side === 'white' ? 'White' : 'Black');
const manName = (kind) => NAMES[kind] || kind;

/** sendNumber reads the move number a send action books its man for: "f1//3" -> 3. */
export function sendNumber(m) {
  const n = /\/\/\s*(\d+)$/.exec(m.coord || '') || /\/\/\s*(\d+)/.exec(m.san || '');
  return n ? Number(n[1]) : 0;
}

/**
 * dueArrival is the booking of the side to move that arrives (or is Lost in Time) this turn:
 * the earliest due at or before the current move (G4), or null.
 */
function dueArrival(pos) {
  const g = pos && pos.gifford;
  if (!g) return null;
  const now = fenTurn(pos.fen).number;
  const due = (g.arrivals || []).filter((a) => a.color === pos.turn && a.move <= now);
  return due.sort((a, b) => a.move - b.move)[0] || null;
}

/** manIcon draws one man as a small standalone SVG. */
function manIcon(kind, color, cls = 'man-icon') {
  return s('svg', { class: cls, viewBox: '0 0 100 100', 'aria-hidden': 'true' }, drawPiece(settings.load().pieces, kind, color));
}

/**
 * giffordTray builds the tray and the pocket of a Gifford board (hidden in other variants) and
 * makes the tray a drop zone of board. play(action) plays a chosen action. It returns el (the
 * column beside the board), show(pos, movable), which refills it for a position (movable: the
 * viewer may act now), and marks(), the landing squares for the board's setMarks.
 */
export function giffordTray(board, play) {
  const st = { pos: null, moves: [], sends: [], drops: [], choosing: null };
  const pocket = h('section', { class: 'pocket', 'data-testid': 'pocket', 'aria-label': 'Arriving man', hidden: true });
  const lists = h('div', { class: 'tray-lists' });
  const target = h('button', { type: 'button', class: 'send-target', 'data-testid': 'send-target', hidden: true, onclick: () => { if (board.selected) choose(board.selected); } });
  const chooser = h('div', { class: 'send-chooser', 'data-testid': 'send-chooser', role: 'group', hidden: true });
  chooser.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') { ev.preventDefault(); cancel(); } });
  const tray = h('section', { class: 'tray', 'data-testid': 'tray', 'aria-label': 'Men in transit' },
    h('h3', {}, 'In transit'), lists, target, chooser);
  const el = h('aside', { class: 'gifford-col', 'data-testid': 'gifford-tray', hidden: true }, pocket, tray);

  board.setDropZones([{
    el: tray,
    accepts: (from) => st.sends.some((m) => m.from === from),
    drop: (from) => choose(from),
    ready: (from) => drawTarget(from),
  }]);

  /** show refills the pocket and the tray for pos. */
  function show(pos, movable) {
    const same = st.pos && pos && st.pos.fen === pos.fen;
    st.pos = pos;
    el.hidden = !(pos && pos.gifford);
    if (el.hidden) {
      st.moves = st.sends = st.drops = [];
      return;
    }
    st.moves = movable ? pos.moves || [] : [];
    st.sends = st.moves.filter((m) => m.kind === 'send');
    st.drops = st.moves.filter((m) => m.kind === 'drop');
    if (!same || !st.sends.some((m) => m.from === st.choosing)) { // an update of the same board keeps the chooser open
      st.choosing = null;
      chooser.hidden = true;
    }
    drawPocket();
    drawLists();
    drawTarget(board.selected && st.sends.some((m) => m.from === board.selected) ? board.selected : null);
  }

  /** marks highlights the landing squares of the arrival due now. */
  function marks() {
    return st.drops.map((m) => ({ square: m.to, cls: 'mark-landing' }));
  }

  function drawPocket() {
    const pos = st.pos;
    const due = dueArrival(pos);
    pocket.hidden = !due;
    if (!due) { clear(pocket); return; }
    const notice = (pos.notices || []).find((n) => n.rule === 'G4');
    const lost = !!notice && notice.name === 'Lost in Time';
    pocket.dataset.state = lost ? 'lost' : 'arrival';
    const what = `${sideName(due.color)}'s ${manName(due.kind)}`;
    const canDrop = st.drops.length > 0;
    const man = h('button', {
      type: 'button', class: 'pocket-man', 'data-testid': 'pocket-man', 'data-kind': due.kind, disabled: !canDrop,
      'aria-label': canDrop ? `${what} arrives: choose one of the highlighted squares` : what, 'aria-pressed': 'false',
      onclick: (ev) => pick(man, ev.detail === 0),
    }, manIcon(due.kind, due.color, 'pocket-icon'));
    man.addEventListener('pointerdown', (ev) => {
      if (!canDrop) return;
      board.dragIn(ev, { kind: due.kind, color: due.color, state: '' }, st.drops);
      window.addEventListener('pointerup', (up) => missed(ev, up), { once: true });
    });
    const how = lost ? `He leaves the game; ${sideName(due.color)} plays this turn as usual.`
      : canDrop ? 'Drag him onto a highlighted square, or click him, then a square.'
        : `${sideName(due.color)} places him this turn.`;
    clear(pocket, h('h3', {}, lost ? `${what}: Lost in Time` : `${what} arrives now`),
      h('div', { class: 'pocket-row' }, man, h('p', { class: 'pocket-how', 'data-testid': 'pocket-how' }, how)),
      h('p', { class: 'pocket-text muted', 'data-testid': 'pocket-text' }, notice ? notice.text : `${what} is due at move ${due.move}.`));
  }

  /** missed says so in the pocket when the man was dropped on a square of the board he may not land on. */
  function missed(down, up) {
    const sq = board.squareAt(up.clientX, up.clientY);
    const how = pocket.querySelector('.pocket-how');
    if (!sq || !how || Math.hypot(up.clientX - down.clientX, up.clientY - down.clientY) <= 4 || st.drops.some((m) => m.to === sq)) return;
    how.classList.add('miss');
    how.textContent = `He cannot land on ${sq}: drop him on one of the highlighted squares.`;
  }

  /** pick answers a click on the pocket man: the board then takes a landing square. */
  function pick(man, keyboard) {
    man.setAttribute('aria-pressed', 'true');
    if (keyboard && st.drops.length) {
      board.cursor = st.drops[0].to;
      board.svg.focus();
    }
  }

  function drawLists() {
    const pos = st.pos;
    const arrivals = pos.gifford.arrivals || [];
    const due = dueArrival(pos);
    const lost = (pos.notices || []).some((n) => n.rule === 'G4' && n.name === 'Lost in Time');
    const sides = pos.turn === 'black' ? ['black', 'white'] : ['white', 'black'];
    clear(lists, sides.map((side) => {
      const mine = arrivals.filter((a) => a.color === side).sort((a, b) => a.move - b.move);
      return h('div', { class: 'tray-side', 'data-side': side },
        h('h4', {}, sideName(side), side === pos.turn ? h('span', { class: 'muted' }, ' (to move)') : null),
        mine.length ? h('ul', { class: 'transit', 'data-testid': 'arrivals-' + side }, mine.map((a) => {
          const now = a === due;
          const note = now ? (lost ? 'Lost in Time: leaves the game' : 'arrives now') : '';
          return h('li', {
            class: 'transit-man' + (now ? (lost ? ' leaving' : ' due') : ''), 'data-kind': a.kind, 'data-move': a.move,
            'aria-label': `${sideName(side)} ${manName(a.kind)}, due at move ${a.move}` + (note ? `: ${note}` : ''),
          }, manIcon(a.kind, a.color), h('span', { class: 'transit-move' }, `→ move ${a.move}`),
          note ? h('span', { class: 'transit-note' }, note) : null);
        })) : h('p', { class: 'muted transit-none', 'data-testid': 'arrivals-' + side }, 'none'));
    }));
  }

  /** drawTarget shows the tray's send button for the selected man from, or how to send one. */
  function drawTarget(from) {
    target.hidden = !st.sends.length || st.choosing !== null;
    if (target.hidden) return;
    const man = from && board.pieceOn(from);
    target.disabled = !man;
    target.classList.toggle('armed', !!man);
    clear(target, man ? `Send the ${manName(man.kind)} on ${from} forward…`
      : 'Send a man forward: drag him here, or click him, then here. A man next to your King can go.');
  }

  /** choose offers the move numbers the man on from may be sent to, in numeric order. */
  function choose(from) {
    const sends = st.sends.filter((m) => m.from === from).sort((a, b) => sendNumber(a) - sendNumber(b));
    if (!sends.length) return;
    const man = board.pieceOn(from);
    st.choosing = from;
    target.hidden = true;
    board.selected = from; // the man stays marked while his move number is chosen
    board.render();
    chooser.hidden = false;
    chooser.setAttribute('aria-label', `Send the ${man ? manName(man.kind) : 'man'} on ${from} to move`);
    clear(chooser,
      h('p', { class: 'chooser-title' }, man ? manIcon(man.kind, man.color) : null,
        `Send the ${man ? manName(man.kind) : 'man'} on ${from} to move:`),
      h('div', { class: 'chooser-numbers', 'data-testid': 'send-numbers' }, sends.map((m) => h('button', {
        type: 'button', class: 'chip', 'data-testid': 'send-to-' + sendNumber(m), 'data-coord': m.coord,
        title: m.label || m.san, onclick: () => { st.choosing = null; chooser.hidden = true; play(m); },
      }, String(sendNumber(m))))),
      h('button', { type: 'button', class: 'small secondary', 'data-testid': 'send-cancel', onclick: cancel }, 'Cancel'));
    chooser.querySelector('.chooser-numbers button').focus();
  }

  function cancel() {
    st.choosing = null;
    chooser.hidden = true;
    board.selected = null;
    board.render();
    drawTarget(null);
    board.svg.focus({ preventScroll: true });
  }

  return { el, show, marks };
}

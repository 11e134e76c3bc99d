// Variant panels: Gifford's travels left and Kings; the resonators of
// Time Traveler's Chess; the sight of each Time Thief. Each panel also tells the board which
// squares to mark.

import { h } from './dom.js';
import { NAMES } from './pieces.js';
import * as settings from './settings.js';

/**
 * giffordPanel shows the backward travels each side has left and the Kings on the board (the
 * men in transit are in the tray beside the board, gifford.js).
 */
export function giffordPanel(pos) {
  const g = pos.gifford;
  if (!g) return null;
  const side = (color) => h('div', { class: 'gifford-side', 'data-testid': 'gifford-' + color },
    h('h4', {}, color === 'white' ? 'White' : 'Black'),
    h('p', {}, 'Backward travels left: ', h('strong', { 'data-testid': `travels-${color}` }, String((g.travels || {})[color] ?? '?'))));
  return h('section', { class: 'panel variant-panel', 'data-testid': 'gifford-panel', 'aria-label': 'Time travel' },
    h('h3', {}, 'Time travel'),
    h('div', { class: 'two-col' }, side('white'), side('black')),
    h('p', {}, 'Kings on the board: ', h('span', { 'data-testid': 'gifford-kings' }, (g.kings || []).join(', ') || 'none')));
}

/** travelersMarks marks the resonators of the traveling man on focus (tapped or under the pointer). */
export function travelersMarks(pos, focus) {
  const t = pos.travelers;
  if (!t || !focus || !t.resonators || !t.resonators[focus]) return [];
  return [{ square: focus, cls: 'mark-traveling' }, ...t.resonators[focus].map((sq) => ({ square: sq, cls: 'mark-resonator' }))];
}

/**
 * travelersArrows draws the annihilations among moves that concern the man on focus: onto the
 * traveling man there, or by the resonator there.
 */
export function travelersArrows(pos, moves, focus) {
  if (!pos.travelers || !focus) return [];
  return moves.filter((m) => m.kind === 'annihilation' && (m.to === focus || m.from === focus))
    .map((m) => ({ from: m.from, to: m.to, cls: 'arrow-annihilation' }));
}

/** isTraveling says whether a traveling man stands on square of pos. */
function isTraveling(pos, square) {
  return !!(pos.travelers && (pos.board || []).some((b) => b.square === square && b.state === 'traveling'));
}

/** travelingNote says who can annihilate the traveling man on square (R4, R5), for the board note. */
function travelingNote(pos, square, moves) {
  const man = (pos.board || []).find((b) => b.square === square);
  const kind = NAMES[man.kind] || man.kind;
  const res = (pos.travelers.resonators || {})[square] || [];
  const now = moves.filter((m) => m.kind === 'annihilation' && m.to === square).map((m) => m.san);
  return h('p', { 'data-testid': 'resonator-note' },
    h('strong', {}, `Traveling ${kind} on ${square}`), ' ', h('span', { class: 'rule' }, '(R4, R5)'), ': ',
    res.length === 1 ? `its resonator (marked) is the man on ${res[0]}: he could reach it as a ${kind} within three moves and annihilate with it.`
      : res.length ? `its resonators (marked) are the men on ${res.join(', ')}: each could reach it as a ${kind} within three moves and annihilate with it.`
        : `no man of its side can reach it as a ${kind} within three moves: it has no resonator.`,
    now.length ? ` Annihilate now: ${now.join(', ')} (red arrow).` : '');
}

/** travelersPanel explains the states and lists each traveling man's resonators. */
export function travelersPanel(pos) {
  const t = pos.travelers;
  if (!t) return null;
  const res = Object.entries(t.resonators || {});
  return h('section', { class: 'panel variant-panel', 'data-testid': 'travelers-panel', 'aria-label': 'Traveling men' },
    h('h3', {}, 'Traveling men'),
    h('p', { class: 'legend' }, h('span', { class: 'swatch traveling' }), 'traveling ', h('span', { class: 'swatch traveled' }), 'traveled; tap or hover a traveling man to see its resonators.'),
    res.length ? h('ul', {}, res.map(([sq, list]) => h('li', {}, `${sq}: ${list.length ? list.join(', ') : 'no resonator'}`)))
      : h('p', { class: 'muted' }, 'No traveling men.'));
}

/**
 * timethiefMarks marks the squares the Time Thieves see (all of them when the sight toggle is
 * on, else the one on focus: tapped or under the pointer) and the TT-capture targets.
 */
export function timethiefMarks(pos, focus) {
  const t = pos.timethief;
  if (!t) return [];
  const marks = [];
  const st = settings.load();
  for (const [sq, seen] of Object.entries(t.sight || {})) {
    if (st.sight || focus === sq) for (const x of seen) marks.push({ square: x, cls: 'mark-sight' });
    if (focus === sq) marks.push({ square: sq, cls: 'mark-thief' });
  }
  for (const sq of t.ttcaptures || []) marks.push({ square: sq, cls: 'mark-tt' });
  return marks;
}

/** isThief says whether a Time Thief stands on square of pos. */
function isThief(pos, square) {
  return !!(pos.timethief && (pos.timethief.sight || {})[square]);
}

/** sightNote says what the Time Thief on square sees and what that means (T3, T6), for the board note. */
function sightNote(pos, square) {
  const man = (pos.board || []).find((b) => b.square === square);
  const seen = pos.timethief.sight[square] || [];
  const them = man.color === 'white' ? 'black' : 'white';
  return h('p', { 'data-testid': 'sight-note' },
    h('strong', {}, `${man.color === 'white' ? 'White' : 'Black'}'s Time Thief on ${square} sees ${seen.length} square${seen.length === 1 ? '' : 's'}`),
    ' ', h('span', { class: 'rule' }, '(T3, T6)'), `: the marked ones. A ${them} man leaving one can be TT-captured there; `,
    `a ${them} King on one is frozen.`);
}

/** timethiefPanel has the sight toggle and the one-click TT-captures. */
export function timethiefPanel(pos, moves, play, redraw) {
  const t = pos.timethief;
  if (!t) return null;
  const st = settings.load();
  const toggle = h('input', { type: 'checkbox', id: 'sight-toggle', 'data-testid': 'sight-toggle', checked: st.sight });
  toggle.addEventListener('change', () => { settings.save({ sight: toggle.checked }); redraw(); });
  const tt = moves.filter((m) => m.kind === 'ttcapture');
  return h('section', { class: 'panel variant-panel', 'data-testid': 'timethief-panel', 'aria-label': 'Time Thief' },
    h('h3', {}, 'Time Thief'),
    h('label', { class: 'inline' }, toggle, ' Show the squares each Time Thief sees'),
    h('p', { class: 'muted' }, 'Or tap (or hover) one Time Thief to see its squares.'),
    h('ul', {}, Object.entries(t.sight || {}).map(([sq, seen]) => h('li', {}, `${sq} sees ${seen.join(', ') || 'nothing'}`))),
    tt.length ? h('div', { class: 'row' }, tt.map((m) => h('button', {
      type: 'button', class: 'tt-button', 'data-testid': 'tt-' + m.coord, onclick: () => play(m),
    }, 'TT-capture ' + m.san))) : null);
}

/**
 * tapper is a page's answer to a tap on the board (Board's onTap): a tapped traveling man's
 * resonators or Time Thief's sight (tapFocus, kept in st.tapped, the square in st.picked), and the
 * annihilation of a tapped resonator; a click on an empty square with no man selected starts an
 * explosion there (explode, an ExplosionChooser) and is taken (true). redraw draws the marks.
 */
export function tapper(board, explode, note, st, redraw) {
  return (sq) => {
    if (!board.position) return false;
    if (!board.selected && !board.pieceOn(sq) && explode.startAt(sq)) return true;
    st.tapped = tapFocus(board.position, sq, st.tapped, note, board.legal());
    st.picked = sq;
    redraw();
    return false;
  };
}

/**
 * tapFocus handles a tap on square of pos: a traveling man or a Time Thief tapped becomes the
 * focus (returned), and note shows its resonators or its sight; a second tap on it, or a tap
 * elsewhere, clears the focus (null) and the note. moves are the viewer's legal actions.
 */
export function tapFocus(pos, square, focus, note, moves) {
  if ((isTraveling(pos, square) || isThief(pos, square)) && focus !== square) {
    note.show(isThief(pos, square) ? sightNote(pos, square) : travelingNote(pos, square, moves), { square });
    return square;
  }
  if (focus) note.hide();
  return null;
}

/** refusalAside adds, to the refusal of a click on a traveling man, who can annihilate him. */
export function refusalAside(pos, gesture, moves) {
  return !gesture.to && isTraveling(pos, gesture.from) ? travelingNote(pos, gesture.from, moves) : null;
}

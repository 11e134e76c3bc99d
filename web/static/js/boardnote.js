// The note over the board: one short text about the board that a gesture asked for (why a
// man cannot move, what a Time Thief sees, a traveling man's resonators). It sits over the half
// of the board away from the square it is about, so that square and its neighbours stay in
// view, takes no room of its own (no layout shift), and stays until the next gesture on the
// board, a new position or its close button.

import { h, clear } from './dom.js';
import { parseSquare } from './board.js';

/**
 * boardNote puts an empty note over board and returns it with show(children, {square, kind}),
 * which fills it (kind 'refusal' or 'info' colours it) and places it away from square, and
 * hide().
 */
export function boardNote(board) {
  const body = h('div', { class: 'board-note-text' });
  const el = h('div', { class: 'board-note', 'data-testid': 'board-note', role: 'status', 'aria-live': 'polite', hidden: true },
    body, h('button', { type: 'button', class: 'board-note-close', 'aria-label': 'Close the note', 'data-testid': 'board-note-close', onclick: () => hide() }, '×'));
  board.el.append(el);
  // The next gesture on the board starts afresh: the note goes before the board takes the
  // gesture (capture phase), so that a note the gesture asks for is shown after.
  board.el.addEventListener('pointerdown', () => hide(), true);
  function hide() {
    el.hidden = true;
    clear(body);
    delete el.dataset.kind;
  }
  function show(children, { square = '', kind = 'info' } = {}) {
    clear(body, children);
    el.dataset.kind = kind;
    el.dataset.square = square;
    el.classList.toggle('at-top', lowerHalf(board, square));
    el.hidden = false;
  }
  return { el, show, hide };
}

/** lowerHalf says whether square is drawn in the lower half of the board as it is turned. */
function lowerHalf(board, square) {
  const p = parseSquare(square);
  const pos = board.position;
  if (!p || !pos) return false;
  const fromBottom = board.orientation === 'white' ? p.r : pos.height - 1 - p.r;
  return fromBottom < pos.height / 2;
}

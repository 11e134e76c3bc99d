// The menu of a move in the analysis board's move list, opened by a right click (or a long
// press) on the move, as lichess offers it: a few actions on that move. It closes on a choice,
// Escape, a click elsewhere or a scroll.

import { h } from './dom.js';

/**
 * openMoveMenu shows a menu of [label, action] items at the viewport point (x, y) and
 * returns a function that closes it. Each item closes the menu, then acts.
 */
export function openMoveMenu(x, y, items) {
  const menu = h('div', { class: 'move-menu', role: 'menu', 'data-testid': 'move-menu' });
  const close = () => {
    menu.remove();
    document.removeEventListener('pointerdown', outside, true);
    document.removeEventListener('keydown', escape, true);
    window.removeEventListener('scroll', close, true);
  };
  const outside = (ev) => { if (!menu.contains(ev.target)) close(); };
  const escape = (ev) => {
    if (ev.key !== 'Escape') return;
    ev.preventDefault();
    ev.stopPropagation();
    close();
  };
  for (const [label, act, testid] of items) {
    menu.append(h('button', { type: 'button', role: 'menuitem', 'data-testid': testid, onclick: () => { close(); act(); } }, label));
  }
  document.body.append(menu);
  const r = menu.getBoundingClientRect();
  menu.style.left = Math.max(4, Math.min(x, window.innerWidth - r.width - 4)) + 'px';
  menu.style.top = Math.max(4, Math.min(y, window.innerHeight - r.height - 4)) + 'px';
  document.addEventListener('pointerdown', outside, true);
  document.addEventListener('keydown', escape, true);
  window.addEventListener('scroll', close, true);
  menu.querySelector('button').focus({ preventScroll: true });
  return close;
}

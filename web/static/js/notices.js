// The turn banner above the board: what is special about the turn (Position.notices), each
// with its rule, for a player who does not know the variant yet.

import { h, clear } from './dom.js';

/**
 * turnBanner returns the banner element and show(pos), which fills it with the notices of pos
 * and hides it when the turn is an ordinary one.
 */
export function turnBanner() {
  const el = h('div', { class: 'turn-banner', 'data-testid': 'turn-banner', role: 'status', 'aria-live': 'polite', hidden: true });
  const show = (pos) => {
    const list = (pos && pos.notices) || [];
    el.hidden = list.length === 0;
    clear(el, list.map((n) => h('p', { class: 'turn-notice', 'data-rule': n.rule },
      h('strong', {}, n.name.charAt(0).toUpperCase() + n.name.slice(1)), ' ',
      h('span', { class: 'rule' }, `(${n.rule})`), ': ', n.text)));
  };
  return { el, show };
}

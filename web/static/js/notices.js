// The turn banner above the board: what is special about the turn (Position.notices), each
// with its rule, for a player who does not know the variant yet. It lives in a slot of fixed
// height, so that the board never moves when a notice comes or goes; a text longer than the
// slot opens over the board with the banner's "More" button.

import { h, clear } from './dom.js';

/**
 * turnBanner returns the banner's slot (el) and show(pos), which fills the banner with the
 * notices of pos and hides it when the turn is an ordinary one; the slot keeps its height.
 */
export function turnBanner() {
  const el = h('div', { class: 'turn-banner', 'data-testid': 'turn-banner', role: 'status', 'aria-live': 'polite', hidden: true });
  const slot = h('div', { class: 'banner-slot', 'data-testid': 'banner-slot' }, el);
  let open = false;
  const more = h('button', {
    type: 'button', class: 'banner-more small secondary', 'data-testid': 'banner-more', 'aria-expanded': 'false',
    onclick: () => { open = !open; fit(); },
  });
  /** fit offers "More" when the notices do not fit the slot, "Less" once opened. */
  const fit = () => {
    el.classList.toggle('open', open);
    more.hidden = true;
    const clipped = !open && el.scrollHeight > el.clientHeight + 1;
    more.hidden = !(clipped || open);
    el.classList.toggle('clipped', clipped);
    more.textContent = open ? 'Less' : 'More';
    more.setAttribute('aria-expanded', String(open));
  };
  const show = (pos) => {
    const list = (pos && pos.notices) || [];
    el.hidden = list.length === 0;
    open = false;
    clear(el, more, list.map((n) => h('p', { class: 'turn-notice', 'data-rule': n.rule },
      h('strong', {}, n.name.charAt(0).toUpperCase() + n.name.slice(1)), ' ',
      h('span', { class: 'rule' }, `(${n.rule})`), ': ', n.text)));
    if (!el.hidden) fit();
  };
  window.addEventListener('resize', () => { if (!el.hidden) fit(); });
  return { el: slot, show };
}

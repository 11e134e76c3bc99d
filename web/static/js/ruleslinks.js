// Links into the rules pages (/rules/<variant>, rendered by the server from docs/rules/*.md):
// a variant's page and the rule behind each kind of special action. The anchors are the ids
// of the documents' headings; web/rules_test.go checks that each one exists.

import { h } from './dom.js';

/** ACTION_RULES maps a special action's kind to the rule that defines it on the rules pages. */
export const ACTION_RULES = {
  drop: '/rules/gifford#arrivals-and-lost-in-time-g4',
  send: '/rules/gifford#sending-a-man-forward-g3',
  back: '/rules/gifford#backward-travel-g5',
  ttcapture: '/rules/timethief#the-tt-capture-t3-t4-t5',
  explosion: '/rules/travelers#explosions-r3',
  annihilation: '/rules/travelers#resonators-and-annihilations-r4-r5',
};

/** rulesHref is the address of a variant's rules (the server leads a shared page's variant to its section). */
export function rulesHref(variant) {
  return '/rules/' + encodeURIComponent(variant || 'chess');
}

/** rulesLink is the link "Rules of <title>" to a variant's rules page. */
export function rulesLink(variant, title, attrs = {}) {
  return h('a', { href: rulesHref(variant), class: 'rules-link', 'data-testid': 'rules-link', ...attrs }, `Rules of ${title || variant}`);
}

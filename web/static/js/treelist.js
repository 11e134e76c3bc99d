// The move list of the analysis board, drawn from its variation tree as lichess does: the main
// line move by move, the variations of a move in an indented block after it, variations inside
// them in brackets; the current move highlighted, every move a button that goes there.

import { h } from './dom.js';
import { moveNumber } from './numbering.js';

/**
 * moveTreeItems draws the tree below root as the items of an ol.move-list: one li per main
 * line move (data-ply its place on the main line), one li.variations after a move that has
 * alternatives. go(node) is called with the clicked move, menu(node, event) with a move
 * right-clicked; cue(ply, node), when given, may return an li to put after a main line move
 * (the cue of a move that went back in time).
 */
export function moveTreeItems(root, current, go, menu, cue = () => null) {
  const button = (n, numbered) => h('button', {
    type: 'button', class: 'link move' + (n === current ? ' current' : ''), title: n.move + ' (right click: more)',
    'data-san': n.san || n.move, 'aria-current': n === current ? 'true' : false, onclick: () => go(n),
    oncontextmenu: (ev) => { ev.preventDefault(); menu(n, ev); },
  }, numbered && n.turn ? [h('span', { class: 'num' }, moveNumber(n.turn)), ' '] : null, n.san || n.move);
  // inline writes a variation from its first move on, nested variations in brackets.
  const inline = (first) => {
    const out = [button(first, true)];
    let numbered = false;
    for (let n = first; n.children.length; n = n.children[0]) {
      const [next, ...alts] = n.children;
      out.push(' ', button(next, numbered || (next.turn && next.turn.side === 'white')));
      numbered = alts.length > 0;
      for (const alt of alts) out.push(' ', h('span', { class: 'paren' }, '(', inline(alt), ')'));
    }
    return out;
  };
  const items = [];
  let ply = 0;
  for (let n = root; n.children.length; n = n.children[0]) {
    const [next, ...alts] = n.children;
    ply++;
    items.push(h('li', { class: next === current ? 'current' : '', 'data-ply': ply }, button(next, true)));
    const said = cue(ply, next);
    if (said) items.push(said);
    if (alts.length) {
      items.push(h('li', { class: 'variations', 'data-testid': 'variations' },
        alts.map((alt) => h('div', { class: 'variation', 'data-testid': 'variation' }, inline(alt)))));
    }
  }
  return items;
}

/**
 * forkChooser offers the moves that continue from node when there are several (the line's own
 * first): the chosen one is marked, ↑ ↓ change it and → plays it; a click goes there.
 */
export function forkChooser(node, chosen, go) {
  if (node.children.length < 2) return null;
  return h('div', { class: 'fork', 'data-testid': 'fork-chooser' },
    h('span', { class: 'muted' }, 'Next move (↑ ↓ to choose, → to play): '),
    node.children.map((c, i) => h('button', {
      type: 'button', class: 'chip' + (i === chosen ? ' chosen' : ''), 'aria-pressed': i === chosen ? 'true' : 'false',
      'data-san': c.san || c.move, onclick: () => go(c),
    }, c.san || c.move, i === 0 ? h('span', { class: 'muted' }, ' (line)') : null)));
}

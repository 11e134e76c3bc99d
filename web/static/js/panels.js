// Variant panels: Gifford's travels left and Kings; the resonators of
// Time Traveler's Chess; the sight of each Time Thief. Each panel also tells the board which
// squares to mark.

import { h } from './dom.js';
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

/** travelersMarks marks the resonators of the traveling man under the pointer. */
export function travelersMarks(pos, hover) {
  const t = pos.travelers;
  if (!t || !hover || !t.resonators || !t.resonators[hover]) return [];
  return [{ square: hover, cls: 'mark-traveling' }, ...t.resonators[hover].map((sq) => ({ square: sq, cls: 'mark-resonator' }))];
}

/** travelersPanel explains the states and lists each traveling man's resonators. */
export function travelersPanel(pos) {
  const t = pos.travelers;
  if (!t) return null;
  const res = Object.entries(t.resonators || {});
  return h('section', { class: 'panel variant-panel', 'data-testid': 'travelers-panel', 'aria-label': 'Traveling men' },
    h('h3', {}, 'Traveling men'),
    h('p', { class: 'legend' }, h('span', { class: 'swatch traveling' }), 'traveling ', h('span', { class: 'swatch traveled' }), 'traveled; hover a traveling man to see its resonators.'),
    res.length ? h('ul', {}, res.map(([sq, list]) => h('li', {}, `${sq}: ${list.length ? list.join(', ') : 'no resonator'}`)))
      : h('p', { class: 'muted' }, 'No traveling men.'));
}

/** timethiefMarks marks the squares the Time Thieves see (when the sight toggle is on) and the TT-capture targets. */
export function timethiefMarks(pos, hover) {
  const t = pos.timethief;
  if (!t) return [];
  const marks = [];
  const st = settings.load();
  for (const [sq, seen] of Object.entries(t.sight || {})) {
    if (st.sight || hover === sq) for (const x of seen) marks.push({ square: x, cls: 'mark-sight' });
  }
  for (const sq of t.ttcaptures || []) marks.push({ square: sq, cls: 'mark-tt' });
  return marks;
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
    h('ul', {}, Object.entries(t.sight || {}).map(([sq, seen]) => h('li', {}, `${sq} sees ${seen.join(', ') || 'nothing'}`))),
    tt.length ? h('div', { class: 'row' }, tt.map((m) => h('button', {
      type: 'button', class: 'tt-button', 'data-testid': 'tt-' + m.coord, onclick: () => play(m),
    }, 'TT-capture ' + m.san))) : null);
}

// The board's settings bar: flip, size, colours, piece set, coordinates, hints and sound, all
// remembered in localStorage.

import { h } from './dom.js';
import * as settings from './settings.js';
import { SETS } from './pieces.js';

/** boardTools builds the controls for one board; onFlip is told the new orientation. */
export function boardTools(board, onFlip) {
  const st = settings.load();
  const flip = h('button', {
    type: 'button', class: 'small', 'data-testid': 'flip', title: 'Flip the board (f)',
    onclick: () => { board.flip(); if (onFlip) onFlip(board.orientation); },
  }, 'Flip');
  const size = h('input', { type: 'range', min: 240, max: 900, step: 20, value: st.size, 'aria-label': 'Board size', 'data-testid': 'size' });
  size.addEventListener('input', () => settings.save({ size: Number(size.value) }));
  const theme = h('select', { 'aria-label': 'Board colours', 'data-testid': 'theme' },
    Object.keys(settings.THEMES).map((t) => h('option', { value: t, selected: st.theme === t }, t)),
    h('option', { value: 'custom', selected: st.theme === 'custom' }, 'custom'));
  const light = h('input', { type: 'color', value: st.light, 'aria-label': 'Light squares' });
  const dark = h('input', { type: 'color', value: st.dark, 'aria-label': 'Dark squares' });
  theme.addEventListener('change', () => {
    const c = settings.THEMES[theme.value];
    if (c) { light.value = c[0]; dark.value = c[1]; settings.save({ theme: theme.value, light: c[0], dark: c[1] }); }
  });
  const custom = () => { theme.value = 'custom'; settings.save({ theme: 'custom', light: light.value, dark: dark.value }); };
  light.addEventListener('input', custom);
  dark.addEventListener('input', custom);
  const set = h('select', { 'aria-label': 'Piece set', 'data-testid': 'piece-set' },
    Object.entries(SETS).map(([k, v]) => h('option', { value: k, selected: st.pieces === k }, v)));
  set.addEventListener('change', () => settings.save({ pieces: set.value }));
  const check = (key, text) => {
    const box = h('input', { type: 'checkbox', checked: !!st[key], 'data-testid': 'set-' + key });
    box.addEventListener('change', () => settings.save({ [key]: box.checked }));
    return h('label', { class: 'inline' }, box, ' ' + text);
  };
  return h('div', { class: 'board-bar' }, flip, h('details', { class: 'board-tools' },
    h('summary', {}, 'Settings'),
    h('div', { class: 'tools-grid' },
      h('label', {}, 'Size ', size),
      h('label', {}, 'Colours ', theme, light, dark),
      h('label', {}, 'Pieces ', set),
      check('coords', 'coordinates'), check('hints', 'move hints'), check('sound', 'sound on move'))));
}

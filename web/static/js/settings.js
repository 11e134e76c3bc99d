// Board settings remembered in localStorage: colours, piece set, size, coordinates, hints, sound.

const KEY = 'timechess.settings';

/** THEMES are the board colour presets (light, dark). */
export const THEMES = {
  wood: ['#f0dcb4', '#b5875a'],
  sea: ['#dee6ee', '#7b98b5'],
  moss: ['#eeeed2', '#769656'],
  slate: ['#d9d9d9', '#8a8a8a'],
};

const DEFAULTS = {
  theme: 'wood', light: THEMES.wood[0], dark: THEMES.wood[1],
  pieces: 'shapes', size: 560, coords: true, hints: true, sound: false, sight: false,
};

/** load returns the settings with defaults filled in. */
export function load() {
  try {
    return { ...DEFAULTS, ...(JSON.parse(localStorage.getItem(KEY)) || {}) };
  } catch {
    return { ...DEFAULTS };
  }
}

/** save merges changes into the stored settings and tells listeners. */
export function save(changes) {
  const next = { ...load(), ...changes };
  localStorage.setItem(KEY, JSON.stringify(next));
  window.dispatchEvent(new CustomEvent('timechess:settings', { detail: next }));
  return next;
}

/** orientation remembers the flip of one board (per game id or page). */
export function orientation(key, fallback) {
  return localStorage.getItem('timechess.orient.' + key) || fallback;
}

/** setOrientation stores the flip of one board. */
export function setOrientation(key, side) {
  localStorage.setItem('timechess.orient.' + key, side);
}

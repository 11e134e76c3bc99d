// Piece sets of our own: "shapes" (SVG silhouettes drawn here), "letters" (a disc with the
// letter) and "figurines" (Unicode chess figurines, with our own symbols for the fairy men).
// Every piece is drawn in a 100x100 box.

import { s } from './dom.js';

/** NAMES are the piece kinds by letter. */
export const NAMES = {
  P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen', K: 'king',
  G: 'guard', T: 'time thief', D: 'dwarf', S: 'spirit', W: 'witch',
};

/** KINDS lists every kind letter in palette order. */
export const KINDS = ['K', 'Q', 'R', 'B', 'N', 'P', 'G', 'T', 'D', 'S', 'W'];

/** SETS lists the piece sets the settings offer. */
export const SETS = { shapes: 'Shapes', letters: 'Letters', figurines: 'Figurines' };

const BASE = 'M24 80h52v10H24z';

// Silhouettes: one path (fill) and optional detail lines (drawn in the contrasting colour).
const SHAPES = {
  P: { body: 'M50 16a13 13 0 1 1 0 26a13 13 0 1 1 0-26zM38 46h24l9 30H29z' + BASE },
  R: { body: 'M27 20h9v8h8v-8h12v8h8v-8h9v20h-7l4 36H30l4-36h-7z' + BASE, lines: 'M34 40h32' },
  N: {
    body: 'M30 76c0-16 10-22 16-30l-12 5-7-7c4-12 14-24 24-28l2-8 7 8c12 6 18 24 18 60z' + BASE,
    lines: 'M47 28a3 3 0 1 0 .1 0',
  },
  B: {
    body: 'M50 10a6 6 0 1 1 0 12a6 6 0 1 1 0-12zM50 24c-15 12-20 28-12 46h24c8-18 3-34-12-46zM34 70h32l4 8H30z' + BASE,
    lines: 'M55 36l-9 12',
  },
  Q: {
    body: 'M18 30a5 5 0 1 1 .1 0M36 20a5 5 0 1 1 .1 0M50 16a5 5 0 1 1 .1 0M64 20a5 5 0 1 1 .1 0M82 30a5 5 0 1 1 .1 0' +
      'M18 36l14 40h36l14-40-16 18-2-30-10 26-4-28-4 28-10-26-2 30z' + BASE,
    lines: 'M34 68h32',
  },
  K: {
    body: 'M46 8h8v8h8v8h-8v10h-8V24h-8v-8h8zM50 34c-22-8-34 8-22 26l6 16h32l6-16c12-18 0-34-22-26z' + BASE,
    lines: 'M34 66h32M50 36v28',
  },
  G: {
    body: 'M26 22h48v24c0 18-10 28-24 36C36 74 26 64 26 46z' + BASE,
    lines: 'M50 30v40M36 46h28',
  },
  T: {
    body: 'M28 12h44v8l-16 24 16 24v8H28v-8l16-24-16-24z' + BASE,
    lines: 'M40 66h20M46 30h8',
  },
  D: {
    body: 'M50 10l16 30H34zM50 42a18 18 0 0 1 18 18v16H32V60a18 18 0 0 1 18-18z' + BASE,
    lines: 'M42 58h16M50 60v12',
  },
  S: {
    body: 'M28 84V46a22 22 0 0 1 44 0v38l-8-9-7 9-7-9-7 9-7-9z',
    lines: 'M42 44a3 3 0 1 0 .1 0M58 44a3 3 0 1 0 .1 0M44 58q6 5 12 0',
  },
  W: {
    body: 'M56 6l-22 44h32zM22 52h56v8H22zM36 62h28l6 14H30z' + BASE,
    lines: 'M40 44h20',
  },
};

const FIGURINES = { K: '\u265A', Q: '\u265B', R: '\u265C', B: '\u265D', N: '\u265E', P: '\u265F' };

function colors(color) {
  return color === 'white'
    ? { fill: '#fbfbf8', stroke: '#1d1d1d', detail: '#1d1d1d' }
    : { fill: '#262626', stroke: '#0a0a0a', detail: '#e8e8e8' };
}

/**
 * drawPiece returns an SVG group drawing one man in a 100x100 box: kind letter, colour and
 * state ("", "traveling", "traveled", "possessed").
 */
export function drawPiece(set, kind, color, state = '') {
  const c = colors(color);
  const g = s('g', { class: `piece piece-${color} kind-${kind}` + (state ? ` state-${state}` : '') });
  g.append(s('title', { text: describe(kind, color, state) }));
  const body = s('g', { class: 'piece-body' });
  if (set === 'letters' || (set === 'figurines' && !FIGURINES[kind])) {
    if (set === 'figurines' && SHAPES[kind]) drawShape(body, kind, c);
    else {
      body.append(s('circle', { cx: 50, cy: 50, r: 38, fill: c.fill, stroke: c.stroke, 'stroke-width': 4 }));
      body.append(s('text', {
        x: 50, y: 52, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 46,
        'font-weight': 700, 'font-family': 'system-ui, sans-serif', fill: c.detail === '#1d1d1d' ? '#1d1d1d' : '#f4f4f4',
        text: kind,
      }));
    }
  } else if (set === 'figurines') {
    body.append(s('text', {
      x: 50, y: 56, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 84,
      fill: c.fill, stroke: c.stroke, 'stroke-width': 3, 'paint-order': 'stroke',
      'font-family': "'DejaVu Sans', 'Noto Sans Symbols 2', 'Segoe UI Symbol', sans-serif",
      text: FIGURINES[kind],
    }));
  } else {
    drawShape(body, kind, c);
  }
  g.append(body);
  decorate(g, state);
  return g;
}

function drawShape(into, kind, c) {
  const shape = SHAPES[kind] || SHAPES.P;
  into.append(s('path', {
    d: shape.body, fill: c.fill, stroke: c.stroke, 'stroke-width': 3.5, 'stroke-linejoin': 'round',
    'fill-rule': 'nonzero',
  }));
  if (shape.lines) {
    into.append(s('path', {
      d: shape.lines, fill: 'none', stroke: c.detail, 'stroke-width': 3.5, 'stroke-linecap': 'round',
    }));
  }
}

// decorate adds the marks of a man's state: traveling (dashed blue ring and an arrow badge),
// traveled (faded with an amber ring and a check badge), possessed (violet ring and S badge).
function decorate(g, state) {
  if (state === 'traveling') {
    g.prepend(s('circle', {
      cx: 50, cy: 50, r: 46, fill: '#3b82f6', 'fill-opacity': 0.18, stroke: '#1d4ed8', 'stroke-width': 5,
      'stroke-dasharray': '10 7', class: 'state-ring',
    }));
    g.append(badge('#1d4ed8', 'M-6 0h10M0-5l5 5-5 5'));
  } else if (state === 'traveled') {
    g.querySelector('.piece-body').setAttribute('opacity', '0.72');
    g.prepend(s('circle', {
      cx: 50, cy: 50, r: 46, fill: 'none', stroke: '#d97706', 'stroke-width': 4, 'stroke-dasharray': '2 5',
      'stroke-linecap': 'round', class: 'state-ring',
    }));
    g.append(badge('#d97706', 'M-5 0l3 4 7-8'));
  } else if (state === 'possessed') {
    g.prepend(s('circle', {
      cx: 50, cy: 50, r: 46, fill: '#8b5cf6', 'fill-opacity': 0.22, stroke: '#6d28d9', 'stroke-width': 4,
      class: 'state-ring',
    }));
    g.append(badge('#6d28d9', 'M3-4c-4-3-9 0-5 3s2 6-4 4'));
  }
}

function badge(color, mark) {
  return s('g', { transform: 'translate(82 18)', class: 'state-badge' },
    s('circle', { r: 14, fill: color, stroke: '#fff', 'stroke-width': 3 }),
    s('path', { d: mark, fill: 'none', stroke: '#fff', 'stroke-width': 3, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }));
}

/** describe names a man for screen readers: "white traveling knight". */
export function describe(kind, color, state = '') {
  return [color, state, NAMES[kind] || kind].filter(Boolean).join(' ');
}

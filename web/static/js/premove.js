// Premoves: the moves a player may queue while the opponent is to move. The client knows no
// legal list for the side not to move, so a premove may go wherever the man's way of moving
// could take it on an empty board (as lichess allows); it is checked when the turn comes.

import { squareName, parseSquare } from './board.js';

const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const DIAGONAL = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
const STRAIGHT = [[1, 0], [-1, 0], [0, 1], [0, -1]];

/** steps lists the [file, rank] steps of a man of kind, and whether he slides along them. */
function steps(kind) {
  switch (kind) {
    case 'N': return { dirs: KNIGHT, slide: false };
    case 'B': return { dirs: DIAGONAL, slide: true };
    case 'R': return { dirs: STRAIGHT, slide: true };
    case 'K': return { dirs: [...DIAGONAL, ...STRAIGHT], slide: false };
    case 'Q': return { dirs: [...DIAGONAL, ...STRAIGHT], slide: true };
    // The fairy men: any queen or knight way, which covers each of their moves.
    default: return { dirs: [...DIAGONAL, ...STRAIGHT, ...KNIGHT], slide: true };
  }
}

/** destinations lists the squares a man of side on square may aim a premove at in pos. */
function destinations(pos, man, side) {
  const p = parseSquare(man.square);
  const W = pos.width, H = pos.height;
  const inside = (f, r) => f >= 0 && r >= 0 && f < W && r < H;
  const out = [];
  if (man.kind === 'P') {
    const dir = side === 'white' ? 1 : -1;
    const home = side === 'white' ? 1 : H - 2;
    for (const [df, dr] of [[0, dir], [-1, dir], [1, dir]]) if (inside(p.f + df, p.r + dr)) out.push([p.f + df, p.r + dr]);
    if (p.r === home && inside(p.f, p.r + 2 * dir)) out.push([p.f, p.r + 2 * dir]);
  } else {
    const { dirs, slide } = steps(man.kind);
    for (const [df, dr] of dirs) {
      for (let f = p.f + df, r = p.r + dr; inside(f, r); f += df, r += dr) {
        out.push([f, r]);
        if (!slide) break;
      }
    }
    const back = side === 'white' ? 0 : H - 1;
    if (man.kind === 'K' && p.r === back) for (const f of [p.f - 2, p.f + 2]) if (inside(f, back)) out.push([f, back]);
  }
  return out.map(([f, r]) => squareName(f, r));
}

/**
 * premoveTargets lists, as board actions ({from, to, coord, kind: 'premove'}), every premove
 * side may aim in pos: each of its men to each square its way of moving reaches.
 */
export function premoveTargets(pos, side) {
  const out = [];
  for (const man of pos.board || []) {
    if (man.color !== side) continue;
    for (const to of destinations(pos, man, side)) out.push({ from: man.square, to, coord: man.square + to, san: man.square + '-' + to, kind: 'premove' });
  }
  return out;
}

/**
 * premoveMatch is the legal action of moves that plays the premove pm (from and to alike; a
 * promotion becomes a Queen when it can), or null when none does.
 */
export function premoveMatch(moves, pm) {
  const same = (moves || []).filter((m) => m.from === pm.from && m.to === pm.to);
  return same.find((m) => (m.promo || '').toUpperCase() === 'Q') || same[0] || null;
}

// Move numbers as players write them on their score sheets. The server gives each move of a
// game its number and side (Game.moves[].number/side); after a Gifford backward travel the
// counters go back, so they differ from the ply (seed time-travel-chess-gifford.txt: the
// King's travel "10. K // to 6" is followed on a new score sheet by "6. K f3 // FTF").

/** fenTurn reads the side to move and the full move number of a position text. */
export function fenTurn(fen) {
  const f = (fen || '').split(/\s+/);
  return { number: Number(f[5]) || 1, side: f[1] === 'b' ? 'black' : 'white' };
}

/** moveNumber labels a move {number, side}: "2." for White's move 2, "2…" for Black's. */
export function moveNumber(m) {
  return m.side === 'black' ? `${m.number}…` : `${m.number}.`;
}

/** turnName names a turn {number, side}: "White's move 2". */
export function turnName(m) {
  return `${m.side === 'black' ? 'Black' : 'White'}'s move ${m.number}`;
}

/** turnBefore is the turn that precedes the given one: Black's move 1 before White's move 2. */
function turnBefore(t) {
  return t.side === 'black' ? { number: t.number, side: 'white' } : { number: t.number - 1, side: 'black' };
}

/**
 * sheetTurn is the turn a ply (1-based) takes on the score sheet it leads to: the turn before
 * the next one. For most plies that is the move's own number and side; a backward travel
 * takes its target turn on the new sheet (Ke1//2@a4 played at White's move 4 is White's move
 * 2 of the new timeline). moves is Game.moves and position the game's current Position.
 */
export function sheetTurn(moves, position, ply) {
  const next = ply < moves.length ? moves[ply] : position && fenTurn(position.fen);
  return next ? turnBefore(next) : moves[ply - 1];
}

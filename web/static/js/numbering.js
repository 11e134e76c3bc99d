// Move numbers as players write them on their score sheets. The server gives each move of a
// game its number and side (Game.moves[].number/side); after a Gifford backward travel the
// counters go back, so they differ from the ply (seed time-travel-chess-gifford.txt: the
// King's travel "10. K // to 6" is followed on a new score sheet by "6. K f3 // FTF"), and
// after a Time Thief's capture that takes back Black's move n Black plays move n again; the
// move lists mark such a turn with a cue that says why (backCue).

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

/**
 * backCue explains a ply that went back in time (a branch of Game.branches: a King's backward
 * travel, or a Time Thief's capture that took back the move before it), for the divider a move
 * list puts after it: {text, why}. moves are the line's moves as {san, number, side}, next the
 * turn that follows the branch ({number, side}).
 */
export function backCue(branch, moves, next) {
  const m = moves[branch.ply - 1] || {};
  const mover = m.side === 'black' ? 'Black' : 'White';
  const index = (t) => 2 * t.number + (t.side === 'black' ? 1 : 0);
  const runsBack = index(next) <= index(m);
  const text = runsBack ? `⟲ back to move ${next.number}` : `⟲ timeline ${branch.new}`;
  if (branch.revert) {
    const taken = moves[branch.ply - 2] || {};
    return {
      text,
      why: `${m.san} took back ${moveNumber(taken)} ${taken.san}: a Time Thief's capture turns the game back to the board before that move, ` +
        `so ${turnName(next)} comes ${runsBack ? 'again' : 'next'} (timeline ${branch.new} starts; timeline ${branch.old} ends there).`,
    };
  }
  return {
    text,
    why: `${mover}'s King travelled back in time with ${m.san}: the game goes on from ${turnName(next)} on a new score sheet ` +
      `(timeline ${branch.new}); timeline ${branch.old} is kept but no longer played.`,
  };
}

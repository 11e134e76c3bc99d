// Package match plays engine-versus-engine games and measures the
// difference in strength: two players (timechess's own engine at given
// settings, an external UCI or XBoard/CECP program, or a baseline greedy or
// random mover) meet over a number of games, in any variant, from a list of
// opening positions each played twice with the colours reversed, under a
// chess clock or a fixed limit per move, several games at once. Every game
// ends by the rules, by adjudication (a ply limit, optionally resignation or
// a draw by agreed scores) or by a fault of a player (an illegal or
// unreadable move, a crash, a time forfeit), which loses that game with a
// clear reason. Each finished game is written as PGN; the Summary gives
// wins, draws and losses, the score, an Elo difference with its 95% error
// bar (trinomial and pentanomial), the likelihood of superiority and,
// optionally, a sequential probability ratio test that stops the match once
// it has decided.
//
// Players are described by a Spec (see ParseSpec for the grammar), so the
// command line and tests name them the same way.
package match

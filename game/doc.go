// Package game holds a game of any timechess variant as its start position
// plus the log of actions played (ruling C3: the state is a pure function of
// the two), with what a record adds: tags, comments, NAGs, variations and a
// result. The live position is kept in step with the log; Replay rebuilds it
// from the log alone, and Timelines derives the score sheets of variants whose
// actions travel back in time.
package game

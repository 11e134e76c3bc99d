// Package casescript is the test support the variant packages share: it
// reads and runs their scripted cases (testdata/*.cases), reads their
// |-separated tables of test data, runs their perft fixture files
// (testdata/*.epd, RunPerft) and checks perft divisions and notation
// round trips.
//
// A .cases file is a list of cases. A case is a block of lines that starts
// with "case NAME"; each further line is a directive, run in order on one
// position. Blank lines and lines starting with "#" are skipped. The
// directives every variant has:
//
//	source TEXT          where the case comes from: the seed sentence or the ruling it proves (required)
//	note TEXT            how the position realises it
//	variant NAME         read the position texts that follow in the variant registered as NAME
//	position FEN|start   set the position up (start: the variant's start position)
//	refuse FEN => TEXT   the position text is refused with an error containing TEXT
//	play MOVES           play the moves (any notation notation.ParseMoves reads)
//	undo N               take back N actions (also the history a position text carries)
//	legal MOVES          each text names a legal action
//	illegal MOVES        each text is refused as naming no legal action
//	refused KIND TEXTS   each text is refused with that notation.ErrorKind (no-match, ambiguous, ...)
//	why RULE TEXTS       each text is refused by that rule (rules.Refusal: "G4", "FIDE_3.9"), in any notation
//	only MOVES           the legal actions are exactly the ones named
//	count N              the number of legal actions
//	status RES [WHY]     p.Status(): "*", "1-0", "0-1" or "1/2-1/2", and the reason
//	check yes|no         whether the side to move is in check
//	notice RULES         the notices of the turn (rules.Notices) come from these rules in order ("-": none);
//	                     a text marked "~" after a rule is part of its notice ("G4 ~light_square")
//	fen TEXT             the position text
//	san MOVE TEXT        the SAN of the legal action named by MOVE
//	coord MOVE TEXT      its coordinate form
//
// In the arguments split into texts (see Fields), "_" stands for a space
// ("K//_to_2_K_a4_//_FTF"). A variant adds directives of its own through
// Suite.Directives.
package casescript

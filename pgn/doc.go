// Package pgn reads and writes game records in Portable Game Notation for
// every timechess variant.
//
// Reading is lenient in what real files contain and strict about structure:
// tag pairs (values with \" and \\ escapes), move numbers written any way
// ("12.", "12...", "12.e4"), moves in any notation the notation package
// accepts, comments in braces and after ";" to the end of the line, NAGs
// ("$14") and move suffixes ("!", "?", "!!", "??", "!?", "?!", kept as $1 to
// $6), recursive variations, results 1-0, 0-1, 1/2-1/2 and *, "%" escape
// lines, and several games in one input. Bare movetext without tags is a
// game. A missing result terminator at the end of the input or before the
// next game's tags is taken from the Result tag, else "*".
//
// Variations are parsed into a tree: each becomes a game.Line attached to the
// ply it replaces, its moves checked for legality like the main line's.
// Comment text is kept with its runs of white space reduced to single spaces
// (so that writing it wrapped reads back the same); text that is not valid
// UTF-8 is read as ISO 8859-1, the encoding the PGN standard names.
//
// The Variant tag selects the rules: "Standard", "Chess960", "From Position"
// and the like (lichess and Fairy-Stockfish names) mean chess, and every
// registered timechess variant is known by its name. The start position
// comes from the FEN tag.
//
// Writing emits the export form: the Seven Tag Roster first, then Variant,
// SetUp and FEN when needed, then the other tags; movetext in SAN wrapped at
// 80 columns, NAGs as $n, comments and variations; the result. Reading what
// Write wrote gives the same moves, tags, comments and final position, and
// writing that again gives the same text.
package pgn

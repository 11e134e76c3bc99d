// Package docs embeds the documents timechess serves to its players: the rules of every
// variant, docs/rules/*.md, which the web package renders as the pages /rules/<variant>
// (Markdown, read with goldmark: tables, headings with stable ids for links such as
// /rules/gifford#sending-a-man-forward-g3).
//
// # Live boards
//
// A fenced code block whose info string is `board` is not code but a board the reader can play
// on. It holds `key: value` lines, each key at most once, all optional:
//
//	variant: gifford                     the rules (default: the page's variant)
//	fen: <position text>                 the start (default: the variant's start)
//	moves: 1. d2//5 Nc6 2. e4            PGN movetext or moves in any notation timechess reads,
//	                                     played from fen; the board shows the position after them
//	caption: White sends the d-pawn.     one line under the board
//
// The page shows the position after the moves with buttons (and arrow keys) to step through
// them from the start, the move list and the caption; the reader may play any legal move from
// there, and "Reset" brings back the document's position. A plain ``` block stays code. Every
// board of every document is replayed by the web package's tests, which name the document and
// line of a board whose position text or moves the rules refuse; rules/README.md says the same
// for those who write the documents.
package docs

import "embed"

// Rules holds the rules documents as rules/<name>.md: chess.md, gifford.md, timethief.md,
// travelers.md and README.md (how the documents are written).
//
//go:embed rules/*.md
var Rules embed.FS

package timethief

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"timechess/rules"
)

// The Time Thief's inventor saves positions from his engine (The Weird
// Engine and its Python forerunner) as JSON. One position is an object
//
//	{
//	  "boardwidth": 10, "boardheight": 8,
//	  "colourtomove": 1,                      // 1 White, -1 Black
//	  "precedingmove": {"x_from": 5, "y_from": 6, "x_to": 5, "y_to": 4},
//	  "castlinginfo": {"whitekinghasmoved": false, "whitekingsiderookhasmoved": false,
//	                   "whitequeensiderookhasmoved": false, "blackkinghasmoved": false,
//	                   "blackkingsiderookhasmoved": false, "blackqueensiderookhasmoved": false},
//	  "squares": ["-R|-N| .| ...", ...]      // boardheight rows, top rank first
//	}
//
// where a square is "." (empty) or a man's symbol, "-" in front for Black,
// padded with spaces and separated by "|"; move coordinates count files and
// ranks from 0, and -1 means no move. A position saved with the one before
// it is {"positionslast2prev": [current, previous]}; an all-empty previous
// board means no history. Fields of other fairy pieces (the engine's Joker
// and Elf settings) are ignored.
//
// The symbols timethief reads: K Q R B N G (Guard) T (Time Thief) W (Witch)
// D (Dwarf) S (Spirit), and p for the pawn (P is read too). The engine has
// no mark for a man carrying a Spirit; timethief reads a "~" after the
// symbol ("-R~"), as in its own position text.

// maxJSON bounds the size of an imported file.
const maxJSON = 1 << 20

// jsonPosition is one position of the engine's files. Pointers tell a field
// that is missing from one set to zero.
type jsonPosition struct {
	BoardWidth    *int          `json:"boardwidth"`
	BoardHeight   *int          `json:"boardheight"`
	ColourToMove  *int          `json:"colourtomove"`
	PrecedingMove *jsonMove     `json:"precedingmove"`
	CastlingInfo  *jsonCastling `json:"castlinginfo"`
	Squares       []string      `json:"squares"`
}

// jsonFile is a whole file: one position, or the list of the current and
// the previous one.
type jsonFile struct {
	jsonPosition
	Positions []jsonPosition `json:"positionslast2prev"`
}

// jsonMove is the engine's move: origin and destination, files and ranks
// counted from 0.
type jsonMove struct {
	XFrom int `json:"x_from"`
	YFrom int `json:"y_from"`
	XTo   int `json:"x_to"`
	YTo   int `json:"y_to"`
}

// jsonCastling is the engine's castling state: which castling men have
// moved. A missing object means none has, as in the engine.
type jsonCastling struct {
	WhiteKing          bool `json:"whitekinghasmoved"`
	WhiteKingsideRook  bool `json:"whitekingsiderookhasmoved"`
	WhiteQueensideRook bool `json:"whitequeensiderookhasmoved"`
	BlackKing          bool `json:"blackkinghasmoved"`
	BlackKingsideRook  bool `json:"blackkingsiderookhasmoved"`
	BlackQueensideRook bool `json:"blackqueensiderookhasmoved"`
}

// jsonKinds maps the engine's symbols to kinds.
var jsonKinds = map[string]rules.Kind{
	"K": rules.King, "Q": rules.Queen, "R": rules.Rook, "B": rules.Bishop, "N": rules.Knight,
	"p": rules.Pawn, "P": rules.Pawn, "G": rules.Guard, "T": rules.TimeThief, "W": rules.Witch,
	"D": rules.Dwarf, "S": rules.Spirit,
}

// ImportJSON reads a position saved by the Time Thief inventor's engine
// and returns it as a position of v. When the file gives the previous
// position too, the returned position has it as history (its position text
// carries last= and prev=), so that a TT-capture of the preceding move is
// possible: the preceding move is found among the legal moves of the
// previous position (by its squares when given, else by its result), or,
// failing that, read as a TT-capture by the Time Thief on its origin.
//
// The format has no move counters or en passant square: the counters start
// at 0 and 1, and en passant follows from a preceding double step. Castling
// rights are those the castlinginfo flags allow and the placement confirms
// (King on its middle file of its back rank, rook in the corner); flags the
// placement contradicts are ignored. With a previous position, the current
// rights are those the preceding move leaves.
func ImportJSON(v *Variant, r io.Reader) (*rules.Position, error) {
	if v == nil {
		return nil, errors.New("import: no variant")
	}
	data, err := io.ReadAll(io.LimitReader(r, maxJSON+1))
	if err != nil {
		return nil, fmt.Errorf("import: %v", err)
	}
	if len(data) > maxJSON {
		return nil, fmt.Errorf("import: the file is larger than %d bytes", maxJSON)
	}
	var f jsonFile
	dec := json.NewDecoder(strings.NewReader(string(data)))
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("import: not a position file: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("import: unexpected data after the JSON object")
	}
	cur, prev := f.jsonPosition, (*jsonPosition)(nil)
	if f.Positions != nil {
		if len(f.Positions) != 1 && len(f.Positions) != 2 {
			return nil, fmt.Errorf("import: positionslast2prev holds %d positions; want the current one and the previous one", len(f.Positions))
		}
		cur = f.Positions[0]
		if len(f.Positions) == 2 {
			prev = &f.Positions[1]
		}
	}
	curText, err := cur.text(v)
	if err != nil {
		return nil, fmt.Errorf("import: %v", err)
	}
	if prev == nil || prev.emptyBoard() {
		p, err := rules.NewPosition(v, curText)
		if err != nil {
			return nil, fmt.Errorf("import: %v", err)
		}
		return p, nil
	}
	prevText, err := prev.text(v)
	if err != nil {
		return nil, fmt.Errorf("import: previous position: %v", err)
	}
	p, err := withHistory(v, curText, prevText, cur.PrecedingMove)
	if err != nil {
		return nil, fmt.Errorf("import: %v", err)
	}
	return p, nil
}

// withHistory returns the position of curText with the state of prevText
// before it, joined by the preceding move pm (nil or -1 when not given).
func withHistory(v *Variant, curText, prevText string, pm *jsonMove) (*rules.Position, error) {
	cur, err := rules.NewPosition(earlierState{v}, curText)
	if err != nil {
		return nil, err
	}
	before, err := rules.NewPosition(earlierState{v}, prevText)
	if err != nil {
		return nil, fmt.Errorf("previous position: %v", err)
	}
	if before.Geometry() != cur.Geometry() {
		return nil, errors.New("the previous position is on another board")
	}
	from, to, given, err := pm.squares(cur.Geometry())
	if err != nil {
		return nil, err
	}
	var found []*rules.Position
	for _, m := range before.Legal(nil) {
		if given && (m.From != from || m.To != to) {
			continue
		}
		after := before.Copy()
		after.Make(m)
		if after.Placement() == cur.Placement() && after.Side == cur.Side {
			found = append(found, after)
		}
	}
	switch {
	case len(found) == 1:
		return rules.NewPosition(v, found[0].FEN())
	case len(found) > 1:
		return nil, errors.New("several moves lead from the previous position to this one; give precedingmove")
	case given && before.At(from).Kind() == rules.TimeThief && before.At(from).Color() == before.Side:
		text := fmt.Sprintf("%s last=%sx%s prev=%s", curText, from, to, strings.ReplaceAll(prevText, " ", ","))
		return rules.NewPosition(v, text)
	case given:
		return nil, fmt.Errorf("the preceding move %s-%s does not lead from the previous position to this one", from, to)
	}
	return nil, errors.New("no move leads from the previous position to this one (a TT-capture is found only by its precedingmove)")
}

// squares returns the squares of the preceding move, and whether it is
// given (a nil move or one of -1s is not).
func (m *jsonMove) squares(g *rules.Geometry) (from, to rules.Square, given bool, err error) {
	if m == nil || (m.XFrom == -1 && m.YFrom == -1 && m.XTo == -1 && m.YTo == -1) {
		return rules.NoSquare, rules.NoSquare, false, nil
	}
	if !g.On(m.XFrom, m.YFrom) || !g.On(m.XTo, m.YTo) {
		return rules.NoSquare, rules.NoSquare, false, fmt.Errorf("precedingmove (%d,%d)-(%d,%d) leaves the %dx%d board",
			m.XFrom, m.YFrom, m.XTo, m.YTo, g.W, g.H)
	}
	return rules.SquareAt(m.XFrom, m.YFrom), rules.SquareAt(m.XTo, m.YTo), true, nil
}

// emptyBoard reports whether the position's squares hold no man (how the
// engine saves "no previous position").
func (j *jsonPosition) emptyBoard() bool {
	for _, row := range j.Squares {
		for _, cell := range strings.Split(row, "|") {
			if c := strings.TrimSpace(cell); c != "" && c != "." {
				return false
			}
		}
	}
	return true
}

// text returns the position as timechess position text (six fields).
func (j *jsonPosition) text(v *Variant) (string, error) {
	switch {
	case j.BoardWidth == nil || j.BoardHeight == nil:
		return "", errors.New("boardwidth or boardheight is missing")
	case *j.BoardWidth < 1 || *j.BoardWidth > rules.MaxFiles || *j.BoardHeight < 1 || *j.BoardHeight > rules.MaxRanks:
		return "", fmt.Errorf("a %dx%d board: files and ranks must be 1 to 16", *j.BoardWidth, *j.BoardHeight)
	case j.ColourToMove == nil || (*j.ColourToMove != 1 && *j.ColourToMove != -1):
		return "", errors.New("colourtomove must be 1 (White) or -1 (Black)")
	case len(j.Squares) != *j.BoardHeight:
		return "", fmt.Errorf("squares has %d rows for a board %d ranks high", len(j.Squares), *j.BoardHeight)
	}
	w, h := *j.BoardWidth, *j.BoardHeight
	board := make([][]rules.Piece, h) // board[rank][file]
	for i, row := range j.Squares {
		rank := h - 1 - i
		cells := strings.Split(row, "|")
		if len(cells) != w {
			return "", fmt.Errorf("rank %d has %d squares for a board %d files wide", rank+1, len(cells), w)
		}
		board[rank] = make([]rules.Piece, w)
		for f, cell := range cells {
			pc, err := jsonPiece(strings.TrimSpace(cell))
			if err != nil {
				return "", fmt.Errorf("square %s: %v", rules.SquareAt(f, rank), err)
			}
			board[rank][f] = pc
		}
	}
	side := "w"
	if *j.ColourToMove == -1 {
		side = "b"
	}
	var rows []string
	for r := h - 1; r >= 0; r-- {
		var b strings.Builder
		empty := 0
		for _, pc := range board[r] {
			if pc == rules.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		rows = append(rows, b.String())
	}
	return strings.Join(rows, "/") + " " + side + " " + j.castling(board) + " - 0 1", nil
}

// jsonPiece reads one square: "." or empty, or a symbol with "-" before it
// for Black and "~" after it for a man carrying a Spirit.
func jsonPiece(cell string) (rules.Piece, error) {
	if cell == "" || cell == "." {
		return rules.NoPiece, nil
	}
	c := rules.White
	sym := cell
	if s, ok := strings.CutPrefix(sym, "-"); ok {
		c, sym = rules.Black, s
	}
	var flags rules.Flag
	if s, ok := strings.CutSuffix(sym, "~"); ok {
		flags, sym = rules.Possessed, s
	}
	k, ok := jsonKinds[sym]
	if !ok {
		return rules.NoPiece, fmt.Errorf("%q is not a man of the Time Thief games (K Q R B N p G T W D S)", cell)
	}
	return rules.MakePiece(c, k, flags), nil
}

// castling returns the castling field: the rights the flags allow where the
// King stands on the middle file of its back rank and the rook in the
// corner, on a board at least 6 files wide (where castling has room).
func (j *jsonPosition) castling(board [][]rules.Piece) string {
	var ci jsonCastling
	if j.CastlingInfo != nil {
		ci = *j.CastlingInfo
	}
	w, h := len(board[0]), len(board)
	rights := ""
	for _, c := range []struct {
		color                     rules.Color
		rank                      int
		king, kingRook, queenRook bool
		kingLetter, queenLetter   string
	}{
		{rules.White, 0, ci.WhiteKing, ci.WhiteKingsideRook, ci.WhiteQueensideRook, "K", "Q"},
		{rules.Black, h - 1, ci.BlackKing, ci.BlackKingsideRook, ci.BlackQueensideRook, "k", "q"},
	} {
		row := board[c.rank]
		if w < 6 || c.king || row[w/2] != rules.MakePiece(c.color, rules.King, 0) {
			continue
		}
		isRook := func(pc rules.Piece) bool { return pc.Kind() == rules.Rook && pc.Color() == c.color }
		if !c.kingRook && isRook(row[w-1]) {
			rights += c.kingLetter
		}
		if !c.queenRook && isRook(row[0]) {
			rights += c.queenLetter
		}
	}
	if rights == "" {
		return "-"
	}
	return rights
}

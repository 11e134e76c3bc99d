package notation

import (
	"fmt"
	"strings"

	"timechess/rules"
)

// castleSide is the castling a text names, if any.
type castleSide uint8

const (
	noCastle castleSide = iota
	kingsideCastle
	queensideCastle
)

// form is what the text of an orthodox move says, read without looking at
// the position beyond its board size; matching it against the legal moves
// comes next.
type form struct {
	castle castleSide
	// piece is the kind of man named; NoKind when the text names a whole
	// origin square and no man (the coordinate form), so any man may move.
	piece              rules.Kind
	fromFile, fromRank int          // -1 when the text does not give them
	to                 rules.Square // NoSquare for a pawn capture written by files ("gf")
	toFile             int          // the destination file, also for "gf"
	capture            bool         // written with "x" or ":"
	promo              rules.Kind
	// Game Courier's extra parts: the square a man is removed from (en
	// passant), and the rook's part of a castling.
	removed, rookFrom, rookTo rules.Square
}

// board is the size of the board a text is read for.
type board struct{ w, h int }

// String gives the board as in "an 8x8 board".
func (b board) String() string {
	article := "a"
	if b.w == 8 || b.w == 11 {
		article = "an"
	}
	return fmt.Sprintf("%s %dx%d board", article, b.w, b.h)
}

// readForm reads the cleaned text t of the move text: the main part, then
// Game Courier's parts after ";".
func readForm(text, t string, b board) (*form, error) {
	f := &form{fromFile: -1, fromRank: -1, to: rules.NoSquare, toFile: -1,
		removed: rules.NoSquare, rookFrom: rules.NoSquare, rookTo: rules.NoSquare}
	parts := strings.Split(t, ";")
	main := strings.TrimSpace(parts[0])
	side, isCastle := readCastle(main)
	var err error
	switch {
	case isCastle && side == noCastle:
		err = errorf(text, Unreadable, "%q is not O-O or O-O-O", main)
	case isCastle:
		f.castle = side
	default:
		err = f.readMove(text, main, b)
	}
	for _, part := range parts[1:] {
		if err != nil {
			break
		}
		err = f.readPart(text, strings.TrimSpace(part), b)
	}
	return f, err
}

// readCastle reads O-O, O-O-O and their spellings with 0, o and no hyphens.
// It reports whether the text is written with those signs only.
func readCastle(s string) (castleSide, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 'O', 'o', '0':
			n++
		case '-':
		default:
			return noCastle, false
		}
	}
	switch n {
	case 0:
		return noCastle, false
	case 2:
		return kingsideCastle, true
	case 3:
		return queensideCastle, true
	}
	return noCastle, true
}

// readMove reads the main part: an optional piece label (a SAN letter, or
// Game Courier's letter and space in either case), an optional origin (file,
// rank or both), an optional "x", ":" or "-", the destination and an
// optional promotion. A pawn capture may name files only ("gf", "exd").
func (f *form) readMove(text, s string, b board) error {
	label, s := cutLabel(s)
	if label != 0 {
		k, ok := rules.KindOfLetter(label)
		if !ok {
			return errorf(text, Unreadable, "%c is not a piece letter", label)
		}
		f.piece = k
	}
	sc := &scanner{s: s}
	f1, r1 := sc.file(), sc.rank()
	originEnd := sc.i
	sep := sc.separator()
	mark := sc.i
	f2, r2 := sc.file(), sc.rank()
	var err error
	switch {
	case f2 >= 0 && r2 != 0:
		if err = b.checkOrigin(text, s[:originEnd], f1, r1); err == nil {
			f.to, err = b.square(text, s[mark:sc.i], f2, r2)
		}
		f.fromFile, f.fromRank = f1, r1-1
	case f1 >= 0 && r1 == 0 && f2 >= 0 && r2 == 0 && sep != '-':
		if err = b.checkOrigin(text, s[:originEnd], f1, 0); err == nil {
			err = b.checkOrigin(text, s[mark:sc.i], f2, 0)
		}
		f.fromFile, f.toFile, f.capture = f1, f2, true
	case f1 >= 0 && r1 != 0 && sep == 0:
		// One square, the destination; a letter after it is a promotion.
		sc.i = originEnd
		f.to, err = b.square(text, s[:originEnd], f1, r1)
		f1, r1 = -1, 0
	default:
		return errorf(text, Unreadable, "no destination square")
	}
	if err != nil {
		return err
	}
	if f.to != rules.NoSquare {
		f.toFile = f.to.File()
		f.capture = sep == 'x' || sep == ':'
	}
	if f.piece == rules.NoKind && (f1 < 0 || r1 == 0) {
		f.piece = rules.Pawn // SAN writes no letter for a pawn
	}
	f.promo, err = readPromotion(text, s[sc.i:])
	return err
}

// cutLabel splits a leading piece label off s: a SAN upper-case letter, or
// Game Courier's letter and space in either case. The label is 0 when s has
// none.
func cutLabel(s string) (byte, string) {
	switch {
	case len(s) >= 2 && isLetter(s[0]) && s[1] == ' ':
		return s[0], strings.TrimLeft(s[2:], " ")
	case s != "" && s[0] >= 'A' && s[0] <= 'Z':
		return s[0], s[1:]
	}
	return 0, s
}

// readPromotion reads what follows the destination: nothing, or a piece
// letter written "=Q", "Q", "q", "(Q)" or "/Q".
func readPromotion(text, rest string) (rules.Kind, error) {
	if rest == "" {
		return rules.NoKind, nil
	}
	letter := rest
	switch {
	case rest[0] == '=' || rest[0] == '/':
		letter = rest[1:]
	case rest[0] == '(' && strings.HasSuffix(rest, ")"):
		letter = rest[1 : len(rest)-1]
	}
	if len(letter) != 1 || !isLetter(letter[0]) {
		return rules.NoKind, errorf(text, Unreadable, "unexpected %q after the destination", rest)
	}
	k, ok := rules.KindOfLetter(letter[0])
	if !ok {
		return rules.NoKind, errorf(text, Unreadable, "%c is not a piece letter", letter[0])
	}
	return k, nil
}

// readPart reads one of Game Courier's parts after the move: a promotion
// ("q-e8"), the removal of a man ("e5-" or "@-e5", for en passant), or the
// rook's move of a castling ("R h1-f1" or "h1-f1").
func (f *form) readPart(text, s string, b board) error {
	switch {
	case s == "":
		return nil
	case strings.HasPrefix(s, "@-") || strings.HasSuffix(s, "-"):
		sq, err := b.wholeSquare(text, strings.TrimSuffix(strings.TrimPrefix(s, "@-"), "-"))
		f.removed = sq
		return err
	case len(s) > 2 && isLetter(s[0]) && s[1] == '-':
		sq, err := b.wholeSquare(text, s[2:])
		if err != nil {
			return err
		}
		k, ok := rules.KindOfLetter(s[0])
		switch {
		case !ok:
			return errorf(text, Unreadable, "%c is not a piece letter", s[0])
		case sq != f.to:
			return errorf(text, BadPromotion, "the promotion part %q is not on the move's destination", s)
		case f.promo != rules.NoKind && f.promo != k:
			return errorf(text, BadPromotion, "two different promotions are given")
		}
		f.promo = k
		return nil
	}
	label, move := cutLabel(s)
	if k, _ := rules.KindOfLetter(label); label != 0 && k != rules.Rook {
		return errorf(text, Unreadable, "cannot read %q: only a rook's move may follow a move", s)
	}
	from, to, ok := strings.Cut(move, "-")
	if !ok {
		return errorf(text, Unreadable, "cannot read %q: a Game Courier part is a promotion, a removal or a rook's move", s)
	}
	var err error
	if f.rookFrom, err = b.wholeSquare(text, from); err != nil {
		return err
	}
	f.rookTo, err = b.wholeSquare(text, to)
	return err
}

// wholeSquare reads s as one square of the board.
func (b board) wholeSquare(text, s string) (rules.Square, error) {
	sc := &scanner{s: s}
	file, rank := sc.file(), sc.rank()
	if file < 0 || rank == 0 || sc.i != len(s) {
		return rules.NoSquare, errorf(text, Unreadable, "%q is not a square", s)
	}
	return b.square(text, s, file, rank)
}

// square returns the square on file (from 0) and rank (from 1), named name
// in the text, or an error when it is not on the board.
func (b board) square(text, name string, file, rank int) (rules.Square, error) {
	if file >= b.w || rank < 1 || rank > b.h {
		return rules.NoSquare, errorf(text, Unreadable, "%s is not a square of %s", name, b)
	}
	return rules.SquareAt(file, rank-1), nil
}

// checkOrigin reports a disambiguating origin named name in the text (file
// -1 and rank 0 when not given) that is off the board.
func (b board) checkOrigin(text, name string, file, rank int) error {
	switch {
	case file >= 0 && rank != 0:
		_, err := b.square(text, name, file, rank)
		return err
	case file >= b.w:
		return errorf(text, Unreadable, "%s is not a file of %s", name, b)
	case rank < 0 || rank > b.h:
		return errorf(text, Unreadable, "%s is not a rank of %s", name, b)
	}
	return nil
}

// scanner reads a move text byte by byte.
type scanner struct {
	s string
	i int
}

// file reads a file letter a-p and returns its index, or -1.
func (sc *scanner) file() int {
	if sc.i < len(sc.s) && sc.s[sc.i] >= 'a' && sc.s[sc.i] <= 'p' {
		sc.i++
		return int(sc.s[sc.i-1] - 'a')
	}
	return -1
}

// rank reads a rank number and returns it counted from 1, 0 when there is
// none, or -1 when it cannot be a rank (a leading zero, more than two digits).
func (sc *scanner) rank() int {
	start := sc.i
	for sc.i < len(sc.s) && sc.s[sc.i] >= '0' && sc.s[sc.i] <= '9' {
		sc.i++
	}
	digits := sc.s[start:sc.i]
	switch {
	case digits == "":
		return 0
	case digits[0] == '0' || len(digits) > 2:
		return -1
	}
	r := 0
	for _, d := range []byte(digits) {
		r = r*10 + int(d-'0')
	}
	return r
}

// separator reads "x", ":" or "-" and returns it, or 0.
func (sc *scanner) separator() byte {
	if sc.i < len(sc.s) && strings.IndexByte("x:-", sc.s[sc.i]) >= 0 {
		sc.i++
		return sc.s[sc.i-1]
	}
	return 0
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

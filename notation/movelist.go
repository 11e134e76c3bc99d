package notation

import (
	"regexp"
	"strings"

	"timechess/rules"
)

// ParseMoves reads a whitespace-separated list of moves, as given to
// `--moves "e4 e5 Nf3"`, plays each on p in turn and returns them. Move
// numbers ("1.", "1...", "12.Nf3"), "e.p." and result tokens ("1-0") are
// skipped; a Game Courier move stays one move across its spaces ("P e2-e4",
// "p e7-e8; q-e8"), as do the Gifford seed's spellings ("Bf1// to 9"). A refused move gives a *MoveError naming its number and
// text, and p is then left as it was before the call.
func ParseMoves(p *rules.Position, text string) ([]rules.Move, error) {
	var moves []rules.Move
	for i, tok := range splitMoves(text) {
		m, err := Parse(p, tok)
		if err != nil {
			for range moves {
				p.Unmake()
			}
			return nil, &MoveError{Index: i + 1, Text: tok, Err: err}
		}
		p.Make(m)
		moves = append(moves, m)
	}
	return moves, nil
}

// splitMoves cuts a move list into the texts of its moves, joining the
// tokens that Joins says belong together.
func splitMoves(text string) []string {
	var out []string
	for _, tok := range strings.Fields(text) {
		tok = stripMoveNumber(tok)
		if tok == "" || tok == "e.p." || isResult(tok) {
			continue
		}
		if len(out) > 0 && Joins(out[len(out)-1], tok) {
			out[len(out)-1] += " " + tok
		} else {
			out = append(out, tok)
		}
	}
	return out
}

// Joins reports whether the whitespace-separated token next continues the
// move text sofar rather than starting a new move. A lone letter (a Game
// Courier label), a token ending in ";" or "/" and the word "to" take the
// token after them; a token starting with ";" or "/" joins the one before;
// the Gifford seed's backward travel "K // to 6" takes its landing
// "K f3 // FTF". So Game Courier's moves ("P e2-e4", "p e7-e8; q-e8") and
// the seed's spellings ("Bf1// to 9", rulings G8) stay whole.
func Joins(sofar, next string) bool {
	last := sofar[strings.LastIndexByte(sofar, ' ')+1:]
	return strings.HasPrefix(next, ";") || strings.HasPrefix(next, "/") ||
		strings.HasSuffix(last, ";") || strings.HasSuffix(last, "/") || last == "to" ||
		len(last) == 1 && isLetter(last[0]) || AwaitsLanding(sofar)
}

// AwaitsLanding reports whether the move text sofar is the first half of
// the Gifford seed's backward travel, "K // to 6", whose landing ("K f3 //
// FTF") follows as the same turn, possibly after the new score sheet's move
// number ("10. K // to 6 6. K f3 // FTF", rulings G8).
func AwaitsLanding(sofar string) bool { return seedBackTravel.MatchString(sofar) }

// seedBackTravel matches the first half of the Gifford seed's backward
// travel, "K // to 6", whose landing ("K f3 // FTF") follows as the same turn.
var seedBackTravel = regexp.MustCompile(`^[Kk]\s*([a-p][0-9]{1,2})?\s*//\s*to\s*[0-9]+$`)

// stripMoveNumber removes a leading move number with its dots ("12.",
// "1...", "1…") and a lone run of dots.
func stripMoveNumber(tok string) string {
	digits := strings.TrimLeft(tok, "0123456789")
	if rest := strings.TrimLeft(digits, ".…"); rest != digits {
		return rest
	}
	return tok
}

func isResult(tok string) bool {
	switch tok {
	case "1-0", "0-1", "1/2-1/2", "½-½", "*":
		return true
	}
	return false
}

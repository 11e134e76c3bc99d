package travelers

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"timechess/internal/casescript"

	"timechess/notation"
	"timechess/rules"
)

// The scripted cases live in testdata/*.cases and run through
// internal/casescript (its package doc lists the common directives). The
// directives of Time Traveler's Chess:
//
//	game MOVETEXT [| beyond MOVES]
//	                     play a game as the seed writes it, checking its check marks:
//	                     "+" must be our "+", "++" our "#", no mark no mark, except
//	                     for the moves after "beyond", which give check by R7 where
//	                     the seed marks none
//	correct COLOR yes|no whether the side is grammatically correct
//	supports KIND SQS    the explosion squares of that type, sorted ("-" none)
//	resonators SQ SQS    the resonators of the traveling man on SQ, sorted
//	occupy SQ            every legal action leaves a man of the mover on SQ
//	placed SQ KINDS      legal explosions put traveled men of at least these kinds on SQ

// TestCases runs every scripted case.
func TestCases(t *testing.T) {
	casescript.Suite{Variant: Travelers, Directives: travelersDirectives()}.Run(t, "testdata")
}

// travelersDirectives returns the directives of Time Traveler's Chess.
func travelersDirectives() map[string]casescript.Directive {
	return map[string]casescript.Directive{
		"game":       onPosition(gameDirective),
		"correct":    onPosition(correctDirective),
		"supports":   onPosition(supportsDirective),
		"resonators": onPosition(resonatorsDirective),
		"occupy":     onPosition(occupyDirective),
		"placed":     onPosition(placedDirective),
	}
}

// onPosition makes a directive of a check on the case's position.
func onPosition(check func(p *rules.Position, args string) error) casescript.Directive {
	return func(s *casescript.Script, args string) error { return check(s.Position, args) }
}

// gameDirective runs "game MOVETEXT [| beyond MOVES]".
func gameDirective(p *rules.Position, args string) error {
	movetext, beyond, _ := strings.Cut(args, "|")
	var marked []string
	if beyond = strings.TrimSpace(beyond); beyond != "" {
		moves, ok := strings.CutPrefix(beyond, "beyond ")
		if !ok {
			return fmt.Errorf("after the movetext, want \"| beyond MOVES\", got %q", beyond)
		}
		marked = strings.Fields(moves)
	}
	return playGame(p, movetext, marked)
}

// playGame plays a game as the seed writes it and compares the check marks.
func playGame(p *rules.Position, movetext string, beyond []string) error {
	for _, tok := range strings.Fields(movetext) {
		if i := strings.LastIndex(tok, "."); i >= 0 {
			tok = tok[i+1:]
		}
		if tok == "" || tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" {
			continue
		}
		m, err := notation.Parse(p, tok)
		if err != nil {
			return err
		}
		san := notation.SAN(p, m)
		want := ""
		switch {
		case strings.HasSuffix(tok, "++"):
			want = "#"
		case strings.HasSuffix(tok, "+"):
			want = "+"
		case slices.Contains(beyond, tok):
			want = "+"
		}
		if got := markOf(san); got != want {
			return fmt.Errorf("%s is written %s: check mark %q, want %q", tok, san, got, want)
		}
		p.Make(m)
	}
	return nil
}

// markOf returns the check or mate mark of a SAN text.
func markOf(san string) string {
	switch {
	case strings.HasSuffix(san, "#"):
		return "#"
	case strings.HasSuffix(san, "+"):
		return "+"
	}
	return ""
}

// correctDirective runs "correct COLOR yes|no".
func correctDirective(p *rules.Position, args string) error {
	fields := strings.Fields(args)
	if len(fields) != 2 {
		return fmt.Errorf("correct wants a colour and yes or no")
	}
	c := rules.White
	if fields[0] == "black" {
		c = rules.Black
	}
	n := analyse(p)
	defer n.release()
	if got := yesNo(n.correctNow(p, c)); got != fields[1] {
		return fmt.Errorf("%s correct: %s, want %s", fields[0], got, fields[1])
	}
	return nil
}

// supportsDirective runs "supports KIND SQS".
func supportsDirective(p *rules.Position, args string) error {
	return compareSquares("supports", strings.Fields(args), func(k rules.Kind, _ rules.Square) rules.Bitboard {
		var s survey
		s.run(p, p.Side, fullSurvey)
		return s.support[k]
	})
}

// resonatorsDirective runs "resonators SQ SQS".
func resonatorsDirective(p *rules.Position, args string) error {
	return compareSquares("resonators", strings.Fields(args), func(_ rules.Kind, t rules.Square) rules.Bitboard {
		var s survey
		s.run(p, p.Board[t].Color(), resonanceSurvey)
		var out rules.Bitboard
		for i, r := range s.res {
			if r.Has(t) {
				out.Set(s.origin[i])
			}
		}
		return out
	})
}

// occupyDirective runs "occupy SQ".
func occupyDirective(p *rules.Position, args string) error {
	sq, err := rules.ParseSquare(args, p.Geometry().W, p.Geometry().H)
	if err != nil {
		return err
	}
	us := p.Side
	for _, m := range p.Legal(nil) {
		p.Make(m)
		pc := p.At(sq)
		p.Unmake()
		if pc == rules.NoPiece || pc.Color() != us {
			return fmt.Errorf("%s leaves no %s man on %s", notation.SAN(p, m), us, sq)
		}
	}
	return nil
}

// placedDirective runs "placed SQ KINDS".
func placedDirective(p *rules.Position, args string) error {
	fields := strings.Fields(args)
	if len(fields) != 2 {
		return fmt.Errorf("placed wants a square and kind letters")
	}
	sq, err := rules.ParseSquare(fields[0], p.Geometry().W, p.Geometry().H)
	if err != nil {
		return err
	}
	kinds := map[rules.Kind]bool{}
	for _, m := range p.Legal(nil) {
		if m.Kind == rules.Explosion && m.To == sq {
			kinds[m.Piece] = true
		}
	}
	for _, c := range []byte(fields[1]) {
		if k, _ := rules.KindOfLetter(c); !kinds[k] {
			return fmt.Errorf("no legal explosion puts a traveled %s on %s", k, sq)
		}
	}
	return nil
}

// compareSquares checks a directive "OP ARG SQUARES" whose ARG is a kind
// letter (supports) or a square (resonators) against get.
func compareSquares(op string, fields []string, get func(rules.Kind, rules.Square) rules.Bitboard) error {
	if len(fields) < 2 {
		return fmt.Errorf("%s wants an argument and squares", op)
	}
	var k rules.Kind
	t := rules.NoSquare
	if len(fields[0]) == 1 {
		k, _ = rules.KindOfLetter(fields[0][0])
	} else {
		sq, err := rules.ParseSquare(fields[0], 16, 16)
		if err != nil {
			return err
		}
		t = sq
	}
	var got []string
	for _, s := range get(k, t).Squares() {
		got = append(got, s.String())
	}
	slices.Sort(got)
	want := fields[1:]
	if len(want) == 1 && want[0] == "-" {
		want = nil
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		return fmt.Errorf("%s %s: %v, want %v", op, fields[0], got, want)
	}
	return nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

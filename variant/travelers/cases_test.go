package travelers

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"timechess/internal/casescript"

	"timechess/notation"
	"timechess/rules"
)

// The scripted cases live in testdata/*.cases. A case starts with a line
// "case NAME"; each further line is a directive run in order on one position:
//
//	source TEXT          where the case comes from: the seed's sentence or the ruling (required)
//	note TEXT            how the position realises it
//	position FEN|start   set the position up
//	refuse FEN => TEXT   the position text is refused with an error containing TEXT
//	play MOVES           play the moves (any notation notation.ParseMoves reads)
//	game MOVETEXT        play a game as the seed writes it, checking its check marks:
//	                     "+" must be our "+", "++" our "#", no mark no mark, except
//	                     for the moves a preceding "beyond" line names
//	beyond MOVES         moves that give check by R7 where the seed marks none
//	undo N               take back N actions
//	legal MOVES          each text names a legal action
//	illegal MOVES        each text names no legal action
//	refused KIND TEXTS   each text is refused with that notation.ErrorKind
//	only MOVES           the legal actions are exactly the ones named
//	count N              the number of legal actions
//	status RES [REASON]  Status: "*", "1-0", "0-1" or "1/2-1/2", and the reason
//	check yes|no         whether the side to move is in check
//	correct COLOR yes|no whether the side is grammatically correct
//	fen TEXT             the position text
//	san MOVE TEXT        the SAN of the legal action named by MOVE
//	coord MOVE TEXT      its coordinate form
//	supports KIND SQS    the explosion squares of that type, sorted ("-" none)
//	resonators SQ SQS    the resonators of the traveling man on SQ, sorted
//	occupy SQ            every legal action leaves a man of the mover on SQ
//	placed SQ KINDS      legal explosions put traveled men of at least these kinds on SQ
//
// Lines starting with "#" are comments.

// scriptCase is one case of a .cases file.
type scriptCase struct {
	name, source, where string
	steps               []scriptStep
}

// scriptStep is one directive line.
type scriptStep struct {
	line     int
	op, args string
}

// loadCases reads every case of the .cases files in testdata.
func loadCases(t testing.TB) []scriptCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.cases"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/*.cases files (%v)", err)
	}
	var out []scriptCase
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			op, args, _ := strings.Cut(line, " ")
			args = strings.TrimSpace(args)
			switch {
			case op == "case":
				out = append(out, scriptCase{name: args, where: fmt.Sprintf("%s:%d", name, n)})
			case len(out) == 0:
				t.Fatalf("%s:%d: %q before the first case", name, n, line)
			case op == "source":
				out[len(out)-1].source = args
			default:
				c := &out[len(out)-1]
				c.steps = append(c.steps, scriptStep{n, op, args})
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestCases runs every scripted case.
func TestCases(t *testing.T) {
	names := map[string]string{}
	for _, c := range loadCases(t) {
		if prev, dup := names[c.name]; dup {
			t.Fatalf("%s: case %q already defined at %s", c.where, c.name, prev)
		}
		names[c.name] = c.where
		t.Run(c.name, func(t *testing.T) {
			if c.source == "" {
				t.Fatalf("%s: the case does not say where it comes from (source line)", c.where)
			}
			c.run(t)
		})
	}
}

// run plays the case's directives.
func (c scriptCase) run(t *testing.T) {
	var p *rules.Position
	var beyond []string
	for _, s := range c.steps {
		at := fmt.Sprintf("%s (line %d, %s %s)", c.where, s.line, s.op, s.args)
		switch s.op {
		case "note":
		case "position":
			fen := s.args
			if fen == "start" {
				fen = Travelers.S.Start
			}
			var err error
			if p, err = rules.NewPosition(Travelers, fen); err != nil {
				t.Fatalf("%s: %v", at, err)
			}
		case "refuse":
			fen, want, _ := strings.Cut(s.args, "=>")
			_, err := rules.NewPosition(Travelers, strings.TrimSpace(fen))
			if err == nil || !strings.Contains(err.Error(), strings.TrimSpace(want)) {
				t.Errorf("%s: error %v, want one containing %q", at, err, strings.TrimSpace(want))
			}
		case "beyond":
			beyond = strings.Fields(s.args)
		default:
			if p == nil {
				t.Fatalf("%s: no position set up", at)
			}
			var err error
			if s.op == "game" {
				err = playGame(p, s.args, beyond)
				beyond = nil
			} else {
				err = runStep(p, s.op, s.args)
			}
			if err != nil {
				t.Errorf("%s: %v\n\tposition %s", at, err, p.FEN())
			}
		}
	}
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

// runStep runs one directive on p.
func runStep(p *rules.Position, op, args string) error {
	fields := strings.Fields(args)
	switch op {
	case "play":
		_, err := notation.ParseMoves(p, args)
		return err
	case "undo":
		n, err := strconv.Atoi(args)
		if err != nil || n > p.Ply() {
			return fmt.Errorf("cannot take back %q actions after %d", args, p.Ply())
		}
		for range n {
			p.Unmake()
		}
	case "legal":
		for _, text := range fields {
			if _, err := notation.Parse(p, text); err != nil {
				return fmt.Errorf("%s should be legal: %v", text, err)
			}
		}
	case "illegal":
		return casescript.Refused(p, notation.NoMatch.String(), fields)
	case "why":
		if len(fields) < 2 {
			return fmt.Errorf("why wants a rule and texts")
		}
		return casescript.Why(p, fields[0], fields[1:])
	case "notice":
		return casescript.Notices(p, casescript.Fields(args))
	case "refused":
		if len(fields) < 2 {
			return fmt.Errorf("refused wants an error kind and texts")
		}
		return casescript.Refused(p, fields[0], fields[1:])
	case "only":
		return casescript.Only(p, fields)
	case "count":
		if got := strconv.Itoa(len(p.Legal(nil))); got != args {
			return fmt.Errorf("%s legal actions, want %s", got, args)
		}
	case "status":
		st := p.Status()
		if got := strings.TrimSpace(st.Result.String() + " " + st.Reason); got != args {
			return fmt.Errorf("status %q, want %q", got, args)
		}
	case "check":
		if got := yesNo(p.InCheck()); got != args {
			return fmt.Errorf("in check: %s, want %s", got, args)
		}
	case "correct":
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
	case "fen":
		if got := p.FEN(); got != args {
			return fmt.Errorf("position text\n\t%s\nwant\n\t%s", got, args)
		}
	case "san", "coord":
		if len(fields) != 2 {
			return fmt.Errorf("%s wants a move and its text", op)
		}
		m, err := notation.Parse(p, fields[0])
		if err != nil {
			return err
		}
		got := notation.SAN(p, m)
		if op == "coord" {
			got = notation.Coord(p, m)
		}
		if got != fields[1] {
			return fmt.Errorf("%s of %s is %q, want %q", op, fields[0], got, fields[1])
		}
	case "supports":
		return compareSquares(op, fields, func(k rules.Kind, _ rules.Square) rules.Bitboard {
			var s survey
			s.run(p, p.Side, fullSurvey)
			return s.support[k]
		})
	case "resonators":
		return compareSquares(op, fields, func(_ rules.Kind, t rules.Square) rules.Bitboard {
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
	case "occupy":
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
	case "placed":
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
	default:
		return fmt.Errorf("unknown directive %q", op)
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

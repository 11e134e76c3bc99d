package match

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"timechess/notation"
	"timechess/rules"
)

// fakeEnv selects the behaviour of a fake engine: when the test binary is
// started with it set to PROTOCOL:MODE, it plays a scripted engine instead
// of running tests (see TestMain).
const fakeEnv = "TIMECHESS_FAKE_ENGINE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeEngine(mode))
	}
	os.Exit(m.Run())
}

// fake is the state of a fake engine.
type fake struct {
	xboard  bool
	mode    string
	p       *rules.Position
	playing bool // XBoard: out of force mode
}

// fakeEngine speaks UCI ("uci:MODE") or XBoard ("xboard:MODE") on stdin and
// stdout, playing the first legal move of chess. The modes: "ok", "illegal"
// (answers a move that is not legal), "crash" (dies when asked to move),
// "hang" (never answers a move request), "resign" (XBoard: resigns), "deaf"
// (never finishes the handshake).
func fakeEngine(spec string) int {
	protocol, mode, _ := strings.Cut(spec, ":")
	f := &fake{xboard: protocol == "xboard", mode: mode}
	f.reset()
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		w := strings.Fields(in.Text())
		if len(w) == 0 {
			continue
		}
		if code := f.command(w); code >= 0 {
			return code
		}
	}
	return 0
}

// reset sets up the start position.
func (f *fake) reset() {
	v, _ := rules.Lookup("chess")
	f.p, _ = rules.NewPosition(v, v.Spec().Start)
}

// command answers one command; a status of 0 or more ends the program.
func (f *fake) command(w []string) int {
	switch w[0] {
	case "uci":
		if f.mode == "deaf" {
			time.Sleep(time.Hour)
		}
		fmt.Println("id name Fake UCI")
		fmt.Println("option name Hash type spin default 16 min 1 max 1024")
		fmt.Println("uciok")
	case "isready":
		fmt.Println("readyok")
	case "position": // position fen F1 .. F6 [moves ...]
		f.p, _ = rules.NewPosition(f.p.Variant(), strings.Join(w[2:8], " "))
		if len(w) > 9 {
			_, _ = notation.ParseMoves(f.p, strings.Join(w[9:], " "))
		}
	case "protover":
		if f.mode == "deaf" {
			time.Sleep(time.Hour)
		}
		fmt.Println(`feature myname="Fake XBoard" ping=1 setboard=1 usermove=1 done=1`)
	case "ping":
		fmt.Println("pong " + w[1])
	case "new":
		f.reset()
	case "force":
		f.playing = false
	case "usermove":
		if m, err := notation.Parse(f.p, w[1]); err == nil {
			f.p.Make(m)
		}
		if f.playing {
			return f.move()
		}
	case "go":
		f.playing = true
		return f.move()
	case "quit":
		return 0
	}
	return -1
}

// move answers a move request as the mode says.
func (f *fake) move() int {
	switch f.mode {
	case "crash":
		fmt.Fprintln(os.Stderr, "fake engine: segmentation fault")
		return 3
	case "hang":
		time.Sleep(time.Hour)
	case "resign":
		fmt.Println("resign")
		return -1
	}
	text := "a1a1"
	if legal := f.p.Legal(nil); f.mode != "illegal" && len(legal) > 0 {
		text = notation.Coord(f.p, legal[0])
	}
	if !f.xboard {
		fmt.Println("info depth 1 score cp 12 pv " + text)
		fmt.Println("bestmove " + text)
		return -1
	}
	fmt.Println("1 -12 0 10 " + text)
	fmt.Println("move " + text)
	if m, err := notation.Parse(f.p, text); err == nil {
		f.p.Make(m)
	}
	return -1
}

package protocoltest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Peer is one side of a conversation in a line protocol: an engine run in
// the test's process (Conn) or a program (engineproc.Process).
type Peer interface {
	Send(line string) error
	Next(ctx context.Context) (string, error)
}

// Program returns the path of the program name, looked for on PATH and in
// /usr/games (where Debian installs chess engines), or skips the test with
// a message saying which package brings it.
func Program(t *testing.T, name, debianPackage string) string {
	t.Helper()
	if path, err := exec.LookPath(name); err == nil {
		return path
	}
	path := filepath.Join("/usr/games", name)
	if _, err := os.Stat(path); err == nil {
		return path
	}
	t.Skipf("%s is not installed (Debian package %s, which .ci/run installs): skipping the test against it", name, debianPackage)
	return ""
}

// BuildTimechess builds the timechess command into a temporary directory
// and returns its path.
func BuildTimechess(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("the go command is not on PATH, so timechess cannot be built: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "timechess")
	out, err := exec.Command(goTool, "build", "-o", bin, "timechess/cmd/timechess").CombinedOutput()
	if err != nil {
		t.Fatalf("go build timechess/cmd/timechess: %v\n%s", err, out)
	}
	return bin
}

// Until reads p's lines up to the first that match accepts and returns it
// with the lines before it.
func Until(ctx context.Context, p Peer, match func(string) bool) (line string, before []string, err error) {
	for {
		l, err := p.Next(ctx)
		if err != nil {
			return "", before, err
		}
		if match(l) {
			return l, before, nil
		}
		before = append(before, l)
	}
}

// Prefix matches lines that start with s.
func Prefix(s string) func(string) bool {
	return func(l string) bool { return strings.HasPrefix(l, s) }
}

// UCIStart opens a UCI session: uci, the options given as name/value
// pairs, isready, ucinewgame.
func UCIStart(ctx context.Context, p Peer, options ...string) error {
	if err := p.Send("uci"); err != nil {
		return err
	}
	if _, _, err := Until(ctx, p, Prefix("uciok")); err != nil {
		return err
	}
	for i := 0; i+1 < len(options); i += 2 {
		if err := p.Send("setoption name " + options[i] + " value " + options[i+1]); err != nil {
			return err
		}
	}
	if err := p.Send("isready"); err != nil {
		return err
	}
	if _, _, err := Until(ctx, p, Prefix("readyok")); err != nil {
		return err
	}
	return p.Send("ucinewgame")
}

// UCIBestMove sends position and go commands and returns the move of the
// bestmove answer ("(none)" when the engine has none).
func UCIBestMove(ctx context.Context, p Peer, position, goCmd string) (string, error) {
	if err := p.Send(position); err != nil {
		return "", err
	}
	if err := p.Send(goCmd); err != nil {
		return "", err
	}
	line, _, err := Until(ctx, p, Prefix("bestmove"))
	if err != nil {
		return "", err
	}
	f := strings.Fields(line)
	if len(f) < 2 {
		return "", fmt.Errorf("%q names no move", line)
	}
	return f[1], nil
}

// XBoardStart opens an XBoard session: xboard, protover 2, the features up
// to done=1 (returned as one text), new, force and the commands given.
func XBoardStart(ctx context.Context, p Peer, commands ...string) (features string, err error) {
	for _, c := range []string{"xboard", "protover 2"} {
		if err := p.Send(c); err != nil {
			return "", err
		}
	}
	var all []string
	for {
		line, _, err := Until(ctx, p, Prefix("feature "))
		if err != nil {
			return strings.Join(all, " "), err
		}
		all = append(all, strings.TrimPrefix(line, "feature "))
		if strings.Contains(line, "done=1") {
			break
		}
	}
	for _, c := range append([]string{"new", "force"}, commands...) {
		if err := p.Send(c); err != nil {
			return "", err
		}
	}
	return strings.Join(all, " "), nil
}

// xboardAnswer matches the XBoard lines that end a turn: a move, a result
// claim, a resignation, or a refused move.
var xboardAnswer = regexp.MustCompile(`^(move (\S+)|(1-0|0-1|1/2-1/2)( .*)?|resign|Illegal move.*)$`)

// XBoardMove reads p's answer when it is to move: its move, or (with an
// empty move) the line that ended the game instead.
func XBoardMove(ctx context.Context, p Peer) (move, other string, err error) {
	line, _, err := Until(ctx, p, xboardAnswer.MatchString)
	if err != nil {
		return "", "", err
	}
	if m := xboardAnswer.FindStringSubmatch(line); m[2] != "" {
		return m[2], "", nil
	}
	return "", line, nil
}

package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestMovesNotices checks that moves --notices says on stderr what is
// special about the turn, with the rule, and keeps stdout the move list.
func TestMovesNotices(t *testing.T) {
	var stdout, stderr bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}
	args := []string{"moves", "--variant", "gifford", "--moves", "d2//3 Nc6 e4 Nf6", "--notices"}
	if code := run(context.Background(), args, env); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	want := "notice: White's pawn, sent at move 1, arrives now: this turn is its arrival; place it on any empty square off the first and the last rank (arrival, G4)\n"
	if stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if !strings.Contains(stdout.String(), "P@d4\n") || strings.Contains(stdout.String(), "notice") {
		t.Errorf("stdout %q, want the arrivals only", stdout.String())
	}
}

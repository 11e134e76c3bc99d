package main

import (
	"strings"
	"testing"
)

// FuzzPlayInput feeds arbitrary input lines to a game against the random
// player: whatever is typed, the session ends with status 0, or 1 and a
// message, never a panic or a hang.
func FuzzPlayInput(f *testing.F) {
	f.Add("chess", "e4\nhint\nundo\nundo\nmoves\nNf3\nfen\npgn\nresign\ne4\nquit\n")
	f.Add("gifford", "e2//5\nKe1//1@e4\nB@c4\nundo\n")
	f.Add("timethief", "e4\nTxg4\nd7xg4\n\x00\n")
	f.Add("chess10x8", "Gd3\nO-O-O\n"+strings.Repeat("x", 300))
	f.Fuzz(func(t *testing.T, variant, input string) {
		checkExit(t, []string{"play", "--variant=" + variant, "--engine=random:seed=1"}, strings.NewReader(input))
	})
}

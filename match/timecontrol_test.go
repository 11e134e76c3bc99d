package match

import (
	"strings"
	"testing"
	"time"
)

func TestParseTimeControl(t *testing.T) {
	tests := []struct {
		text    string
		want    TimeControl
		err     string
		printed string // String's form when it is not text
	}{
		// The forms of the grammar (cutechess-cli writes the same).
		{text: "40/10+0.1", want: TimeControl{40, 10 * time.Second, 100 * time.Millisecond}},
		{text: "60+1", want: TimeControl{0, time.Minute, time.Second}},
		{text: "40/1:30", want: TimeControl{40, 90 * time.Second, 0}, printed: "40/90"},
		{text: "0.5", want: TimeControl{0, 500 * time.Millisecond, 0}},
		{text: "1:00:00", err: "is not a number of seconds"},
		{text: "0", err: "above 0"},
		{text: "0/10", err: "from 1 to 1000"},
		{text: "x/10", err: "from 1 to 1000"},
		{text: "10+", err: "increment"},
		{text: "10+-1", err: "increment"},
		{text: "-5", err: "not a number of seconds"},
		{text: "NaN", err: "not a number of seconds"},
		{text: "100000", err: "more than 24h"},
		{text: "", err: "not a number of seconds"},
	}
	for _, tc := range tests {
		got, err := ParseTimeControl(tc.text)
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseTimeControl(%q) error %v, want one containing %q", tc.text, err, tc.err)
			}
		case err != nil:
			t.Errorf("ParseTimeControl(%q): %v", tc.text, err)
		case got != tc.want:
			t.Errorf("ParseTimeControl(%q) = %+v, want %+v", tc.text, got, tc.want)
		case got.String() != tc.text && got.String() != tc.printed:
			t.Errorf("%+v.String() = %q", got, got.String())
		}
	}
}

// TestClocks follows the clocks of a 2-move control with an increment.
func TestClocks(t *testing.T) {
	c := newClocks(TimeControl{Moves: 2, Base: 10 * time.Second, Inc: time.Second})
	if st := c.state(0); st.Left != [2]time.Duration{10 * time.Second, 10 * time.Second} || st.MovesToGo != 2 {
		t.Fatalf("start: %+v", st)
	}
	steps := []struct {
		side      int
		used      time.Duration
		fell      bool
		left      time.Duration
		movesToGo int
	}{
		{0, 3 * time.Second, false, 8 * time.Second, 1},           // 10 - 3 + 1
		{1, 0, false, 11 * time.Second, 1},                        // 10 - 0 + 1
		{0, 2 * time.Second, false, 17 * time.Second, 2},          // 8 - 2 + 1, then +10 for the next 2 moves
		{1, 11050 * time.Millisecond, false, 11 * time.Second, 2}, // 50 ms over, within the 100 ms margin: 0 + 1 + 10
		{0, 18 * time.Second, true, -time.Second, 0},              // the flag falls
	}
	for i, s := range steps {
		if fell := c.spend(s.side, s.used, 100*time.Millisecond); fell != s.fell {
			t.Fatalf("step %d: fell = %v", i, fell)
		}
		if c.left[s.side] != s.left {
			t.Fatalf("step %d: left %v, want %v", i, c.left[s.side], s.left)
		}
		if !s.fell && c.state(s.side).MovesToGo != s.movesToGo {
			t.Fatalf("step %d: moves to go %d, want %d", i, c.state(s.side).MovesToGo, s.movesToGo)
		}
	}
}

// FuzzParseTimeControl: any text gives a time control or an error; one
// that parses prints as text that parses back to it.
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"40/10+0.1", "60+1", "40/1:30", "0.5", "1e3", "1:", "/+", "3/0x10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tc, err := ParseTimeControl(text)
		if err != nil {
			return
		}
		back, err := ParseTimeControl(tc.String())
		if err != nil || back != tc {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", text, tc, tc.String(), back, err)
		}
	})
}

package server

import (
	"net/http"
	"strings"
	"testing"
)

// TestRecordWritesVariations writes an analysis board's tree as PGN: the
// main line with its variations nested where they branch, in every
// variant's own notation; the import reads the tree back from it.
func TestRecordWritesVariations(t *testing.T) {
	ts := start(t, backends()[0].fresh(t), nil)
	mv := func(move string, variations ...[]map[string]any) map[string]any {
		m := map[string]any{"move": move}
		if len(variations) > 0 {
			m["variations"] = variations
		}
		return m
	}
	line := func(moves ...map[string]any) []map[string]any { return moves }
	cases := []struct {
		name string
		body map[string]any
		want string
	}{
		{"chess", map[string]any{"variant": "chess", "line": line(
			mv("e2e4"),
			mv("e5", line(mv("c5"), mv("Nf3", line(mv("Nc3")))), line(mv("e6"))),
			mv("Nf3"))},
			"1. e4 e5 (1... c5 2. Nf3 (2. Nc3)) (1... e6) 2. Nf3 *"},
		{"gifford", map[string]any{"variant": "gifford", "line": line(
			mv("d2//3", line(mv("e4"))), mv("Nc6"))},
			"1. d2//3 (1. e4) 1... Nc6 *"},
		{"no moves", map[string]any{"variant": "chess", "line": line()}, "*"},
		{"mate", map[string]any{"variant": "chess", "line": line(mv("f3"), mv("e5"), mv("g4", line(mv("Kf2"))), mv("Qh4"))},
			"1. f3 e5 2. g4 (2. Kf2) 2... Qh4# 0-1"},
	}
	for _, c := range cases {
		res := ts.call("POST", "/api/v1/pgn", "", c.body, http.StatusOK, nil)
		if ct := res.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/x-chess-pgn") {
			t.Errorf("%s: Content-Type %q", c.name, ct)
		}
		text := string(res.body)
		if !strings.Contains(text, c.want) {
			t.Errorf("%s: the record\n%s\ndoes not hold %q", c.name, text, c.want)
		}
		// Imported, the record gives the tree back (in coordinates), which writes the same record.
		var imp struct{ Games []importedGame }
		ts.call("POST", "/api/v1/import", "", map[string]any{"pgn": text}, http.StatusOK, &imp)
		if len(imp.Games) != 1 || imp.Games[0].Variant != c.body["variant"] {
			t.Fatalf("%s: read back as %+v", c.name, imp.Games)
		}
		got := imp.Games[0]
		again := ts.call("POST", "/api/v1/pgn", "", map[string]any{"variant": got.Variant, "line": got.Line}, http.StatusOK, nil)
		if string(again.body) != text {
			t.Errorf("%s: the imported tree %+v writes\n%s\nnot\n%s", c.name, got.Line, again.body, text)
		}
	}

	refusals := []struct {
		name string
		body map[string]any
		code string
		says string
	}{
		{"illegal variation move", map[string]any{"line": line(mv("e4", line(mv("e5"))))}, codeIllegalMove, "line[0].variations[0][0] (e5)"},
		{"empty variation", map[string]any{"line": line(mv("e4", line()))}, codeInvalid, "a variation without moves"},
		{"after the end", map[string]any{"line": line(mv("f3"), mv("e5"), mv("g4"), mv("Qh4"), mv("a3"))}, codeInvalid, "the game is over"},
		{"unknown field", map[string]any{"line": line(map[string]any{"move": "e4", "comment": "x"})}, codeBadRequest, "comment"},
	}
	for _, c := range refusals {
		res := ts.do("POST", "/api/v1/pgn", "", c.body)
		if res.status != http.StatusBadRequest || res.errorCode() != c.code || !strings.Contains(string(res.body), c.says) {
			t.Errorf("%s: %d %s, want 400 %s saying %q", c.name, res.status, res.body, c.code, c.says)
		}
	}
}

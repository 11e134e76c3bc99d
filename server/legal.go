package server

import (
	"strings"

	"timechess/rules"
)

// legalView is the compact form of a Position's legal actions that the
// WebSocket sends to the seat to move (docs/api.md, "Legal"): per kind,
// the coordinate form and SAN of each action, from which a client derives
// the rest (deriveAction); the labels' sentences; and, whole, the actions
// whose fields that derivation would get wrong.
type legalView struct {
	Moves  map[string]string `json:"moves"`
	Labels map[string]string `json:"labels,omitempty"`
	Full   []actionView      `json:"full,omitempty"`
	// Supports is the Position's travelers.supports, which only the seat to
	// move needs (the socket's Position leaves it out), written compactly:
	// "KEY LINE" pairs joined by "|" ("N@f6 Nb1-c3-d5-f6|P@e5 e2-e3-e4-e5").
	Supports string `json:"supports,omitempty"`
}

// deriveAction rebuilds an action of kind from its coordinate form and
// SAN, and from the kinds of the men on the board by square, as
// docs/api.md tells clients to: from and to are the coordinate form's
// first and second squares (an arrival's only square is to; a send has no
// to), promo its final letter after a digit (upper case) unless it has a
// move number (//N), the label the kind's sentence with its fields filled
// in. It reads the form as web/static/js/wire.js's regular expressions do.
func deriveAction(kind, coord, san string, men map[string]string) actionView {
	a := actionView{Coord: coord, SAN: san, Kind: kind}
	squares := coordSquares(coord)
	switch {
	case kind == "drop" && len(squares) > 0:
		a.To = squares[0]
	case len(squares) > 0:
		a.From = squares[0]
		if len(squares) > 1 && kind != "send" {
			a.To = squares[1]
		}
	}
	num := coordNum(coord)
	if n := len(coord); num == "" && n > 1 && isDigit(coord[n-2]) && coord[n-1] >= 'a' && coord[n-1] <= 'z' {
		a.Promo = strings.ToUpper(coord[n-1:])
	}
	var piece string
	if len(coord) > 1 && coord[0] >= 'A' && coord[0] <= 'Z' && coord[1] == '@' {
		piece = kindName(coord[:1])
	}
	a.Label = fillLabel(kind, labelFields{piece: piece, man: men[a.From], target: men[a.To], from: a.From, to: a.To, num: num})
	return a
}

// coordSquares returns the first two squares of a coordinate form, each a
// file letter a-p and a rank of one or two digits (/[a-p][0-9]{1,2}/g).
func coordSquares(coord string) []string {
	var out []string
	for i := 0; i+1 < len(coord) && len(out) < 2; i++ {
		if coord[i] < 'a' || coord[i] > 'p' || !isDigit(coord[i+1]) {
			continue
		}
		end := i + 2
		if end < len(coord) && isDigit(coord[end]) {
			end++
		}
		out = append(out, coord[i:end])
		i = end - 1
	}
	return out
}

// coordNum returns the move number of a send or a backward travel
// ("e1//3@a4": "3"; /\/\/([0-9]+)/), "" for none.
func coordNum(coord string) string {
	for i := 0; i+2 < len(coord); i++ {
		if coord[i] != '/' || coord[i+1] != '/' || !isDigit(coord[i+2]) {
			continue
		}
		end := i + 3
		for end < len(coord) && isDigit(coord[end]) {
			end++
		}
		return coord[i+2 : end]
	}
	return ""
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// kindName is the name of the kind of a piece letter, "" for none.
func kindName(letter string) string {
	if letter == "" {
		return ""
	}
	k, ok := rules.KindOfLetter(letter[0])
	if !ok {
		return ""
	}
	return k.String()
}

// compactLegal builds the compact form of the legal actions of a Position
// whose men are board.
func compactLegal(actions []actionView, board []manView) *legalView {
	men := make(map[string]string, len(board))
	for _, m := range board {
		men[m.Square] = kindName(m.Kind)
	}
	v := &legalView{Moves: map[string]string{}, Labels: map[string]string{}}
	lists := map[string]*strings.Builder{}
	for _, a := range actions {
		if strings.ContainsAny(a.Coord+a.SAN, " ") || a.Coord == "" || a.SAN == "" || deriveAction(a.Kind, a.Coord, a.SAN, men) != a {
			v.Full = append(v.Full, a)
			continue
		}
		b := lists[a.Kind]
		if b == nil {
			b = &strings.Builder{}
			lists[a.Kind] = b
		} else {
			b.WriteByte(' ')
		}
		b.WriteString(a.Coord)
		b.WriteByte(' ')
		b.WriteString(a.SAN)
		if tmpl, ok := actionLabels[a.Kind]; ok {
			v.Labels[a.Kind] = tmpl
		}
	}
	for kind, b := range lists {
		v.Moves[kind] = b.String()
	}
	return v
}

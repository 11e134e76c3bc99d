package server

import (
	"regexp"
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
	Labels map[string]string `json:"labels,omitzero"`
	Full   []actionView      `json:"full,omitzero"`
}

// coordSquare is a square in a coordinate form: a file letter a-p and a
// rank of one or two digits.
var coordSquare = regexp.MustCompile(`[a-p][0-9]{1,2}`)

// coordNum is the move number of a send or a backward travel ("e1//3@a4").
var coordNum = regexp.MustCompile(`//([0-9]+)`)

// coordPiece is the kind letter of a drop or an explosion ("B@a4").
var coordPiece = regexp.MustCompile(`^([A-Z])@`)

// coordPromo is the promotion letter that ends a coordinate form.
var coordPromo = regexp.MustCompile(`[0-9]([a-z])$`)

// deriveAction rebuilds an action of kind from its coordinate form and
// SAN, and from the kinds of the men on the board by square, as
// docs/api.md tells clients to: from and to are the coordinate form's
// first and second squares (an arrival's only square is to; a send has no
// to), promo its last letter (upper case), the label the kind's sentence
// with its fields filled in.
func deriveAction(kind, coord, san string, men map[string]string) actionView {
	a := actionView{Coord: coord, SAN: san, Kind: kind}
	squares := coordSquare.FindAllString(coord, 2)
	switch {
	case kind == "drop" && len(squares) > 0:
		a.To = squares[0]
	case len(squares) > 0:
		a.From = squares[0]
		if len(squares) > 1 && kind != "send" {
			a.To = squares[1]
		}
	}
	var num string
	if m := coordNum.FindStringSubmatch(coord); m != nil {
		num = m[1]
	} else if m := coordPromo.FindStringSubmatch(coord); m != nil {
		a.Promo = strings.ToUpper(m[1])
	}
	var piece string
	if m := coordPiece.FindStringSubmatch(coord); m != nil {
		piece = kindName(m[1])
	}
	a.Label = fillLabel(kind, labelFields{piece: piece, man: men[a.From], target: men[a.To], from: a.From, to: a.To, num: num})
	return a
}

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

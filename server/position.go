package server

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"timechess/notation"
	"timechess/rules"
)

// positionView is the Position of docs/api.md: one board with what a client
// needs to draw it and to offer the legal moves.
type positionView struct {
	Variant   string         `json:"variant"`
	Width     int            `json:"width"`
	Height    int            `json:"height"`
	FEN       string         `json:"fen"`
	Turn      string         `json:"turn"`
	Board     []manView      `json:"board"`
	Moves     []actionView   `json:"moves,omitzero"`
	Check     []string       `json:"check"`
	Last      squaresView    `json:"last"`
	Status    statusView     `json:"status"`
	Gifford   *giffordView   `json:"gifford"`
	Travelers *travelersView `json:"travelers"`
	TimeThief *timeThiefView `json:"timethief"`
	Notices   []noticeView   `json:"notices"`
}

// noticeView is a Notice of docs/api.md: what is special about the turn,
// with the rule it comes from.
type noticeView struct {
	Rule string `json:"rule"`
	Name string `json:"name"`
	Text string `json:"text"`
}

type manView struct {
	Square string `json:"square"`
	Kind   string `json:"kind"`
	Color  string `json:"color"`
	State  string `json:"state"`
}

type actionView struct {
	Coord string `json:"coord"`
	SAN   string `json:"san"`
	From  string `json:"from"`
	To    string `json:"to"`
	Kind  string `json:"kind"`
	Promo string `json:"promo,omitempty"`
	Label string `json:"label,omitempty"`
}

type squaresView struct {
	From string `json:"from"`
	To   string `json:"to"`
}

type statusView struct {
	Over   bool   `json:"over"`
	Result string `json:"result"`
	Reason string `json:"reason"`
}

type giffordView struct {
	Arrivals []arrivalView `json:"arrivals"`
	Travels  sidesView     `json:"travels"`
	Kings    []string      `json:"kings"`
}

type arrivalView struct {
	Color string `json:"color"`
	Kind  string `json:"kind"`
	Move  int    `json:"move"`
}

type sidesView struct {
	White int `json:"white"`
	Black int `json:"black"`
}

type travelersView struct {
	Resonators map[string][]string `json:"resonators"`
	// Supports holds, for each type and square the side to move may explode
	// on ("N@f6", as the explosions' coordinate forms begin), the line of a
	// man that supports it (R3): "Nb1-c3-d5-f6".
	Supports map[string]string `json:"supports"`
}

type timeThiefView struct {
	Sight      map[string][]string `json:"sight"`
	TTCaptures []string            `json:"ttcaptures"`
}

// moveKindNames names the action kinds as the API does.
var moveKindNames = [...]string{
	rules.Normal: "normal", rules.DoublePush: "double", rules.EnPassant: "enpassant", rules.Castle: "castle",
	rules.Drop: "drop", rules.Send: "send", rules.BackTravel: "back", rules.TTCapture: "ttcapture",
	rules.Explosion: "explosion", rules.Annihilation: "annihilation",
}

// describePosition builds the Position of p. It makes and unmakes moves on
// p to name them, so p must not be shared meanwhile.
func describePosition(p *rules.Position) *positionView {
	g := p.Geometry()
	v := &positionView{
		Variant: p.Variant().Spec().Name, Width: g.W, Height: g.H,
		FEN: p.FEN(), Turn: p.Side.String(),
		Board: []manView{}, Check: []string{}, Notices: []noticeView{},
	}
	for _, sq := range p.Occupied().Squares() {
		pc := p.At(sq)
		v.Board = append(v.Board, manView{Square: sq.String(), Kind: string(pc.Kind().Letter()), Color: pc.Color().String(), State: manState(pc)})
	}
	turn := rules.Turn{Legal: p.Legal(nil), Check: p.InCheck()}
	v.Moves = describeActions(p, turn.Legal)
	if turn.Check {
		v.Check = checkedKings(p)
	}
	if last := p.LastMove(); !last.IsNull() {
		v.Last = squaresView{From: squareName(last.From), To: squareName(last.To)}
	}
	st := p.Status()
	v.Status = statusView{Over: st.Over(), Result: st.Result.String(), Reason: st.Reason}
	if !st.Over() { // an ended game's status says all there is
		for _, n := range rules.Notices(p, &turn) {
			v.Notices = append(v.Notices, noticeView{Rule: n.Rule, Name: n.Name, Text: n.Reason})
		}
	}
	if ob, ok := rules.OffBoardOf(p); ok && ob.Travels != nil {
		v.Gifford = describeTravel(ob)
	}
	if sight, ok := rules.SightOf(p, &turn); ok {
		if sight.Resonators != nil {
			v.Travelers = describeResonance(sight)
		}
		if sight.Sees != nil {
			v.TimeThief = describeSight(sight, v.Moves)
		}
	}
	return v
}

// manState is the API's name of a man's flags.
func manState(pc rules.Piece) string {
	f := pc.Flags()
	switch {
	case f&rules.Traveling != 0:
		return "traveling"
	case f&rules.Traveled != 0:
		return "traveled"
	case f&rules.Possessed != 0:
		return "possessed"
	}
	return ""
}

func squareName(s rules.Square) string {
	if s == rules.NoSquare {
		return ""
	}
	return s.String()
}

// describeActions names legal, the legal actions of p, in the order of
// their coordinate forms.
func describeActions(p *rules.Position, legal []rules.Move) []actionView {
	coords := make([]string, len(legal))
	for i, m := range legal {
		coords[i] = notation.Coord(p, m)
	}
	order := make([]int, len(legal))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int { return strings.Compare(coords[i], coords[j]) })
	sorted := make([]rules.Move, len(legal))
	for i, j := range order {
		sorted[i] = legal[j]
	}
	out := make([]actionView, len(legal))
	for i, san := range notation.SANs(p, sorted) {
		out[i] = describeAction(p, sorted[i], coords[order[i]], san)
	}
	return out
}

// actionLabels are the labels of the special actions, by kind: a sentence
// whose fields {piece} (the kind the action names), {man} (the man on
// from), {target} (the man on to), {from}, {to} and {num} (the move
// number) fillLabel fills in. The WebSocket sends them with the compact
// legal list (legal.go), so that clients fill them in the same way.
var actionLabels = map[string]string{
	"drop":         "the {piece} arrives on {to}",
	"send":         "send the {man} on {from} to move {num}",
	"back":         "the king on {from} travels back to move {num}, landing on {to}",
	"ttcapture":    "the time thief on {from} takes back the last move and captures on {to}",
	"explosion":    "explode a {piece} on {from}, the traveled one going to {to}",
	"annihilation": "the man on {from} annihilates the traveling {target} on {to}",
}

// labelFields are the values of an action label's fields.
type labelFields struct {
	piece, man, target, from, to, num string
}

// fillLabel returns the label of an action of kind with fields f, "" for a
// kind that has none.
func fillLabel(kind string, f labelFields) string {
	tmpl, ok := actionLabels[kind]
	if !ok {
		return ""
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(tmpl, '{')
		end := strings.IndexByte(tmpl, '}')
		if open < 0 || end < open {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:open])
		b.WriteString(f.value(tmpl[open+1 : end]))
		tmpl = tmpl[end+1:]
	}
}

// value is the value of the field name.
func (f labelFields) value(name string) string {
	switch name {
	case "piece":
		return f.piece
	case "man":
		return f.man
	case "target":
		return f.target
	case "from":
		return f.from
	case "to":
		return f.to
	case "num":
		return f.num
	}
	return ""
}

// describeAction names one legal action of p, whose coordinate form is
// coord and SAN san.
func describeAction(p *rules.Position, m rules.Move, coord, san string) actionView {
	a := actionView{Coord: coord, SAN: san, From: squareName(m.From), To: squareName(m.To)}
	if int(m.Kind) < len(moveKindNames) {
		a.Kind = moveKindNames[m.Kind]
	}
	if m.Promo != rules.NoKind {
		a.Promo = string(m.Promo.Letter())
		if m.Kind == rules.Normal {
			a.Kind = "promotion"
		}
	}
	switch m.Kind {
	case rules.Drop:
		a.From = ""
	case rules.Send:
		a.To = ""
	}
	f := labelFields{from: a.From, to: a.To, num: strconv.Itoa(int(m.Num))}
	switch m.Kind {
	case rules.Drop, rules.Explosion:
		f.piece = m.Piece.String()
	case rules.Send:
		f.man = p.At(m.From).Kind().String()
	case rules.Annihilation:
		f.target = p.At(m.To).Kind().String()
	}
	a.Label = fillLabel(a.Kind, f)
	return a
}

// checkedKings lists the attacked royal men of the side to move in check,
// or all of them when the variant's check is not a plain attack.
func checkedKings(p *rules.Position) []string {
	kings := p.Pieces(p.Side, rules.King)
	var attacked, all []string
	for _, sq := range kings.Squares() {
		all = append(all, sq.String())
		if !p.AttackersTo(sq, p.Side.Other(), p.Occupied()).IsZero() {
			attacked = append(attacked, sq.String())
		}
	}
	if len(attacked) == 0 {
		return all
	}
	return attacked
}

// describeTravel is the Position's gifford object: the men in transit, the
// backward travels left and the Kings of a variant with backward travel.
func describeTravel(ob rules.OffBoard) *giffordView {
	v := &giffordView{Arrivals: []arrivalView{}, Kings: squareNames(ob.Kings),
		Travels: sidesView{White: ob.Travels[rules.White], Black: ob.Travels[rules.Black]}}
	for _, b := range ob.Transit {
		v.Arrivals = append(v.Arrivals, arrivalView{Color: b.Piece.Color().String(), Kind: string(b.Piece.Kind().Letter()), Move: int(b.Due)})
	}
	return v
}

// describeResonance is the Position's travelers object: each traveling
// man's resonators and the lines that support the explosions.
func describeResonance(sight rules.Sight) *travelersView {
	v := &travelersView{Resonators: map[string][]string{}, Supports: map[string]string{}}
	for t, men := range sight.Resonators {
		names := squareNames(men)
		sort.Strings(names)
		v.Resonators[t.String()] = names
	}
	for _, s := range sight.Supports {
		v.Supports[string(s.Kind.Letter())+"@"+s.Square.String()] = s.Line
	}
	return v
}

// describeSight is the Position's timethief object: what each Time Thief
// sees, and the squares the TT-captures among moves capture on.
func describeSight(sight rules.Sight, moves []actionView) *timeThiefView {
	v := &timeThiefView{Sight: map[string][]string{}, TTCaptures: []string{}}
	for t, seen := range sight.Sees {
		v.Sight[t.String()] = squareNames(seen)
	}
	for _, m := range moves {
		if m.Kind == "ttcapture" && !slices.Contains(v.TTCaptures, m.To) {
			v.TTCaptures = append(v.TTCaptures, m.To)
		}
	}
	return v
}

// squareNames names the squares, in their order; [] for none.
func squareNames(squares []rules.Square) []string {
	names := make([]string, len(squares))
	for i, sq := range squares {
		names[i] = sq.String()
	}
	return names
}

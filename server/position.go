package server

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"timechess/notation"
	"timechess/rules"
	"timechess/variant/gifford"
	"timechess/variant/timethief"
	"timechess/variant/travelers"
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
	switch p.Variant().(type) {
	case *gifford.Variant:
		v.Gifford = describeGifford(p)
	case *travelers.Variant:
		v.Travelers = describeTravelers(p, v.Moves)
	case *timethief.Variant:
		v.TimeThief = describeTimeThief(p, v.Moves)
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

func describeGifford(p *rules.Position) *giffordView {
	v := &giffordView{Arrivals: []arrivalView{}, Kings: []string{},
		Travels: sidesView{White: gifford.TravelsLeft(p, rules.White), Black: gifford.TravelsLeft(p, rules.Black)}}
	for _, c := range []rules.Color{rules.White, rules.Black} {
		for _, b := range p.Bookings[c][:p.NBookings[c]] {
			v.Arrivals = append(v.Arrivals, arrivalView{Color: c.String(), Kind: string(b.Piece.Kind().Letter()), Move: int(b.Due)})
		}
		for _, sq := range p.Pieces(c, rules.King).Squares() {
			v.Kings = append(v.Kings, sq.String())
		}
	}
	return v
}

func describeTravelers(p *rules.Position, moves []actionView) *travelersView {
	v := &travelersView{Resonators: map[string][]string{}, Supports: map[string]string{}}
	for t, men := range travelers.Resonators(p) {
		names := make([]string, len(men))
		for i, sq := range men {
			names[i] = sq.String()
		}
		sort.Strings(names)
		v.Resonators[t.String()] = names
	}
	explodes := map[string]bool{}
	for _, m := range moves {
		if m.Kind == "explosion" {
			explodes[supportKey(m.Coord)] = true
		}
	}
	if len(explodes) > 0 {
		for _, s := range travelers.Supports(p) {
			if key := string(s.Kind.Letter()) + "@" + s.Square.String(); explodes[key] {
				v.Supports[key] = s.Line
			}
		}
	}
	return v
}

// supportKey is the type and square an explosion's coordinate form begins
// with: "N@f6" of "N@f6e8", "P@e7" of "P@e7d8q".
func supportKey(coord string) string {
	at := strings.IndexByte(coord, '@')
	if at < 0 {
		return coord
	}
	end := at + 2
	for end < len(coord) && coord[end] >= '0' && coord[end] <= '9' {
		end++
	}
	return coord[:min(end, len(coord))]
}

func describeTimeThief(p *rules.Position, moves []actionView) *timeThiefView {
	v := &timeThiefView{Sight: map[string][]string{}, TTCaptures: []string{}}
	g := p.Geometry()
	for _, c := range []rules.Color{rules.White, rules.Black} {
		occ := p.SlideOcc(c)
		for _, t := range p.Pieces(c, rules.TimeThief).Squares() {
			seen := []string{}
			for _, sq := range g.QueenAttacks(t, occ).Squares() {
				seen = append(seen, sq.String())
			}
			v.Sight[t.String()] = seen
		}
	}
	for _, m := range moves {
		if m.Kind == "ttcapture" && !slices.Contains(v.TTCaptures, m.To) {
			v.TTCaptures = append(v.TTCaptures, m.To)
		}
	}
	return v
}

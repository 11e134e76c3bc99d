package rules

// State is everything the next move depends on. It is a plain value, so a
// copy is a snapshot: variants whose actions replace the whole state (a Time
// Thief revert, a King's backward travel) save and restore copies of it.
type State struct {
	Board    [NumSquares]Piece
	ByColor  [2]Bitboard
	ByKind   [NumKinds]Bitboard
	ByFlag   [NumFlagBits]Bitboard
	Side     Color
	Castle   CastleRights
	EP       Square // en passant target square, NoSquare when none
	Halfmove int    // plies since the last capture, pawn move or time-travel action
	Fullmove int    // full-move number, from 1
	Hash     uint64
	// Aux is the variant's own part of Hash, for state it keeps outside
	// these fields (the Time Thief's previous state); zero for most variants.
	Aux uint64
	Extra
}

// undo is what Unmake needs to take back one action.
type undo struct {
	move     Move
	captured Piece
	castle   CastleRights
	ep       Square
	halfmove int
	hash     uint64
	aux      uint64
	snap     int32 // index on Position.snaps of the state before the action, -1 when not saved
}

// Position is a game state with its line of play since set-up: moves can be
// made and taken back, and earlier states are reachable through the history.
type Position struct {
	State
	setup *Setup
	hist  []undo
	snaps []State
	// budget bounds the computation the position serves, nil when none
	// (budget.go); copies share it.
	budget *Budget
	// memory is the variant's working memory for the computations on the
	// position (Memory), nil until first asked; copies start without one.
	memory any
}

// Setup is what a position shares with every position of the same game: the
// board, the variant and the castling geometry fixed by the set-up.
type Setup struct {
	Geo     *Geometry
	Variant Variant
	castle  [4]castling
	// castleMask[s] holds the rights lost when a man leaves or lands on s.
	castleMask [NumSquares]CastleRights
	// Chess960 is set when castling is not the standard king-and-corner-rook
	// arrangement; coordinate moves then name the rook's square (king takes rook).
	Chess960 bool
}

// Geometry returns the board geometry.
func (p *Position) Geometry() *Geometry { return p.setup.Geo }

// Variant returns the rules the position is played by.
func (p *Position) Variant() Variant { return p.setup.Variant }

// Setup returns the shared set-up of the position's game.
func (p *Position) Setup() *Setup { return p.setup }

// At returns the piece on s (NoPiece when empty).
func (p *Position) At(s Square) Piece { return p.Board[s] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.ByColor[White].Or(p.ByColor[Black]) }

// Pieces returns the squares of colour c's men of kind k.
func (p *Position) Pieces(c Color, k Kind) Bitboard { return p.ByKind[k].And(p.ByColor[c]) }

// Ply returns the number of actions made since the position was set up.
func (p *Position) Ply() int { return len(p.hist) }

// LastMove returns the last action made, or NullMove at set-up.
func (p *Position) LastMove() Move {
	if len(p.hist) == 0 {
		return NullMove
	}
	return p.hist[len(p.hist)-1].move
}

// HashBefore returns the hash of the state n actions ago (1 = before the last action).
func (p *Position) HashBefore(n int) uint64 { return p.hist[len(p.hist)-n].hash }

// Copy returns an independent copy with the same history. The copy shares
// the budget but not the working memory (Memory): a copy handed to another
// goroutine computes with memory of its own.
func (p *Position) Copy() *Position {
	q := &Position{State: p.State, setup: p.setup, budget: p.budget}
	q.hist = append(make([]undo, 0, cap(p.hist)), p.hist...)
	q.snaps = append(make([]State, 0, len(p.snaps)), p.snaps...)
	return q
}

// Put places piece pc on the empty square s, updating the hash.
func (p *State) Put(pc Piece, s Square) {
	p.Board[s] = pc
	p.ByColor[pc.Color()].Set(s)
	p.ByKind[pc.Kind()].Set(s)
	for f := pc.Flags(); f != 0; f &= f - 1 {
		p.ByFlag[flagIndex(f)].Set(s)
	}
	p.Hash ^= PieceKey(pc, s)
}

// Remove takes the piece off s and returns it, updating the hash.
func (p *State) Remove(s Square) Piece {
	pc := p.Board[s]
	p.Board[s] = NoPiece
	p.ByColor[pc.Color()].Clear(s)
	p.ByKind[pc.Kind()].Clear(s)
	for f := pc.Flags(); f != 0; f &= f - 1 {
		p.ByFlag[flagIndex(f)].Clear(s)
	}
	p.Hash ^= PieceKey(pc, s)
	return pc
}

// shift moves the piece on from to the empty square to, updating the hash.
func (p *State) shift(from, to Square) {
	pc := p.Board[from]
	if pc.Flags() != 0 {
		p.Put(p.Remove(from), to)
		return
	}
	p.Board[from], p.Board[to] = NoPiece, pc
	mask := SquareBB(from).Or(SquareBB(to))
	c, k := pc.Color(), pc.Kind()
	p.ByColor[c] = p.ByColor[c].Xor(mask)
	p.ByKind[k] = p.ByKind[k].Xor(mask)
	p.Hash ^= PieceKey(pc, from) ^ PieceKey(pc, to)
}

func flagIndex(f Flag) int {
	i := 0
	for f&(1<<i) == 0 {
		i++
	}
	return i
}

// Make plays action m, which must be legal, by the variant's rules.
func (p *Position) Make(m Move) { p.setup.Variant.Make(p, m) }

// Unmake takes back the last action.
func (p *Position) Unmake() { p.setup.Variant.Unmake(p) }

// Legal appends every legal action of the side to move to buf and returns
// it. It polls the position's budget first.
func (p *Position) Legal(buf []Move) []Move {
	p.budget.Poll()
	return p.setup.Variant.Legal(p, buf[:0])
}

// Bind makes b the budget of the position's computation (nil: none): the
// position and the copies made of it from now on poll it. Bind only a
// position that is thrown away when b stops it (see Budget).
func (p *Position) Bind(b *Budget) { p.budget = b }

// Budget returns the budget bound to the position, nil when none.
func (p *Position) Budget() *Budget { return p.budget }

// Poll polls the position's budget (Budget.Poll): long computations on the
// position call it in their hot loops. Without a budget it does nothing.
func (p *Position) Poll() { p.budget.Poll() }

// Counter is implemented by variants that count legal actions faster than
// listing them. Orthodox does not implement it, so that a variant embedding
// Orthodox never inherits a count that ignores its own actions.
type Counter interface {
	Count(p *Position) int
}

// CountLegal returns the number of legal actions of the side to move.
func (p *Position) CountLegal() int {
	switch v := p.setup.Variant.(type) {
	case Orthodox:
		return p.CountOrthodox()
	case Counter:
		return v.Count(p)
	}
	return len(p.Legal(nil))
}

// Capturer is implemented by variants whose full generation of legal
// actions costs far more than finding their captures (the explosions of
// travelers need a survey of three-move lines): a search tries the captures
// first and generates the rest only when they do not settle a node.
type Capturer interface {
	// Captures appends the legal actions that take an enemy man (en passant
	// included), promote or annihilate, explosions aside: those of Legal's
	// actions, in any order.
	Captures(p *Position, ml []Move) []Move
	// Defeated reports whether the side to move has lost by a rule that no
	// action of its own can answer (travelers: grammatical incorrectness);
	// such a side has no legal action. Checkmate is not asked about.
	Defeated(p *Position) bool
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.setup.Variant.InCheck(p) }

// SaveState records the whole current state so that the action about to be
// made can be taken back by restoring it; variants call it before actions
// that replace the state. The action m is recorded as the last move.
func (p *Position) SaveState(m Move) {
	p.hist = append(p.hist, undo{move: m, hash: p.Hash, halfmove: p.Halfmove, snap: int32(len(p.snaps))})
	p.snaps = append(p.snaps, p.State)
}

// Action returns the i-th action made since set-up (from 0).
func (p *Position) Action(i int) Move { return p.hist[i].move }

// SavedState returns the state before action i when that action saved it
// with SaveState (or PushHistory), and false otherwise.
func (p *Position) SavedState(i int) (*State, bool) {
	u := &p.hist[i]
	if u.snap < 0 {
		return nil, false
	}
	return &p.snaps[u.snap], true
}

// MakeOrthodox plays an orthodox action (normal, double push, en passant,
// castling, promotion) with FIDE effects on rights, en passant and counters.
func (p *Position) MakeOrthodox(m Move) {
	u := undo{move: m, castle: p.Castle, ep: p.EP, halfmove: p.Halfmove, hash: p.Hash, aux: p.Aux, snap: -1}
	u.captured = p.ApplyOrthodox(m)
	p.hist = append(p.hist, u)
}

// ApplyOrthodox plays the orthodox action m on the state without recording
// it, and returns the man it captured. Variants use it for the orthodox part
// of an action they recorded themselves with SaveState.
func (p *Position) ApplyOrthodox(m Move) (captured Piece) {
	us := p.Side
	p.clearEP()
	p.Halfmove++
	switch m.Kind {
	case Castle:
		ci := &p.setup.castle[castleIndex(us, m.Via.File() > m.From.File())]
		rook := p.Remove(ci.rook)
		king := p.Remove(m.From)
		p.Put(king, ci.kingTo)
		p.Put(rook, ci.rookTo)
	case EnPassant:
		captured = p.Remove(epVictim(m.To, us))
		p.shift(m.From, m.To)
		p.Halfmove = 0
	default:
		if p.Board[m.To] != NoPiece {
			captured = p.Remove(m.To)
			p.Halfmove = 0
		}
		pawn := p.Board[m.From].Kind() == Pawn
		if m.Promo != NoKind {
			pc := p.Remove(m.From)
			p.Put(MakePiece(us, m.Promo, pc.Flags()), m.To)
		} else {
			p.shift(m.From, m.To)
		}
		if pawn {
			p.Halfmove = 0
			if m.Kind == DoublePush {
				ep := Square((int(m.From) + int(m.To)) / 2)
				if p.setup.Geo.PawnAttack[us][ep].Intersects(p.Pieces(us.Other(), Pawn)) {
					p.EP = ep
					p.Hash ^= epKeys[ep.File()]
				}
			}
		}
	}
	p.LoseCastling(m.From, m.To)
	p.passTurn()
	return captured
}

// LoseCastling removes the castling rights tied to the squares a and b (a
// King's or a castling rook's original square).
func (p *Position) LoseCastling(a, b Square) {
	if lost := p.Castle & (p.setup.castleMask[a] | p.setup.castleMask[b]); lost != 0 {
		p.Hash ^= castleKeys[p.Castle]
		p.Castle &^= lost
		p.Hash ^= castleKeys[p.Castle]
	}
}

// EndTurn finishes a variant's own action: the en passant right lapses, the
// half-move clock counts on (or restarts when irreversible is set) and the
// turn passes to the other side.
func (p *Position) EndTurn(irreversible bool) {
	p.clearEP()
	p.Halfmove++
	if irreversible {
		p.Halfmove = 0
	}
	p.passTurn()
}

// SetSide makes c the side to move, keeping the hash in step.
func (p *Position) SetSide(c Color) {
	if p.Side != c {
		p.Side = c
		p.Hash ^= sideKey
	}
}

func (p *State) clearEP() {
	if p.EP != NoSquare {
		p.Hash ^= epKeys[p.EP.File()]
		p.EP = NoSquare
	}
}

func (p *State) passTurn() {
	if p.Side == Black {
		p.Fullmove++
	}
	p.Side = p.Side.Other()
	p.Hash ^= sideKey
}

// UnmakeLast takes back the last action: a saved state is restored whole, an
// orthodox action is undone piece by piece.
func (p *Position) UnmakeLast() {
	u := &p.hist[len(p.hist)-1]
	if u.snap >= 0 {
		p.State = p.snaps[u.snap]
		p.snaps = p.snaps[:u.snap]
	} else {
		p.State.undo(u, p.setup)
	}
	p.hist = p.hist[:len(p.hist)-1]
}

// Previous returns the state before the last action without changing the
// position. It panics at set-up, where there is no previous state.
func (p *Position) Previous() State {
	u := &p.hist[len(p.hist)-1]
	if u.snap >= 0 {
		return p.snaps[u.snap]
	}
	prev := p.State
	prev.undo(u, p.setup)
	return prev
}

// PushHistory records prev as the state before the current one, reached by
// action m, as if m had been made with SaveState. Variants whose position
// text carries earlier states (the Time Thief's revert) use it at set-up;
// castlings the earlier state still had become known to this position too.
func (p *Position) PushHistory(prev *Position, m Move) {
	for i := 0; i < 4; i++ {
		if prev.Castle&(1<<i) != 0 && p.Castle&(1<<i) == 0 {
			ci := prev.setup.castle[i]
			p.setup.castle[i] = ci
			p.setup.castleMask[ci.king] |= CastleRights(3) << (2 * (i / 2))
			p.setup.castleMask[ci.rook] |= 1 << i
			p.setup.Chess960 = p.setup.Chess960 || prev.setup.Chess960
		}
	}
	p.hist = append(p.hist, undo{move: m, hash: prev.Hash, halfmove: prev.Halfmove, snap: int32(len(p.snaps))})
	p.snaps = append(p.snaps, prev.State)
}

// undo takes back the orthodox action recorded in u.
func (p *State) undo(u *undo, st *Setup) {
	m := u.move
	p.Side = p.Side.Other()
	us := p.Side
	if us == Black {
		p.Fullmove--
	}
	switch m.Kind {
	case Castle:
		ci := &st.castle[castleIndex(us, m.Via.File() > m.From.File())]
		king := p.Remove(ci.kingTo)
		rook := p.Remove(ci.rookTo)
		p.Put(king, m.From)
		p.Put(rook, ci.rook)
	case EnPassant:
		p.shift(m.To, m.From)
		p.Put(u.captured, epVictim(m.To, us))
	default:
		if m.Promo != NoKind {
			pc := p.Remove(m.To)
			p.Put(MakePiece(us, Pawn, pc.Flags()), m.From)
		} else {
			p.shift(m.To, m.From)
		}
		if u.captured != NoPiece {
			p.Put(u.captured, m.To)
		}
	}
	p.Castle, p.EP, p.Halfmove, p.Hash, p.Aux = u.castle, u.ep, u.halfmove, u.hash, u.aux
}

// epVictim returns the square of the pawn captured en passant on to by side us.
func epVictim(to Square, us Color) Square {
	if us == White {
		return to - 16
	}
	return to + 16
}

// Repetitions counts the earlier states in the history, back to the last
// irreversible action, whose hash equals the current one.
func (p *Position) Repetitions() int {
	n := 0
	for i, back := len(p.hist)-1, 1; i >= 0 && back <= p.Halfmove; i, back = i-1, back+1 {
		if p.hist[i].hash == p.Hash {
			n++
		}
	}
	return n
}

// ComputeHash recomputes the hash from scratch; the incremental hash must always equal it.
func (p *Position) ComputeHash() uint64 {
	var h uint64
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.Board[s]; pc != NoPiece {
			h ^= PieceKey(pc, s)
		}
	}
	h ^= castleKeys[p.Castle]
	if p.EP != NoSquare {
		h ^= epKeys[p.EP.File()]
	}
	if p.Side == Black {
		h ^= sideKey
	}
	return h ^ p.setup.Variant.ExtraHash(p)
}

// Status tells whether the game is over in this position, and how.
func (p *Position) Status() Status { return p.setup.Variant.Status(p) }

// Sibling returns a position holding state st with this position's set-up,
// budget and working memory and no history, for questions about another
// state of the same game (the board before the last move, say), asked on the
// position's goroutine.
func (p *Position) Sibling(st State) Position {
	return Position{State: st, setup: p.setup, budget: p.budget, memory: p.Memory(nil)}
}

// Memory returns the working memory the position's variant keeps for the
// computations on it: what one question's answer lends the next (the legal
// actions of positions asked again, surveys of the board before the last
// action). make builds it on first use; nil asks without building. The memory
// belongs to whoever owns the position (a perft run, an engine thread, a
// server request): Copy starts a new one, so no two goroutines share it, and
// an answer never depends on what another goroutine asked. A variant keeps
// nothing between positions in package variables.
func (p *Position) Memory(make func() any) any {
	if p.memory == nil && make != nil {
		p.memory = make()
	}
	return p.memory
}

// Flagged returns the squares of the men carrying any of the flags f.
func (p *State) Flagged(f Flag) Bitboard {
	var b Bitboard
	for ; f != 0; f &= f - 1 {
		b = b.Or(p.ByFlag[flagIndex(f)])
	}
	return b
}

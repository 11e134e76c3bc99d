package rules

import (
	"fmt"
	"sort"
	"sync"
)

// Variant is the rules of one game. Orthodox implements every method with
// FIDE chess on any board; a variant embeds Orthodox and overrides only what
// differs (as scalachess's Variant does). Methods take the position so that
// Orthodox code reaches an override through p.Variant().
type Variant interface {
	// Spec returns the variant's static description.
	Spec() *Spec
	// Legal appends every legal action of the side to move to ml.
	Legal(p *Position, ml []Move) []Move
	// Make plays a legal action; Unmake takes back the last one.
	Make(p *Position, m Move)
	Unmake(p *Position)
	// InCheck reports whether the side to move is in check.
	InCheck(p *Position) bool
	// Status tells whether the game is over in p, and how.
	Status(p *Position) Status
	// Validate checks a position read from text.
	Validate(p *Position) error
	// ParseExtra reads the variant's fields after the sixth field of the
	// position text; FormatExtra writes them.
	ParseExtra(p *Position, fields []string) error
	FormatExtra(p *Position) []string
	// ExtraHash returns the hash of the variant's own state fields, so that
	// Position.ComputeHash covers the whole state.
	ExtraHash(p *Position) uint64
}

// Spec is the static description of a variant.
type Spec struct {
	Name  string // the --variant name
	Title string // a human name
	Start string // start position text
	// Kinds lists the piece kinds a position of the variant may hold.
	Kinds []Kind
	// Promotions lists the kinds a pawn may promote to, in SAN order.
	Promotions []Kind
	// CastleKingFromEdge (k) and CastleRookFromEdge (r) give the castling
	// destination files: files k and r (from a = 0) on the queenside, files
	// W-k and W-r on the kingside. FIDE's k = 2, r = 3 gives c1/d1 and g1/f1
	// on 8 files and c1/d1 and i1/h1 on 10.
	CastleKingFromEdge, CastleRookFromEdge int
	// ManFlags holds the man flags the variant's positions may carry.
	ManFlags Flag
	// EmptyEPTarget lets the position text give an en passant square whose
	// double-stepping pawn has left the board (Time Traveler's Chess: an
	// annihilating double step, ruling R5); the variant's ParseExtra and
	// Validate check it.
	EmptyEPTarget bool
	// KingRestoration marks the Time Thief's King-restoration rules (T7): a
	// side with a Time Thief is free of check rules, so its King may be
	// captured, and the side that lost it must restore it at once or lose.
	KingRestoration bool
}

// castleFiles returns the king's and the rook's destination files.
func (s *Spec) castleFiles(w int, kingside bool) (int, int) {
	k, r := s.CastleKingFromEdge, s.CastleRookFromEdge
	if kingside {
		return w - k, w - r
	}
	return k, r
}

// HasKind reports whether the variant uses kind k.
func (s *Spec) HasKind(k Kind) bool {
	for _, x := range s.Kinds {
		if x == k {
			return true
		}
	}
	return false
}

var registry sync.Map // name -> Variant

// Register adds a variant to the registry; variant packages call it from init.
func Register(v Variant) {
	if _, dup := registry.LoadOrStore(v.Spec().Name, v); dup {
		panic("rules: variant registered twice: " + v.Spec().Name)
	}
}

// Lookup returns the registered variant with the given name.
func Lookup(name string) (Variant, error) {
	if v, ok := registry.Load(name); ok {
		return v.(Variant), nil
	}
	return nil, fmt.Errorf("unknown variant %q (known: %v)", name, Names())
}

// Names lists the registered variant names in order.
func Names() []string {
	var out []string
	registry.Range(func(k, _ any) bool { out = append(out, k.(string)); return true })
	sort.Strings(out)
	return out
}

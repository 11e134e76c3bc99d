package pgn

// Limits bound what one game of the input may hold, so that hostile input
// fails with a clear error instead of exhausting memory or the stack. A zero
// field takes its value from DefaultLimits.
type Limits struct {
	// GameBytes bounds the bytes of one game, tags and movetext.
	GameBytes int
	// TextBytes bounds one comment or tag value.
	TextBytes int
	// Depth bounds the nesting of variations.
	Depth int
}

// DefaultLimits are the limits of a new Reader: ample for real records, the
// largest annotated games included.
var DefaultLimits = Limits{GameBytes: 1 << 20, TextBytes: 64 << 10, Depth: 64}

// orDefault fills zero fields from DefaultLimits.
func (l Limits) orDefault() Limits {
	if l.GameBytes <= 0 {
		l.GameBytes = DefaultLimits.GameBytes
	}
	if l.TextBytes <= 0 {
		l.TextBytes = DefaultLimits.TextBytes
	}
	if l.Depth <= 0 {
		l.Depth = DefaultLimits.Depth
	}
	return l
}

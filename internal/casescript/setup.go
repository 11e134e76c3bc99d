package casescript

import (
	"errors"
	"fmt"
	"strings"

	"timechess/rules"
)

// errNoVariant refuses a position read before any variant is named.
var errNoVariant = errors.New("no variant: name one with a variant line first")

// setUp runs a variant or position directive.
func (s *Script) setUp(op, args string) error {
	if op == "variant" {
		v, err := rules.Lookup(args)
		if err != nil {
			return err
		}
		s.Variant = v
		return nil
	}
	if s.Variant == nil {
		return errNoVariant
	}
	p, err := NewPosition(s.Variant, args)
	if err != nil {
		return err
	}
	*s = Script{Variant: s.Variant, Position: p, Start: startText(s.Variant, args)}
	return nil
}

// NewPosition sets up the position of v that text gives, or v's start
// position when text is "start".
func NewPosition(v rules.Variant, text string) (*rules.Position, error) {
	return rules.NewPosition(v, startText(v, text))
}

// startText gives v's start position for "start", and text otherwise.
func startText(v rules.Variant, text string) string {
	if text == "start" {
		return v.Spec().Start
	}
	return text
}

// refuse runs a refuse directive: "FEN => TEXT".
func (s *Script) refuse(args string) error {
	if s.Variant == nil {
		return errNoVariant
	}
	fen, want, _ := strings.Cut(args, "=>")
	want = strings.TrimSpace(want)
	_, err := rules.NewPosition(s.Variant, strings.TrimSpace(fen))
	if err == nil || !strings.Contains(err.Error(), want) {
		return fmt.Errorf("error %v, want one containing %q", err, want)
	}
	return nil
}

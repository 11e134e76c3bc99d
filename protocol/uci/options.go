package uci

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"timechess/rules"
)

// Bounds of the spin options.
const (
	maxHash     = 1 << 16 // MiB
	maxThreads  = 256
	maxMultiPV  = 256
	maxOverhead = 5000 // milliseconds
)

// option is one UCI option: how "uci" declares it and how setoption sets it.
type option struct {
	name    string
	declare func(h *handler) string // the declaration after the name ("type spin ...")
	set     func(h *handler, value string) error
}

// options are the engine's options, in the order "uci" lists them.
var options = []option{
	spin("Hash", 1, maxHash, func(h *handler) int { return h.s.Options().HashMB }, func(h *handler, n int) {
		o := h.s.Options()
		o.HashMB = n
		h.s.SetOptions(o)
	}),
	spin("Threads", 1, maxThreads, func(h *handler) int { return h.s.Options().Threads }, func(h *handler, n int) {
		o := h.s.Options()
		o.Threads = n
		h.s.SetOptions(o)
	}),
	spin("MultiPV", 1, maxMultiPV, func(h *handler) int { return h.multiPV }, func(h *handler, n int) { h.multiPV = n }),
	spin("Move Overhead", 0, maxOverhead, func(h *handler) int { return h.overhead }, func(h *handler, n int) { h.overhead = n }),
	check("Ponder", func(h *handler) *bool { return &h.ponder }),
	{name: "Clear Hash", declare: func(*handler) string { return "type button" }, set: func(h *handler, _ string) error {
		h.stop(nil)
		h.s.NewGame()
		return nil
	}},
	{name: "UCI_Variant", declare: declareVariant, set: setVariant},
	check("UCI_Chess960", func(h *handler) *bool { return &h.chess960 }),
}

// spin makes an integer option from lo to hi.
func spin(name string, lo, hi int, get func(*handler) int, put func(*handler, int)) option {
	return option{
		name: name,
		declare: func(h *handler) string {
			return fmt.Sprintf("type spin default %d min %d max %d", get(h), lo, hi)
		},
		set: func(h *handler, value string) error {
			n, err := strconv.Atoi(value)
			if err != nil || n < lo || n > hi {
				return fmt.Errorf("%s takes a whole number from %d to %d, not %q", name, lo, hi, value)
			}
			put(h, n)
			return nil
		},
	}
}

// check makes a true/false option.
func check(name string, field func(*handler) *bool) option {
	return option{
		name: name,
		declare: func(h *handler) string {
			return fmt.Sprintf("type check default %t", *field(h))
		},
		set: func(h *handler, value string) error {
			switch strings.ToLower(value) {
			case "true":
				*field(h) = true
			case "false":
				*field(h) = false
			default:
				return fmt.Errorf("%s takes true or false, not %q", name, value)
			}
			return nil
		},
	}
}

// declareVariant declares UCI_Variant as Fairy-Stockfish does: a combo of
// every registered variant.
func declareVariant(h *handler) string {
	var b strings.Builder
	b.WriteString("type combo default " + h.variant.Spec().Name)
	for _, name := range rules.Names() {
		b.WriteString(" var " + name)
	}
	return b.String()
}

// setVariant switches the variant; the position becomes its start.
func setVariant(h *handler, value string) error {
	name := strings.ToLower(value)
	if !slices.Contains(rules.Names(), name) {
		return fmt.Errorf("UCI_Variant: unknown variant %q (known: %s)", value, strings.Join(rules.Names(), ", "))
	}
	v, err := rules.Lookup(name)
	if err != nil {
		return err
	}
	p, err := rules.NewPosition(v, v.Spec().Start)
	if err != nil {
		return fmt.Errorf("variant %s: start position: %w", name, err)
	}
	h.variant, h.pos = v, p
	return nil
}

// setOption runs "setoption name ID [value X]"; names are matched without
// regard to case, as UCI asks.
func (h *handler) setOption(args []string) bool {
	if len(args) == 0 || args[0] != "name" {
		h.errorf("setoption: expected \"name\" after setoption")
		return false
	}
	words := args[1:]
	at := slices.Index(words, "value")
	name, value := strings.Join(words, " "), ""
	if at >= 0 {
		name, value = strings.Join(words[:at], " "), strings.Join(words[at+1:], " ")
	}
	for _, o := range options {
		if strings.EqualFold(o.name, name) {
			if err := o.set(h, value); err != nil {
				h.errorf("setoption: %v", err)
			}
			return false
		}
	}
	h.errorf("setoption: unknown option %q", name)
	return false
}

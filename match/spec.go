package match

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"timechess/engine"
	"timechess/rules"
)

// The player kinds a Spec names.
const (
	KindTimechess = "timechess" // timechess's own engine, in process
	KindUCI       = "uci"       // an external program speaking UCI
	KindXBoard    = "xboard"    // an external program speaking XBoard/CECP (protocol 2)
	KindGreedy    = "greedy"    // takes the most material at once (1 ply), at random among equals
	KindRandom    = "random"    // plays a random legal move
)

// SpecGrammar describes the player specification for help texts.
const SpecGrammar = `A player is KIND[:PATH][:SETTINGS], SETTINGS being KEY=VALUE pairs separated by commas:
  timechess[:SETTINGS]     timechess's engine; keys depth, nodes, movetime (ms), threads, hash (MiB), overhead (ms kept back per move, default 50)
  uci:PATH[:SETTINGS]      a UCI program; keys depth, nodes, movetime (ms); any other key is a UCI option
  xboard:PATH[:SETTINGS]   an XBoard/CECP program; keys depth, movetime (ms, sent in whole seconds); any other key is an engine option
  greedy[:SETTINGS]        takes the most material at once (1 ply), at random among equal moves; key seed
  random[:SETTINGS]        plays random legal moves; key seed

Every kind also takes name=TEXT, its name in the records; uci and xboard take args=ARGS, the program's arguments separated by spaces. depth, nodes and movetime replace the match's limit per move for that player. PATH cannot hold ':', and no value can hold ','. A UCI program is given the variant as UCI_Variant (Fairy-Stockfish's option) and an XBoard program with its variant command. Examples:
  timechess:depth=3
  timechess:movetime=100,threads=1
  uci:/usr/games/stockfish:Skill Level=0
  uci:/usr/games/fairy-stockfish:depth=8
  uci:/usr/local/bin/timechess:args=uci,depth=4
  xboard:/usr/games/fairymax
  greedy:seed=7`

// Setting is one KEY=VALUE pair of a spec that the player passes on to its
// program (a UCI or XBoard engine option).
type Setting struct {
	Key, Value string
}

// Spec describes a player: see SpecGrammar and ParseSpec.
type Spec struct {
	Kind  string // KindTimechess, KindUCI, ...
	Path  string // the program, for KindUCI and KindXBoard
	Name  string // the name given by name=, or ""
	Limit Limit  // the player's own limit per move (depth=, nodes=, movetime=)
	// Engine is the configuration of timechess's engine (threads=, hash=).
	Engine engine.Options
	// Overhead is the move overhead of timechess's engine (overhead=,
	// engine.DefaultOverhead unless set).
	Overhead time.Duration
	Seed     uint64    // the random seed of greedy and random players (seed=)
	Args     []string  // the arguments of an external program (args=, split at spaces)
	Extra    []Setting // engine options of an external program, in order
	text     string
}

// ParseSpec reads a player specification (see SpecGrammar).
func ParseSpec(text string) (*Spec, error) {
	kind, rest, _ := strings.Cut(text, ":")
	s := &Spec{Kind: kind, text: text}
	switch kind {
	case KindUCI, KindXBoard:
		s.Path, rest, _ = strings.Cut(rest, ":")
		if strings.TrimSpace(s.Path) == "" {
			return nil, fmt.Errorf("player %q: %s needs the program's path, as in %s:/usr/games/PROGRAM", text, kind, kind)
		}
	case KindTimechess:
		s.Overhead = engine.DefaultOverhead
	case KindGreedy, KindRandom:
	default:
		return nil, fmt.Errorf("player %q: unknown kind %q (expected timechess, uci, xboard, greedy or random)", text, kind)
	}
	if rest == "" {
		return s, nil
	}
	for _, item := range strings.Split(rest, ",") {
		key, value, ok := strings.Cut(item, "=")
		key = strings.TrimSpace(key)
		if !ok || key == "" {
			return nil, fmt.Errorf("player %q: setting %q is not KEY=VALUE", text, item)
		}
		if err := s.set(key, strings.TrimSpace(value)); err != nil {
			return nil, fmt.Errorf("player %q: %w", text, err)
		}
	}
	return s, nil
}

// set applies one setting.
func (s *Spec) set(key, value string) error {
	var err error
	switch {
	case key == "name":
		if value == "" {
			return fmt.Errorf("name= needs a name")
		}
		s.Name = value
	case key == "depth" && s.Kind != KindGreedy && s.Kind != KindRandom:
		s.Limit.Depth, err = settingInt(key, value, 1, engine.MaxDepth)
	case key == "nodes" && s.Kind != KindGreedy && s.Kind != KindRandom && s.Kind != KindXBoard:
		var n int
		n, err = settingInt(key, value, 1, 1<<40)
		s.Limit.Nodes = uint64(n)
	case key == "movetime" && s.Kind != KindGreedy && s.Kind != KindRandom:
		var ms int
		ms, err = settingInt(key, value, 1, int(maxClock.Milliseconds()))
		s.Limit.MoveTime = time.Duration(ms) * time.Millisecond
	case key == "threads" && s.Kind == KindTimechess:
		s.Engine.Threads, err = settingInt(key, value, 1, 256)
	case key == "hash" && s.Kind == KindTimechess:
		s.Engine.HashMB, err = settingInt(key, value, 1, 1<<16)
	case key == "overhead" && s.Kind == KindTimechess:
		var ms int
		ms, err = settingInt(key, value, 0, 5000)
		s.Overhead = time.Duration(ms) * time.Millisecond
	case key == "seed" && (s.Kind == KindGreedy || s.Kind == KindRandom):
		var n int
		n, err = settingInt(key, value, 0, 1<<62)
		s.Seed = uint64(n)
	case key == "args" && (s.Kind == KindUCI || s.Kind == KindXBoard):
		s.Args = strings.Fields(value)
	case key == "nodes" && s.Kind == KindXBoard:
		return fmt.Errorf("nodes=%s: XBoard has no node limit (use depth= or movetime=)", value)
	case s.Kind == KindUCI || s.Kind == KindXBoard:
		if strings.ContainsAny(key+value, "\r\n") {
			return fmt.Errorf("option %q contains a line break", key)
		}
		s.Extra = append(s.Extra, Setting{key, value})
	default:
		return fmt.Errorf("%s takes no setting %q (see the list of keys in 'timechess match --help')", s.Kind, key)
	}
	return err
}

// settingInt reads a whole-number setting within [lo, hi].
func settingInt(key, value string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s=%s: expected a whole number from %d to %d", key, value, lo, hi)
	}
	return n, nil
}

// String returns the spec as written.
func (s *Spec) String() string { return s.text }

// settingsText returns the settings as written, without name=.
func (s *Spec) settingsText() string {
	rest := strings.TrimPrefix(s.text, s.Kind)
	rest = strings.TrimPrefix(rest, ":")
	if s.Path != "" {
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, s.Path), ":")
	}
	var kept []string
	for _, item := range strings.Split(rest, ",") {
		if k, _, _ := strings.Cut(item, "="); item != "" && strings.TrimSpace(k) != "name" {
			kept = append(kept, item)
		}
	}
	return strings.Join(kept, ",")
}

// displayName is the player's name: name= when given, else base followed
// by the settings in parentheses.
func (s *Spec) displayName(base string) string {
	if s.Name != "" {
		return s.Name
	}
	if set := s.settingsText(); set != "" {
		return base + " (" + set + ")"
	}
	return base
}

// Start starts a player for games of variant v; ctx bounds the start-up.
func (s *Spec) Start(ctx context.Context, v rules.Variant) (Player, error) {
	switch s.Kind {
	case KindTimechess:
		return newEnginePlayer(s), nil
	case KindUCI:
		return startUCI(ctx, s, v)
	case KindXBoard:
		return startXBoard(ctx, s, v)
	}
	return newBaseline(s), nil
}

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"timechess/store"
)

// gameParts is one version of a game cut into the pieces the WebSocket
// sends (docs/api.md, "WebSocket"): built once per version by the replay,
// shared by every socket of the game and never changed.
type gameParts struct {
	version int64
	// game is the whole Game without the legal actions ("you" null), the
	// game message's.
	game []byte
	// summary is the Game without moves, position, timelines and branches,
	// which every update carries.
	summary []byte
	moves   []moveView
	// position is the Position without its legal actions; timelines and
	// branches are the Game's.
	position, timelines, branches []byte
	// legal is the compact legal list (legalView) of toMove, the seat to
	// move of an ongoing game (NoSide when there is none).
	legal  []byte
	toMove store.Side
}

// parts returns the parts of r's game at its version, built once per
// version (from the Game's Position, computed as in describe, or decoded
// from it when it was computed at another version).
func (r *replay) parts() (*gameParts, error) {
	if r.wire != nil && r.wire.version == r.g.Version {
		return r.wire, nil
	}
	data, err := r.positionAt(context.Background(), "", len(r.moves))
	if err != nil {
		return nil, err
	}
	var pos positionView
	if r.head != nil && r.headVersion == r.g.Version {
		pos = *r.head
	} else if err := json.Unmarshal(data, &pos); err != nil {
		return nil, err
	}
	r.head = nil
	p := &gameParts{version: r.g.Version, moves: append([]moveView{}, r.moves...)}
	if r.g.Status == store.Ongoing && !pos.Status.Over {
		p.toMove = store.Side(pos.Turn)
	}
	legal := compactLegal(pos.Moves, pos.Board)
	if pos.Travelers != nil {
		// The supporting lines serve the explosions of the seat to move:
		// they go with its legal list.
		travelersCopy := *pos.Travelers
		legal.Supports, travelersCopy.Supports = compactSupports(travelersCopy.Supports), nil
		pos.Travelers = &travelersCopy
	}
	if p.legal, err = json.Marshal(legal); err != nil {
		return nil, err
	}
	pos.Moves = nil
	if p.position, err = json.Marshal(pos); err != nil {
		return nil, err
	}
	if p.summary, err = json.Marshal(summarize(r.g)); err != nil {
		return nil, err
	}
	tls, brs := describeTimelines(r.play)
	if p.timelines, err = json.Marshal(tls); err != nil {
		return nil, err
	}
	if p.branches, err = json.Marshal(brs); err != nil {
		return nil, err
	}
	moves, err := json.Marshal(p.moves)
	if err != nil {
		return nil, err
	}
	// The whole Game is the summary with the other fields added, without
	// encoding the position again.
	game := bytes.NewBuffer(append([]byte{}, p.summary[:len(p.summary)-1]...))
	for _, f := range []struct {
		name string
		data []byte
	}{{"moves", moves}, {"position", p.position}, {"timelines", p.timelines}, {"branches", p.branches}} {
		game.WriteString(`,"` + f.name + `":`)
		game.Write(f.data)
	}
	game.WriteByte('}')
	p.game = game.Bytes()
	r.wire = p
	return p, nil
}

// compactSupports writes a Position's supporting lines as legalView.Supports
// does, in the order of their keys.
func compactSupports(supports map[string]string) string {
	keys := slices.Sorted(maps.Keys(supports))
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte('|')
		}
		b.WriteString(k + " " + supports[k])
	}
	return b.String()
}

// legalFor returns the legal list of p for a socket of side, nil when side
// is not to move.
func (p *gameParts) legalFor(side store.Side) []byte {
	if side == store.NoSide || side != p.toMove {
		return nil
	}
	return p.legal
}

// gameMessage is the game message of p for a socket of side: the whole
// game, with the legal list when side is to move.
func (p *gameParts) gameMessage(side store.Side) []byte {
	game := withYou(p.game, side)
	legal := p.legalFor(side)
	msg := make([]byte, 0, len(game)+len(legal)+48)
	msg = append(msg, `{"type":"game","game":`...)
	msg = append(msg, game...)
	if legal != nil {
		msg = append(msg, `,"legal":`...)
		msg = append(msg, legal...)
	}
	return append(msg, '}')
}

// updateMessage is the update message from base (what the socket holds)
// to p: the summary, and what else changed. legal adds the legal list (for
// the seat to move); you, unless NoSide, answers a hello.
func (p *gameParts) updateMessage(base *gameParts, legal bool, you store.Side) []byte {
	var b bytes.Buffer
	b.WriteString(`{"type":"update","base":`)
	b.WriteString(strconv.FormatInt(base.version, 10))
	b.WriteString(`,"version":`)
	b.WriteString(strconv.FormatInt(p.version, 10))
	if you != store.NoSide {
		b.WriteString(`,"you":"` + string(you) + `"`)
	}
	field := func(name string, data []byte) {
		b.WriteString(`,"` + name + `":`)
		b.Write(data)
	}
	field("game", p.summary)
	if from := p.movesFrom(base); from >= 0 {
		field("moves_from", strconv.AppendInt(nil, int64(from), 10))
		tail, _ := json.Marshal(p.moves[from:]) // moveViews always encode
		field("moves", tail)
	}
	if !bytes.Equal(p.position, base.position) {
		field("position", p.position)
	}
	if !bytes.Equal(p.timelines, base.timelines) {
		field("timelines", p.timelines)
	}
	if !bytes.Equal(p.branches, base.branches) {
		field("branches", p.branches)
	}
	if legal {
		field("legal", p.legal)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// movesFrom returns the index of p's first move that base does not have
// (len(p.moves) when base has moves p no longer has), -1 when their moves
// are the same.
func (p *gameParts) movesFrom(base *gameParts) int {
	n := min(len(p.moves), len(base.moves))
	for i := range n {
		if !sameMove(p.moves[i], base.moves[i]) {
			return i
		}
	}
	if len(p.moves) == len(base.moves) {
		return -1
	}
	return n
}

// sameMove reports whether two moves of the Game are the same.
func sameMove(a, b moveView) bool {
	return a.Ply == b.Ply && a.Number == b.Number && a.Side == b.Side && a.Coord == b.Coord &&
		a.SAN == b.SAN && a.ClockMs == b.ClockMs && a.At.Equal(b.At)
}

// updateCache keeps the update messages of one change, built once for all
// the sockets that hold the same version and get the legal list or not.
type updateCache map[updateKey][]byte

// updateKey is what an update message depends on besides the new version.
type updateKey struct {
	base  *gameParts
	legal bool
}

// get returns the update from base to p, with the legal list or not.
func (uc updateCache) get(p, base *gameParts, legal bool) []byte {
	if uc == nil {
		return p.updateMessage(base, legal, store.NoSide)
	}
	k := updateKey{base, legal}
	if msg, ok := uc[k]; ok {
		return msg
	}
	msg := p.updateMessage(base, legal, store.NoSide)
	uc[k] = msg
	return msg
}

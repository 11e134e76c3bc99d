// The game socket's lean messages (docs/api.md, "WebSocket"): the whole game once, then updates
// that carry what changed, and the legal list, for the seat to move only, in its compact form.
// GameFeed rebuilds from them the Game that GET /games/{id} answers, legal moves included, so
// that the page handles one shape whatever the source.

import { NAMES } from './pieces.js';

const SQUARE = /[a-p][0-9]{1,2}/g;

/**
 * deriveAction rebuilds one legal action from its kind, coordinate form and SAN as docs/api.md
 * says: from and to are the coordinate form's first two squares (an arrival's only square is
 * to, a send has no to), promo its final letter, the label the kind's sentence with {piece}
 * (the kind the form names, B@...), {man} (the man on from), {target} (the man on to), {from},
 * {to} and {num} (the move number after //) filled in. men maps squares to piece names.
 */
function deriveAction(kind, coord, san, men, labels) {
  const a = { coord, san, from: '', to: '', kind };
  const squares = (coord.match(SQUARE) || []).slice(0, 2);
  if (kind === 'drop') a.to = squares[0] || '';
  else if (squares.length) {
    a.from = squares[0];
    if (squares.length > 1 && kind !== 'send') a.to = squares[1];
  }
  const num = /\/\/([0-9]+)/.exec(coord);
  const promo = /[0-9]([a-z])$/.exec(coord);
  if (!num && promo) a.promo = promo[1].toUpperCase();
  const piece = /^([A-Z])@/.exec(coord);
  const fields = {
    piece: piece ? NAMES[piece[1]] || '' : '', man: men[a.from] || '', target: men[a.to] || '',
    from: a.from, to: a.to, num: num ? num[1] : '',
  };
  if (labels[kind]) a.label = labels[kind].replace(/\{(piece|man|target|from|to|num)\}/g, (_, f) => fields[f]);
  return a;
}

/**
 * withLegal is a socket's Position with the legal list of the seat to move put back as GET
 * /games/{id} has it: its actions, and a Travelers position's supporting lines.
 */
function withLegal(pos, legal) {
  const out = { ...pos, moves: expandLegal(legal, pos.board) };
  if (pos.travelers) out.travelers = { ...pos.travelers, supports: supportsOf(legal && legal.supports) };
  return out;
}

/** supportsOf reads the compact supporting lines ("N@f6 Nb1-c3-d5-f6|...") as {key: line}. */
function supportsOf(text) {
  const out = {};
  for (const pair of (text || '').split('|')) {
    const at = pair.indexOf(' ');
    if (at > 0) out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

/**
 * expandLegal rebuilds a Position's legal actions ({coord, san, from, to, kind, promo?, label?},
 * in the order of their coordinate forms) from the compact legal list and the Position's board.
 */
function expandLegal(legal, board) {
  if (!legal) return [];
  const men = {};
  for (const m of board || []) men[m.square] = NAMES[m.kind] || '';
  const out = [...(legal.full || [])];
  for (const [kind, list] of Object.entries(legal.moves || {})) {
    const words = list.split(' ');
    for (let i = 0; i + 1 < words.length; i += 2) out.push(deriveAction(kind, words[i], words[i + 1], men, legal.labels || {}));
  }
  return out.sort((a, b) => (a.coord < b.coord ? -1 : a.coord > b.coord ? 1 : 0));
}

/**
 * GameFeed keeps the game a socket has shown. receive takes a game or update message and returns
 * the game after it (a new object, shaped as GET /games/{id}'s), or null when the message is
 * neither, is older than the game, or leaves a gap: then it calls resync, which asks the server
 * for the whole game.
 */
export class GameFeed {
  constructor(resync) {
    this.resync = resync;
    this.game = null;
  }

  receive(msg) {
    if (msg.type === 'game') {
      const g = msg.game;
      this.game = { ...g, position: g.position && withLegal(g.position, msg.legal) };
      return this.game;
    }
    if (msg.type !== 'update') return null;
    const old = this.game;
    if (!old || old.version !== msg.base) {
      if (!old || msg.version > old.version) this.resync();
      return null;
    }
    const g = { ...old, ...msg.game, you: 'you' in msg ? msg.you : old.you };
    if (msg.moves_from !== undefined) g.moves = old.moves.slice(0, msg.moves_from).concat(msg.moves);
    if (msg.timelines) g.timelines = msg.timelines;
    if (msg.branches) g.branches = msg.branches;
    // An update that brings a position or a seat brings that seat's legal list, or none.
    if (msg.position || msg.legal || 'you' in msg) {
      const pos = msg.position || old.position;
      g.position = withLegal(pos, msg.legal);
    }
    this.game = g;
    return g;
  }
}

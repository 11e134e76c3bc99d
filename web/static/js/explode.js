// Travelers explosions chosen on the board: the player picks the type in a palette beside the
// board, then the explosion square and the traveled man's first move on the board itself. Each
// step marks its legal squares; once the square is chosen, the line of the man that supports
// the explosion (R3, Position.travelers.supports) is drawn as arrows and said in one line.

import { h, s, clear } from './dom.js';
import { drawPiece, NAMES, KINDS } from './pieces.js';
import { explosionParts, pick } from './actions.js';
import * as settings from './settings.js';

/** supportArrows draws a supporting line ("a7-a6xb5, Ra8-a4") as arrows, one per move. */
function supportArrows(line, cls = 'arrow-line') {
  const arrows = [];
  for (const part of (line || '').split(', ')) {
    const squares = part.match(/[a-p]\d{1,2}/g) || [];
    for (let i = 1; i < squares.length; i++) arrows.push({ from: squares[i - 1], to: squares[i], cls });
  }
  return arrows;
}

/** supportMoves counts the moves of a supporting line. */
function supportMoves(line) {
  return supportArrows(line).length || (line ? 1 : 0);
}

/**
 * ExplosionChooser is the palette (el, placed beside the board by the page) and the board
 * gestures of an explosion. The page gives it each shown position with the actions the viewer
 * may play (set), asks it for the board's marks and arrows (marks, arrows) and lets redraw show
 * them; play(action) plays the chosen explosion, refuse({from, to, move}) says why a square
 * clicked is no explosion square of the type, or no move of the traveled man (the board's
 * onRefuse with the explosion's move text).
 */
export class ExplosionChooser {
  constructor(board, { play, redraw, refuse }) {
    this.board = board;
    this.play = play;
    this.redraw = redraw;
    this.refuse = refuse;
    this.pos = null;
    this.parts = [];
    this.type = '';
    this.square = '';
    this.palette = h('div', { class: 'explode-types', role: 'group', 'aria-label': 'Type of man to explode' });
    this.text = h('p', { class: 'explode-text', 'data-testid': 'explode-text', 'aria-live': 'polite' });
    this.el = h('section', { class: 'explode-bar', 'data-testid': 'explode-bar', 'aria-label': 'Explosions', hidden: true },
      h('div', { class: 'explode-row' }, h('strong', { class: 'explode-label' }, 'Explode'), this.palette), this.text);
    this.onSquare = (sq) => this.choose(sq);
    document.addEventListener('keydown', (ev) => {
      if (ev.key === 'Escape' && (this.type || this.square)) { this.reset(); this.refresh(); }
    });
  }

  /**
   * set shows the palette for pos, whose explosions among moves the viewer may play now; no pos
   * (a watcher, a game over) hides it.
   */
  set(pos, moves) {
    this.el.hidden = !(pos && pos.travelers);
    const fresh = !this.pos || !pos || this.pos.fen !== pos.fen;
    this.pos = pos;
    this.parts = (moves || []).filter((m) => m.kind === 'explosion').map((m) => ({ m, ...explosionParts(m) }));
    const keeps = this.parts.some((p) => (!this.type || p.type === this.type) && (!this.square || p.square === this.square));
    if (fresh || !keeps) this.reset();
    this.draw();
  }

  reset() {
    this.type = '';
    this.square = '';
    if (this.board.onSquare === this.onSquare) this.board.onSquare = null;
  }

  refresh() {
    this.draw();
    this.redraw();
  }

  types() {
    return [...new Set(this.parts.map((p) => p.type))].sort((a, b) => KINDS.indexOf(a) - KINDS.indexOf(b));
  }

  /** squares are the explosion squares of the type being chosen (of any type before one is). */
  squares() {
    return new Set(this.parts.filter((p) => !this.type || p.type === this.type).map((p) => p.square));
  }

  /** typesAt are the types that can explode on sq. */
  typesAt(sq) {
    return new Set(this.parts.filter((p) => p.square === sq).map((p) => p.type));
  }

  /**
   * startAt starts choosing an explosion on sq, an empty square the player clicked: the type
   * comes next, unless only one type can explode there. It returns false when none can.
   */
  startAt(sq) {
    const types = this.typesAt(sq);
    if (!types.size) return false;
    this.square = sq;
    this.type = types.size === 1 ? [...types][0] : '';
    this.board.selected = null;
    this.board.onSquare = this.onSquare;
    this.refresh();
    return true;
  }

  dests() {
    return new Set(this.parts.filter((p) => p.type === this.type && p.square === this.square).map((p) => p.dest));
  }

  /**
   * pickType starts (or, for the type being chosen, stops) choosing an explosion of type t, on
   * the square already chosen when t can explode there.
   */
  pickType(t) {
    if (this.type === t) {
      this.reset();
    } else {
      if (!this.typesAt(this.square).has(t)) this.square = '';
      this.type = t;
      this.board.selected = null;
      this.board.onSquare = this.onSquare;
    }
    this.refresh();
  }

  /** choose takes a click on the board while an explosion is being chosen. */
  choose(sq) {
    if (sq === this.square && !this.dests().has(sq)) {
      this.reset();
      this.refresh();
      return;
    }
    if (!this.type) {
      if (!this.startAt(sq)) this.cancelWith(sq);
      return;
    }
    if (this.square && this.dests().has(sq)) {
      const cands = this.parts.filter((p) => p.type === this.type && p.square === this.square && p.dest === sq).map((p) => p.m);
      this.reset();
      this.refresh();
      this.settle(cands);
      return;
    }
    if (this.squares().has(sq)) {
      this.square = sq;
      this.refresh();
      return;
    }
    const man = this.board.pieceOn(sq);
    if (man && man.color === this.pos.turn) {
      this.cancelWith(sq);
      return;
    }
    // A square the step does not allow: the rules say why, and the choice goes on.
    const x = this.square || sq;
    this.refuse({ from: x, to: sq, move: `${this.type}@${x}${sq}` });
  }

  /** cancelWith ends the choice: the click on sq acts as a plain click. */
  cancelWith(sq) {
    this.reset();
    this.refresh();
    this.board.act(sq);
  }

  async settle(cands) {
    const m = cands.length === 1 ? cands[0] : await pick(cands, 'Promote the traveled pawn to');
    if (m) this.play(m);
  }

  support() {
    const sup = (this.pos && this.pos.travelers && this.pos.travelers.supports) || {};
    return sup[`${this.type}@${this.square}`] || '';
  }

  /** marks are the board's marks for the step: the explosion squares, then the traveled man's moves. */
  marks() {
    if (!this.type && !this.square) return [];
    if (!this.type) return [{ square: this.square, cls: 'mark-explode-from' }];
    if (!this.square) return [...this.squares()].map((sq) => ({ square: sq, cls: 'mark-explode' }));
    return [{ square: this.square, cls: 'mark-explode-from' }, ...[...this.dests()].map((sq) => ({ square: sq, cls: 'mark-explode-to' }))];
  }

  /** arrows draw the supporting line of the chosen explosion square. */
  arrows() {
    return this.square ? supportArrows(this.support()) : [];
  }

  draw() {
    const side = this.pos ? this.pos.turn : 'white';
    const pieces = settings.load().pieces;
    const types = this.types();
    // While the square waits for its type, the types that fit it are marked.
    const here = this.type ? new Set() : this.typesAt(this.square);
    clear(this.palette, types.map((t) => h('button', {
      type: 'button', class: 'explode-type' + (here.has(t) ? ' fits' : ''), 'data-testid': 'explode-type-' + t, 'aria-pressed': String(this.type === t),
      title: `Explode a ${name(t)}`, 'aria-label': `Explode a ${name(t)}`, onclick: () => this.pickType(t),
    }, s('svg', { viewBox: '0 0 100 100', width: 34, height: 34, 'aria-hidden': 'true' }, drawPiece(pieces, t, side)), h('span', {}, t))));
    this.text.textContent = this.sentence(types.length);
  }

  /** sentence says what to do at this step, or what the chosen explosion does. */
  sentence(nTypes) {
    if (!nTypes) return 'On your move: choose here the type of man to explode, then its square on the board.';
    if (!this.type && this.square) {
      const here = [...this.typesAt(this.square)].map(name).join(', ');
      return `Explode on ${this.square}: choose the type (marked above: ${here}).`;
    }
    if (!this.type) return 'Choose the type, then the explosion square on the board (or click an empty square first).';
    const n = name(this.type);
    if (!this.square) {
      return `${cap(n)}: choose the explosion square (${this.squares().size} marked). A traveling and a traveled ${n} appear there.`;
    }
    const line = this.support();
    const moves = supportMoves(line);
    const by = line ? `, supported by ${line} (${moves} move${moves === 1 ? '' : 's'}, R3)` : '';
    const dests = this.dests().size;
    return `${cap(n)} on ${this.square}${by}: choose where the traveled ${n} goes (${dests} marked).`;
  }
}

/** name is a type's name: "knight". */
function name(t) {
  return (NAMES[t] || t).toLowerCase();
}

function cap(t) {
  return t.charAt(0).toUpperCase() + t.slice(1);
}

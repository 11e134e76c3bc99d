// The timelines picture of the time-travel variants (Gifford, Time Thief): every board of the
// game as a small thumbnail on a time axis of move numbers, one row per timeline, the board a
// timeline branched from joined to its first board by a line (as multiverse viewers of 5D chess
// draw it), the current board marked and abandoned timelines greyed. A board is a button that
// shows that position. The picture also takes a Gifford King's backward travel: the past turns
// he may travel to are the only boards enabled, then the landing square is chosen on the
// board before that turn (backTravel).

import { h, s, clear, errorText, toast } from './dom.js';
import { drawPiece } from './pieces.js';
import * as settings from './settings.js';
import { moveNumber, turnName } from './numbering.js';
import { choose as chooseAction } from './actions.js';

const THUMB = 64; // a thumbnail's width in px
const COL = 84; // a column (one turn) in px
const GUTTER = 30; // the row labels
const AXIS = 20; // the move numbers above the rows
const CAPTION = 18;

/** hasTimelines says whether a variant's games can go back in time, so that the pages show the picture. */
export function hasTimelines(variant) {
  return variant === 'gifford' || /^timethief/.test(variant || '');
}

/** turnOf reads a turn index of the API (White's move n is 2n-2, Black's 2n-1) as {number, side}. */
export function turnOf(t) {
  return { number: Math.floor(t / 2) + 1, side: t % 2 === 0 ? 'white' : 'black' };
}

/** turnIndex is the API's index of a side's move number. */
function turnIndex(number, side) {
  return 2 * number - (side === 'white' ? 2 : 1);
}

/** menOf reads the placement field of a position text (top rank first) as [{f, r, kind, color, state}]. */
function menOf(placement, height) {
  const men = [];
  placement.split('/').forEach((rank, i) => {
    let f = 0;
    for (const tok of rank.match(/\d+|[A-Za-z][*'~]*/g) || []) {
      if (/^\d/.test(tok)) { f += Number(tok); continue; }
      const state = tok.includes('*') ? 'traveling' : tok.includes("'") ? 'traveled' : tok.includes('~') ? 'possessed' : '';
      men.push({ f, r: height - 1 - i, kind: tok[0].toUpperCase(), color: tok[0] === tok[0].toUpperCase() ? 'white' : 'black', state });
      f++;
    }
  });
  return men;
}

/**
 * layout places the boards of hist (the API's Timelines): each ply in the row of the first
 * timeline that holds it (the start board in the first), its column by its turn; each later
 * timeline is joined to the board it branched from.
 */
function layout(hist) {
  const lines = hist.timelines || [];
  const rowOf = new Map([[0, 0]]);
  const links = [];
  lines.forEach((tl, i) => {
    const plies = tl.plies || [];
    let parent = 0;
    for (const p of plies) {
      if (rowOf.has(p)) { parent = p; continue; }
      if (i > 0 && !links.some((l) => l.row === i)) links.push({ from: parent, to: p, row: i });
      rowOf.set(p, i);
    }
  });
  const turns = hist.boards.map((b) => b.turn);
  const first = Math.min(...turns);
  return { rowOf, links, first, columns: Math.max(...turns) - first + 1 };
}

/** rowHeight is the height of a row of boards width x height. */
const rowHeight = (width, height) => Math.round(THUMB * height / width) + CAPTION + 14;

/**
 * TimelinesPicture draws the Timelines of a game or a line of play on boards width x height.
 * open(ply) shows the board after that ply (0: the start). It keeps the room of two timelines
 * from the start, so that a second one moves nothing on the page.
 */
export class TimelinesPicture {
  constructor({ open, width = 8, height = 8 }) {
    this.open = open;
    this.travel = null;
    // The men and the squares of the thumbnails, drawn once: each thumbnail refers to them.
    this.defs = s('defs');
    this.drawn = new Set();
    this.scroller = h('div', { class: 'tl-scroll', 'data-testid': 'timelines-scroll' });
    this.scroller.style.minHeight = `calc(${AXIS + 2 * rowHeight(width, height)}px + .3rem)`; // .3rem: its padding
    this.prompt = h('div', { class: 'tl-prompt', 'data-testid': 'travel-prompt', role: 'status', 'aria-live': 'polite', hidden: true });
    this.title = h('h3', {}, 'Timeline');
    this.note = h('p', { class: 'tl-note muted' }, 'Every board along the move numbers, a row per timeline: a travel back in time starts a ' +
      'new row, joined in blue to the board it left. Grey boards are abandoned. Click a board to see it.');
    /** tools holds the page's buttons beside the title (a "travel back" button). */
    this.tools = h('div', { class: 'tl-tools' });
    this.el = h('section', { class: 'panel timelines', 'data-testid': 'timelines', 'aria-label': 'Timelines' },
      h('div', { class: 'tl-head' }, this.title, this.tools), this.note, this.prompt, this.scroller,
      s('svg', { class: 'tl-defs', width: 0, height: 0, 'aria-hidden': 'true' }, this.defs));
  }

  /**
   * draw shows hist with the moves of the line (moves[ply - 1] = {san, number, side}, as the
   * move list writes them), the current ply of the game, the ply being viewed (null: the
   * current one) and the board's orientation. A board's caption numbers its move by the turn
   * it takes on its timeline (a King's travel to move 2 is "2."), but a Time Thief's revert
   * keeps the number the score sheet gives it ("2. Txa7", then Black's move 1 again).
   */
  draw(hist, { moves, current, viewing, orientation }) {
    this.hist = hist;
    this.args = { moves, current, viewing, orientation };
    const st = settings.load();
    const { rowOf, links, first, columns } = layout(hist);
    const lines = hist.timelines || [];
    const live = new Set([0, ...((lines[lines.length - 1] || {}).plies || [])]);
    const reverts = new Set((hist.branches || []).filter((b) => b.revert).map((b) => b.ply));
    const W = hist.width, H = hist.height;
    const th = Math.round(THUMB * H / W);
    const rowH = rowHeight(W, H);
    const x = (ply) => GUTTER + (hist.boards[ply].turn - first) * COL;
    const y = (ply) => AXIS + rowOf.get(ply) * rowH;
    const width = GUTTER + columns * COL, height = AXIS + lines.length * rowH;
    clear(this.title, lines.length > 1 ? `Timelines (${lines.length})` : 'Timeline');
    const canvas = h('div', { class: 'tl-canvas' });
    canvas.style.width = width + 'px';
    canvas.style.height = height + 'px';
    const wires = s('svg', { class: 'tl-links', width, height, viewBox: `0 0 ${width} ${height}`, 'aria-hidden': 'true' });
    // Within a row, each board follows the one before it; a branch joins rows.
    const mid = (ply) => ({ x: x(ply) + THUMB / 2, y: y(ply) + th / 2 });
    const byRow = lines.map(() => []);
    for (const [ply, row] of rowOf) byRow[row].push(ply);
    byRow.forEach((plies, row) => {
      plies.sort((a, b) => a - b);
      for (let i = 1; i < plies.length; i++) {
        const a = mid(plies[i - 1]), b = mid(plies[i]);
        wires.append(s('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'tl-wire' + (live.has(plies[i]) ? '' : ' abandoned') }));
      }
    });
    for (const l of links) {
      const a = mid(l.from), b = mid(l.to);
      const bend = Math.abs(b.x - a.x) / 2;
      wires.append(s('path', { d: `M${a.x} ${a.y} C${a.x + bend} ${a.y} ${b.x - bend} ${b.y} ${b.x} ${b.y}`, class: 'tl-branch', 'data-from': l.from, 'data-to': l.to }));
    }
    canvas.append(wires);
    for (let c = 0; c < columns; c++) {
      const t = first + c;
      const label = h('span', { class: 'tl-axis' + (t % 2 === 0 ? '' : ' black') }, t < 0 ? 'start' : moveNumber(turnOf(t)));
      label.style.left = GUTTER + c * COL + 'px';
      canvas.append(label);
    }
    const targets = new Map((this.travel ? this.travel.targets : []).map((tg) => [tg.ply, tg]));
    lines.forEach((tl, row) => {
      const tag = h('span', { class: 'tl-row-label', title: `Timeline ${tl.id}${tl.abandoned ? ' (abandoned)' : ''}` }, String(tl.id));
      tag.style.top = AXIS + row * rowH + th / 2 - 11 + 'px';
      const items = byRow[row].map((ply) => {
        const target = targets.get(ply);
        const turn = turnOf(hist.boards[ply].turn);
        const m = moves[ply - 1] || {};
        const caption = ply === 0 ? 'Start' : `${moveNumber(reverts.has(ply) ? m : turn)} ${m.san || ''}`;
        const name = ply === 0 ? 'the start' : `after ${turnName(turn)}, ${m.san || ''}`;
        const btn = h('button', {
          type: 'button', class: 'tl-board', 'data-ply': ply,
          'aria-label': target ? `Travel back to move ${target.number} (the board ${name})` : `Timeline ${tl.id}: show the board ${name}`,
          'aria-current': ply === (viewing ?? current) ? 'true' : null,
          disabled: !!this.travel && !target,
          onclick: () => (target ? this.travel.choose(target) : this.open(ply)),
        }, this.thumbnail(hist.boards[ply].placement, W, H, orientation, st), target ? h('span', { class: 'tl-target' }, `move ${target.number}`) : null);
        const li = h('li', {
          class: 'tl-item' + (ply === current ? ' current' : '') + (ply === (this.travel ? this.travel.chosen : viewing) ? ' viewing' : '') +
            (target ? ' target' : '') + (live.has(ply) ? '' : ' gone'),
          'data-ply': ply,
        }, btn, h('span', { class: 'tl-caption' }, caption));
        li.style.left = x(ply) + 'px';
        li.style.top = y(ply) + 'px';
        li.style.width = THUMB + 'px';
        return li;
      });
      canvas.append(tag, h('ol', { class: 'tl-row' + (tl.abandoned ? ' abandoned' : ''), 'data-testid': 'timeline-' + tl.id, 'aria-label': `Timeline ${tl.id}${tl.abandoned ? ' (abandoned)' : ''}` }, items));
    });
    const left = this.scroller.scrollLeft;
    clear(this.scroller, canvas);
    this.scroller.scrollLeft = left;
    const focus = this.travel && this.travel.targets.length ? this.travel.targets[0].ply : viewing ?? current;
    if (hist.boards[focus]) this.reveal(x(focus));
  }

  /**
   * thumbnail draws a board's men in a small SVG, White at the bottom unless orientation is
   * black: one element per man, a use of his symbol (define).
   */
  thumbnail(placement, W, H, orientation, st) {
    const svg = s('svg', { class: 'tl-thumb', viewBox: `0 0 ${W * 100} ${H * 100}`, 'aria-hidden': 'true', focusable: 'false' });
    // The square at the top left is dark when its file and rank add up to an even number.
    const darkFirst = orientation === 'black' ? (W - 1) % 2 === 0 : (H - 1) % 2 === 0;
    svg.append(s('rect', { width: W * 100, height: H * 100, fill: st.light }),
      s('rect', { width: W * 100, height: H * 100, fill: `url(#${this.define(st, darkFirst ? 'dark-first' : 'light-first')})` }));
    for (const m of menOf(placement, H)) {
      const x = (orientation === 'black' ? W - 1 - m.f : m.f) * 100, y = (orientation === 'black' ? m.r : H - 1 - m.r) * 100;
      svg.append(s('use', { href: '#' + this.define(st, m.kind, m.color, m.state), x, y, width: 100, height: 100 }));
    }
    return svg;
  }

  /**
   * define returns the id of a man's symbol (kind, color, state), or of the dark squares'
   * pattern ("dark-first", "light-first"), in the piece set and colours of st, drawing it the
   * first time.
   */
  define(st, kind, color = '', state = '') {
    const id = ['tl', st.pieces, st.dark.slice(1), kind, color, state].join('-');
    if (this.drawn.has(id)) return id;
    this.drawn.add(id);
    if (!color) {
      const at = kind === 'dark-first' ? [[0, 0], [100, 100]] : [[100, 0], [0, 100]];
      this.defs.append(s('pattern', { id, width: 200, height: 200, patternUnits: 'userSpaceOnUse' },
        at.map(([x, y]) => s('rect', { x, y, width: 100, height: 100, fill: st.dark }))));
      return id;
    }
    const man = drawPiece(st.pieces, kind, color, state);
    man.querySelector('title').remove(); // the button names the board; the men would only repeat it
    this.defs.append(s('symbol', { id, viewBox: '0 0 100 100' }, man));
    return id;
  }

  /** reveal scrolls the picture so that the column at px x is in view. */
  reveal(px) {
    const sc = this.scroller;
    if (px < sc.scrollLeft + GUTTER || px + COL > sc.scrollLeft + sc.clientWidth) sc.scrollLeft = Math.max(0, px - sc.clientWidth / 2);
  }

  /** redraw draws the last hist again (after the travel mode changed). */
  redraw() {
    if (this.hist) this.draw(this.hist, this.args);
  }

  /** ask shows a line above the boards with a Cancel button (null: hides it). */
  ask(text, cancel) {
    this.prompt.hidden = !text;
    clear(this.prompt, text ? [h('span', {}, text), ' ',
      h('button', { type: 'button', class: 'small secondary', 'data-testid': 'travel-cancel', onclick: cancel }, 'Cancel')] : null);
  }
}

/**
 * TravelControl ties the backward travel gesture (backTravel) to a page: the King selected on
 * the board or the picture's "travel back" button starts it, and the page stops it when the
 * game moves on. The page gives the picture, the board, now() (the Position the viewer may
 * travel from, or null when the viewer may not move), and positionAt, play and restore as
 * backTravel takes them.
 */
export class TravelControl {
  constructor({ picture, board, now, positionAt, play, restore }) {
    Object.assign(this, { picture, board, now, positionAt, play, restore });
    this.cancel = null;
  }

  /** landing says whether the board shows a past board for a travel's landing. */
  landing() {
    return !!this.cancel && !!this.board.onSquare;
  }

  /** travels lists the backward travels the viewer may play now. */
  travels() {
    const pos = this.now();
    return ((pos && pos.moves) || []).filter((m) => m.kind === 'back');
  }

  /** select hears the board's selection: a King who may travel starts a travel, letting him go ends it. */
  select(sq) {
    if (this.landing()) return;
    this.stop();
    if (sq && this.travels().some((m) => m.from === sq)) this.start(sq);
  }

  /** start offers the past turns a King may travel back to (king null: any King). */
  start(king) {
    const pos = this.now();
    if (!pos) return;
    this.cancel = backTravel({
      picture: this.picture, board: this.board, moves: pos.moves || [], side: pos.turn,
      positionAt: this.positionAt, play: this.play,
      restore: () => { this.cancel = null; this.restore(); },
    }, king);
    this.offer();
  }

  /** stop ends the travel under way, if any. */
  stop() {
    const cancel = this.cancel;
    this.cancel = null;
    if (cancel) cancel();
  }

  /** offer puts the "travel back" button beside the picture's title while a King may travel. */
  offer() {
    clear(this.picture.tools, !this.cancel && this.travels().length ? h('button', {
      type: 'button', class: 'small', 'data-testid': 'travel-back', onclick: () => this.start(null),
    }, '⟲ Travel back in time') : null);
  }
}

/**
 * backTravel runs a Gifford King's backward travel as a gesture: the past turns he may travel
 * to are enabled on the picture (each saying "move N"); a click on one shows the board before
 * that turn on the main board with the landing squares marked; a click on one plays the
 * travel. Escape or Cancel ends it. king is the square of the King chosen on the board (null:
 * any King that may travel). The page gives:
 *   picture, board: the TimelinesPicture and the Board;
 *   moves: the legal actions now; side: the side to move;
 *   positionAt(ply): the Position after a ply of the game or line (a promise);
 *   play(action): plays it; restore(): draws the live board again.
 * It returns cancel(), or null when no King may travel.
 */
function backTravel({ picture, board, moves, side, positionAt, play, restore }, king = null) {
  const hist = picture.hist;
  const back = moves.filter((m) => m.kind === 'back' && (!king || m.from === king));
  if (!hist || !back.length) return null;
  // The history of the board the travel starts from: the plies of a timeline that holds it, up to it.
  const now = picture.args.current;
  const line = hist.timelines.find((tl) => (tl.plies || []).includes(now)) || {};
  const live = (line.plies || []).filter((p) => p <= now);
  const numberOf = (m) => Number((/\/\/(\d+)@/.exec(m.coord) || [])[1]);
  const targets = [];
  for (const n of [...new Set(back.map(numberOf))].sort((a, b) => a - b)) {
    const t = turnIndex(n, side);
    const ply = live.find((p) => hist.boards[p].turn === t);
    const before = [0, ...live].filter((p) => hist.boards[p].turn < t).pop();
    if (ply !== undefined && before !== undefined) targets.push({ ply, before, number: n });
  }
  if (!targets.length) return null;
  const who = `${side === 'white' ? 'White' : 'Black'}'s King${king ? ' on ' + king : ''}`;
  let done = false;
  const onKey = (ev) => { if (ev.key === 'Escape') cancel(); };
  const finish = () => {
    done = true;
    picture.travel = null;
    picture.ask(null);
    board.onSquare = null;
    board.selected = null; // the King chosen for the travel is let go
    board.setMarks([]);
    document.removeEventListener('keydown', onKey);
    picture.redraw();
  };
  const cancel = () => {
    if (done) return;
    finish();
    restore();
  };
  const choose = async (target) => {
    picture.travel.chosen = target.ply;
    picture.redraw();
    let pos;
    try { pos = await positionAt(target.before); } catch (e) { toast(errorText(e), 'error'); return; }
    if (done) return;
    const landing = back.filter((m) => numberOf(m) === target.number);
    board.onSquare = async (sq) => {
      const cands = landing.filter((m) => m.to === sq);
      if (!cands.length) { toast(`The King cannot land on ${sq}: choose a highlighted square, or Cancel.`, 'error'); return; }
      const m = await chooseAction(cands);
      if (!m || done) return;
      finish();
      toast('');
      try { await play(m); } catch { restore(); }
    };
    board.set(pos, { movable: false });
    board.setMarks(landing.map((m) => ({ square: m.to, cls: 'mark-landing' })));
    picture.ask(`${who} travels back to ${turnName({ number: target.number, side })}. This is the board as it was then: click a highlighted square for his landing.`, cancel);
    board.svg.focus({ preventScroll: true });
    board.el.scrollIntoView({ block: 'center' });
  };
  picture.travel = { targets, choose };
  picture.ask(`${who} may travel back in time: choose the move on the timeline below (enabled boards, each "move N").`, cancel);
  document.addEventListener('keydown', onKey);
  picture.redraw();
  return cancel;
}

// The evaluation bar beside the analysis board: White's share of the bar grows with the
// engine's score (as lichess draws it), a mate fills it for the side that mates, and White's
// end is the end of the board White plays from.

import { h } from './dom.js';

/**
 * whiteView reads an engine score ("cp 35" or "mate -3", from the side to move's view) as
 * {cp} or {mate} from White's view; null for a text it does not know.
 */
export function whiteView(score, turn) {
  const m = /^(cp|mate)\s+(-?\d+)$/.exec(String(score || '').trim());
  if (!m) return null;
  const n = Number(m[2]) * (turn === 'black' ? -1 : 1);
  return m[1] === 'cp' ? { cp: n } : { mate: n };
}

/** whiteShare is White's part of the bar, 0 to 1, for a score from White's view. */
function whiteShare(v) {
  if (!v) return 0.5;
  if (v.mate !== undefined) return v.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-0.00368208 * v.cp));
}

/** evalText writes a score from White's view: +0.35, -1.20, M3 (White mates), -M2. */
function evalText(v) {
  if (!v) return '';
  if (v.mate !== undefined) return (v.mate < 0 ? '-' : '') + 'M' + Math.abs(v.mate);
  return (v.cp > 0 ? '+' : '') + (v.cp / 100).toFixed(1);
}

/** EvalBar is the bar: show a score, clear it, and turn it with the board. */
export class EvalBar {
  constructor() {
    this.fill = h('div', { class: 'eval-fill' });
    this.label = h('span', { class: 'eval-text' });
    this.el = h('div', { class: 'eval-bar off', 'data-testid': 'eval-bar', role: 'img', 'aria-label': 'Evaluation: engine off' },
      this.fill, h('div', { class: 'eval-mid' }), this.label);
    this.clear();
  }

  /** show draws a score from White's view (see whiteView). */
  show(v) {
    this.draw(whiteShare(v), evalText(v));
  }

  /** result draws the end of a game: 1-0 fills the bar for White, 0-1 for Black, a draw halves it. */
  result(result) {
    this.draw(result === '1-0' ? 1 : result === '0-1' ? 0 : 0.5, result === '1/2-1/2' ? '½' : result);
  }

  // draw fills White's share of the bar and writes the text at the leading side's end.
  draw(share, text) {
    this.el.classList.remove('off');
    this.fill.style.height = (share * 100).toFixed(1) + '%';
    this.label.textContent = text;
    this.label.dataset.side = share >= 0.5 ? 'white' : 'black';
    this.el.dataset.score = text;
    this.el.dataset.white = share.toFixed(3);
    this.el.setAttribute('aria-label', `Evaluation ${text} (White's share ${Math.round(share * 100)}%)`);
    this.el.title = `Engine evaluation ${text}, from White's view`;
  }

  /** clear shows the bar empty: the engine is off or has not answered yet. */
  clear(why = 'engine off') {
    this.el.classList.add('off');
    this.fill.style.height = '50%';
    this.label.textContent = '';
    this.el.dataset.score = '';
    this.el.dataset.white = '';
    this.el.setAttribute('aria-label', 'Evaluation: ' + why);
    this.el.title = 'Evaluation bar: ' + why + (why === 'engine off' ? '; switch the engine on to fill it' : '');
  }

  /** orient puts White's end of the bar at the bottom (white) or the top (black). */
  orient(side) {
    this.el.classList.toggle('flipped', side === 'black');
  }
}

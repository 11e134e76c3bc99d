// Refusals on the board: when the board refuses a gesture (a click on a man with no legal
// action, a man dropped where he may not go), the server is asked why (the why routes of
// docs/api.md) and the board note shows the answer with the rule's name.

import { h } from './dom.js';

/**
 * refusalExplainer returns the board's onRefuse: it asks ask(move) (a promise of a Why answer;
 * move is "g1" for the man on g1, "g1f3" for his move to f3, "B@c5" for the due bishop's arrival
 * on c5, or the gesture's own move text) and shows the answer in note,
 * followed by what more(gesture) adds (null for nothing). An answer that comes after another
 * gesture or a new position is dropped.
 */
export function refusalExplainer(board, note, ask, more = () => null) {
  let asked = 0;
  return async (gesture) => {
    const mine = ++asked;
    const fen = board.position && board.position.fen;
    let why;
    try {
      why = await ask(gesture.move || moveText(board, gesture));
    } catch (e) {
      why = { legal: false, message: e.message };
    }
    if (mine !== asked || !board.position || board.position.fen !== fen || why.legal) return;
    note.show([refusalText(why), more(gesture)], { square: gesture.to || gesture.from, kind: 'refusal' });
  };
}

/** moveText names the refused gesture as a move: the man's square, his move, or an arrival. */
function moveText(board, { from, to }) {
  if (from) return to ? from + to : from;
  const drop = board.legal().find((m) => !m.from && m.to);
  return drop ? `${drop.san.split('@')[0]}@${to}` : to;
}

/** refusalText writes a Why answer: the rule's name and label, then the reason. */
export function refusalText(why) {
  const r = why.refusal;
  if (!r) return h('p', { 'data-rule': '' }, sentence(why.message || 'This move is not legal here'));
  return h('p', { 'data-rule': r.rule },
    h('strong', {}, sentence(r.name).replace(/\.$/, '')), ' ', h('span', { class: 'rule' }, `(${r.rule})`), ': ', sentence(r.reason));
}

/** sentence starts text with a capital and ends it with a full stop. */
function sentence(text) {
  const t = text.trim();
  return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?)]$/.test(t) ? '' : '.');
}

// Choosing among legal actions: the picker for a gesture several actions share, the
// explosion picker (type, square, first move), the list of special actions that have no drag
// gesture, and the typed-move form.

import { h, clear, errorText } from './dom.js';
import { NAMES } from './pieces.js';
import { sendNumber } from './gifford.js';
import { ACTION_RULES, rulesHref } from './ruleslinks.js';

/** label names an action for a person: its SAN, and its label when it says more. */
export function actionLabel(m) {
  return m.label && m.label !== m.san ? `${m.san} — ${m.label}` : m.san || m.coord;
}

/** pick shows a modal list of actions and resolves with the chosen one (null: cancelled). */
export function pick(actions, title = 'Choose a move') {
  return new Promise((resolve) => {
    const dlg = h('dialog', { class: 'picker', 'data-testid': 'picker', 'aria-label': title });
    const done = (m) => { dlg.close(); dlg.remove(); resolve(m); };
    dlg.append(h('h2', {}, title), h('div', { class: 'picker-list' }, actions.map((m) =>
      h('button', { type: 'button', 'data-testid': 'pick-' + m.coord, 'data-coord': m.coord, onclick: () => done(m) }, actionLabel(m)))),
    h('button', { type: 'button', class: 'secondary', onclick: () => done(null) }, 'Cancel'));
    dlg.addEventListener('cancel', (ev) => { ev.preventDefault(); done(null); });
    document.body.append(dlg);
    dlg.showModal();
    const first = dlg.querySelector('.picker-list button');
    if (first) first.focus();
  });
}

/** explosionParts reads an explosion action as {type, square, dest} (coordinate form T@XY). */
export function explosionParts(m) {
  const x = /^([A-Z])@([a-p]\d{1,2})([a-p]\d{1,2})/.exec(m.coord || '');
  if (x) return { type: x[1], square: x[2], dest: x[3] };
  const t = /^[A-Z]/.test(m.san || '') ? m.san[0] : 'P';
  return { type: t, square: m.from, dest: m.to };
}

/**
 * pickExplosion lets the player choose the type, the square and the first move of an explosion
 * from lists (the keyboard's way; the board's is explode.js); supports, when given, are the
 * supporting lines by type and square (Position.travelers.supports), which the preview names.
 */
export function pickExplosion(actions, supports = {}) {
  return new Promise((resolve) => {
    const parts = actions.map((m) => ({ m, ...explosionParts(m) }));
    const dlg = h('dialog', { class: 'picker explosion-picker', 'data-testid': 'explosion-picker', 'aria-label': 'Explosion' });
    const done = (m) => { dlg.close(); dlg.remove(); resolve(m); };
    const typeSel = h('select', { 'data-testid': 'explosion-type', 'aria-label': 'Type' });
    const sqSel = h('select', { 'data-testid': 'explosion-square', 'aria-label': 'Explosion square' });
    const destSel = h('select', { 'data-testid': 'explosion-dest', 'aria-label': 'First move of the traveled man' });
    const fill = (sel, values, keep, text = (v) => v) => {
      const prev = keep || sel.value;
      clear(sel, values.map((v) => h('option', { value: v }, text(v))));
      if (values.includes(prev)) sel.value = prev;
    };
    const uniq = (xs) => [...new Set(xs)].sort();
    const refresh = (keep = {}) => {
      fill(typeSel, uniq(parts.map((p) => p.type)), keep.type, (t) => `${NAMES[t] || t} (${t})`);
      fill(sqSel, uniq(parts.filter((p) => p.type === typeSel.value).map((p) => p.square)), keep.square);
      fill(destSel, uniq(parts.filter((p) => p.type === typeSel.value && p.square === sqSel.value).map((p) => p.dest)), keep.dest);
      const m = chosen();
      const line = supports[`${typeSel.value}@${sqSel.value}`];
      preview.textContent = m ? actionLabel(m) + (line ? `; supported by ${line}` : '') : '';
    };
    const chosen = () => {
      const p = parts.find((q) => q.type === typeSel.value && q.square === sqSel.value && q.dest === destSel.value);
      return p && p.m;
    };
    const preview = h('p', { class: 'picker-preview', 'data-testid': 'explosion-preview' });
    typeSel.addEventListener('change', () => refresh());
    sqSel.addEventListener('change', () => refresh({ type: typeSel.value, square: sqSel.value }));
    destSel.addEventListener('change', () => refresh({ type: typeSel.value, square: sqSel.value, dest: destSel.value }));
    dlg.append(h('h2', {}, 'Explosion'),
      h('p', { class: 'muted' }, 'A traveling and a traveled man of the chosen type appear on the square; the traveled man makes the first move.'),
      h('label', {}, 'Type ', typeSel), h('label', {}, 'Square ', sqSel), h('label', {}, 'First move to ', destSel),
      preview,
      h('div', { class: 'row' },
        h('button', { type: 'button', 'data-testid': 'explosion-play', onclick: () => done(chosen() || null) }, 'Explode'),
        h('button', { type: 'button', class: 'secondary', onclick: () => done(null) }, 'Cancel')));
    dlg.addEventListener('cancel', (ev) => { ev.preventDefault(); done(null); });
    document.body.append(dlg);
    refresh();
    dlg.showModal();
    typeSel.focus();
  });
}

/**
 * choose settles a gesture: one action plays at once, several go to the list picker. Resolves
 * with the action or null.
 */
export async function choose(actions) {
  if (!actions.length) return null;
  if (actions.length === 1) return actions[0];
  return pick(actions);
}

const GROUPS = [
  ['drop', 'Arrivals'],
  ['send', 'Send forward in time'],
  ['back', 'King travels back'],
  ['ttcapture', 'Time Thief captures'],
  ['annihilation', 'Annihilations'],
];

/** isSpecial says whether an action belongs in the special actions list. */
export function isSpecial(m) {
  return !m.from || !m.to || ['back', 'ttcapture', 'explosion', 'annihilation', 'drop', 'send'].includes(m.kind);
}

/**
 * specialPanel lists the special actions of the side to move, grouped by kind, each a button
 * (explosions, chosen on the board, also behind one button that opens the explosion picker, with
 * their supporting lines: supports). play is called with the chosen action. Each group's heading
 * links to the rule of its kind (ruleslinks.js), the "Other" group to the rules of variant, when
 * given.
 */
export function specialPanel(moves, play, variant, supports = {}) {
  const special = moves.filter(isSpecial);
  if (!special.length) return null;
  const box = h('section', { class: 'panel special', 'data-testid': 'special-actions', 'aria-label': 'Special actions' });
  box.append(h('h3', {}, 'Special actions'));
  for (const [kind, title] of GROUPS) {
    const list = special.filter((m) => m.kind === kind);
    if (!list.length) continue;
    const byKey = new Map();
    for (const m of list) {
      const key = kind === 'drop' ? m.san.split('@')[0] : kind === 'send' || kind === 'back' ? m.from : '';
      if (!byKey.has(key)) byKey.set(key, []);
      byKey.get(key).push(m);
    }
    const group = h('div', { class: 'special-group', 'data-kind': kind }, groupHeading(kind, title));
    if (kind === 'send') {
      // One compact row per man, the move numbers in numeric order; the tray beside the board takes the same sends by drag.
      for (const ms of byKey.values()) ms.sort((a, b) => sendNumber(a) - sendNumber(b));
      group.append(h('p', { class: 'muted special-hint' }, 'A man next to your King, then the move he comes back at; or drag him onto the tray beside the board.'));
    }
    for (const [key, ms] of byKey) {
      const chips = ms.map((m) => h('button', {
        type: 'button', class: 'chip', 'data-testid': 'special-' + m.coord, 'data-coord': m.coord,
        title: actionLabel(m), onclick: () => play(m),
      }, chipText(m)));
      group.append(h('div', { class: 'special-row' }, key ? h('span', { class: 'special-key' }, keyText(kind, key, ms[0])) : null, chips));
    }
    box.append(group);
  }
  const explosions = special.filter((m) => m.kind === 'explosion');
  if (explosions.length) {
    box.append(h('div', { class: 'special-group', 'data-kind': 'explosion' }, groupHeading('explosion', 'Explosions'),
      h('p', { class: 'muted' }, 'On the board: click an empty square, or choose the type under the board; then the first move of the traveled man. Or pick from lists:'),
      h('button', {
        type: 'button', 'data-testid': 'open-explosions',
        onclick: async () => { const m = await pickExplosion(explosions, supports); if (m) play(m); },
      }, `Explosions by list… (${explosions.length})`)));
  }
  const rest = special.filter((m) => !GROUPS.some(([k]) => k === m.kind) && m.kind !== 'explosion');
  if (rest.length) {
    box.append(h('div', { class: 'special-group' }, groupHeading('other', 'Other', variant && rulesHref(variant)), rest.map((m) =>
      h('button', { type: 'button', class: 'chip', 'data-testid': 'special-' + m.coord, onclick: () => play(m) }, actionLabel(m)))));
  }
  return box;
}

/** groupHeading is a group's title with a link to the rule of its kind of action (or to rule). */
function groupHeading(kind, title, rule = ACTION_RULES[kind]) {
  return h('h4', {}, title, rule ? h('a', { class: 'rule-link', href: rule, 'data-testid': 'rule-link-' + kind, title: `The rule: ${title.toLowerCase()}` }, 'rules') : null);
}

function keyText(kind, key, m) {
  if (kind === 'drop') return `${NAMES[key.replace(/[^A-Z]/g, '')] || key} ${key} to`;
  if (kind === 'send') return (m.san.split('//')[0] || key) + ' →';
  return key + ':';
}

function chipText(m) {
  if (m.kind === 'drop') return m.to || m.san;
  if (m.kind === 'send') return String(sendNumber(m) || m.san);
  return m.san || m.coord;
}

/**
 * typedMoveForm is the text box for moves in any notation; submit(text) returns a promise that
 * rejects with the server's error, which the form shows. id names the input (pages with several
 * boards give each form its own).
 */
export function typedMoveForm(submit, { disabled = false, id = 'typed-move' } = {}) {
  const input = h('input', {
    type: 'text', id, 'data-testid': 'typed-move', autocomplete: 'off', spellcheck: false,
    placeholder: 'e4, Nf3, e2e4, P e2-e4, Bf1//9, B@c4…', 'aria-label': 'Type a move', disabled,
  });
  const err = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'typed-error' });
  const form = h('form', { class: 'typed-move', 'data-testid': 'typed-form' },
    h('label', { for: id }, 'Move'), input,
    h('button', { type: 'submit', disabled }, 'Play'), err);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    err.textContent = '';
    try {
      await submit(text);
      input.value = '';
    } catch (e) {
      err.textContent = errorText(e);
    }
  });
  return form;
}

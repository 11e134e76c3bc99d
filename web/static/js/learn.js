// The guided first games: /learn lists them, /learn/<variant> plays one. A guided game is a
// script (static/learn/<variant>.json, replayed through the rules by web/learn_test.go): steps
// that each say what to do, mark squares and draw arrows, accept some actions (by their
// coordinate form, so any gesture or typed notation that plays one counts) or ask for an action
// the rules refuse, and have the opponent answer after a short pause. The page asks the server
// for every position (POST /position with the script's start and the moves so far).
//
// A script is {variant, title, intro, fen (optional start), steps, ends (the last position's
// text)}; a step is {setup (optional {fen, say}: a new position), title, rule (its label in
// docs/rules/), say, marks: [square], arrows: [{from, to, cls}], play: [coordinate form] or
// refuse: {move, rule}, want (what a wrong action is told the lesson wants), done (the closing
// line), reply (optional {move, say}: Black's answer)}.

import { h, clear } from './dom.js';
import { asked } from './api.js';
import { Board } from './board.js';
import { choose, specialPanel, typedMoveForm } from './actions.js';
import { giffordPanel, travelersMarks, travelersPanel, timethiefMarks, timethiefPanel } from './panels.js';
import { turnBanner } from './notices.js';
import { fenTurn, moveNumber } from './numbering.js';
import { lessons, lessonPath, lessonScript } from './lessons.js';

/** The pause before the scripted opponent answers, so the player sees the move land first. */
const REPLY_DELAY_MS = 700;

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** learnListPage draws /learn: every guided game and what it teaches. */
export async function learnListPage(root) {
  const list = await lessons();
  clear(root, h('section', { class: 'learn-list', 'data-testid': 'learn-list' },
    h('h1', {}, 'Learn by playing'),
    h('p', {}, 'Each guided game is a few moves long. The board says what to do at every step and marks the squares; you play every special action of the variant once.'),
    h('ul', { class: 'learn-cards' }, list.map((l) => h('li', { class: 'panel' },
      h('h2', {}, h('a', { href: lessonPath(l.variant), 'data-testid': 'learn-link-' + l.variant }, l.title)),
      h('p', {}, l.summary),
      h('p', { class: 'row' },
        h('a', { href: lessonPath(l.variant), class: 'button' }, 'Start'),
        h('a', { href: '/rules/' + encodeURIComponent(l.variant) }, 'Read the rules')))))));
}

/** learnPage draws /learn/<variant>: its guided game, step by step. */
export async function learnPage(root, variant) {
  const script = await lessonScript(variant);
  if (!script) {
    const list = await lessons();
    clear(root, h('section', { class: 'panel', 'data-testid': 'learn-missing' },
      h('h1', {}, 'No guided game for this variant'),
      h('p', {}, `There is no guided game for "${variant}". These variants have one:`),
      h('ul', {}, list.map((l) => h('li', {}, h('a', { href: lessonPath(l.variant) }, l.title))))));
    return;
  }
  const steps = script.steps;
  // The line being played: a start position and the moves since, each {coord, san, turn}.
  // paused: a step is done and the next one sets up a new position; the player goes on with
  // Continue, after looking at what the last move did.
  const st = { index: 0, fen: script.fen || '', line: [], pos: null, busy: false, paused: false, finished: false, hover: null, last: [] };
  // The state at the start of each step, for Back and Restart.
  const snapshots = [];
  // Positions by request body, so trying moves asks the server once per board.
  const positions = new Map();

  const board = new Board({
    label: 'Guided game board',
    onGesture: async (cands) => {
      const chosen = choose(cands);
      // A picker opened for the gesture shows the step's action standing out, as the panels do.
      for (const b of document.querySelectorAll('dialog.picker [data-coord]')) b.classList.toggle('learn-target', (cur().play || []).includes(b.dataset.coord));
      const m = await chosen;
      if (m) attempt(m.coord);
    },
    onHover: (sq) => { st.hover = sq; drawMarks(); },
  });
  const banner = turnBanner();
  const progress = h('span', { 'data-testid': 'learn-progress' });
  const stepTitle = h('h2', { class: 'learn-step-title', 'data-testid': 'learn-step-title' });
  const lastEl = h('div', { class: 'learn-last', 'data-testid': 'learn-last' });
  const sayEl = h('p', { class: 'learn-say', 'data-testid': 'learn-say' });
  const feedback = h('p', { class: 'learn-feedback', role: 'alert', 'data-testid': 'learn-feedback' });
  const endEl = h('div', { class: 'learn-end', 'data-testid': 'learn-end', hidden: true });
  const continueBtn = h('button', { type: 'button', 'data-testid': 'learn-continue', hidden: true, onclick: () => { st.paused = false; st.last = []; enterStep(st.index + 1); } }, 'Continue ›');
  const backBtn = h('button', { type: 'button', class: 'small secondary', 'data-testid': 'learn-back', onclick: () => goTo(st.finished || st.paused ? st.index : st.index - 1) }, '‹ Back');
  const restartBtn = h('button', { type: 'button', class: 'small secondary', 'data-testid': 'learn-restart', onclick: () => goTo(0) }, 'Restart');
  const coach = h('section', { class: 'learn-coach', 'data-testid': 'learn-coach', 'aria-live': 'polite' },
    h('div', { class: 'learn-progress' }, progress, backBtn, restartBtn), stepTitle, lastEl, sayEl, feedback, continueBtn, endEl);
  const moveList = h('ol', { class: 'move-list', 'data-testid': 'move-list', 'aria-label': 'Moves' });
  const special = h('div');
  const variantSlot = h('div');
  const typedSlot = h('div', { 'data-testid': 'typed-slot' }, typedMoveForm(typed));

  clear(root, h('section', { class: 'learn-layout' }, coach,
    h('div', { class: 'board-col' }, board.el),
    h('aside', { class: 'side-col' },
      typedSlot, banner.el,
      h('section', { class: 'panel' }, h('h1', { class: 'learn-title' }, script.title), h('p', { class: 'muted' }, script.intro),
        h('p', {}, h('a', { href: '/learn' }, 'All guided games'), ' · ', h('a', { href: '/rules/' + encodeURIComponent(variant) }, 'Read the rules'))),
      h('section', { class: 'panel' }, h('h3', {}, 'Moves'), moveList),
      special, variantSlot)));

  const cur = () => steps[st.index];
  await enterStep(0);

  /** body is the POST /position request for the line's first n moves plus extra. */
  function body(extra = []) {
    const b = { variant: script.variant, moves: st.line.map((m) => m.coord).concat(extra) };
    if (st.fen) b.fen = st.fen;
    return b;
  }

  /** positionOf is the board after the line and the extra moves (rejects with the server's refusal). */
  function positionOf(extra = []) {
    return asked(positions, '/position', body(extra));
  }

  /**
   * enterStep starts step i: its set-up, if any, its texts, marks and arrows. The board comes
   * back into view when the player had scrolled past it (to a panel or the Move box).
   */
  async function enterStep(i) {
    st.index = i;
    const step = steps[i];
    if (step.setup) {
      st.fen = step.setup.fen;
      st.line = [];
    }
    snapshots[i] = { fen: st.fen, line: st.line.slice(), last: st.last.slice() };
    clearTyped();
    await show();
    if (board.el.getBoundingClientRect().top < 0) board.el.scrollIntoView({ block: 'start' });
  }

  /** clearTyped empties the Move box and its message, which belonged to the step before. */
  function clearTyped() {
    typedSlot.querySelector('input').value = '';
    for (const p of typedSlot.querySelectorAll('.form-error')) p.textContent = '';
  }

  /** goTo takes the lesson back to the start of step i (Back, Restart). */
  async function goTo(i) {
    if (st.busy || i < 0) return;
    const snap = snapshots[i];
    if (!snap) return;
    st.finished = false;
    st.paused = false;
    st.fen = snap.fen;
    st.line = snap.line.slice();
    st.last = snap.last.slice();
    st.index = i;
    snapshots.length = i + 1;
    clearTyped();
    await show();
  }

  /** show draws the current position and the coach's texts. */
  async function show() {
    st.pos = await positionOf();
    const pos = st.pos;
    const step = cur();
    const movable = !st.busy && !st.paused && !st.finished && pos.turn === 'white' && !pos.status.over;
    board.set(pos, { movable });
    banner.show(movable ? pos : null);
    drawMarks();
    board.setArrows(st.finished || st.paused ? [] : (step.arrows || []).map((a) => ({ from: a.from, to: a.to, cls: a.cls || 'arrow-line' })));
    progress.textContent = st.finished ? `Done: all ${steps.length} steps` : `Step ${st.index + 1} of ${steps.length}`;
    clear(stepTitle, st.finished ? 'Lesson complete' : step.title, st.finished ? null : h('span', { class: 'rule' }, ` (${step.rule})`),
      st.paused ? h('span', { class: 'muted' }, ' — done') : null);
    clear(lastEl, st.last.map((t) => h('p', {}, t)));
    clear(sayEl, step.setup && st.line.length === 0 ? h('strong', {}, step.setup.say + ' ') : null, step.say);
    sayEl.hidden = st.finished || st.paused;
    continueBtn.hidden = !st.paused;
    feedback.textContent = '';
    endEl.hidden = !st.finished;
    if (st.finished) {
      clear(endEl, h('p', {}, 'You have played every special action of this variant once.'),
        h('div', { class: 'row' },
          h('a', { class: 'button', href: '/?variant=' + encodeURIComponent(script.variant), 'data-testid': 'learn-play' }, 'Play a real game'),
          h('a', { class: 'button secondary-link', href: '/rules/' + encodeURIComponent(script.variant), 'data-testid': 'learn-rules' }, 'Read the rules'),
          h('a', { href: '/learn' }, 'Other guided games')));
    }
    backBtn.disabled = st.busy || st.index === 0 && !st.finished && !st.paused;
    restartBtn.disabled = st.busy;
    clear(moveList, st.line.length ? st.line.map((m, i) => h('li', { 'data-ply': i + 1 },
      h('span', { class: 'num' }, moveNumber(m.turn)), ' ', m.san)) : h('li', { class: 'muted' }, 'No moves yet'));
    clear(special, movable ? specialPanel(pos.moves || [], (m) => attempt(m.coord)) : null);
    clear(variantSlot, giffordPanel(pos), travelersPanel(pos), timethiefPanel(pos, movable ? pos.moves || [] : [], (m) => attempt(m.coord), drawMarks));
    // The panels' buttons for the step's actions stand out, as its squares do on the board.
    const wanted = new Set(movable ? step.play || [] : []);
    for (const b of root.querySelectorAll('.side-col button[data-testid]')) {
      const coord = b.dataset.coord || b.dataset.testid.replace(/^tt-/, '');
      b.classList.toggle('learn-target', wanted.has(coord));
    }
    for (const el of typedSlot.querySelectorAll('input, button')) el.disabled = !movable;
    root.dataset.step = st.finished ? 'done' : st.paused ? `${st.index + 1}-done` : String(st.index + 1);
    root.dataset.ply = String(st.line.length);
  }

  function drawMarks() {
    if (!st.pos) return;
    const own = st.finished || st.paused ? [] : (cur().marks || []).map((square) => ({ square, cls: 'mark-learn' }));
    board.setMarks([...own, ...travelersMarks(st.pos, st.hover), ...timethiefMarks(st.pos, st.hover)]);
  }

  /** attempt handles an action the player chose on the board or in a panel. */
  function attempt(coord) {
    if (st.busy || st.finished) return;
    const step = cur();
    if ((step.play || []).includes(coord)) {
      accept(coord);
      return;
    }
    const m = (st.pos.moves || []).find((x) => x.coord === coord);
    wrongMove(m ? m.san : coord);
  }

  /** wrongMove says that a legal action is not the one the step asks for; it is not played. */
  function wrongMove(san) {
    feedback.dataset.kind = 'wrong';
    feedback.textContent = `That is legal, but this lesson wants ${cur().want}: ${san} was taken back. Try again.`;
  }

  /**
   * typed reads a move typed in any notation: the server plays it after the line, and the
   * board it gives is compared with those of the step's actions. A refusal is shown with its
   * rule; the one the step asks for completes the step.
   */
  async function typed(text) {
    if (st.busy || st.finished) return;
    const step = cur();
    let after;
    try {
      after = await positionOf([text]);
    } catch (e) {
      if (e.code !== 'illegal_move') throw e;
      if (step.refuse && e.refusal && e.refusal.rule === step.refuse.rule) {
        await refused(text, e.refusal);
        return;
      }
      feedback.dataset.kind = 'refused';
      feedback.textContent = e.refusal
        ? `Refused by the rules: ${e.refusal.reason} (${e.refusal.name}, ${e.refusal.rule}).`
        : `${text} is not a move here: ${e.message.replace(/^move \d+ of the list \(.*?\) is not legal here: /, '')}. Check the spelling, or use the board.`;
      throw new Error('');
    }
    for (const coord of step.play || []) {
      if ((await positionOf([coord])).fen === after.fen) {
        await accept(coord);
        return;
      }
    }
    wrongMove(text);
    throw new Error('');
  }

  /** refused completes a step that asks for a refused action: the rule's words stay on show. */
  async function refused(text, r) {
    st.last = [`${text}: refused. ${r.reason} (${r.name}, ${r.rule}).`, '✓ ' + cur().done];
    await next();
  }

  /**
   * accept plays the step's action, then the opponent's scripted answer, then the next step.
   * When the server does not answer (a network fault, a rate limit), the step starts again.
   */
  async function accept(coord) {
    const step = cur();
    const before = { line: st.line.length, last: st.last };
    st.busy = true;
    try {
      push(coord);
      st.last = ['✓ ' + step.done];
      await show();
      if (step.reply) {
        await sleep(REPLY_DELAY_MS);
        const san = push(step.reply.move);
        st.last.push(`Black plays ${san}: ${step.reply.say}`);
        await show();
      }
    } catch (e) {
      st.line.length = before.line;
      st.last = before.last;
      st.busy = false;
      await show().catch(() => {});
      feedback.dataset.kind = 'error';
      feedback.textContent = `The server did not answer (${e.message}): the move was taken back; play it again.`;
      return;
    } finally {
      st.busy = false;
    }
    await next();
  }

  /** push appends an action of the current position to the line and returns its SAN. */
  function push(coord) {
    const m = (st.pos.moves || []).find((x) => x.coord === coord);
    const san = m ? m.san : coord;
    st.line.push({ coord, san, turn: fenTurn(st.pos.fen) });
    return san;
  }

  /** next goes on to the following step, or ends the lesson after the last one. */
  async function next() {
    if (st.index + 1 < steps.length && steps[st.index + 1].setup) {
      st.paused = true;
      await show();
      continueBtn.focus({ preventScroll: true });
      return;
    }
    if (st.index + 1 < steps.length) {
      await enterStep(st.index + 1);
      return;
    }
    st.finished = true;
    snapshots[steps.length] = { fen: st.fen, line: st.line.slice(), last: st.last.slice() };
    await show();
  }
}

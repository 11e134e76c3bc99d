// The home page: create a game (variant, position, colour, time, opponent), the open seek
// list (live over the lobby WebSocket), one's own games and ongoing games to watch.

import { h, clear, toast, errorText } from './dom.js';
import { api, seats, mySeeks, LiveSocket } from './api.js';
import { rulesHref, rulesLink } from './ruleslinks.js';
import { lessons, lessonPath } from './lessons.js';

let variantsCache = null;

/** variants fetches the variant list once. */
export async function variants() {
  if (!variantsCache) variantsCache = await api('GET', '/variants');
  return variantsCache;
}

/** variantTitle is the human name of a variant (its name when the list does not know it). */
export async function variantTitle(name) {
  const v = (await variants()).find((x) => x.name === name);
  return v ? v.title : name;
}

/** variantSelect is a <select> of every variant. */
export async function variantSelect(selected, attrs = {}) {
  const list = await variants();
  return h('select', { 'aria-label': 'Variant', ...attrs },
    list.map((v) => h('option', { value: v.name, selected: v.name === selected }, `${v.title} (${v.name})`)));
}

/** timeControl reads the time form into the API shape. */
function timeControl(form) {
  const mode = form.querySelector('[name=tc]:checked').value;
  if (mode === 'live') {
    return { initial_ms: Math.round(Number(form.minutes.value) * 60000), increment_ms: Math.round(Number(form.increment.value) * 1000), days: 0 };
  }
  if (mode === 'corr') return { initial_ms: 0, increment_ms: 0, days: Number(form.days.value) };
  return { initial_ms: 0, increment_ms: 0, days: 0 };
}

function tcText(tc) {
  if (!tc) return '';
  if (tc.initial_ms) return `${tc.initial_ms / 60000}+${(tc.increment_ms || 0) / 1000}`;
  if (tc.days) return `${tc.days} day${tc.days > 1 ? 's' : ''}/move`;
  return 'unlimited';
}

/** homePage draws the home page; seeksOnly draws just the seek list (the /seeks page). */
export async function homePage(root, { seeksOnly = false } = {}) {
  const seekList = h('div', { class: 'seek-list', 'data-testid': 'seek-list' }, h('p', { class: 'muted' }, 'Loading…'));
  const mine = h('div', { 'data-testid': 'my-games' }, h('p', { class: 'muted' }, 'Loading…'));
  const ongoing = h('div', { 'data-testid': 'ongoing-games' }, h('p', { class: 'muted' }, 'Loading…'));
  const seeksPanel = h('section', { class: 'panel' }, h('h2', {}, 'Open seeks'), seekList);
  let seeks = [];
  const redraw = () => drawSeeks(seekList, seeks);
  if (seeksOnly) {
    clear(root, h('div', { class: 'home' }, seeksPanel));
  } else {
    clear(root, h('div', { class: 'home' },
      h('section', { class: 'panel create' }, h('h2', {}, 'New game'), await createForm(redraw)),
      seeksPanel,
      h('section', { class: 'panel' }, h('h2', {}, 'My games'), mine),
      h('section', { class: 'panel' }, h('h2', {}, 'Games being played'), ongoing)));
    loadMine(mine);
    loadOngoing(ongoing);
  }
  const lobby = new LiveSocket('/lobby/ws', {
    onMessage: (msg) => { if (msg.type === 'seeks') { seeks = msg.seeks || []; redraw(); } },
  });
  window.addEventListener('pagehide', () => lobby.close());
  watchMySeeks();
}

/** createForm is the new-game form; onSeek is told when it posted a seek of this browser. */
async function createForm(onSeek) {
  const params = new URLSearchParams(location.search);
  const variant = params.get('variant') || 'chess';
  const vsel = await variantSelect(variant, { name: 'variant', 'data-testid': 'create-variant' });
  // A game's own start position comes back as the variant's start: no set-up position then.
  const own = (await variants()).find((v) => v.name === variant);
  const setUp = params.get('fen') && !(own && own.start === params.get('fen')) ? params.get('fen') : '';
  const fen = h('textarea', { name: 'fen', rows: 2, placeholder: 'Position text (empty: the start position)', 'aria-label': 'Set-up position', 'data-testid': 'create-fen' }, setUp);
  // The address may carry the settings of a finished game ("New game"): ?color=&tc=&minutes=&increment=&days=&opponent=&level=.
  const chosen = { color: params.get('color') || 'white', tc: params.get('tc') || 'live', opponent: params.get('opponent') || 'friend' };
  const preset = (name, fallback) => params.get(name) || fallback;
  const radio = (name, value, text) => h('label', { class: 'inline' },
    h('input', { type: 'radio', name, value, checked: chosen[name] === value, 'data-testid': `${name}-${value}` }), ' ' + text);
  const err = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'create-error' });
  // The rules link follows the chosen variant.
  const rules = rulesLink(vsel.value, await variantTitle(vsel.value), { 'data-testid': 'create-rules' });
  vsel.addEventListener('change', async () => {
    rules.href = rulesHref(vsel.value);
    rules.textContent = `Rules of ${await variantTitle(vsel.value)}`;
  });
  const learn = learnHint(vsel);
  const form = h('form', { class: 'create-form', 'data-testid': 'create-form' },
    h('div', { class: 'row variant-row' }, h('label', {}, 'Variant ', vsel), rules), learn,
    h('details', { open: !!setUp }, h('summary', {}, 'Start from a set-up position'), fen),
    h('fieldset', {}, h('legend', {}, 'Your colour'),
      radio('color', 'white', 'White'), radio('color', 'black', 'Black'), radio('color', 'random', 'Random')),
    h('fieldset', {}, h('legend', {}, 'Time'),
      radio('tc', 'live', 'Live clock'),
      h('label', { class: 'inline' }, h('input', { type: 'number', name: 'minutes', min: 0.5, max: 180, step: 0.5, value: preset('minutes', 10), 'aria-label': 'Minutes' }), ' min +'),
      h('label', { class: 'inline' }, h('input', { type: 'number', name: 'increment', min: 0, max: 60, value: preset('increment', 5), 'aria-label': 'Increment seconds' }), ' s'),
      h('br'),
      radio('tc', 'corr', 'Correspondence'),
      h('label', { class: 'inline' }, h('input', { type: 'number', name: 'days', min: 1, max: 14, value: preset('days', 3), 'aria-label': 'Days per move' }), ' days per move'),
      h('br'),
      radio('tc', 'none', 'No clock')),
    h('fieldset', {}, h('legend', {}, 'Opponent'),
      h('div', {}, radio('opponent', 'friend', 'A friend: a private link seats the first person who opens it')),
      h('div', {}, radio('opponent', 'open', 'Anyone with the game link: the first visitor to join plays')),
      h('div', {}, radio('opponent', 'seek', 'Anyone in the lobby: post a seek to the open seek list')),
      radio('opponent', 'engine', 'The engine'),
      h('label', { class: 'inline' }, ' level ', h('input', { type: 'number', name: 'level', min: 1, max: 8, value: preset('level', 3), 'aria-label': 'Engine level', 'data-testid': 'engine-level' }))),
    h('button', { type: 'submit', 'data-testid': 'create-submit' }, 'Create game'), err);
  // A setting the address names wrongly falls back to the first choice.
  for (const name of Object.keys(chosen)) {
    if (!form.querySelector(`[name=${name}]:checked`)) form.querySelector(`[name=${name}]`).checked = true;
  }
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    const opponent = form.querySelector('[name=opponent]:checked').value;
    const body = { variant: vsel.value, color: form.querySelector('[name=color]:checked').value, time_control: timeControl(form) };
    if (fen.value.trim()) body.fen = fen.value.trim();
    try {
      if (opponent === 'seek') {
        const r = await api('POST', '/seeks', body);
        mySeeks.set(r.seek.id, r.token);
        onSeek();
        toast('Seek posted; the game starts when someone accepts it.');
        watchMySeeks();
        return;
      }
      body.opponent = opponent;
      if (opponent === 'engine') body.level = Number(form.level.value);
      const r = await api('POST', '/games', body);
      seats.set(r.game.id, r.token, r.side, r.invite_token ? { invite: r.invite_token } : {});
      location.assign('/game/' + r.game.id);
    } catch (e) {
      err.textContent = errorText(e);
    }
  });
  return form;
}

/**
 * learnHint is the "New to <variant>? Try the guided game" line under the variant picker; it
 * follows the picker and keeps its place (hidden, not removed) for variants without a guided game.
 */
function learnHint(vsel) {
  const el = h('p', { class: 'learn-hint', 'data-testid': 'learn-hint' });
  const update = async () => {
    const variant = vsel.value;
    const title = vsel.selectedOptions[0] ? vsel.selectedOptions[0].textContent.replace(/ \(.*\)$/, '') : variant;
    let list = [];
    try { list = await lessons(); } catch { /* the hint is optional; the form works without it */ }
    if (vsel.value !== variant) return;
    const has = list.some((l) => l.variant === variant);
    el.classList.toggle('absent', !has);
    clear(el, has ? [`New to ${title}? `, h('a', { href: lessonPath(variant), 'data-testid': 'learn-hint-link' }, 'Try the guided game')] : '');
  };
  vsel.addEventListener('change', update);
  update();
  return el;
}

function drawSeeks(el, seeks) {
  const own = mySeeks.all();
  clear(el, seeks.length ? h('table', { class: 'list' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Variant'), h('th', {}, 'Colour'), h('th', {}, 'Time'), h('th', {}, ''))),
    h('tbody', {}, seeks.map((sk) => h('tr', { 'data-seek': sk.id },
      h('td', {}, sk.variant + (sk.fen ? ' (set-up)' : '')),
      h('td', {}, sk.color || 'random'),
      h('td', {}, tcText(sk.time_control)),
      h('td', {}, own[sk.id]
        ? h('button', { type: 'button', class: 'small secondary', 'data-testid': 'cancel-seek-' + sk.id, onclick: () => cancelSeek(sk.id) }, 'Cancel')
        : h('button', { type: 'button', class: 'small', 'data-testid': 'accept-seek-' + sk.id, onclick: () => acceptSeek(sk.id) }, 'Play'))))))
    : h('p', { class: 'muted' }, 'No open seeks. Create one with "Anyone in the lobby".'));
}

async function acceptSeek(id) {
  try {
    const r = await api('POST', `/seeks/${id}/accept`);
    seats.set(r.game.id, r.token, r.side);
    location.assign('/game/' + r.game.id);
  } catch (e) { toast(errorText(e), 'error'); }
}

async function cancelSeek(id) {
  try {
    await api('DELETE', `/seeks/${id}`, undefined, mySeeks.all()[id]);
    mySeeks.remove(id);
  } catch (e) { toast(errorText(e), 'error'); }
}

let watching = false;

// watchMySeeks polls this browser's seeks; when one is taken it opens the game with the seek's token.
function watchMySeeks() {
  if (watching) return;
  watching = true;
  const tick = async () => {
    const own = mySeeks.all();
    const ids = Object.keys(own);
    if (!ids.length) { watching = false; return; }
    for (const id of ids) {
      try {
        const sk = await api('GET', `/seeks/${id}`);
        const gid = sk.game && (typeof sk.game === 'string' ? sk.game : sk.game.id);
        if (gid) {
          seats.set(gid, own[id], '');
          mySeeks.remove(id);
          location.assign('/game/' + gid);
          return;
        }
      } catch (e) {
        if (e.code === 'not_found') mySeeks.remove(id);
      }
    }
    setTimeout(tick, 1500);
  };
  tick();
}

/** stateText says where a game of a list stands. */
function stateText(g) {
  if (g.status === 'ongoing') return `ply ${g.ply}`;
  if (g.status === 'waiting') return 'waiting for a player';
  return g.reason.startsWith('aborted') ? g.reason : g.result;
}

function gameRow(g) {
  const name = (side) => { const p = g[side] || {}; return p.player === 'engine' ? `engine ${p.level}` : p.player === 'open' ? '(open)' : side; };
  return h('li', { 'data-game': g.id },
    h('a', { href: '/game/' + g.id }, `${g.variant}: ${name('white')} vs ${name('black')}`),
    ' ', h('span', { class: 'muted' }, `${stateText(g)} · ${tcText(g.time_control)}`),
    g.you ? h('span', { class: 'badge' }, g.status === 'ongoing' && g.position && g.position.turn === g.you ? 'your move' : g.you) : null);
}

async function loadMine(el) {
  const tokens = Object.values(seats.all()).map((s) => s.token).filter(Boolean);
  if (!tokens.length) { clear(el, h('p', { class: 'muted' }, 'No games yet.')); return; }
  try {
    const games = await api('POST', '/games/mine', { tokens });
    clear(el, games.length ? h('ul', { class: 'games' }, games.map(gameRow)) : h('p', { class: 'muted' }, 'No games yet.'));
  } catch (e) { clear(el, h('p', { class: 'form-error' }, errorText(e))); }
}

async function loadOngoing(el) {
  try {
    const games = await api('GET', '/games?status=ongoing&limit=30');
    clear(el, games.length ? h('ul', { class: 'games' }, games.map(gameRow)) : h('p', { class: 'muted' }, 'No games are being played.'));
  } catch (e) { clear(el, h('p', { class: 'form-error' }, errorText(e))); }
}

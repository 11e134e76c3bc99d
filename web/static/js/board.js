// The SVG board: draws any W x H board (1x1 to 16x16) from an API Position, with
// orientation, coordinates, highlights (last move, check, selection, legal-move hints, marks
// a page adds) and takes moves by drag, click and keyboard. A gesture (from, to) is handed to
// onGesture with the legal actions it matches; the page plays one or offers a picker. Drags may
// also start off the board (a man from a pocket, dragIn) and end off it (on a page element that
// setDropZones names, such as a tray).

import { s, h } from './dom.js';
import { drawPiece, describe } from './pieces.js';
import * as settings from './settings.js';

const FILES = 'abcdefghijklmnop';
const U = 100; // one square in SVG units

/** squareName writes file and rank indexes (0-based) as a square name: (4, 3) -> "e4". */
export function squareName(f, r) {
  return FILES[f] + (r + 1);
}

/** parseSquare reads a square name into 0-based file and rank, or null. */
export function parseSquare(name) {
  const m = /^([a-p])(\d{1,2})$/.exec(name || '');
  if (!m) return null;
  return { f: FILES.indexOf(m[1]), r: Number(m[2]) - 1 };
}

/**
 * Board draws one position and turns pointer and keyboard gestures into actions. onSelect(square)
 * hears each change of the selected man (null: none); aside(action) names the legal actions the
 * page takes by a gesture of its own (a Gifford King's backward travel, on the timelines
 * picture): their men can still be selected, but the board neither marks nor plays them.
 */
export class Board {
  /**
   * onTap(square) hears every click or tap on a square (for what a page shows of the man on it),
   * and takes it when it returns true (the board then does nothing more with it);
   * onRefuse({from, to}) hears a gesture the legal actions refuse: a click on a man of the side
   * to move that has no action (to ''), a selected man sent where he may not go, or a click on
   * an empty square where the man due to arrive may not land (from ''). onSquare,
   * while set (it may be set and cleared at any time), takes every click instead of the moves.
   */
  constructor({ onGesture, onHover, onSquare, onOrient, onSelect, aside, onTap, onRefuse, label = 'Board' } = {}) {
    this.onGesture = onGesture || (() => {});
    this.onOrient = onOrient || (() => {});
    this.onSelect = onSelect || (() => {});
    this.aside = aside || (() => false);
    this.onSquare = onSquare || null;
    this.onTap = onTap || (() => {});
    this.onRefuse = onRefuse || (() => {});
    this.onHover = onHover || (() => {});
    this.settings = settings.load();
    this.orientation = 'white';
    this.position = null;
    this.movable = false;
    this.selected = null;
    this.cursor = null;
    this.marks = [];
    this.markLayers = {};
    this.arrows = [];
    this.arrowLayers = {};
    this.premark = null;
    this.zones = [];
    this.el = h('div', { class: 'board-wrap', 'data-testid': 'board' });
    this.svg = s('svg', {
      class: 'board', role: 'grid', tabindex: 0, 'aria-label': label,
      'aria-roledescription': 'chess board', xmlns: 'http://www.w3.org/2000/svg',
    });
    this.live = h('div', { class: 'sr-only', 'aria-live': 'polite' });
    this.el.append(this.svg, this.live);
    this.setSize(this.settings.size);
    this.bind();
    window.addEventListener('timechess:settings', (ev) => {
      this.settings = ev.detail;
      this.setSize(ev.detail.size);
      this.render();
    });
  }

  setSize(px) {
    document.documentElement.style.setProperty('--board-size', px + 'px');
  }

  /** set shows a position; movable says whether the viewer may move now. */
  set(position, { movable = false, keepSelection = false } = {}) {
    const same = this.position && position && this.position.fen === position.fen;
    this.position = position;
    this.movable = movable;
    if (!(keepSelection && same)) this.selected = null;
    this.el.style.setProperty('--board-ratio', `${position.width} / ${position.height}`);
    this.el.dataset.fen = position.fen;
    this.render();
  }

  /** setOrientation puts the given side at the bottom and tells onOrient. */
  setOrientation(side) {
    this.orientation = side === 'black' ? 'black' : 'white';
    this.render();
    this.onOrient(this.orientation);
  }

  flip() {
    this.setOrientation(this.orientation === 'white' ? 'black' : 'white');
  }

  /**
   * setMarks draws extra square overlays: [{square, cls}]. layer (optional) names a set of
   * marks of its own, which the other layers' calls leave alone.
   */
  setMarks(marks, layer = '') {
    this.markLayers[layer] = marks || [];
    this.marks = Object.values(this.markLayers).flat();
    this.render();
  }

  /**
   * setArrows draws arrows over the men: [{from, to, cls}], each a square name pair; cls picks
   * the colour in app.css (arrow-best for an engine's move, arrow-line for a supporting line,
   * arrow-annihilation for the move that would annihilate a traveling man). layer (optional)
   * names a set of arrows of its own, which the other layers' calls leave alone.
   */
  setArrows(arrows, layer = '') {
    this.arrowLayers[layer] = arrows || [];
    this.arrows = Object.values(this.arrowLayers).flat();
    this.render();
  }

  /**
   * setDropZones names page elements a man may be dragged onto off the board:
   * [{el, accepts(from), drop(from), ready(from)}]. accepts says whether the man on square from
   * may go there (such a man can be picked up even when he has no move on the board); drop is
   * called when he is released over el; ready (optional) is told the selected or dragged man
   * that el accepts, or null, whenever that changes. el gets the class "drop-ready" while such a
   * man is selected or dragged and "drop-over" while he is dragged over it.
   */
  setDropZones(zones) {
    this.zones = zones || [];
    this.render();
  }

  /**
   * dragIn starts a drag of a man from off the board (a pocket) at pointerdown event ev: man is
   * {kind, color, state} and actions the legal actions he may make, each landing on its `to`.
   * Releasing him over one of those squares hands them to onGesture with an empty from.
   */
  dragIn(ev, man, actions) {
    if (ev.button !== 0 || !this.position) return;
    ev.preventDefault();
    this.selected = null;
    const d = { from: '', man, actions, x: ev.clientX, y: ev.clientY, moved: false, external: true };
    this.drag = d;
    const move = (e) => {
      if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) > 4) {
        d.moved = true;
        this.render();
      }
      if (d.moved) this.drawGhost(e.clientX, e.clientY);
    };
    const end = (e) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      if (this.drag !== d) return;
      this.drag = null;
      const sq = e.type === 'pointerup' ? this.squareAt(e.clientX, e.clientY) : null;
      const cands = d.moved ? actions.filter((m) => m.to === sq) : [];
      this.render();
      if (cands.length) this.onGesture(cands, { from: '', to: sq });
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    this.render();
  }

  /** legal lists the actions the viewer may play now. */
  legal() {
    return this.movable && this.position ? (this.position.moves || []).filter((m) => !this.aside(m)) : [];
  }

  xy(name) {
    const p = parseSquare(name);
    if (!p || !this.position) return null;
    const { width: W, height: H } = this.position;
    const x = this.orientation === 'white' ? p.f : W - 1 - p.f;
    const y = this.orientation === 'white' ? H - 1 - p.r : p.r;
    return { x: x * U, y: y * U };
  }

  squareAt(clientX, clientY) {
    if (!this.position) return null;
    const pt = new DOMPoint(clientX, clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    const { width: W, height: H } = this.position;
    const x = Math.floor(pt.x / U), y = Math.floor(pt.y / U);
    if (x < 0 || y < 0 || x >= W || y >= H) return null;
    const f = this.orientation === 'white' ? x : W - 1 - x;
    const r = this.orientation === 'white' ? H - 1 - y : y;
    return squareName(f, r);
  }

  pieceOn(square) {
    return this.position && this.position.board.find((b) => b.square === square);
  }

  render() {
    const pos = this.position;
    const svg = this.svg;
    svg.replaceChildren();
    if (!pos) return;
    const { width: W, height: H } = pos;
    const st = this.settings;
    svg.setAttribute('viewBox', `0 0 ${W * U} ${H * U}`);
    svg.dataset.orientation = this.orientation;
    const squares = s('g', { class: 'squares' });
    const over = s('g', { class: 'overlays' });
    const coords = s('g', { class: 'coords', 'aria-hidden': 'true' });
    const men = s('g', { class: 'men' });
    const hints = s('g', { class: 'hints', 'aria-hidden': 'true' });
    const targets = new Map();
    if (this.selected) for (const m of this.legal()) if (m.from === this.selected && m.to) targets.set(m.to, m);
    if (this.drag && this.drag.actions) for (const m of this.drag.actions) if (m.to) targets.set(m.to, m);
    const lastFrom = pos.last && pos.last.from, lastTo = pos.last && pos.last.to;
    const checks = new Set(pos.check || []);
    for (let row = 0; row < H; row++) {
      const rowG = s('g', { role: 'row' });
      for (let col = 0; col < W; col++) {
        const f = this.orientation === 'white' ? col : W - 1 - col;
        const r = this.orientation === 'white' ? H - 1 - row : row;
        const name = squareName(f, r);
        const light = (f + r) % 2 === 1;
        const man = this.pieceOn(name);
        let label = name + (man ? ', ' + describe(man.kind, man.color, man.state) : ', empty');
        if (targets.has(name)) label += ', legal target';
        rowG.append(s('rect', {
          x: col * U, y: row * U, width: U, height: U, fill: light ? st.light : st.dark,
          class: 'sq', role: 'gridcell', id: this.cellId(name), 'aria-label': label,
          'data-square': name, 'aria-selected': this.selected === name ? 'true' : 'false',
        }));
        const hl = (cls) => over.append(s('rect', { x: col * U, y: row * U, width: U, height: U, class: 'hl ' + cls, 'data-square': name }));
        if (name === lastFrom || name === lastTo) hl('hl-last');
        if (name === this.selected) hl('hl-selected');
        if (checks.has(name)) over.append(s('circle', { cx: col * U + 50, cy: row * U + 50, r: 48, class: 'hl hl-check' }));
        if (st.coords) {
          const ink = light ? st.dark : st.light;
          if (row === H - 1) coords.append(s('text', { x: col * U + U - 6, y: row * U + U - 7, 'text-anchor': 'end', 'font-size': 20, fill: ink, text: FILES[f] }));
          if (col === 0) coords.append(s('text', { x: col * U + 5, y: row * U + 21, 'font-size': 20, fill: ink, text: String(r + 1) }));
        }
        if (man) {
          const g = drawPiece(st.pieces, man.kind, man.color, man.state);
          g.setAttribute('transform', `translate(${col * U} ${row * U})`);
          g.dataset.square = name;
          if (this.drag && this.drag.from === name && this.drag.moved) g.setAttribute('opacity', '0.35');
          men.append(g);
        }
        if (st.hints && targets.has(name)) {
          hints.append(man
            ? s('circle', { cx: col * U + 50, cy: row * U + 50, r: 45, class: 'hint hint-capture' })
            : s('circle', { cx: col * U + 50, cy: row * U + 50, r: 15, class: 'hint hint-move' }));
        }
        if (this.cursor === name && this.focused && this.keyboard) {
          over.append(s('rect', { x: col * U + 3, y: row * U + 3, width: U - 6, height: U - 6, class: 'hl hl-cursor' }));
        }
      }
      squares.append(rowG);
    }
    for (const m of this.marks) {
      const p = this.xy(m.square);
      if (p) over.append(s('rect', { x: p.x, y: p.y, width: U, height: U, class: 'mark ' + m.cls, 'data-square': m.square }));
    }
    svg.append(squares, over, coords, men, hints, this.arrowLayer());
    if (this.cursor && this.focused && this.keyboard) svg.setAttribute('aria-activedescendant', this.cellId(this.cursor));
    this.ghostLayer = s('g', { class: 'ghost' });
    this.backLayer = s('g', { class: 'taken-back', 'aria-hidden': 'true', 'pointer-events': 'none' });
    svg.append(this.backLayer, this.ghostLayer);
    this.drawBack();
    this.el.classList.toggle('dragging', !!(this.drag && this.drag.moved));
    this.markZones();
    if (this.selected !== this.told) {
      this.told = this.selected;
      this.onSelect(this.selected);
    }
  }

  /** zoneFor is the drop zone that accepts the man on from and lies under the point, or null. */
  zoneFor(from, clientX, clientY) {
    return this.zones.find((z) => {
      if (!z.el.isConnected || !z.accepts(from)) return false;
      const r = z.el.getBoundingClientRect();
      return clientX >= r.left && clientX <= r.right && clientY >= r.top && clientY <= r.bottom;
    }) || null;
  }

  /** markZones tells the drop zones which man, if any, is selected or dragged for them. */
  markZones() {
    const from = (this.drag && this.drag.from) || this.selected;
    for (const z of this.zones) {
      const ready = !!from && z.accepts(from);
      z.el.classList.toggle('drop-ready', ready);
      if (!this.drag) z.el.classList.remove('drop-over');
      const mine = ready ? from : null;
      if (z.readyFrom !== mine) {
        z.readyFrom = mine;
        if (z.ready) z.ready(mine);
      }
    }
  }

  /**
   * animateBack shows a move taken back (a Time Thief's revert): the man slides from the square
   * he went to back to the square he came from and fades there, within ms (at most 600), over
   * the position already drawn; without motion (prefers-reduced-motion) he only fades. The
   * board's element says which move it showed last (data-taken-back="a5-a7").
   */
  animateBack(man, to, from, ms = 500) {
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.back = { man, to, from, ms: Math.min(ms, 600), t0: performance.now(), still };
    this.el.dataset.takenBack = `${to}-${from}`;
    const step = () => {
      if (!this.back) return;
      this.drawBack();
      if (this.back && performance.now() - this.back.t0 < this.back.ms) requestAnimationFrame(step);
      else { this.back = null; this.drawBack(); }
    };
    requestAnimationFrame(step);
  }

  /** drawBack draws the man of animateBack where he is now: 60% of the time sliding, then fading. */
  drawBack() {
    const b = this.back;
    if (!this.backLayer) return;
    this.backLayer.replaceChildren();
    const p = b && this.xy(b.to), q = b && this.xy(b.from);
    if (!p || !q) return;
    const t = Math.min(1, (performance.now() - b.t0) / b.ms);
    const slide = b.still ? 1 : Math.min(1, t / 0.6);
    const ease = 1 - (1 - slide) * (1 - slide);
    const g = drawPiece(this.settings.pieces, b.man.kind, b.man.color, b.man.state);
    g.setAttribute('transform', `translate(${p.x + (q.x - p.x) * ease} ${p.y + (q.y - p.y) * ease})`);
    g.setAttribute('opacity', String(t < 0.6 ? 0.9 : 0.9 * (1 - (t - 0.6) / 0.4)));
    this.backLayer.append(g);
  }

  /** arrowLayer draws this.arrows: a shaft from centre to centre ending in a head. */
  arrowLayer() {
    const g = s('g', { class: 'arrows', 'aria-hidden': 'true', 'pointer-events': 'none' });
    for (const a of this.arrows) {
      const p = this.xy(a.from), q = this.xy(a.to);
      if (!p || !q || a.from === a.to) continue;
      const x1 = p.x + U / 2, y1 = p.y + U / 2, x2 = q.x + U / 2, y2 = q.y + U / 2;
      const len = Math.hypot(x2 - x1, y2 - y1), ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      const head = 30, tipX = x2 - ux * 12, tipY = y2 - uy * 12;
      const baseX = tipX - ux * head, baseY = tipY - uy * head;
      const px = -uy * head * 0.6, py = ux * head * 0.6;
      g.append(s('path', {
        class: 'arrow ' + (a.cls || 'arrow-best'), 'data-from': a.from, 'data-to': a.to,
        d: `M${x1 + ux * 20} ${y1 + uy * 20} L${baseX} ${baseY} M${baseX + px} ${baseY + py} L${tipX} ${tipY} L${baseX - px} ${baseY - py} Z`,
      }));
    }
    return g;
  }

  cellId(name) {
    if (!this.uid) this.uid = 'b' + Math.random().toString(36).slice(2, 8);
    return `${this.uid}-${name}`;
  }

  hasFrom(square) {
    return this.movable && !!this.position && (this.position.moves || []).some((m) => m.from === square && m.to);
  }

  /** canPick says whether the man on square may be picked up: he has a move, or a drop zone takes him. */
  canPick(square) {
    return this.hasFrom(square) || (this.legal().length > 0 && this.zones.some((z) => z.accepts(square)));
  }

  /** act handles a click (or Enter) on a square. */
  act(square) {
    if (!square) return;
    if (this.onSquare) {
      this.onSquare(square);
      return;
    }
    if (this.onTap(square) === true) {
      this.selected = null;
      this.render();
      return;
    }
    if (this.selected && this.selected !== square) {
      const from = this.selected;
      const cands = this.legal().filter((m) => m.from === from && m.to === square);
      if (cands.length) {
        this.selected = null;
        this.render();
        this.onGesture(cands, { from, to: square });
        return;
      }
      const target = this.pieceOn(square);
      const own = target && target.color === this.position.turn;
      if (!own && !this.legal().some((m) => !m.from && m.to === square)) {
        this.selected = null;
        this.render();
        this.onRefuse({ from, to: square });
        return;
      }
    }
    if (this.selected === square) {
      this.selected = null;
    } else if (this.canPick(square)) {
      this.selected = square;
    } else {
      this.selected = null;
      const drops = this.legal().filter((m) => !m.from && m.to === square);
      if (drops.length) {
        this.render();
        this.onGesture(drops, { from: '', to: square });
        return;
      }
      const man = this.pieceOn(square);
      if (this.movable && man && man.color === this.position.turn && !this.legal().some((m) => m.from === square)) {
        this.render();
        this.onRefuse({ from: square, to: '' });
        return;
      }
      if (!man && this.legal().some((m) => !m.from && m.to)) {
        // A man is due to arrive, and not on this square.
        this.render();
        this.onRefuse({ from: '', to: square });
        return;
      }
    }
    this.render();
  }

  bind() {
    const svg = this.svg;
    svg.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0) return;
      const sq = this.squareAt(ev.clientX, ev.clientY);
      if (!sq) return;
      ev.preventDefault();
      this.keyboard = false;
      this.pointerFocus = true;
      svg.focus({ preventScroll: true });
      this.pointerFocus = false;
      this.cursor = sq;
      if (this.onSquare) {
        this.act(sq);
        return;
      }
      if (this.pieceOn(sq) && this.canPick(sq) && !(this.selected && this.legal().some((m) => m.from === this.selected && m.to === sq))) {
        const wasSelected = this.selected === sq;
        this.onTap(sq);
        this.selected = sq;
        this.drag = { from: sq, x: ev.clientX, y: ev.clientY, moved: false, wasSelected, id: ev.pointerId };
        try { svg.setPointerCapture(ev.pointerId); } catch { /* synthetic pointer */ }
        this.render();
        return;
      }
      this.act(sq);
    });
    svg.addEventListener('pointermove', (ev) => {
      const sq = this.squareAt(ev.clientX, ev.clientY);
      if (sq !== this.hovered) {
        this.hovered = sq;
        this.onHover(sq);
      }
      const d = this.drag;
      if (!d || d.external) return;
      if (!d.moved && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) > 4) {
        d.moved = true;
        this.render();
      }
      if (d.moved) {
        this.drawGhost(ev.clientX, ev.clientY);
        const over = d.from && !sq ? this.zoneFor(d.from, ev.clientX, ev.clientY) : null;
        for (const z of this.zones) z.el.classList.toggle('drop-over', z === over);
      }
    });
    const finish = (ev) => {
      const d = this.drag;
      if (!d || d.external) return;
      this.drag = null;
      const sq = this.squareAt(ev.clientX, ev.clientY);
      const zone = d.moved && !sq ? this.zoneFor(d.from, ev.clientX, ev.clientY) : null;
      if (zone) {
        this.selected = null;
        this.render();
        zone.drop(d.from);
        return;
      }
      if (d.moved) {
        if (sq && sq !== d.from) {
          this.act(sq);
          return;
        }
      } else if (d.wasSelected) {
        this.selected = null;
      }
      this.render();
    };
    svg.addEventListener('pointerup', finish);
    svg.addEventListener('pointercancel', () => { if (this.drag && !this.drag.external) { this.drag = null; this.render(); } });
    svg.addEventListener('pointerleave', () => { this.hovered = null; this.onHover(null); });
    svg.addEventListener('focus', () => {
      this.focused = true;
      this.keyboard = !this.pointerFocus;
      if (!this.cursor && this.position) this.cursor = this.selected || this.cornerSquare();
      this.render();
    });
    svg.addEventListener('blur', () => { this.focused = false; this.render(); });
    svg.addEventListener('keydown', (ev) => this.key(ev));
  }

  cornerSquare() {
    return this.orientation === 'white' ? 'a1' : squareName(this.position.width - 1, this.position.height - 1);
  }

  key(ev) {
    if (!this.position) return;
    this.keyboard = true;
    const { width: W, height: H } = this.position;
    const p = parseSquare(this.cursor) || { f: 0, r: 0 };
    const dir = this.orientation === 'white' ? 1 : -1;
    const moves = { ArrowUp: [0, dir], ArrowDown: [0, -dir], ArrowLeft: [-dir, 0], ArrowRight: [dir, 0] };
    if (moves[ev.key]) {
      ev.preventDefault();
      const [df, dr] = moves[ev.key];
      const f = Math.min(W - 1, Math.max(0, p.f + df)), r = Math.min(H - 1, Math.max(0, p.r + dr));
      this.cursor = squareName(f, r);
      const el = this.svg.querySelector(`[data-square="${this.cursor}"].sq`);
      this.live.textContent = el ? el.getAttribute('aria-label') : this.cursor;
      this.render();
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      this.act(this.cursor);
      this.live.textContent = this.selected ? `${this.selected} selected` : '';
    } else if (ev.key === 'Escape') {
      this.selected = null;
      this.render();
    } else if (ev.key === 'f') {
      this.flip();
    }
  }

  drawGhost(cx, cy) {
    const d = this.drag;
    const man = d.man || this.pieceOn(d.from);
    if (!man) return;
    const pt = new DOMPoint(cx, cy).matrixTransform(this.svg.getScreenCTM().inverse());
    this.ghostLayer.replaceChildren();
    const g = drawPiece(this.settings.pieces, man.kind, man.color, man.state);
    g.setAttribute('transform', `translate(${pt.x - 50} ${pt.y - 50}) scale(1.08)`);
    g.setAttribute('pointer-events', 'none');
    this.ghostLayer.append(g);
  }

  /** svgText serialises the board as a standalone SVG document (for the diagram export). */
  svgText() {
    const copy = this.svg.cloneNode(true);
    copy.querySelectorAll('.hint, .hl-cursor, .hl-selected, .ghost').forEach((n) => n.remove());
    copy.setAttribute('width', this.position.width * 60);
    copy.setAttribute('height', this.position.height * 60);
    copy.removeAttribute('tabindex');
    // Inline the stylesheet's highlight colours so the file stands alone.
    const style = s('style', { text: '.hl-last{fill:#e7d14a;opacity:.45}.hl-check{fill:#e5484d;opacity:.55}.mark{opacity:0}text{font-family:system-ui,sans-serif}' });
    copy.prepend(style);
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy);
  }
}

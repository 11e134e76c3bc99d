// Small DOM helpers: element builders for HTML and SVG, no framework.

const SVGNS = 'http://www.w3.org/2000/svg';

function apply(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else if (k === 'class') el.setAttribute('class', v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k in el && typeof v !== 'string' && el.namespaceURI !== SVGNS) el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** h builds an HTML element: h('button', {class: 'x', onclick: f}, 'label'). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** s builds an SVG element. */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVGNS, tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** clear empties an element and appends the given children. */
export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** toast shows a short message in the status bar (errors stay until replaced). */
export function toast(text, kind = 'info') {
  const bar = document.getElementById('toast');
  if (!bar) return;
  bar.textContent = text;
  bar.dataset.kind = kind;
  bar.hidden = !text;
  clearTimeout(toast.timer);
  if (kind !== 'error' && text) toast.timer = setTimeout(() => { bar.hidden = true; }, 4000);
}

/** copyText puts text on the clipboard, falling back to a selection. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast('Copied');
  } catch {
    const ta = h('textarea', { readonly: true }, text);
    document.body.append(ta);
    ta.select();
    document.execCommand('copy');
    ta.remove();
    toast('Copied');
  }
}

/** download saves a blob under a file name. */
export function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** fmtMs writes a clock reading: 1:05:03, 4:59, 9.8 under ten seconds. */
export function fmtMs(ms) {
  if (ms < 0) ms = 0;
  if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const t = Math.floor(ms / 1000);
  const hh = Math.floor(t / 3600), mm = Math.floor((t % 3600) / 60), ss = t % 60;
  const p = (n) => String(n).padStart(2, '0');
  return hh ? `${hh}:${p(mm)}:${p(ss)}` : `${mm}:${p(ss)}`;
}

/**
 * errorText turns a refused request (an ApiError) or any error into a sentence for a person:
 * capitalised, ending with a full stop, with the connection and server faults said plainly.
 */
export function errorText(e) {
  const code = e && e.code;
  if (code === 'network') return 'Cannot reach the server. Check your connection; the page tries again by itself.';
  if (code === 'internal') return 'The server failed to do this. Try again in a moment.';
  if (code === 'too_large') return 'That is more than the server takes at once. Send less: a shorter text, or a few games at a time.';
  const text = String((e && e.message) || e || 'Something went wrong').trim();
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : sentence + '.';
}

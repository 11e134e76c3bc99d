// The entry point: picks the page by the address and draws it into <main id="app">.

import { h, clear, errorText } from './dom.js';

const ROUTES = [
  [/^\/$/, async (root) => (await import('./home.js')).homePage(root)],
  [/^\/seeks$/, async (root) => (await import('./home.js')).homePage(root, { seeksOnly: true })],
  [/^\/game\/([^/]+)$/, async (root, m) => (await import('./game.js')).gamePage(root, m[1])],
  [/^\/analysis$/, async (root) => (await import('./analysis.js')).analysisPage(root)],
  [/^\/editor$/, async (root) => (await import('./editor.js')).editorPage(root)],
  [/^\/rules(\/[^/]+)?$/, async (root) => (await import('./rules.js')).rulesPage(root)],
  [/^\/learn$/, async (root) => (await import('./learn.js')).learnListPage(root)],
  [/^\/learn\/([a-z0-9-]+)$/, async (root, m) => (await import('./learn.js')).learnPage(root, m[1])],
];

async function start() {
  const root = document.getElementById('app');
  const path = location.pathname.replace(/\/+$/, '') || '/';
  for (const a of document.querySelectorAll('.top nav a')) {
    const href = a.getAttribute('href');
    if (href === path || (href !== '/' && path.startsWith(href + '/'))) a.setAttribute('aria-current', 'page');
  }
  for (const [re, page] of ROUTES) {
    const m = re.exec(path);
    if (!m) continue;
    try {
      await page(root, m);
      root.dataset.ready = 'true';
    } catch (e) {
      clear(root, h('p', { class: 'form-error' }, 'This page failed to load. ' + errorText(e) + ' Reload the page to try again.'));
    }
    return;
  }
  clear(root, h('p', {}, 'No such page. ', h('a', { href: '/' }, 'Home')));
}

start();

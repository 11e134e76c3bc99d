// The guided first games (static/learn/): the list of them (index.json), for the /learn page
// and the home page's "Try the guided game" link, and each variant's script (VARIANT.json).

let indexCache = null;

/** learnFile fetches a file of static/learn/ as JSON, or null when there is none. */
async function learnFile(name) {
  const res = await fetch('/static/learn/' + encodeURIComponent(name) + '.json');
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`the guided game file ${name}.json did not load (HTTP ${res.status}); reload the page`);
  return res.json();
}

/** lessons resolves with the list of guided games: [{variant, title, summary}]. */
export async function lessons() {
  if (!indexCache) {
    indexCache = learnFile('index').then((d) => (d && d.lessons) || []);
    indexCache.catch(() => { indexCache = null; });
  }
  return indexCache;
}

/** lessonScript resolves with a variant's guided game (docs in learn.js), or null when it has none. */
export function lessonScript(variant) {
  return variant === 'index' ? Promise.resolve(null) : learnFile(variant);
}

/** lessonPath is the address of a variant's guided game. */
export function lessonPath(variant) {
  return '/learn/' + encodeURIComponent(variant);
}

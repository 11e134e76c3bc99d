// The guided first games (static/learn/index.json): which variants have one, for the /learn
// list and the home page's "Try the guided game" link.

let indexCache = null;

/** lessons resolves with the list of guided games: [{variant, title, summary}]. */
export async function lessons() {
  if (!indexCache) {
    indexCache = fetch('/static/learn/index.json').then((res) => {
      if (!res.ok) throw new Error(`the list of guided games did not load (HTTP ${res.status}); reload the page`);
      return res.json();
    }).then((d) => d.lessons || []);
    indexCache.catch(() => { indexCache = null; });
  }
  return indexCache;
}

/** lessonPath is the address of a variant's guided game. */
export function lessonPath(variant) {
  return '/learn/' + encodeURIComponent(variant);
}

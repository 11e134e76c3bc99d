// Continuous engine analysis of the analysis board: the shown position is searched again and
// again with a growing think time (POST /analyze), each answer deeper than the last, until the
// longest search; a new position cancels the search under way at once. The server takes one
// search per address: a refusal (another tab's search, a full queue) is waited out with a
// growing pause and shown as a state, never as a storm of errors.

import { engineSearch, ordinal } from './api.js';

/** THINK_MS are the think times of the searches of one position, shortest first. */
const THINK_MS = [300, 700, 1500, 3000, 6000, 10000];

/** The longest pause before asking again after a refusal. */
const MAX_PAUSE_MS = 30000;

/**
 * liveEngine analyses positions continuously. onLines(result, thinkMs) gets each answer;
 * onState({kind, text}) what it is doing: 'thinking', 'queued', 'waiting' (refused, retrying),
 * 'done' (the longest search answered), 'failed' (the position cannot be searched), 'off'.
 */
export function liveEngine({ multipv = 3, onLines, onState }) {
  let run = 0;
  let search = null;
  let timer = null;
  let wake = null;

  const pause = (ms) => new Promise((resolve) => {
    wake = resolve;
    timer = setTimeout(resolve, ms);
  });

  async function analyse(body, mine) {
    let refusals = 0;
    for (let step = 0; step < THINK_MS.length && mine === run;) {
      const ms = THINK_MS[step];
      onState({ kind: 'thinking', text: step ? 'Thinking deeper…' : 'Thinking…' });
      const s = engineSearch('/analyze', { ...body, movetime_ms: ms, multipv }, (job) => {
        if (mine !== run) return;
        if (job.status === 'queued') {
          onState({ kind: 'queued', text: `Queued: ${ordinal(job.queue_position)} in line for the engine (live games go first)` });
        } else {
          onState({ kind: 'thinking', text: 'Thinking…' });
        }
      });
      search = s;
      try {
        const r = await s.promise;
        if (mine !== run) return;
        refusals = 0;
        onLines(r, ms);
        if (!(r.lines || []).length) {
          onState({ kind: 'done', text: r.status && r.status.over ? 'The game is over in this position.' : 'The engine found no move here.' });
          return;
        }
        step++;
      } catch (e) {
        if (mine !== run || e.code === 'canceled') return;
        if (e.code === 'too_complex' && step + 1 < THINK_MS.length) {
          // The rules' work in this position outran the search's time: a longer search may fit it.
          step++;
          continue;
        }
        const wait = Math.min(MAX_PAUSE_MS, 2000 * 2 ** refusals);
        if (e.code === 'rate_limited') {
          onState({ kind: 'waiting', text: `The server runs one analysis at a time per player, and another of yours is still running (another tab or window?); asking again in ${Math.round(wait / 1000)} s.` });
        } else if (e.code === 'busy' || e.code === 'network') {
          onState({ kind: 'waiting', text: `The engine is busy (${e.message}); asking again in ${Math.round(wait / 1000)} s.` });
        } else {
          const what = e.code === 'too_complex' ? 'This position is too complex for the engine here' : 'The engine cannot analyse this position';
          onState({ kind: 'failed', text: `${what}: ${e.message}` });
          return;
        }
        refusals++;
        await pause(wait);
      } finally {
        if (search === s) search = null;
      }
    }
    if (mine === run) onState({ kind: 'done', text: 'Analysis complete for this position; it goes on when the position changes.' });
  }

  /** halt ends the search under way; resolves once the server has been told. */
  function halt() {
    run++;
    clearTimeout(timer);
    if (wake) wake();
    const old = search;
    search = null;
    return old ? old.cancel() : Promise.resolve();
  }

  return {
    /** start analyses the position of the request body, once what ran before is cancelled. */
    async start(body) {
      const told = halt();
      const mine = run;
      onState({ kind: 'thinking', text: 'Thinking…' });
      await told;
      if (mine === run) analyse(body, mine);
    },
    /** pause cancels the search under way and resolves once the server has been told. */
    pause() {
      return halt();
    },
    /** stop cancels the search under way (the server is told) and says the engine is off. */
    stop() {
      halt();
      onState({ kind: 'off', text: '' });
    },
  };
}

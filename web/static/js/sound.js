// An optional short sound on each move, synthesised with Web Audio (no audio files).

import * as settings from './settings.js';

let ctx = null;

/** moveSound plays a short click when the sound setting is on; capture plays a lower one. */
export function moveSound(capture = false) {
  if (!settings.load().sound) return;
  try {
    ctx = ctx || new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = capture ? 330 : 520;
    gain.gain.setValueAtTime(0.18, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.12);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.13);
  } catch { /* no audio */ }
}

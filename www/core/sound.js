// @ts-check
// Short synthesized sounds (Web Audio): place, flip, pass, the clock's last
// seconds, game end. Nothing sounds before a user gesture (unlock()).
//
// Creating an AudioContext opens the audio output and blocks the main thread
// for 50-170 ms (waiting on the browser's audio service: far longer on a busy
// machine). So the context is made in idle time once the sound is on
// (setMuted(false), which each page calls as it starts), not by the first
// sound, which is a move's: the move's task stays short. Nor while the page
// loads: it waits until the page has settled (core/settle.js: a few seconds
// after its load event, or its first pointer or key input if sooner). A
// context made before any gesture starts suspended (the browsers' autoplay
// rule); the first gesture, or the first sound after it, resumes it.

import { whenSettled } from './settle.js';

/** @type {AudioContext | null} */
let ctx = null;
let muted = false;
let unlocked = false;
let warming = false;

/**
 * Sets the mute state; with the sound on, the audio context is readied in idle time.
 * @param {boolean} value
 */
export function setMuted(value) {
  muted = Boolean(value);
  if (!muted) warm();
}

/**
 * Whether the sound is off.
 * @returns {boolean}
 */
export function isMuted() {
  return muted;
}

/** Call from a user gesture (pointer or key): allows audio from then on. */
export function unlock() {
  unlocked = true;
  resume();
}

/** Creates the context once the page has settled, in idle time (core/settle.js). */
function warm() {
  if (ctx || warming) return;
  warming = true;
  whenSettled(() => {
    warming = false;
    if (!muted) create();
  });
}

function create() {
  if (ctx) return ctx;
  // Safari before 14.1 named it webkitAudioContext.
  const AC = window.AudioContext || /** @type {{webkitAudioContext?: typeof AudioContext}} */ (window).webkitAudioContext;
  if (!AC) return null;
  try {
    ctx = new AC();
  } catch {
    return null;
  }
  if (unlocked) resume();
  return ctx;
}

function resume() {
  if (ctx?.state === 'suspended') ctx.resume().catch(() => {});
}

function audio() {
  if (muted || !unlocked) return null;
  // Made here only if a sound comes before the idle time did.
  const a = ctx ?? create();
  resume();
  return a;
}

/**
 * @param {number} freq
 * @param {number} start
 * @param {number} length
 * @param {{type?: OscillatorType, gain?: number, to?: number|null}} [shape]
 */
function tone(freq, start, length, { type = 'sine', gain = 0.15, to = null } = {}) {
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + start;
  const osc = a.createOscillator();
  const amp = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, t0 + length);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(amp).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

const SOUNDS = {
  place: () => tone(180, 0, 0.09, { type: 'triangle', gain: 0.3, to: 90 }),
  flip: (n = 1) => {
    for (let i = 0; i < Math.min(n, 8); i++) tone(900 + i * 40, 0.05 + i * 0.035, 0.04, { gain: 0.05 });
  },
  pass: () => {
    tone(440, 0, 0.15, { gain: 0.12 });
    tone(330, 0.16, 0.2, { gain: 0.12 });
  },
  tick: () => tone(1200, 0, 0.05, { type: 'square', gain: 0.04 }),
  end: () => [523, 659, 784].forEach((f, i) => tone(f, i * 0.12, 0.3, { gain: 0.1 })),
};

/**
 * Plays one of: place, flip, pass, tick, end.
 * @param {string} name
 * @param {number} [arg] flip: how many discs
 */
export function play(name, arg) {
  SOUNDS[name]?.(arg);
}

// Short synthesized sounds (Web Audio): place, flip, pass, the clock's last
// seconds, game end. The audio context is created only after a user gesture.

let ctx = null;
let muted = false;
let unlocked = false;

/** Sets the mute state. */
export function setMuted(value) {
  muted = Boolean(value);
}

/** Whether the sound is off. */
export function isMuted() {
  return muted;
}

/** Call from a user gesture (pointer or key): allows audio from then on. */
export function unlock() {
  unlocked = true;
  if (ctx?.state === 'suspended') ctx.resume().catch(() => {});
}

function audio() {
  if (muted || !unlocked) return null;
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    try {
      ctx = new AC();
    } catch {
      return null;
    }
  }
  return ctx;
}

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

/** Plays one of: place, flip, pass, tick, end. */
export function play(name, arg) {
  SOUNDS[name]?.(arg);
}

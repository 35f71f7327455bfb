// Offline renderer of the note data in assets/music/: a small deterministic synth (no randomness but a
// fixed LCG for noise; the same input gives the same samples). Voices: a 2-operator FM lead with
// vibrato, a PolyBLEP pulse counter-melody and arpeggio, a saw bass through an enveloped state-variable
// low-pass, a detuned-saw pad, and a noise/sine drum kit; a ping-pong delay and a small Freeverb-style
// reverb on send buses. Stereo at 48 kHz (Opus's own rate).
//
// Loops: everything after the mix is linear and time-invariant, so the render runs a few seconds past
// the loop end and that tail (releases, delay and reverb) is added back onto the loop's first samples:
// playing the loop over and over then gives the very samples a continuous render would (no click).
import { polyBlep } from '../sfx-synth';
import type { Section, TrackSource } from '../../assets/music/types';

export const MUSIC_RATE = 48000;
const TAIL_S = 4;
export const JINGLE_MAX_S = 5;
const TWO_PI = Math.PI * 2;

export interface Rendered {
  left: Float32Array;
  right: Float32Array;
  rate: number;
  /** Loop region in samples ([start, end), end = length); null for a jingle. */
  loop: { start: number; end: number } | null;
}

// ---------- notes and chords ----------
const PC: Record<string, number> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };

export function noteMidi(tok: string): number {
  const m = /^([a-g])(#|b)?(-?\d)$/.exec(tok.toLowerCase());
  if (!m) throw new Error(`bad note '${tok}'`);
  return 12 * (Number(m[3]) + 1) + PC[m[1]!]! + (m[2] === '#' ? 1 : m[2] === 'b' ? -1 : 0);
}

const mtof = (m: number): number => 440 * 2 ** ((m - 69) / 12);

/** Chord tones (midi, root in octave 3) of a symbol like Am, F#m7b5, Bbmaj7, G7, Esus4, Cdim, Eaug. */
export function chordTones(sym: string): number[] {
  const m = /^([A-G])(#|b)?(.*)$/.exec(sym);
  if (!m) throw new Error(`bad chord '${sym}'`);
  const root = 48 + PC[m[1]!.toLowerCase()]! + (m[2] === '#' ? 1 : m[2] === 'b' ? -1 : 0);
  const q = m[3]!;
  let iv: number[];
  if (q === '' || q === 'maj') iv = [0, 4, 7];
  else if (q === 'm') iv = [0, 3, 7];
  else if (q === '7') iv = [0, 4, 7, 10];
  else if (q === 'm7') iv = [0, 3, 7, 10];
  else if (q === 'maj7') iv = [0, 4, 7, 11];
  else if (q === 'm7b5') iv = [0, 3, 6, 10];
  else if (q === 'dim') iv = [0, 3, 6, 9];
  else if (q === 'aug') iv = [0, 4, 8];
  else if (q === 'sus4') iv = [0, 5, 7];
  else if (q === 'sus2') iv = [0, 2, 7];
  else if (q === 'add9') iv = [0, 4, 7, 14];
  else if (q === 'madd9') iv = [0, 3, 7, 14];
  else throw new Error(`bad chord quality '${sym}'`);
  return iv.map((i) => root + i);
}

interface Note {
  t: number; // start, seconds
  dur: number; // seconds held
  midi: number;
  vel: number;
}

/** Steps of a melody/pattern bar string. */
const steps = (bar: string): string[] => bar.trim().split(/\s+/).filter(Boolean);

/** Notes of a melody written in bars. `t0` the section start, `barS` one bar's length. */
function melodyNotes(src: string, t0: number, barS: number, shift: number): Note[] {
  const out: Note[] = [];
  const bars = src.split('|');
  bars.forEach((bar, b) => {
    const st = steps(bar);
    const stepS = barS / st.length;
    st.forEach((tok, i) => {
      const t = t0 + b * barS + i * stepS;
      if (tok === '-') {
        const last = out[out.length - 1];
        if (last) last.dur += stepS;
      } else if (tok === '.') {
        out.push({ t, dur: 0, midi: -1, vel: 0 }); // a rest ends the held note
      } else out.push({ t, dur: stepS, midi: noteMidi(tok) + 12 * shift, vel: 1 });
    });
  });
  return out.filter((n) => n.midi >= 0);
}

/** Chords of a section, each with its start and length. */
function sectionChords(s: Section, t0: number, barS: number): { t: number; dur: number; tones: number[] }[] {
  const out: { t: number; dur: number; tones: number[] }[] = [];
  steps(s.chords).forEach((bar, b) => {
    const parts = bar.split('/');
    parts.forEach((sym, i) => {
      const d = barS / parts.length;
      out.push({ t: t0 + b * barS + i * d, dur: d, tones: chordTones(sym) });
    });
  });
  return out;
}

function patternNotes(
  pattern: string,
  chords: { t: number; dur: number; tones: number[] }[],
  t0: number,
  barS: number,
  bars: number,
  octave: number,
): Note[] {
  const pbars = pattern.split('|');
  const out: Note[] = [];
  for (let b = 0; b < bars; b++) {
    const st = steps(pbars[b % pbars.length]!);
    const stepS = barS / st.length;
    st.forEach((tok, i) => {
      const t = t0 + b * barS + i * stepS;
      if (tok === '-') {
        const last = out[out.length - 1];
        if (last) last.dur += stepS;
        return;
      }
      if (tok === '.') return;
      const ch = chords.find((c) => t >= c.t - 1e-9 && t < c.t + c.dur - 1e-9) ?? chords[chords.length - 1]!;
      const tn = ch.tones;
      let m: number;
      if (/^\d$/.test(tok)) {
        const k = Number(tok);
        m = tn[k % tn.length]! + 12 * Math.floor(k / tn.length);
      } else {
        const map: Record<string, number> = {
          r: tn[0]!,
          '3': tn[1]!,
          '5': tn[2]!,
          '7': tn[3] ?? tn[0]! + 12,
          o: tn[0]! + 12,
          q: tn[2]! + 12,
        };
        if (map[tok] === undefined) throw new Error(`bad pattern step '${tok}'`);
        m = map[tok]!;
      }
      out.push({ t, dur: stepS, midi: m + 12 * octave, vel: i % 4 === 0 ? 1 : 0.8 });
    });
  }
  return out;
}

// ---------- voices ----------
class Bus {
  constructor(
    readonly l: Float32Array,
    readonly r: Float32Array,
  ) {}
}

interface Out {
  dry: Bus;
  delay: Bus;
  verb: Bus;
}

function adsr(t: number, held: number, a: number, d: number, s: number, r: number): number {
  let v: number;
  if (t < a) v = t / a;
  else if (t < a + d) v = 1 - (1 - s) * ((t - a) / d);
  else v = s;
  if (t > held) {
    const at = held < a ? held / a : held < a + d ? 1 - (1 - s) * ((held - a) / d) : s;
    const k = (t - held) / r;
    return k >= 1 ? 0 : at * (1 - k) * (1 - k);
  }
  return v;
}

const saw = (ph: number, dt: number): number => 2 * ph - 1 - polyBlep(ph, dt);
function pulse(ph: number, dt: number, w: number): number {
  let v = ph < w ? 1 : -1;
  v += polyBlep(ph, dt);
  v -= polyBlep((ph + 1 - w) % 1, dt);
  return v - (2 * w - 1);
}

/** Zavalishin's TPT state-variable low-pass, one sample at a time. */
class Svf {
  private s1 = 0;
  private s2 = 0;
  lp(x: number, fc: number, q: number, rate: number): number {
    const g = Math.tan((Math.PI * Math.min(fc, rate * 0.45)) / rate);
    const k = 1 / q;
    const a1 = 1 / (1 + g * (g + k));
    const v1 = a1 * (this.s1 + g * (x - this.s2));
    const v2 = this.s2 + g * v1;
    this.s1 = 2 * v1 - this.s1;
    this.s2 = 2 * v2 - this.s2;
    return v2;
  }
}

function put(o: Out, i: number, v: number, pan: number, sendD: number, sendR: number): void {
  const gl = Math.cos(((pan + 1) * Math.PI) / 4);
  const gr = Math.sin(((pan + 1) * Math.PI) / 4);
  const l = v * gl;
  const r = v * gr;
  o.dry.l[i]! += l;
  o.dry.r[i]! += r;
  if (sendD) {
    o.delay.l[i]! += l * sendD;
    o.delay.r[i]! += r * sendD;
  }
  if (sendR) {
    o.verb.l[i]! += l * sendR;
    o.verb.r[i]! += r * sendR;
  }
}

type Kind = 'lead' | 'counter' | 'bass' | 'arp' | 'pad';

function renderNote(kind: Kind, n: Note, gain: number, o: Out, rate: number, tr: TrackSource): void {
  const len = o.dry.l.length;
  const f = mtof(n.midi);
  const start = Math.round(n.t * rate);
  const rel = kind === 'pad' ? 0.6 : kind === 'lead' ? 0.12 : kind === 'bass' ? 0.05 : 0.08;
  const total = Math.min(len - start, Math.ceil((n.dur + rel) * rate));
  const v = tr.voice ?? {};
  const svf = new Svf();
  const svf2 = new Svf(); // the pad's right side
  let ph = 0;
  let ph2 = 0;
  let ph3 = 0;
  let mph = 0;
  for (let j = 0; j < total; j++) {
    const t = j / rate;
    const i = start + j;
    let s = 0;
    switch (kind) {
      case 'lead': {
        const env = adsr(t, n.dur * 0.92, 0.006, 0.12, 0.75, rel);
        if (env <= 0 && t > n.dur) continue;
        const vib = t > 0.18 ? 0.0035 * Math.sin(TWO_PI * 5.6 * t) * Math.min(1, (t - 0.18) * 4) : 0;
        const fr = f * (1 + vib);
        const ratio = v.leadRatio ?? 1;
        const idx = (v.leadIndex ?? 2.2) * (0.55 + 0.45 * Math.exp(-t * 7));
        mph += (fr * ratio) / rate;
        ph += fr / rate;
        const car = Math.sin(TWO_PI * ph + idx * Math.sin(TWO_PI * mph));
        ph2 += (fr * 1.004) / rate;
        ph2 -= Math.floor(ph2);
        s = (0.8 * car + 0.25 * saw(ph2, (fr * 1.004) / rate)) * env;
        put(o, i, s * gain * n.vel, -0.08, 0.28, 0.22);
        break;
      }
      case 'counter': {
        const env = adsr(t, n.dur * 0.9, 0.01, 0.2, 0.6, rel);
        const dt = f / rate;
        ph += dt;
        ph -= Math.floor(ph);
        s = svf.lp(pulse(ph, dt, 0.3), 3200, 0.7, rate) * env;
        put(o, i, s * gain * n.vel, 0.35, 0.2, 0.25);
        break;
      }
      case 'arp': {
        const env = adsr(t, n.dur * 0.6, 0.002, 0.09, 0.25, rel);
        const dt = f / rate;
        ph += dt;
        ph -= Math.floor(ph);
        s = svf.lp(pulse(ph, dt, 0.5), 2600 + 3000 * Math.exp(-t * 20), 0.8, rate) * env;
        put(o, i, s * gain * n.vel, -0.4, 0.35, 0.15);
        break;
      }
      case 'bass': {
        const env = adsr(t, n.dur * 0.88, 0.003, 0.15, 0.7, rel);
        const dt = f / rate;
        ph += dt;
        ph -= Math.floor(ph);
        ph2 += (f * 0.5) / rate;
        ph2 -= Math.floor(ph2);
        const raw = 0.75 * saw(ph, dt) + 0.45 * Math.sin(TWO_PI * ph2);
        const fc = (v.bassCutoff ?? 500) + 1800 * Math.exp(-t * 18);
        s = svf.lp(raw, fc, 1.1, rate) * env;
        put(o, i, s * gain * n.vel, 0, 0, 0.04);
        break;
      }
      case 'pad': {
        const env = adsr(t, n.dur, 0.25, 0.4, 0.8, rel);
        const d1 = (f * 1.006) / rate;
        const d2 = (f * 0.994) / rate;
        const d0 = f / rate;
        ph += d0;
        ph -= Math.floor(ph);
        ph2 += d1;
        ph2 -= Math.floor(ph2);
        ph3 += d2;
        ph3 -= Math.floor(ph3);
        const l = saw(ph, d0) + saw(ph2, d1);
        const r = saw(ph, d0) + saw(ph3, d2);
        const fc = v.padCutoff ?? 1600;
        // the detune differs per side, so the pad is wide; a filter per side
        const yl = svf.lp(l, fc, 0.6, rate) * env * gain;
        const yr = svf2.lp(r, fc, 0.6, rate) * env * gain;
        o.dry.l[i]! += yl * 0.5;
        o.dry.r[i]! += yr * 0.5;
        o.verb.l[i]! += yl * 0.3;
        o.verb.r[i]! += yr * 0.3;
        break;
      }
    }
  }
}

// ---------- drums ----------
class Lcg {
  private x = 22222;
  next(): number {
    this.x = (Math.imul(this.x, 1103515245) + 12345) >>> 0;
    return (this.x / 0xffffffff) * 2 - 1;
  }
}

function renderDrum(hit: string, t0: number, gain: number, o: Out, rate: number, noise: Lcg): void {
  const len = o.dry.l.length;
  const start = Math.round(t0 * rate);
  const dur = hit === 'c' ? 1.6 : hit === 'o' ? 0.3 : hit === 'k' || hit === 't' || hit === 'T' ? 0.35 : hit === 's' ? 0.22 : 0.06;
  const total = Math.min(len - start, Math.ceil(dur * rate));
  let ph = 0;
  let hpPrev = 0;
  let lp = 0;
  const svf = new Svf();
  for (let j = 0; j < total; j++) {
    const t = j / rate;
    const i = start + j;
    const nz = noise.next();
    switch (hit) {
      case 'k': {
        const f = 45 + 110 * Math.exp(-t * 30);
        ph += f / rate;
        const s = Math.sin(TWO_PI * ph) * Math.exp(-t * 9) + (t < 0.003 ? nz * 0.3 : 0);
        put(o, i, s * gain * 1.1, 0, 0, 0);
        break;
      }
      case 't':
      case 'T': {
        const base = hit === 't' ? 95 : 150;
        const f = base + base * 0.6 * Math.exp(-t * 20);
        ph += f / rate;
        const s = Math.sin(TWO_PI * ph) * Math.exp(-t * 10) * 0.8;
        put(o, i, s * gain, hit === 't' ? -0.3 : 0.3, 0, 0.15);
        break;
      }
      case 's': {
        ph += (185 + 60 * Math.exp(-t * 40)) / rate;
        const body = Math.sin(TWO_PI * ph) * Math.exp(-t * 28) * 0.5;
        const n = svf.lp(nz, 6500, 0.7, rate) * Math.exp(-t * 17) * 0.75;
        put(o, i, (body + n) * gain, 0.05, 0, 0.3);
        break;
      }
      default: {
        // hats and crash: noise minus its low-passed self (a high-pass)
        lp += 0.35 * (nz - lp);
        const hp = nz - lp;
        const d = hit === 'c' ? Math.exp(-t * 2.6) : hit === 'o' ? Math.exp(-t * 11) : Math.exp(-t * 55);
        const s = (hp - hpPrev * 0.2) * d * (hit === 'c' ? 0.45 : 0.28);
        hpPrev = hp;
        put(o, i, s * gain, hit === 'c' ? -0.2 : 0.25, 0, hit === 'c' ? 0.3 : 0.05);
        break;
      }
    }
  }
}

// ---------- effects ----------
function pingPong(src: Bus, dst: Bus, delayS: number, fb: number, rate: number): void {
  const d = Math.round(delayS * rate);
  const n = src.l.length;
  const bl = new Float32Array(n);
  const br = new Float32Array(n);
  let lpL = 0;
  let lpR = 0;
  for (let i = 0; i < n; i++) {
    const inL = i >= d ? br[i - d]! : 0;
    const inR = i >= d ? bl[i - d]! : 0;
    lpL += 0.45 * (inL - lpL);
    lpR += 0.45 * (inR - lpR);
    // mono in to the left tap, then it bounces between sides
    bl[i] = (src.l[i]! + src.r[i]!) * 0.5 + lpL * fb;
    br[i] = lpR * fb;
    dst.l[i]! += lpL * 0.6;
    dst.r[i]! += lpR * 0.6;
  }
}

function freeverb(src: Bus, dst: Bus, rate: number, wet: number): void {
  const scale = rate / 44100;
  const combs = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
  const aps = [556, 441, 341, 225];
  const n = src.l.length;
  for (const [side, spread] of [
    [0, 0],
    [1, 23],
  ] as const) {
    const input = side === 0 ? src.l : src.r;
    const out = side === 0 ? dst.l : dst.r;
    const acc = new Float32Array(n);
    for (const c of combs) {
      const len = Math.round((c + spread) * scale);
      const buf = new Float32Array(len);
      let p = 0;
      let store = 0;
      for (let i = 0; i < n; i++) {
        const y = buf[p]!;
        store = y * 0.8 + store * 0.2;
        buf[p] = input[i]! * 0.015 + store * 0.84;
        acc[i]! += y;
        if (++p === len) p = 0;
      }
    }
    for (const a of aps) {
      const len = Math.round((a + spread) * scale);
      const buf = new Float32Array(len);
      let p = 0;
      for (let i = 0; i < n; i++) {
        const b = buf[p]!;
        const x = acc[i]!;
        buf[p] = x + b * 0.5;
        acc[i] = b - x;
        if (++p === len) p = 0;
      }
    }
    for (let i = 0; i < n; i++) out[i]! += acc[i]! * wet;
  }
}

// ---------- the track ----------
const DEFAULT_MIX = { lead: 0.3, counter: 0.12, bass: 0.3, arp: 0.09, pad: 0.06, drums: 0.42 };

export function sectionBars(s: Section): number {
  return steps(s.chords).length;
}

export function trackTiming(tr: TrackSource): { barS: number; introS: number; loopS: number } {
  const barS = ((tr.beats ?? 4) * 60) / tr.bpm;
  const introS = tr.intro.reduce((a, s) => a + sectionBars(s), 0) * barS;
  const loopS = tr.loop.reduce((a, s) => a + sectionBars(s), 0) * barS;
  return { barS, introS, loopS };
}

/** Renders a track: raw mix (not normalised; see `master`). */
export function renderTrack(tr: TrackSource, rate = MUSIC_RATE): Rendered {
  const { barS, introS, loopS } = trackTiming(tr);
  const looped = loopS > 0;
  const lenS = introS + loopS + (looped ? TAIL_S : 2.5);
  const n = Math.ceil(lenS * rate);
  const mk = (): Bus => new Bus(new Float32Array(n), new Float32Array(n));
  const o: Out = { dry: mk(), delay: mk(), verb: mk() };
  const mix = { ...DEFAULT_MIX, ...tr.mix };
  const noise = new Lcg();
  let t0 = 0;
  for (const s of [...tr.intro, ...tr.loop]) {
    const bars = sectionBars(s);
    const chords = sectionChords(s, t0, barS);
    const lead = s.lead ? melodyNotes(s.lead, t0, barS, s.leadOctave ?? 0) : [];
    for (const nn of lead) renderNote('lead', nn, mix.lead, o, rate, tr);
    if (s.counter) for (const nn of melodyNotes(s.counter, t0, barS, 0)) renderNote('counter', nn, mix.counter, o, rate, tr);
    if (s.counterPattern)
      for (const nn of patternNotes(s.counterPattern, chords, t0, barS, bars, 1)) renderNote('counter', nn, mix.counter, o, rate, tr);
    if (s.bass) for (const nn of patternNotes(s.bass, chords, t0, barS, bars, -1)) renderNote('bass', nn, mix.bass, o, rate, tr);
    if (s.arp)
      for (const nn of patternNotes(s.arp, chords, t0, barS, bars, tr.voice?.arpOctave ?? 1)) renderNote('arp', nn, mix.arp, o, rate, tr);
    if (s.pad)
      for (const c of chords)
        for (const m of c.tones.slice(0, 4)) renderNote('pad', { t: c.t, dur: c.dur, midi: m + 12, vel: 1 }, mix.pad, o, rate, tr);
    if (s.drums) {
      for (let b = 0; b < bars; b++) {
        const pat = s.fill && b === bars - 1 ? s.fill : s.drums[b % s.drums.length]!;
        const cells = pat.replace(/\s/g, '');
        const stepS = barS / cells.length;
        for (let k = 0; k < cells.length; k++) {
          const c = cells[k]!;
          const t = t0 + b * barS + k * stepS;
          if (c === '.') continue;
          if (c === 'x') {
            renderDrum('k', t, mix.drums, o, rate, noise);
            renderDrum('h', t, mix.drums, o, rate, noise);
          } else renderDrum(c, t, mix.drums, o, rate, noise);
        }
      }
      if (s.crash) renderDrum('c', t0, mix.drums, o, rate, noise);
    }
    t0 += bars * barS;
  }
  pingPong(o.delay, o.dry, (60 / tr.bpm) * 0.75, 0.38, rate);
  freeverb(o.verb, o.dry, rate, 1);
  let left = o.dry.l;
  let right = o.dry.r;
  let loop: Rendered['loop'] = null;
  if (looped) {
    const ls = Math.round(introS * rate);
    const le = Math.round((introS + loopS) * rate);
    // what sounds past the loop end is the start of the next pass: fold it onto the loop start
    for (let i = le; i < n; i++) {
      const k = ls + ((i - le) % (le - ls));
      left[k]! += left[i]!;
      right[k]! += right[i]!;
    }
    left = left.slice(0, le);
    right = right.slice(0, le);
    loop = { start: ls, end: le };
  }
  return { left, right, rate, loop };
}

export interface Levels {
  peakDb: number;
  rmsDb: number;
}

export function levels(r: { left: Float32Array; right: Float32Array }): Levels {
  let peak = 0;
  let sum = 0;
  for (const ch of [r.left, r.right])
    for (let i = 0; i < ch.length; i++) {
      const v = ch[i]!;
      const a = Math.abs(v);
      if (a > peak) peak = a;
      sum += v * v;
    }
  const rms = Math.sqrt(sum / (2 * r.left.length));
  return { peakDb: 20 * Math.log10(peak || 1e-9), rmsDb: 20 * Math.log10(rms || 1e-9) };
}

/** Scales the render to `targetRmsDb`, but never so far that a peak passes `ceilingDb`. */
export function master(r: Rendered, targetRmsDb = -17, ceilingDb = -1.5): Rendered {
  const lv = levels(r);
  const gainDb = Math.min(targetRmsDb - lv.rmsDb, ceilingDb - lv.peakDb);
  const g = 10 ** (gainDb / 20);
  for (const ch of [r.left, r.right]) for (let i = 0; i < ch.length; i++) ch[i] = ch[i]! * g;
  if (!r.loop) {
    // a jingle: trim its tail below −60 dBFS, at most JINGLE_MAX_S long, the last 0.4 s faded out
    let end = r.left.length;
    while (end > 1 && Math.abs(r.left[end - 1]!) < 1e-3 && Math.abs(r.right[end - 1]!) < 1e-3) end--;
    end = Math.min(end, Math.round(JINGLE_MAX_S * r.rate));
    const fade = Math.round(0.4 * r.rate);
    for (let i = Math.max(0, end - fade); i < end; i++) {
      const k = (end - i) / fade;
      r.left[i] = r.left[i]! * k * k;
      r.right[i] = r.right[i]! * k * k;
    }
    r.left = r.left.slice(0, end);
    r.right = r.right.slice(0, end);
  }
  return r;
}

/** 16-bit stereo WAV (to listen to a render). */
export function encodeWavStereo(r: Rendered): Uint8Array {
  const n = r.left.length;
  const buf = Buffer.alloc(44 + n * 4);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + n * 4, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(2, 22);
  buf.writeUInt32LE(r.rate, 24);
  buf.writeUInt32LE(r.rate * 4, 28);
  buf.writeUInt16LE(4, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(n * 4, 40);
  for (let i = 0; i < n; i++) {
    buf.writeInt16LE(Math.round(Math.max(-1, Math.min(1, r.left[i]!)) * 32767), 44 + i * 4);
    buf.writeInt16LE(Math.round(Math.max(-1, Math.min(1, r.right[i]!)) * 32767), 46 + i * 4);
  }
  return buf;
}

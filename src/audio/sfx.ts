// Sound effects synthesized with Web Audio at play time: no audio files. One short recipe per
// sound; the same sound is rate-limited so a bullet storm does not turn into noise.

export type SfxName = 'shot' | 'kill' | 'hit' | 'graze' | 'charge' | 'bomb' | 'send' | 'arrive' | 'select' | 'move' | 'pause' | 'win' | 'lose';

const MIN_GAP_MS: Partial<Record<SfxName, number>> = { shot: 70, kill: 35, graze: 45, arrive: 120, move: 30 };

export class Sfx {
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private noise: AudioBuffer | null = null;
  private last = new Map<SfxName, number>();
  muted = false;
  volume = 0.5;

  /** Browsers only allow audio after a user gesture; call this from one. */
  unlock(): void {
    if (this.ctx) {
      if (this.ctx.state === 'suspended') void this.ctx.resume();
      return;
    }
    const AC = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
    if (!AC) return;
    this.ctx = new AC();
    this.master = this.ctx.createGain();
    this.master.gain.value = this.volume;
    this.master.connect(this.ctx.destination);
    const len = this.ctx.sampleRate * 0.5;
    this.noise = this.ctx.createBuffer(1, len, this.ctx.sampleRate);
    const d = this.noise.getChannelData(0);
    // Fixed noise (an LCG), so the sound is the same every run; it never touches the game.
    let x = 12345;
    for (let i = 0; i < len; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      d[i] = (x / 0xffffffff) * 2 - 1;
    }
  }

  toggleMute(): boolean {
    this.muted = !this.muted;
    return this.muted;
  }

  play(name: SfxName, pan = 0): void {
    const ctx = this.ctx;
    if (!ctx || !this.master || this.muted || ctx.state !== 'running') return;
    const now = ctx.currentTime * 1000;
    const gap = MIN_GAP_MS[name] ?? 0;
    if (now - (this.last.get(name) ?? -1e9) < gap) return;
    this.last.set(name, now);
    const out = ctx.createStereoPanner();
    out.pan.value = Math.max(-1, Math.min(1, pan));
    out.connect(this.master);
    const t = ctx.currentTime;
    switch (name) {
      case 'shot':
        this.tone(out, 'square', 880, 660, t, 0.04, 0.035);
        break;
      case 'kill':
        this.noiseBurst(out, t, 0.18, 0.22, 2400, 300);
        this.tone(out, 'triangle', 520, 180, t, 0.14, 0.16);
        break;
      case 'hit':
        this.noiseBurst(out, t, 0.6, 0.5, 900, 60);
        this.tone(out, 'sawtooth', 180, 40, t, 0.5, 0.3);
        break;
      case 'graze':
        this.tone(out, 'sine', 2200, 2600, t, 0.05, 0.06);
        break;
      case 'charge':
        this.tone(out, 'triangle', 440, 880, t, 0.16, 0.18);
        break;
      case 'bomb':
        this.noiseBurst(out, t, 0.7, 0.45, 300, 3000);
        this.tone(out, 'sine', 120, 60, t, 0.7, 0.4);
        break;
      case 'send':
        this.tone(out, 'square', 660, 990, t, 0.1, 0.08);
        this.tone(out, 'square', 990, 1320, t + 0.08, 0.1, 0.07);
        break;
      case 'arrive':
        this.tone(out, 'sawtooth', 300, 200, t, 0.25, 0.12);
        break;
      case 'select':
        this.tone(out, 'square', 660, 660, t, 0.06, 0.1);
        this.tone(out, 'square', 990, 990, t + 0.06, 0.08, 0.1);
        break;
      case 'move':
        this.tone(out, 'square', 520, 520, t, 0.03, 0.06);
        break;
      case 'pause':
        this.tone(out, 'triangle', 700, 350, t, 0.12, 0.15);
        break;
      case 'win':
        [523, 659, 784, 1047].forEach((f, i) => this.tone(out, 'triangle', f, f, t + i * 0.12, 0.18, 0.18));
        break;
      case 'lose':
        [392, 330, 262, 196].forEach((f, i) => this.tone(out, 'triangle', f, f * 0.98, t + i * 0.16, 0.22, 0.16));
        break;
    }
  }

  private tone(out: AudioNode, type: OscillatorType, f0: number, f1: number, t: number, dur: number, vol: number): void {
    const ctx = this.ctx!;
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.type = type;
    o.frequency.setValueAtTime(f0, t);
    o.frequency.exponentialRampToValueAtTime(Math.max(20, f1), t + dur);
    g.gain.setValueAtTime(vol, t);
    g.gain.exponentialRampToValueAtTime(0.001, t + dur);
    o.connect(g).connect(out);
    o.start(t);
    o.stop(t + dur + 0.02);
  }

  private noiseBurst(out: AudioNode, t: number, dur: number, vol: number, f0: number, f1: number): void {
    const ctx = this.ctx!;
    const src = ctx.createBufferSource();
    src.buffer = this.noise;
    const filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.setValueAtTime(f0, t);
    filter.frequency.exponentialRampToValueAtTime(Math.max(20, f1), t + dur);
    const g = ctx.createGain();
    g.gain.setValueAtTime(vol, t);
    g.gain.exponentialRampToValueAtTime(0.001, t + dur);
    src.connect(filter).connect(g).connect(out);
    src.start(t);
    src.stop(t + dur + 0.02);
  }
}

/** One instance for the whole game. */
export const sfx = new Sfx();

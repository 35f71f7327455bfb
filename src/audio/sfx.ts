// Sound effects through Phaser's sound manager: the sounds are files (public/media/sfx/, rendered
// from assets/sfx/sounds.ts) loaded by the Preloader. Phaser unlocks Web Audio on the first gesture
// and pauses sound while the page is hidden or blurred (pauseOnBlur); here: one place to play a
// sound by name, panned to its field, rate-limited per name, and the mute switch, remembered
// between visits.
import { MIN_GAP_MS, type SfxName, sfxKey } from './sfx-names';

export type { SfxName } from './sfx-names';

/** The part of Phaser's sound manager this uses (a fake in unit tests). */
export interface SoundOut {
  mute: boolean;
  locked: boolean;
  play(key: string, extra?: { pan?: number; volume?: number }): boolean;
}

/** Where the mute switch is remembered (localStorage in a browser). */
export interface Remember {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const MUTE_KEY = 'twinfield.muted';
export const SFX_VOLUME_KEY = 'twinfield.sfxVolume';

function browserStorage(): Remember | null {
  try {
    return (globalThis as { localStorage?: Remember }).localStorage ?? null;
  } catch {
    return null; // storage blocked (privacy settings): the switch then lasts for this visit only
  }
}

export class Sfx {
  private out: SoundOut | null = null;
  private last = new Map<SfxName, number>();
  private mutedNow: boolean;
  private vol: number;

  constructor(
    private readonly store: Remember | null = browserStorage(),
    private readonly now: () => number = () => performance.now(),
  ) {
    this.mutedNow = this.readMuted();
    this.vol = readVolume(this.store, SFX_VOLUME_KEY);
  }

  /** The sound effects' level, 0–1 (remembered; the music's is in music.ts). */
  get volume(): number {
    return this.vol;
  }

  set volume(v: number) {
    this.vol = clamp01(v);
    try {
      this.store?.setItem(SFX_VOLUME_KEY, String(this.vol));
    } catch {
      // not remembered; still set for this visit
    }
  }

  private readMuted(): boolean {
    try {
      return this.store?.getItem(MUTE_KEY) === '1';
    } catch {
      return false;
    }
  }

  /** Connects Phaser's sound manager (game.sound) once its sounds are loaded. */
  attach(out: SoundOut): void {
    this.out = out;
    out.mute = this.mutedNow;
  }

  get muted(): boolean {
    return this.mutedNow;
  }

  /** Kept for callers from before Phaser's sound manager: it unlocks audio on the first gesture itself. */
  unlock(): void {}

  toggleMute(): boolean {
    this.mutedNow = !this.mutedNow;
    if (this.out) this.out.mute = this.mutedNow;
    try {
      this.store?.setItem(MUTE_KEY, this.mutedNow ? '1' : '0');
    } catch {
      // not remembered; still muted for this visit
    }
    return this.mutedNow;
  }

  /** Plays `name` panned from −1 (left) to 1 (right); returns whether it was started. */
  play(name: SfxName, pan = 0): boolean {
    const out = this.out;
    if (!out || this.mutedNow || out.locked || this.vol <= 0) return false;
    const now = this.now();
    const gap = MIN_GAP_MS[name] ?? 0;
    if (now - (this.last.get(name) ?? -1e9) < gap) return false;
    this.last.set(name, now);
    return out.play(sfxKey(name), { pan: Math.max(-1, Math.min(1, pan)), volume: this.vol });
  }
}

export const clamp01 = (v: number): number => (Number.isFinite(v) ? Math.max(0, Math.min(1, v)) : 1);

/** A remembered 0–1 level (1 when none or unreadable). */
export function readVolume(store: Remember | null, key: string): number {
  try {
    const v = store?.getItem(key);
    return v == null ? 1 : clamp01(Number(v));
  } catch {
    return 1;
  }
}

/** One instance for the whole game. */
export const sfx = new Sfx();

// The playback transport, without Phaser: play/pause, speed, seeks, frame steps and the fixed-step
// accumulator that turns rendered time into sim steps; plus the pure layout rules of the control
// bar (when it shows, where a frame sits on the timeline, which help text fits beside the status).
// The playback scene drives it; tests/playback/transport.test.ts runs it on a real ReplayPlayer.
import { FPS } from '../sim/constants';
import { formatFrames } from './format-time';
import { t } from '../i18n/i18n';

export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8] as const;
export const STEP_MS = 1000 / FPS;
/** Never more sim steps than this per rendered frame (8× at 30 fps needs 16). */
export const MAX_STEPS_PER_FRAME = 24;
/** The control bar hides after this long playing without input. */
export const HIDE_AFTER_MS = 2500;

/** What the transport needs of a ReplayPlayer. */
export interface TransportPlayer {
  readonly frame: number;
  readonly frames: number;
  readonly lastFrame: number;
  readonly atEnd: boolean;
  readonly desync: { frame: number } | null;
  seek(frame: number): number;
}

export interface TransportHooks {
  /** One sim step forward with its effects and sounds; false when it could not (end, desync). */
  advance(): boolean;
  /** After a seek moved the player (the view drops the old position's particles and shake). */
  jumped?(from: number, to: number): void;
  /** Playback ran into the desync frame. */
  desync?(): void;
}

export class Transport {
  playing = false;
  speedIndex = SPEEDS.indexOf(1);
  /** Sim frames of rendered time (× speed) not yet stepped. */
  acc = 0;

  constructor(
    private readonly p: TransportPlayer,
    private readonly hooks: TransportHooks,
  ) {}

  get speed(): number {
    return SPEEDS[this.speedIndex]!;
  }

  faster(): void {
    this.speedIndex = Math.min(SPEEDS.length - 1, this.speedIndex + 1);
  }

  slower(): void {
    this.speedIndex = Math.max(0, this.speedIndex - 1);
  }

  /** Sets one of SPEEDS; anything else is ignored. */
  setSpeed(x: number): void {
    const i = SPEEDS.indexOf(x as (typeof SPEEDS)[number]);
    if (i >= 0) this.speedIndex = i;
  }

  /** Play/pause; playing again at the end starts from 0:00 (but never past a desync). */
  togglePlay(): void {
    const p = this.p;
    if (!this.playing && p.atEnd) {
      if (p.desync) {
        this.hooks.desync?.();
        return;
      }
      this.jump(0);
    }
    this.playing = !this.playing;
    this.acc = 0;
  }

  pause(): void {
    this.playing = false;
    this.acc = 0;
  }

  private jump(frame: number): number {
    const from = this.p.frame;
    const f = this.p.seek(frame);
    if (f !== from) this.hooks.jumped?.(from, f);
    return f;
  }

  /** Seeks to a frame (rounded, clamped to the replay; a desync stops it there). Returns the frame reached. */
  seekTo(frame: number): number {
    const p = this.p;
    const f = this.jump(Math.max(0, Math.min(p.frames, Math.round(frame))));
    this.acc = 0;
    if (p.desync && f >= p.desync.frame) this.hooks.desync?.();
    return f;
  }

  seekBy(frames: number): number {
    return this.seekTo(this.p.frame + frames);
  }

  /** One frame forward or back; only while paused (returns false while playing). */
  stepFrame(d: 1 | -1): boolean {
    if (this.playing) return false;
    if (d > 0) this.hooks.advance();
    else this.jump(this.p.frame - 1);
    return true;
  }

  /**
   * Rendered time passed: while playing, turns it (× speed) into whole sim steps, at most
   * MAX_STEPS_PER_FRAME per call (a slow frame slows playback instead of freezing the page).
   * Stops at the end (and reports a desync there). Returns the steps taken.
   */
  tick(deltaMs: number): number {
    if (!this.playing) return 0;
    const p = this.p;
    let n = 0;
    // Counted in frames, with a tolerance, so 2.5 + 0.5 frames of time is 3 steps, not 2.999….
    this.acc = Math.min(this.acc + (deltaMs * this.speed) / STEP_MS, MAX_STEPS_PER_FRAME);
    const due = Math.floor(this.acc + 1e-6);
    this.acc = Math.max(0, this.acc - due);
    while (n < due && this.hooks.advance()) n++;
    if (p.atEnd) {
      this.playing = false;
      this.acc = 0;
      if (p.desync && p.frame >= p.desync.frame) this.hooks.desync?.();
    }
    return n;
  }

  /** The status line: state, speed, time / length, frame, and the flags given. */
  status(flags: readonly string[] = []): string {
    const p = this.p;
    const state =
      p.desync && p.frame >= p.lastFrame ? t('playback.status.desync') : this.playing ? '▶' : p.atEnd ? t('playback.status.end') : '❚❚';
    const frame = t('playback.status.frame', { n: p.frame });
    return [`${state}  ${this.speed}×`, `${formatFrames(p.frame)} / ${formatFrames(p.frames)}`, frame, ...flags].join('   ');
  }
}

/** Whether the control bar shows: always while paused, dragging or in a dialog; else until HIDE_AFTER_MS after the last input. */
export function barVisible(o: { playing: boolean; dragging: boolean; dialogOpen: boolean; sinceInputMs: number }): boolean {
  return !o.playing || o.dragging || o.dialogOpen || o.sinceInputMs < HIDE_AFTER_MS;
}

/** A horizontal bar of the timeline: where frame f sits, and which frame an x picks. */
export interface TimelineGeom {
  x: number;
  w: number;
  frames: number;
}

export function timelineX(g: TimelineGeom, frame: number): number {
  return g.x + (g.frames > 0 ? (Math.max(0, Math.min(g.frames, frame)) / g.frames) * g.w : 0);
}

export function timelineFrame(g: TimelineGeom, x: number): number {
  return Math.max(0, Math.min(g.frames, Math.round(((x - g.x) / g.w) * g.frames)));
}

/**
 * Which help text goes on the status line: the longest of `variants` (longest first, each with
 * its width in pixels) that leaves at least `gap` pixels after the status; '' when none does.
 * So the status and the help never run into each other.
 */
export function fitHelp(statusWidth: number, room: number, variants: readonly { text: string; width: number }[], gap = 24): string {
  for (const v of variants) if (statusWidth + gap + v.width <= room) return v.text;
  return '';
}

// Playback helper for views: re-simulates a replay, seeks anywhere quickly from keyframe
// snapshots (cloneState every `keyframeInterval` frames, taken the first time a frame is
// reached), checks every checksum on the way, and collects timeline marks (hits, kills, …).
//
//   const p = new ReplayPlayer(decodeReplay(bytes));
//   while (!p.index(2000)) await nextFrame();   // optional, in slices: keyframes + marks
//   p.step();  p.seek(5400);  draw(p.state);  if (p.desync) stop(p.desync.message);
import { cloneState } from '../sim/clone';
import { hashState } from '../sim/hash';
import { step } from '../sim/match';
import { CHECKSUM_INTERVAL } from '../sim/runner';
import type { MatchState } from '../sim/state';
import type { Replay } from './format';
import { initialState } from './verify';

export type MarkKind = 'hit' | 'kill' | 'charge-attack' | 'attack-sent' | 'match-end';

export interface TimelineMark {
  /** The frame right after the event (seek here to see its result). */
  frame: number;
  /** The side it happened to (attack-sent: the sender; match-end: the winner, -1 for none). */
  side: number;
  kind: MarkKind;
}

export interface Desync {
  /** Checksum frame whose hash differs from the recording. */
  frame: number;
  expected: string;
  actual: string;
  message: string;
}

export interface PlayerOptions {
  /** Frames between keyframes (default 300 = 5 s; each keyframe is one full state copy). */
  keyframeInterval?: number;
}

export class ReplayPlayer {
  readonly frames: number;
  readonly keyframeInterval: number;
  /** Timeline marks in frame order; complete once `index()` has returned true. */
  readonly marks: TimelineMark[] = [];
  private readonly keyframes = new Map<number, MatchState>();
  private live: MatchState;
  private scan: MatchState | null;
  private bad: Desync | null = null;
  private seekSteps_ = 0;

  /** Throws ReplayError when this build cannot re-simulate the replay (other sim version). */
  constructor(
    readonly replay: Replay,
    opts: PlayerOptions = {},
  ) {
    this.frames = replay.frames;
    this.keyframeInterval = Math.max(1, Math.floor(opts.keyframeInterval ?? 300));
    const s0 = initialState(replay);
    this.keyframes.set(0, cloneState(s0));
    this.live = s0;
    this.scan = cloneState(s0);
  }

  /** The state at `frame` (after `frame` steps). Read only; it changes on step and seek. */
  get state(): Readonly<MatchState> {
    return this.live;
  }

  get frame(): number {
    return this.live.frame;
  }

  /** The last playable frame: the end, or the first bad checksum frame after a desync. */
  get lastFrame(): number {
    return this.bad ? Math.min(this.bad.frame, this.frames) : this.frames;
  }

  get atEnd(): boolean {
    return this.live.frame >= this.lastFrame;
  }

  /**
   * Sim steps the last `seek` re-simulated (less than `keyframeInterval` once the keyframes before
   * the target exist). Playback and tests read it to check that seeks use the keyframes.
   */
  get lastSeekSteps(): number {
    return this.seekSteps_;
  }

  /** The first checksum mismatch found so far (by playing, seeking or indexing), or null. */
  get desync(): Desync | null {
    return this.bad;
  }

  /** Frames indexed so far (keyframes and marks exist up to here). */
  get indexedFrames(): number {
    return this.scan ? this.scan.frame : this.frames;
  }

  /** Recorded input bits of every side at `frame` (what is pressed in the step leaving it). */
  inputsAt(frame: number): number[] {
    return this.replay.inputs.map((inp) => inp[frame] ?? 0);
  }

  /**
   * Runs the whole replay ahead once on a separate state, at most `maxFrames` frames per call
   * (so a view can spread it over animation frames): takes every keyframe, collects the marks
   * and finds any desync. Returns true when done.
   */
  index(maxFrames = Number.POSITIVE_INFINITY): boolean {
    const s = this.scan;
    if (!s) return true;
    let n = 0;
    while (n < maxFrames && s.frame < this.frames) {
      if (!this.advance(s)) break;
      n++;
      for (const ev of s.events) {
        if (ev.type === 'hit' || ev.type === 'kill' || ev.type === 'charge-attack')
          this.marks.push({ frame: s.frame, side: ev.side, kind: ev.type });
        else if (ev.type === 'attack-sent') this.marks.push({ frame: s.frame, side: ev.from, kind: ev.type });
        else if (ev.type === 'match-end') this.marks.push({ frame: s.frame, side: ev.winner ?? -1, kind: ev.type });
      }
    }
    if (s.frame >= this.frames || (this.bad && s.frame >= this.bad.frame)) {
      this.scan = null;
      return true;
    }
    return false;
  }

  /** Plays one frame. False at the end or at a desync (the state then does not change). */
  step(): boolean {
    if (this.atEnd) return false;
    return this.advance(this.live);
  }

  /**
   * Moves to `frame` (clamped to 0 … lastFrame) from the nearest keyframe at or before it, or
   * from the current frame when that is closer. Returns the frame reached (less than asked
   * when a desync is found on the way).
   */
  seek(frame: number): number {
    const target = Math.max(0, Math.min(this.lastFrame, Math.floor(frame)));
    let k = Math.floor(target / this.keyframeInterval) * this.keyframeInterval;
    while (k > 0 && !this.keyframes.has(k)) k -= this.keyframeInterval;
    const cur = this.live.frame;
    if (!(cur <= target && cur >= k)) this.live = cloneState(this.keyframes.get(k)!);
    let n = 0;
    while (this.live.frame < target && this.advance(this.live)) n++;
    this.seekSteps_ = n;
    return this.live.frame;
  }

  /** One step of `s` with the recorded inputs; takes keyframes and checks checksums. */
  private advance(s: MatchState): boolean {
    if (this.bad && s.frame >= this.bad.frame) return false;
    const f = s.frame;
    const ins = this.replay.inputs;
    step(s, ins[0]![f]!, ins.length > 1 ? ins[1]![f]! : 0);
    // A match that ended early stops counting frames; keep the frame moving for the view.
    if (s.frame === f) s.frame = f + 1;
    const frame = s.frame;
    if (frame % CHECKSUM_INTERVAL === 0) {
      const want = this.replay.checksums[frame / CHECKSUM_INTERVAL - 1]?.hash;
      const got = hashState(s);
      if (want !== undefined && got !== want && (!this.bad || frame < this.bad.frame)) {
        this.bad = {
          frame,
          expected: want,
          actual: got,
          message: `desync at frame ${frame}: the re-simulated state differs from the recording (checksum ${got}, recorded ${want})`,
        };
      }
    } else if (frame === this.frames && hashState(s) !== this.replay.finalHash && !this.bad) {
      this.bad = {
        frame,
        expected: this.replay.finalHash,
        actual: hashState(s),
        message: `desync at frame ${frame} (the end): the final state differs from the recording`,
      };
    }
    if (frame % this.keyframeInterval === 0 && !this.keyframes.has(frame) && !(this.bad && frame >= this.bad.frame))
      this.keyframes.set(frame, cloneState(s));
    return true;
  }
}

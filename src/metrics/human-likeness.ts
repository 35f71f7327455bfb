// All human-likeness metrics of one input log (or several pooled), in the units the tools print.
// Definitions: docs/metrics.md. null means "no data", never 0.
import { clearanceTotals } from './clearance';
import { clipRange, type FrameRange, type InputLog } from './input-log';
import { directionChanges, oneFramePresses } from './inputs';
import { movingFrames } from './moving';

export interface HumanLikeness {
  /** Frames measured. */
  frames: number;
  /** 1-frame direction-key presses per minute (null: no frames). */
  one_frame_per_min: number | null;
  /** Changes of the 9-way movement (stay included) per second (null: no frames). */
  dir_changes_per_s: number | null;
  /** Fraction of frames in which the ship changed position (null: no frames or no positions). */
  moving_fraction: number | null;
  /** Mean / minimum surface distance to the nearest bullet over frames with bullets (null: none). */
  mean_clearance: number | null;
  min_clearance: number | null;
  /** Hits per minute (null: no frames or no hit data). */
  hits_per_min: number | null;
}

/** Counts behind the rates; pooling adds these up, so pooled rates are over the total time. */
interface Totals {
  frames: number;
  oneFrame: number;
  changes: number;
  /** null once a log without positions is added. */
  moving: number | null;
  hits: number | null;
  clrSum: number;
  clrN: number;
  clrMin: number;
}

function countHits(hitFrames: ArrayLike<number>, r: FrameRange): number {
  let n = 0;
  for (let i = 0; i < hitFrames.length; i++) if (hitFrames[i]! >= r.from && hitFrames[i]! < r.to) n++;
  return n;
}

function add(t: Totals, log: InputLog, range?: FrameRange): void {
  const r = clipRange(log.inputs.length, range);
  t.frames += r.to - r.from;
  t.oneFrame += oneFramePresses(log.inputs, r.from, r.to);
  t.changes += directionChanges(log.inputs, r.from, r.to);
  t.moving = t.moving !== null && log.x && log.y ? t.moving + movingFrames(log.x, log.y, r.from, r.to) : null;
  t.hits = t.hits !== null && log.hitFrames ? t.hits + countHits(log.hitFrames, r) : null;
  if (log.clearance) {
    const c = clearanceTotals(log.clearance, r.from, r.to);
    t.clrSum += c.sum;
    t.clrN += c.n;
    t.clrMin = Math.min(t.clrMin, c.min);
  }
}

function rates(t: Totals, fps: number): HumanLikeness {
  const n = t.frames;
  const seconds = n / fps;
  const perMin = (k: number | null) => (n === 0 || k === null ? null : k / (seconds / 60));
  return {
    frames: n,
    one_frame_per_min: perMin(t.oneFrame),
    dir_changes_per_s: n === 0 ? null : t.changes / seconds,
    moving_fraction: n === 0 || t.moving === null ? null : t.moving / n,
    mean_clearance: t.clrN === 0 ? null : t.clrSum / t.clrN,
    min_clearance: t.clrN === 0 ? null : t.clrMin,
    hits_per_min: perMin(t.hits),
  };
}

const empty = (): Totals => ({ frames: 0, oneFrame: 0, changes: 0, moving: 0, hits: 0, clrSum: 0, clrN: 0, clrMin: Infinity });

/** The metrics of one log, over the frames in `range` (default: all). */
export function humanLikeness(log: InputLog, range?: FrameRange): HumanLikeness {
  const t = empty();
  add(t, log, range);
  return rates(t, log.fps ?? 60);
}

/**
 * Pools several logs (of one player, or one group): counts are added, so rates are over the total
 * time and clearance over all frames with bullets. `range` applies to each log (clipped to it).
 */
export function pooledHumanLikeness(logs: readonly InputLog[], range?: FrameRange): HumanLikeness {
  const pool = new PooledLikeness(range);
  for (const log of logs) pool.add(log);
  return pool.result();
}

/**
 * pooledHumanLikeness one log at a time: only the counts are kept, so a caller can measure a log,
 * add it and drop it (the `metrics` tool's memory does not grow with the number of replays).
 */
export class PooledLikeness {
  private readonly t = empty();
  private fps: number | null = null;
  /** Logs added so far. */
  count = 0;

  constructor(private readonly range?: FrameRange) {}

  add(log: InputLog): void {
    this.fps ??= log.fps ?? 60;
    add(this.t, log, this.range);
    this.count++;
  }

  /** The pooled metrics of the logs added so far. */
  result(): HumanLikeness {
    return rates(this.t, this.fps ?? 60);
  }
}

// All human-likeness metrics of one input log, in the units the eval tools print.
import { clearanceStats } from './clearance';
import type { InputLog } from './input-log';
import { directionChanges, movingFraction, movingFrames, oneFramePresses } from './inputs';

export interface HumanLikeness {
  frames: number;
  /** 1-frame movement-key presses per minute. */
  one_frame_per_min: number;
  /** Changes of the 9-way movement (stay included) per second. */
  dir_changes_per_s: number;
  /** Fraction of frames moving. */
  moving_fraction: number;
  /** Mean / minimum surface distance to the nearest bullet over frames with bullets (null: no data). */
  mean_clearance: number | null;
  min_clearance: number | null;
  /** Hits per minute (null when the log has no hit data). */
  hits_per_min: number | null;
}

export function humanLikeness(log: InputLog): HumanLikeness {
  const fps = log.fps ?? 60;
  const n = log.inputs.length;
  const minutes = n / fps / 60;
  const seconds = n / fps;
  const c = log.clearance ? clearanceStats(log.clearance) : { mean: null, min: null };
  return {
    frames: n,
    one_frame_per_min: n === 0 ? 0 : oneFramePresses(log.inputs) / minutes,
    dir_changes_per_s: n === 0 ? 0 : directionChanges(log.inputs) / seconds,
    moving_fraction: movingFraction(log.inputs),
    mean_clearance: c.mean,
    min_clearance: c.min,
    hits_per_min: log.hitFrames ? (n === 0 ? 0 : log.hitFrames.length / minutes) : null,
  };
}

/** Pools several logs of one player: rates over the total time, clearance over all frames. */
export function pooledHumanLikeness(logs: readonly InputLog[]): HumanLikeness {
  let frames = 0;
  let one = 0;
  let changes = 0;
  let moving = 0;
  let hits = 0;
  let hasHits = true;
  let csum = 0;
  let cn = 0;
  let cmin = Infinity;
  const fps = logs[0]?.fps ?? 60;
  for (const log of logs) {
    const n = log.inputs.length;
    frames += n;
    one += oneFramePresses(log.inputs);
    changes += directionChanges(log.inputs);
    moving += movingFrames(log.inputs);
    if (log.hitFrames) hits += log.hitFrames.length;
    else hasHits = false;
    if (log.clearance) {
      for (let i = 0; i < log.clearance.length; i++) {
        const v = log.clearance[i]!;
        if (!Number.isFinite(v)) continue;
        csum += v;
        cn++;
        if (v < cmin) cmin = v;
      }
    }
  }
  const minutes = frames / fps / 60;
  return {
    frames,
    one_frame_per_min: frames === 0 ? 0 : one / minutes,
    dir_changes_per_s: frames === 0 ? 0 : changes / (frames / fps),
    moving_fraction: frames === 0 ? 0 : moving / frames,
    mean_clearance: cn === 0 ? null : csum / cn,
    min_clearance: cn === 0 ? null : cmin,
    hits_per_min: hasHits && frames > 0 ? hits / minutes : null,
  };
}

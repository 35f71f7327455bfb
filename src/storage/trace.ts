// The per-frame trace the library keeps beside each replay: per side the input bits, the ship's
// position before frame 0 and after every frame, the clearance to the nearest bullet and the
// frames it was hit. A replay can be re-simulated only by the sim version that recorded it; once
// SIM_VERSION is bumped its trace is what keeps its metrics (and ship paths and hits) usable.
// Built by re-simulating the replay through `replayLogs` (every checksum checked). Pure.
import type { Replay } from '../replay/format';
import { humanLikeness, type HumanLikeness } from '../metrics/human-likeness';
import type { InputLog } from '../metrics/input-log';
import { replayLogs } from '../metrics/replay-logs';

/** One side's trace as stored (typed arrays survive IndexedDB's structured clone). */
export interface SideTrace {
  inputs: Uint8Array;
  /** frames + 1 entries. */
  x: Float32Array;
  y: Float32Array;
  /** frames entries; NaN when the field held no bullet. */
  clearance: Float32Array;
  hitFrames: Int32Array;
}

export interface ReplayTrace {
  /** SIM_VERSION that produced it (the replay's own). */
  simVersion: number;
  frames: number;
  sides: SideTrace[];
}

/** What the library lists per side, computed from the stored trace. */
export interface SideSummary {
  hits: number;
  metrics: HumanLikeness;
}

/** Re-simulates `r` and records its trace. Throws ReplayError for another sim version or a desync. */
export function traceReplay(r: Replay, onProgress?: (frame: number, frames: number) => void): ReplayTrace {
  const logs = replayLogs(r, onProgress);
  return {
    simVersion: r.simVersion,
    frames: r.frames,
    sides: logs.map((l) => ({
      inputs: Uint8Array.from(l.inputs),
      x: Float32Array.from(l.x!),
      y: Float32Array.from(l.y!),
      clearance: Float32Array.from(l.clearance!),
      hitFrames: Int32Array.from(l.hitFrames!),
    })),
  };
}

/** The metrics tools' view of one stored side. */
export function traceLog(t: SideTrace): InputLog {
  return { inputs: t.inputs, x: t.x, y: t.y, clearance: t.clearance, hitFrames: t.hitFrames };
}

/** Hits and human-likeness metrics per side, from the trace alone (no re-simulation). */
export function summarizeTrace(t: ReplayTrace): SideSummary[] {
  return t.sides.map((s) => ({ hits: s.hitFrames.length, metrics: humanLikeness(traceLog(s)) }));
}

/** Ship position of a side after `frame` frames (0 = before the first), clamped to the trace. */
export function tracePosition(t: ReplayTrace, side: number, frame: number): { x: number; y: number } {
  const s = t.sides[side]!;
  const i = Math.max(0, Math.min(s.x.length - 1, Math.floor(frame)));
  return { x: s.x[i]!, y: s.y[i]! };
}

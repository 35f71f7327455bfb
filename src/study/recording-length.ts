// How long a person plays each drill variant on the recording page (src/study/page/recorder.ts).
import type { Manifest } from './manifest';

/**
 * Frames one recording plays: to a second past the end of the clips' window (all a clip can show),
 * never past the drill's end (its time limit). The person plays no longer than the clips need.
 */
export function recordingFrames(m: Manifest, config: Record<string, unknown>): number {
  const need = Math.max(m.clipFrames, ...m.clips.map((c) => c.end)) + 60;
  const limit = Number(config.timeLimit ?? 0);
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, need) : need;
}

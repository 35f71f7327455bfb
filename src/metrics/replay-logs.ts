// The input logs of a recorded match: re-simulates the replay with `verifyReplay` itself (every
// checksum, the final hash and the result compared) and records each side from the real state after
// every step.
import { ReplayError } from '../replay/errors';
import type { Replay } from '../replay/format';
import { verifyReplay } from '../replay/verify';
import type { InputLog } from './input-log';
import { SideRecorder } from './record';

/**
 * One InputLog per side of the replay. Throws ReplayError when this build cannot re-simulate it
 * (another sim version) or the re-simulation leaves the recording (a checksum, the final hash or
 * the result differs), since metrics of a different match would be wrong. `onProgress` every 600
 * frames.
 */
export function replayLogs(r: Replay, onProgress?: (frame: number, frames: number) => void): InputLog[] {
  const recs: SideRecorder[] = [];
  const v = verifyReplay(r, {
    onStart: (s) => r.sides.forEach((_, i) => recs.push(new SideRecorder(s, i, r.frames))),
    onFrame: (s, _frame, p1, p2) => {
      recs[0]!.record(s, p1);
      recs[1]?.record(s, p2);
    },
    onProgress,
  });
  if (!v.ok) {
    const hashes = v.expected !== null ? ` (recorded ${v.expected}, re-simulated ${v.actual})` : '';
    throw new ReplayError(`does not re-simulate: ${v.reason}${hashes}; see replay verify`);
  }
  return recs.map((rec) => rec.log);
}

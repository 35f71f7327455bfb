// The input logs of a recorded match: re-simulates the replay as `verifyReplay` does (same
// initial state, same steps, every checksum compared) and records each side from the real state.
import { ReplayError } from '../replay/errors';
import type { Replay } from '../replay/format';
import { initialState } from '../replay/verify';
import { hashState } from '../sim/hash';
import { step } from '../sim/match';
import { CHECKSUM_INTERVAL } from '../sim/runner';
import type { InputLog } from './input-log';
import { SideRecorder } from './record';

/**
 * One InputLog per side of the replay. Throws ReplayError when this build cannot re-simulate it
 * (another sim version) or the re-simulation leaves the recording (a checksum or the final hash
 * differs), since metrics of a different match would be wrong. `onProgress` every 600 frames.
 */
export function replayLogs(r: Replay, onProgress?: (frame: number, frames: number) => void): InputLog[] {
  const s = initialState(r);
  const ins = r.inputs;
  const recs = r.sides.map((_, i) => new SideRecorder(s, i, r.frames));
  for (let f = 0; f < r.frames; f++) {
    const a = ins[0]![f]!;
    const b = ins.length > 1 ? ins[1]![f]! : 0;
    step(s, a, b);
    recs.forEach((rec, i) => rec.record(s, i === 0 ? a : b));
    const frame = f + 1;
    if (frame % CHECKSUM_INTERVAL === 0) {
      const want = r.checksums[frame / CHECKSUM_INTERVAL - 1]!.hash;
      const got = hashState(s);
      if (got !== want) throw new ReplayError(`does not re-simulate: the state checksum differs at frame ${frame} (recorded ${want}, re-simulated ${got}; see replay verify)`);
    }
    if (onProgress && frame % 600 === 0) onProgress(frame, r.frames);
  }
  const got = hashState(s);
  if (got !== r.finalHash) throw new ReplayError(`does not re-simulate: the final state hash differs (recorded ${r.finalHash}, re-simulated ${got}; see replay verify)`);
  return recs.map((rec) => rec.log);
}

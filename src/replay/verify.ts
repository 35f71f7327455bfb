// Re-simulating a replay headless and comparing its checksums.
import { hashState } from '../sim/hash';
import { createMatch, step } from '../sim/match';
import { CHECKSUM_INTERVAL } from '../sim/runner';
import type { MatchState } from '../sim/state';
import type { Replay } from './format';
import { checkPlayable } from './playable';

export interface VerifyResult {
  /** Every checksum, the final hash and the result match. */
  ok: boolean;
  /** Frames in the replay. */
  frames: number;
  /**
   * The first checksum frame whose hash differs (a multiple of 60), or `frames` when only the
   * final hash or the result differs; null when ok.
   */
  firstBadFrame: number | null;
  /** What differs, for people; null when ok. */
  reason: string | null;
  /** Recorded and re-simulated hash at firstBadFrame. */
  expected: string | null;
  actual: string | null;
}

/** The state before frame 0 of the replay. */
export function initialState(r: Replay): MatchState {
  checkPlayable(r);
  return createMatch(r.config);
}

export interface VerifyOptions {
  /** Called once with the initial state, before the first step. */
  onStart?: (state: Readonly<MatchState>) => void;
  /** Called every 600 frames. */
  onProgress?: (frame: number, frames: number) => void;
  /**
   * Called after every step with the re-simulated state after `frame` frames and the inputs that
   * step applied (P1, P2; 0 for a one-side replay's P2), before that frame's checksum is compared.
   * The state is the live one: read it, do not change or keep it (replayLogs records from it).
   */
  onFrame?: (state: Readonly<MatchState>, frame: number, p1: number, p2: number) => void;
}

/**
 * Re-simulates the replay from its config and recorded inputs and compares each checksum, the
 * final hash and the result. Stops at the first difference.
 */
export function verifyReplay(r: Replay, opts: VerifyOptions = {}): VerifyResult {
  const { onProgress, onFrame } = opts;
  const s = initialState(r);
  opts.onStart?.(s);
  const a = r.inputs[0]!;
  const b = r.inputs.length > 1 ? r.inputs[1]! : null;
  const bad = (frame: number, reason: string, expected: string | null, actual: string | null): VerifyResult => ({
    ok: false,
    frames: r.frames,
    firstBadFrame: frame,
    reason,
    expected,
    actual,
  });
  let endedAt = -1;
  for (let f = 0; f < r.frames; f++) {
    const p1 = a[f]!;
    const p2 = b ? b[f]! : 0;
    step(s, p1, p2);
    if (s.result && endedAt < 0) endedAt = f + 1;
    const frame = f + 1;
    if (onFrame) onFrame(s, frame, p1, p2);
    if (frame % CHECKSUM_INTERVAL === 0) {
      const want = r.checksums[frame / CHECKSUM_INTERVAL - 1]!.hash;
      const got = hashState(s);
      if (got !== want)
        return bad(
          frame,
          endedAt >= 0 && endedAt < frame
            ? `the match ended at frame ${endedAt}, before the recording did`
            : `state checksum differs at frame ${frame}`,
          want,
          got,
        );
    }
    if (onProgress && frame % 600 === 0) onProgress(frame, r.frames);
  }
  const got = hashState(s);
  if (got !== r.finalHash)
    return bad(
      r.frames,
      endedAt >= 0 && endedAt < r.frames ? `the match ended at frame ${endedAt}, before the recording did` : 'final state hash differs',
      r.finalHash,
      got,
    );
  const res = s.result;
  const want = r.result;
  if (
    (res === null) !== (want === null) ||
    (res && want && (res.winner !== want.winner || res.reason !== want.reason || res.frames !== r.frames))
  ) {
    const show = (x: { winner: number | null; reason: string } | null) =>
      x ? `${x.winner === null ? 'draw' : `side ${x.winner + 1} wins`} (${x.reason})` : 'not finished';
    return bad(r.frames, `the result differs: recorded ${show(want)}, re-simulated ${show(res)}`, null, null);
  }
  return { ok: true, frames: r.frames, firstBadFrame: null, reason: null, expected: null, actual: null };
}

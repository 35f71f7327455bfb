import { describe, expect, it } from 'vitest';
import { decodeReplay, encodeReplay, ReplayError, ReplayPlayer, verifyReplay, type Replay } from '../../src/replay';
import { CHECKSUM_INTERVAL, cloneState, createMatch, hashState, Input, SIM_VERSION, step } from '../../src/sim';
import { playReplay } from './helpers';

/** A fresh re-simulation to `frame`, the reference for the player. */
function stateAt(r: Replay, frame: number) {
  const s = createMatch(r.config);
  for (let f = 0; f < frame; f++) step(s, r.inputs[0]![f]!, r.inputs[1]?.[f] ?? 0);
  return s;
}

/**
 * Changes side's input at `frame` to one that moves the ship somewhere else in that step (an
 * input the sim ignores, like pushing into a wall, would leave nothing to detect).
 */
function corrupt(r: Replay, side: number, frame: number): Replay {
  const before = stateAt(r, frame);
  const ref = cloneState(before);
  step(ref, r.inputs[0]![frame]!, r.inputs[1]?.[frame] ?? 0);
  for (const move of [Input.UP, Input.DOWN, Input.LEFT, Input.RIGHT]) {
    const inputs = r.inputs.map((x) => x.slice());
    inputs[side]![frame] = (inputs[side]![frame]! & ~15) | move;
    const s = cloneState(before);
    step(s, inputs[0]![frame]!, inputs[1]?.[frame] ?? 0);
    const a = s.sides[side]!.ship;
    const b = ref.sides[side]!.ship;
    if (a.x !== b.x || a.y !== b.y) return { ...r, inputs };
  }
  throw new Error('no input moves the ship differently');
}

describe('verify', () => {
  const r = playReplay(1000, { lives: 99 }, 'random:5', 'random:6');

  it('a recorded match verifies OK after an encode/decode round trip', () => {
    const v = verifyReplay(decodeReplay(encodeReplay(r)));
    expect(v).toEqual({ ok: true, frames: 1000, firstBadFrame: null, reason: null, expected: null, actual: null });
  });

  it('a finished match (result included) verifies OK, practice too', () => {
    const fin = playReplay(20000, { lives: 1 }, 'random:1', 'idle');
    expect(fin.result).not.toBeNull();
    expect(verifyReplay(fin).ok).toBe(true);
    const prac = playReplay(400, { mode: 'practice' });
    expect(prac.inputs.length).toBe(1);
    expect(verifyReplay(decodeReplay(encodeReplay(prac))).ok).toBe(true);
  });

  it('one corrupted input is caught at the next checksum frame after it', () => {
    for (const [side, f] of [
      [0, 500],
      [1, 479],
      [0, 480],
      [1, 0],
      [0, 959],
    ] as const) {
      const v = verifyReplay(corrupt(r, side, f));
      expect(v.ok).toBe(false);
      expect(v.firstBadFrame).toBe(Math.ceil((f + 1) / CHECKSUM_INTERVAL) * CHECKSUM_INTERVAL);
      expect(v.expected).not.toBe(v.actual);
    }
    // After the last checksum (960) only the final hash can tell.
    const v = verifyReplay(corrupt(r, 0, 990));
    expect(v).toMatchObject({ ok: false, firstBadFrame: 1000, reason: 'final state hash differs' });
  });

  it('onStart and onFrame see the re-simulated state before and after every step, with its inputs', () => {
    const seen: { frame: number; hash: string; p1: number; p2: number }[] = [];
    let start = '';
    const progress: number[] = [];
    const v = verifyReplay(r, {
      onStart: (s) => (start = hashState(s)),
      onFrame: (s, frame, p1, p2) => {
        if (frame % 97 === 0 || frame === r.frames) seen.push({ frame, hash: hashState(s), p1, p2 });
      },
      onProgress: (f) => progress.push(f),
    });
    expect(v.ok).toBe(true);
    expect(start).toBe(hashState(stateAt(r, 0)));
    expect(seen.map((x) => x.frame)).toEqual([...Array.from({ length: 10 }, (_, k) => 97 * (k + 1)), 1000]);
    for (const x of seen) {
      expect(x.hash).toBe(hashState(stateAt(r, x.frame)));
      expect([x.p1, x.p2]).toEqual([r.inputs[0]![x.frame - 1], r.inputs[1]![x.frame - 1]]);
    }
    expect(seen.at(-1)!.hash).toBe(r.finalHash);
    expect(progress).toEqual([600]);
    // It stops at the first bad checksum: no frame after it is reported.
    let last = 0;
    expect(verifyReplay(corrupt(r, 0, 500), { onFrame: (_s, f) => (last = f) }).firstBadFrame).toBe(540);
    expect(last).toBe(540);
  });

  it('a wrong result or another sim version is reported', () => {
    expect(verifyReplay({ ...r, result: { winner: 0, reason: 'time' } })).toMatchObject({ ok: false, firstBadFrame: 1000 });
    expect(() => verifyReplay({ ...r, simVersion: SIM_VERSION + 1 })).toThrow(ReplayError);
    expect(() => verifyReplay({ ...r, simVersion: SIM_VERSION + 1 })).toThrow(/sim version/);
  });
});

describe('ReplayPlayer', () => {
  const r = playReplay(1500, { lives: 99 }, 'random:8', 'scripted');

  it('seeks anywhere, forwards and backwards, to exactly the re-simulated state', () => {
    const p = new ReplayPlayer(r, { keyframeInterval: 120 });
    expect(p.index(500)).toBe(false);
    expect(p.indexedFrames).toBe(500);
    expect(p.index()).toBe(true);
    for (const t of [1234, 5, 900, 900, 1499, 1500, 0, 61, 2000, -3]) {
      const want = Math.max(0, Math.min(1500, t));
      expect(p.seek(t)).toBe(want);
      expect(p.frame).toBe(want);
      expect(hashState(p.state)).toBe(hashState(stateAt(r, want)));
      // Indexed: every seek starts from a keyframe at most one interval back (or from where it is).
      expect(p.lastSeekSteps).toBeLessThan(120);
    }
    expect(p.desync).toBeNull();
    expect(p.atEnd).toBe(false);
    p.seek(1498);
    expect(p.step()).toBe(true);
    expect(p.step()).toBe(true);
    expect(p.step()).toBe(false);
    expect(hashState(p.state)).toBe(r.finalHash);
  });

  it('seeking without indexing first works and does not disturb keyframes', () => {
    const p = new ReplayPlayer(r, { keyframeInterval: 300 });
    p.seek(1400);
    expect(p.lastSeekSteps).toBe(1400); // no keyframe but 0 yet
    const copy = cloneState(p.state);
    p.seek(700);
    expect(p.lastSeekSteps).toBe(100); // from the keyframe at 600 taken on the way
    expect(hashState(p.state)).toBe(hashState(stateAt(r, 700)));
    p.seek(1400);
    expect(p.lastSeekSteps).toBe(200);
    expect(hashState(p.state)).toBe(hashState(copy));
  });

  it('collects hit and kill marks for the timeline', () => {
    const p = new ReplayPlayer(r);
    p.index();
    const kills = p.marks.filter((m) => m.kind === 'kill');
    const hits = p.marks.filter((m) => m.kind === 'hit');
    expect(kills.length).toBe(r.config.mode === 'versus' ? stateAt(r, 1500).sides.reduce((a, s) => a + s.kills, 0) : 0);
    expect(hits.length).toBe(stateAt(r, 1500).sides.reduce((a, s) => a + s.hits, 0));
    expect(hits.length).toBeGreaterThan(0);
    for (let i = 1; i < p.marks.length; i++) expect(p.marks[i]!.frame).toBeGreaterThanOrEqual(p.marks[i - 1]!.frame);
    const h = hits[0]!;
    expect(stateAt(r, h.frame).sides[h.side]!.hits).toBe(stateAt(r, h.frame - 1).sides[h.side]!.hits + 1);
  });

  it('a desync stops playback at the bad checksum frame with a message', () => {
    const bad = corrupt(r, 1, 700);
    const p = new ReplayPlayer(bad);
    expect(p.seek(1500)).toBe(720);
    expect(p.desync).toMatchObject({ frame: 720 });
    expect(p.desync!.message).toMatch(/desync at frame 720/);
    expect(p.atEnd).toBe(true);
    expect(p.step()).toBe(false);
    const q = new ReplayPlayer(bad);
    expect(q.index()).toBe(true);
    expect(q.desync?.frame).toBe(720);
    expect(q.seek(1000)).toBe(720);
  });
});

import { describe, expect, it } from 'vitest';
import { RandomController } from '../../src/controllers/random';
import { humanLikeness, replayLogs, SideRecorder } from '../../src/metrics/index';
import { ReplayError } from '../../src/replay/errors';
import { replayFromRunner } from '../../src/replay/record';
import { FIELD_W, SHIP_EDGE, SHIP_HIT_RADIUS, SHIP_SPEED } from '../../src/sim/constants';
import { Input } from '../../src/sim/input';
import { createMatch, step } from '../../src/sim/match';
import { MatchRunner } from '../../src/sim/runner';

describe('SideRecorder', () => {
  it('records where the ship really went, the clearance and the hits from the state', () => {
    const s = createMatch({ seed: 5, mode: 'practice', infiniteLives: true, timeLimit: 0 });
    s.stage.nextWave = Number.MAX_SAFE_INTEGER; // no stage bullets: only the ones placed here
    const side = s.sides[0]!;
    const rec = new SideRecorder(s, 0, 200);
    // 100 frames of LEFT from the centre: the ship reaches the edge and then pushes into it.
    for (let f = 0; f < 100; f++) {
      step(s, Input.LEFT, 0);
      rec.record(s, Input.LEFT);
    }
    const toEdge = (FIELD_W / 2 - SHIP_EDGE) / SHIP_SPEED;
    expect(toEdge).toBeLessThan(100);
    expect(humanLikeness(rec.log).moving_fraction).toBeCloseTo(toEdge / 100, 12);
    expect(humanLikeness(rec.log).mean_clearance).toBeNull(); // no bullets yet

    // A still bullet 30 units to the right, radius 4; then one on the ship: a hit.
    side.bullets.add(side.ship.x + 30, side.ship.y, 0, 0, 4, s.frame, 0, 0, -1);
    step(s, 0, 0);
    rec.record(s, 0);
    expect(rec.log.clearance![100]).toBeCloseTo(30 - 4 - SHIP_HIT_RADIUS, 12);
    side.bullets.add(side.ship.x, side.ship.y, 0, 0, 4, s.frame, 0, 0, -1);
    step(s, 0, 0);
    rec.record(s, 0);
    expect(side.hits).toBe(1);
    const log = rec.log;
    expect(Array.from(log.hitFrames!)).toEqual([101]);
    expect(log.inputs.length).toBe(102);
    expect(log.x!.length).toBe(103);
    expect(log.x![102]).toBe(side.ship.x);
  });
});

describe('replayLogs', () => {
  function recorded(frames: number) {
    const s = createMatch({ seed: 21, difficulty: 'lunatic', infiniteLives: true });
    const runner = new MatchRunner(s, [new RandomController(3), new RandomController(4)]);
    runner.runUntil(frames);
    return { runner, replay: replayFromRunner(runner, { date: '2025-01-01T00:00:00Z' }) };
  }

  it('re-simulates the replay: inputs, final positions and hits are the recorded match', () => {
    const { runner, replay } = recorded(2400);
    const logs = replayLogs(replay);
    expect(logs.length).toBe(2);
    let hits = 0;
    logs.forEach((log, i) => {
      expect(Array.from(log.inputs)).toEqual(Array.from(replay.inputs[i]!));
      const ship = runner.state.sides[i]!.ship;
      expect([log.x![replay.frames], log.y![replay.frames]]).toEqual([ship.x, ship.y]);
      expect(log.hitFrames!.length).toBe(runner.state.sides[i]!.hits);
      hits += log.hitFrames!.length;
    });
    expect(hits).toBeGreaterThan(0);
  });

  it('refuses a replay that does not re-simulate, naming the checksum frame', () => {
    const { replay } = recorded(600);
    replay.checksums[4] = { frame: 300, hash: replay.checksums[4]!.hash === '0000000000000000' ? '0000000000000001' : '0000000000000000' };
    expect(() => replayLogs(replay)).toThrow(ReplayError);
    expect(() => replayLogs(replay)).toThrow(/frame 300/);
    // The result is compared too, as `replay verify` does.
    const { replay: fine } = recorded(600);
    expect(() => replayLogs({ ...fine, result: { winner: 0, reason: 'time' } })).toThrow(/does not re-simulate: the result differs/);
    const other = { ...recorded(60).replay, simVersion: 0 };
    expect(() => replayLogs(other)).toThrow(/sim version/);
  });
});

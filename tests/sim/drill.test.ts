import { describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { decodeReplay, encodeReplay, replayFromRunner, verifyReplay } from '../../src/replay';
import { makeConfig } from '../../src/sim/config';
import { DRILLS, drillScript } from '../../src/sim/drill';
import { hashState } from '../../src/sim/hash';
import { createMatch, step } from '../../src/sim/match';
import { MatchRunner } from '../../src/sim/runner';

const drill = { seed: 4, mode: 'practice' as const, stages: 'drill' as const, drill: 'survey', drillVariant: 'a' };

function play(spec: string, cfg: Partial<typeof drill> & { infiniteLives?: boolean } = {}) {
  const s = createMatch({ ...drill, ...cfg });
  const r = new MatchRunner(s, [createController(spec)]);
  r.runUntil(Number.MAX_SAFE_INTEGER);
  return r;
}

describe('survey drill stage', () => {
  it('is a normal single-field match config with named fields in its errors', () => {
    const c = makeConfig(drill);
    expect(c).toMatchObject({ stages: 'drill', drill: 'survey', drillVariant: 'a', mode: 'practice' });
    expect(makeConfig({ seed: 1 })).toMatchObject({ drill: 'survey', drillVariant: 'a' });
    expect(() => makeConfig({ ...drill, mode: 'versus' })).toThrow(/^config\.mode: a drill stage is single-field/);
    expect(() => makeConfig({ ...drill, drill: 'nope' })).toThrow(/^config\.drill: must be one of survey/);
    expect(() => makeConfig({ ...drill, drillVariant: 'z' })).toThrow(/^config\.drillVariant: drill 'survey' has variants a, b, c, d/);
    expect(createMatch(drill).sides).toHaveLength(1);
  });

  it('scripts at least 30 s and ends with its script, with no opponent', () => {
    expect(DRILLS.survey!.frames).toBeGreaterThanOrEqual(30 * 60);
    const r = play('scripted');
    expect(r.state.result).toEqual({ winner: null, reason: 'time', frames: DRILLS.survey!.frames, decidedBy: null });
    expect(r.state.stage.waveIndex).toBe(DRILLS.survey!.enemies.length);
  });

  it('a variant swaps exactly the two named enemies\u2019 patterns', () => {
    const a = drillScript('survey', 'a');
    for (const [v, [x, y]] of Object.entries(DRILLS.survey!.variants).filter(([, s]) => s) as [string, [string, string]][]) {
      const b = drillScript('survey', v);
      const changed = b.map((e, i) => (JSON.stringify(e) === JSON.stringify(a[i]) ? null : e.name)).filter((n) => n);
      expect(changed.sort()).toEqual([x, y].sort());
      const ex = a.find((e) => e.name === x)!;
      const by = b.find((e) => e.name === y)!;
      expect([by.spec.pattern, by.spec.period, by.spec.firstFire]).toEqual([ex.spec.pattern, ex.spec.period, ex.spec.firstFire]);
      expect({ ...by.spec, pattern: 0, period: 0, firstFire: 0 }).toEqual({
        ...a.find((e) => e.name === y)!.spec,
        pattern: 0,
        period: 0,
        firstFire: 0,
      });
    }
  });

  it('variants play differently; the same variant and inputs give the same hash', () => {
    const h = (v: string) => {
      const s = createMatch({ ...drill, drillVariant: v });
      for (let f = 0; f < 900; f++) step(s, 0, 0);
      return hashState(s);
    };
    expect(h('a')).toBe(h('a'));
    expect(h('b')).not.toBe(h('a'));
  });

  it('is easy: the paper\u2019s Base and I-Map+multi CPUs and the scripted dodger finish it without a hit', () => {
    for (const p of ['cpu:base', 'cpu:imap-multi', 'scripted']) {
      const r = play(p, { drillVariant: 'b' });
      expect({ p, hits: r.state.sides[0]!.hits }).toEqual({ p, hits: 0 });
    }
  });

  it('is recorded and verified like any match', () => {
    const r = play('random:5', { infiniteLives: true });
    const rep = decodeReplay(encodeReplay(replayFromRunner(r, { date: '2026-01-01T00:00:00Z' })));
    expect(rep.config).toMatchObject({ stages: 'drill', drill: 'survey', drillVariant: 'a' });
    expect(rep.frames).toBe(DRILLS.survey!.frames);
    expect(verifyReplay(rep).ok).toBe(true);
  });
});

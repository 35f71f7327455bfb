import { describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { decodeReplay, encodeReplay, replayFromRunner, verifyReplay } from '../../src/replay';
import { makeConfig } from '../../src/sim/config';
import { DRILLS, drillScript } from '../../src/sim/drill';
import { Hasher, hashState } from '../../src/sim/hash';
import { createMatch, step } from '../../src/sim/match';
import { MatchRunner } from '../../src/sim/runner';
import { clipFrames } from '../../src/study/drill-config';
import { paperStudy } from '../../src/study/template';

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

  it('is easy in every variant: the paper\u2019s Base and I-Map+multi CPUs and the scripted dodger take no hit, idle is hit', () => {
    for (const v of Object.keys(DRILLS.survey!.variants)) {
      for (const p of ['cpu:base', 'cpu:imap-multi', 'scripted']) {
        const r = play(p, { drillVariant: v });
        expect({ p, v, hits: r.state.sides[0]!.hits }).toEqual({ p, v, hits: 0 });
      }
      expect(play('idle', { drillVariant: v }).state.sides[0]!.hits, `idle on ${v}`).toBeGreaterThan(0);
    }
  }, 120_000);

  it('every two variants show different bullets inside the paper\u2019s clip window, with the same player', () => {
    const { start: from, end: to } = clipFrames(paperStudy());
    // The bullets on screen (count, positions, velocities) after each frame of the window.
    const shown = (v: string, spec: string) => {
      const r = new MatchRunner(createMatch({ ...drill, drillVariant: v, infiniteLives: true }), [createController(spec)]);
      const out: string[] = [];
      for (let f = 1; f <= to; f++) {
        r.runUntil(f);
        if (f <= from) continue;
        const p = r.state.sides[0]!.bullets;
        const h = new Hasher();
        h.int(p.count);
        for (let i = 0; i < p.count; i++) for (const a of [p.x, p.y, p.vx, p.vy]) h.num(a[i]!);
        out.push(h.hex());
      }
      return out;
    };
    const variants = Object.keys(DRILLS.survey!.variants);
    expect(variants).toEqual(['a', 'b', 'c', 'd']);
    for (const spec of ['idle', 'scripted']) {
      const frames = Object.fromEntries(variants.map((v) => [v, shown(v, spec)]));
      for (const [i, x] of variants.entries())
        for (const y of variants.slice(i + 1)) {
          const differ = frames[x]!.filter((h, k) => h !== frames[y]![k]).length;
          // At least a second of the window shows different bullets, not one stray frame.
          expect(differ, `${spec}: frames of ${x} and ${y} in [${from}, ${to}) with different bullets`).toBeGreaterThanOrEqual(60);
        }
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

// eval:dodge's summary: missing data is null (printed n/a), never 0.
import { describe, expect, it } from 'vitest';
import { DRILLS, FIRE_FROM, STRESS_DRILLS, formatTable, presetRow, r2, runDrill, runSurvey } from '../../../src/cli/dodge-drills';
import { FIELD_H, FIELD_W } from '../../../src/sim/constants';
import type { Enemy } from '../../../src/sim/enemy-pool';
import type { MatchState } from '../../../src/sim/state';

describe('eval:dodge summary', () => {
  it('keeps null for "no data": no bullet on any frame, no hit record', () => {
    const quiet = {
      inputs: new Uint8Array(120),
      x: new Float64Array(121).fill(192),
      y: new Float64Array(121).fill(400),
      clearance: new Float64Array(120).fill(Number.NaN),
      hitFrames: [],
    };
    const row = presetRow([quiet]);
    expect(row.mean_clearance).toBeNull();
    expect(row.min_clearance).toBeNull();
    expect(row.hits_per_min).toBe(0); // hits were recorded: there were none
    expect(row.moving_fraction).toBe(0);
    const unknown = presetRow([{ inputs: new Uint8Array(120) }]);
    expect(unknown.hits_per_min).toBeNull();
    expect(unknown.moving_fraction).toBeNull();
    expect(unknown.mean_clearance).toBeNull();
    expect(r2(null)).toBeNull();
    expect(r2(1.23456)).toBe(1.23);
  });

  it('prints n/a for null and says what it means', () => {
    const lines = formatTable({ a: presetRow([{ inputs: new Uint8Array(60) }]) });
    expect(lines[1]).toMatch(/^a\s+0\s+0\s+n\/a\s+n\/a\s+n\/a\s+n\/a$/);
    expect(lines[lines.length - 1]).toMatch(/^n\/a: no data/);
  });

  it('a drill run logs inputs, positions, clearance and hits of the real sim', () => {
    const log = runDrill('imap-multi', DRILLS[0]!, 1000, 120);
    expect(log.inputs.length).toBe(120);
    expect(log.x!.length).toBe(121);
    expect(log.clearance!.length).toBe(120);
    expect(Array.isArray(log.hitFrames) || ArrayBuffer.isView(log.hitFrames)).toBe(true);
    const row = presetRow([log]);
    expect(row.mean_clearance).not.toBeNull();
    expect(row.hits_per_min).not.toBeNull();
  });

  it('has at least 10 drills', () => {
    expect(DRILLS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(DRILLS.map((d) => d.name)).size).toBe(DRILLS.length);
  });
});

describe('eval:dodge drills fire from enemies on screen (issue 15)', () => {
  // What is checked is the bullets stored in the sim state (the pool), not the coordinates a drill
  // hands to `add`: each new bullet's first position must be where a live enemy of the state stands.
  const liveEnemies = (s: MatchState): Enemy[] => s.sides[0]!.enemies.items.slice(0, s.sides[0]!.enemies.count);
  const onScreen = (e: Enemy) => e.x >= 0 && e.x <= FIELD_W && e.y >= 0 && e.y <= FIELD_H;

  it('every bullet of every enemy drill starts at a live enemy inside the field that appeared at least FIRE_FROM frames before', () => {
    for (const drill of DRILLS) {
      let shots = 0;
      runDrill('base', drill, 7, FIRE_FROM + 50, (s, phase) => {
        if (phase !== 'before') return;
        // The drill has fired this frame's bullets into the pool; the step has not moved them yet.
        const b = s.sides[0]!.bullets;
        for (let i = 0; i < b.count; i++) {
          if (b.spawn[i] !== s.frame) continue;
          shots++;
          const [x, y] = [b.x[i]!, b.y[i]!];
          expect(s.frame, drill.name).toBeGreaterThanOrEqual(FIRE_FROM);
          const from = liveEnemies(s).find((e) => Math.abs(e.x - x) < 1e-9 && Math.abs(e.y - y) < 1e-9);
          expect(from, `${drill.name} frame ${s.frame}: stored bullet at (${x}, ${y}) is not at a live enemy`).toBeDefined();
          expect(from!.hp).toBeGreaterThan(0);
          expect(onScreen(from!), `${drill.name}: enemy at (${from!.x}, ${from!.y}) is off the field`).toBe(true);
          expect(s.frame - from!.spawn).toBeGreaterThanOrEqual(FIRE_FROM);
        }
      });
      expect(shots, drill.name).toBeGreaterThan(0);
    }
  });

  it('every bullet of the survey drill (the clips raters see) starts at an enemy of the game on screen', () => {
    for (const variant of ['a', 'b', 'c', 'd']) {
      let shots = 0;
      let before: Enemy[] = [];
      runSurvey('base', 3, 'survey', variant, (s, phase) => {
        // Enemies move, then fire, in the step; one that is shot down in the same step leaves the pool,
        // so the emitters are the enemies present before or after the step, where they stand after it.
        if (phase === 'before') {
          before = liveEnemies(s);
          return;
        }
        const b = s.sides[0]!.bullets;
        const emitters = [...before, ...liveEnemies(s)];
        for (let i = 0; i < b.count; i++) {
          if (b.spawn[i] !== s.frame - 1 || b.owner[i] !== -1) continue;
          shots++;
          // Fired this step, then moved once by its velocity.
          const [x, y] = [b.x[i]! - b.vx[i]!, b.y[i]! - b.vy[i]!];
          const from = emitters.find((e) => Math.abs(e.x - x) < 1e-6 && Math.abs(e.y - y) < 1e-6);
          expect(from, `survey ${variant} frame ${s.frame - 1}: stored bullet from (${x}, ${y}) is not at an enemy`).toBeDefined();
          expect(onScreen(from!), `survey ${variant}: enemy at (${from!.x}, ${from!.y}) is off the field`).toBe(true);
        }
      });
      expect(shots, `survey ${variant}`).toBeGreaterThan(0);
    }
  });

  it('the stress drills are labelled and have no enemy', () => {
    for (const d of STRESS_DRILLS) {
      expect(d.name).toMatch(/\(mid-field\)$/);
      expect(d.place(0)).toEqual([]);
    }
    expect(STRESS_DRILLS.length).toBe(DRILLS.length);
  });
});

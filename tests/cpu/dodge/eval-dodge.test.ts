// eval:dodge's summary: missing data is null (printed n/a), never 0.
import { describe, expect, it } from 'vitest';
import { DRILLS, FIRE_FROM, STRESS_DRILLS, formatTable, presetRow, r2, runDrill } from '../../../src/cli/dodge-drills';

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
  it('every bullet of every enemy drill starts at a live enemy inside the field that appeared at least FIRE_FROM frames before', () => {
    for (const drill of DRILLS) {
      let shots = 0;
      runDrill('base', drill, 7, FIRE_FROM + 50, (x, y, frame, emitters) => {
        shots++;
        expect(frame, drill.name).toBeGreaterThanOrEqual(FIRE_FROM);
        const from = emitters.find((e) => Math.abs(e.x - x) < 1e-9 && Math.abs(e.y - y) < 1e-9);
        expect(from, `${drill.name} frame ${frame}: bullet at (${x}, ${y}) is not at an enemy`).toBeDefined();
        expect(from!.hp).toBeGreaterThan(0);
        expect(from!.y).toBeGreaterThanOrEqual(0); // inside the field, seen by the player
        expect(frame - from!.spawn).toBeGreaterThanOrEqual(FIRE_FROM);
      });
      expect(shots, drill.name).toBeGreaterThan(0);
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

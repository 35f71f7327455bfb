// eval:dodge's summary: missing data is null (printed n/a), never 0.
import { describe, expect, it } from 'vitest';
import { DRILLS, formatTable, presetRow, r2, runDrill } from '../../../src/cli/dodge-drills';

describe('eval:dodge summary', () => {
  it('keeps null for "no data": no bullet on any frame, no hit record', () => {
    const quiet = { inputs: new Uint8Array(120), x: new Float64Array(121).fill(192), y: new Float64Array(121).fill(400), clearance: new Float64Array(120).fill(Number.NaN), hitFrames: [] };
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

// The bounded load test (scripts/load-study-server.ts) with a few raters: a real server process,
// every acknowledged write found once in the database, groups and Latin-square rows balanced.
import { describe, expect, it } from 'vitest';
import { runLoad } from '../../scripts/load-study-server';

describe('study server load test', () => {
  it('loses and duplicates nothing with 16 raters at once', async () => {
    const r = await runLoad(16, 0, () => {}, 2);
    expect(r.problems).toEqual([]);
    expect(r.requests).toBe(16 * 25);
    expect(r.groups).toEqual({ A: 8, B: 8 });
    expect(r.latencyMs.p95).toBeGreaterThan(0);
    expect(r.replayUploadMs.n).toBe(2);
  });
});

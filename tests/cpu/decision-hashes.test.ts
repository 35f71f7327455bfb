// Pins the CPU's decisions: short Hard-vs-Hard matches (open field and maze) must end in the same
// state and press the same keys on every frame as when the fixtures were recorded. The golden
// replays re-simulate recorded inputs and so do not re-run the CPU; speed work on src/cpu must leave
// these hashes as they are. Re-record only for an intended change of play:
// `npx tsx scripts/decision-hashes.ts --seeds 4 --frames 600 --workers 0 --out tests/fixtures/decisions/open-hard-vs-hard.json`
// (and `--stages maze --seeds 1 --first 5` for the maze file).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { combinedHash, hashMatch, type HashReport } from '../../scripts/decision-hashes';

const FIXTURES = ['open-hard-vs-hard.json', 'maze-hard-vs-hard.json'];

describe('CPU decisions (scripts/decision-hashes.ts)', () => {
  for (const file of FIXTURES) {
    it(`${file}: every frame's inputs and the final state are as recorded`, () => {
      const want = JSON.parse(readFileSync(`tests/fixtures/decisions/${file}`, 'utf8')) as HashReport;
      expect(want.seeds.length).toBeGreaterThan(0);
      const rows = want.seeds.map((s) =>
        hashMatch({
          seed: s.seed,
          frames: want.frames,
          p1: want.p1,
          p2: want.p2,
          stages: want.stages as 'open' | 'maze',
          difficulty: want.difficulty,
        }),
      );
      for (const [i, r] of rows.entries()) {
        const w = want.seeds[i]!;
        expect({ seed: r.seed, frames: r.frames, state: r.state, inputs: r.inputs }, `seed ${w.seed}`).toEqual(w);
      }
      expect(combinedHash(rows)).toBe(want.combined);
    }, 60_000);
  }

  it('tells two different input logs apart', () => {
    const job = { seed: 4, frames: 120, p1: 'cpu:hard', p2: 'cpu:hard', stages: 'open' as const, difficulty: 'normal' };
    const a = hashMatch(job);
    expect(hashMatch(job).inputs).toBe(a.inputs);
    expect(hashMatch({ ...job, p2: 'cpu:easy' }).inputs).not.toBe(a.inputs);
  });
});

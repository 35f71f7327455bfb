// presets balance (issue 24): the matrix from known results, the targets, the jobs, one real match.
import { describe, expect, it } from 'vitest';
import { balanceJobs, balanceResult, formatBalance, runBalanceJob, type BalanceMatch } from '../../src/preset-eval/balance';
import { getDodgePreset } from '../../src/cpu/presets';
import { getStagePreset } from '../../src/sim/stage-preset';
import { main } from '../../src/cli/presets';
import { runMain } from '../cli/tool-run';

const m = (p1: string, p2: string, p1Won: number): BalanceMatch => ({ kind: 'balance', seed: 0, p1, p2, p1Won, frames: 60, ended: 'ko' });

describe('character balance', () => {
  it('plays every ordered pair of different characters, the seeds each way', () => {
    const jobs = balanceJobs(['a', 'b', 'c'], getDodgePreset('normal'), getStagePreset('normal'), 4);
    expect(jobs).toHaveLength(3 * 2 * 4);
    expect(jobs.filter((j) => j.p1 === 'a' && j.p2 === 'b').map((j) => j.seed)).toEqual([0, 1, 2, 3]);
    expect(jobs.some((j) => j.p1 === j.p2)).toBe(false);
  });

  it('counts both orders of a pair, draws as half, and names what misses the targets', () => {
    // a beats b 3 of 4 (both orders), a and c draw, b and c even.
    const r = balanceResult(
      ['a', 'b', 'c'],
      [m('a', 'b', 1), m('a', 'b', 1), m('b', 'a', 0), m('b', 'a', 1), m('a', 'c', 0.5), m('c', 'a', 0.5), m('b', 'c', 1), m('c', 'b', 1)],
    );
    expect(r.rate[0]![1]!.value).toBe(0.75);
    expect(r.rate[1]![0]!.value).toBe(0.25);
    expect(r.rate[0]![2]!.value).toBe(0.5);
    expect(r.rate[0]![0]).toBeNull();
    expect(r.overall.map((x) => x.value)).toEqual([4 / 6, 2 / 6, 0.5]);
    expect(r.balanced).toBe(false);
    expect(r.misses).toEqual([
      'a wins 67 % overall (target 40–60 %)',
      'a vs b: 75 % / 25 % (target within 30/70)',
      'b wins 33 % overall (target 40–60 %)',
    ]);
    expect(formatBalance(r, 2, 'normal', 'normal').at(-1)).toMatch(/^not balanced: a wins 67 %/);
    const even = balanceResult(['a', 'b'], [m('a', 'b', 1), m('b', 'a', 1)]);
    expect(even.balanced).toBe(true);
  });

  it('refuses a result for a character not in the run', () => {
    expect(() => balanceResult(['a', 'b'], [m('a', 'x', 1)])).toThrow(/'a' vs 'x'/);
  });

  it('plays a real match with each side its character, the same every time', () => {
    const job = { kind: 'balance' as const, seed: 3, p1: 'kohaku', p2: 'ruri', cpu: getDodgePreset('hard'), stage: getStagePreset('hard') };
    const a = runBalanceJob(job);
    expect(runBalanceJob(job)).toEqual(a);
    expect(a.frames).toBeGreaterThan(0);
  }, 60_000);

  it('the command refuses unknown or repeated characters in plain words', async () => {
    const run = async (...argv: string[]) => ({ err: (await runMain(main, argv)).stderr });
    expect((await run('balance', '--characters', 'asagi,nobody')).err).toMatch(
      /--characters: unknown character 'nobody' \(known: neutral, asagi/,
    );
    expect((await run('balance', '--characters', 'asagi,asagi')).err).toMatch(/at least two different characters/);
  });
});

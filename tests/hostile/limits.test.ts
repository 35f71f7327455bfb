// Bounded resources (issue 16): every input that drives a tool's time or memory has a limit checked
// before the work starts (or, for a search whose cost depends on what it finds, a work budget that
// stops it), and going over it gives exit 2 with one `error:` line that names the field or option,
// the value and the limit. Each runaway input the audit found is rebuilt here as a small file; beside
// it, an input just inside the same limit still succeeds, so the limit is not set absurdly low. The
// limits and the measurements behind them: docs/reliability.md. No case asserts a time.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkExhaustiveSize, EXHAUSTIVE_CHECK_LIMIT, EXHAUSTIVE_NODE_LIMIT, exhaustiveNodes } from '../../src/cpu/dodge/index';
import {
  EXACT_PASS_LIMIT,
  EXACT_TABLE_LIMIT,
  isExperimentJson,
  MAX_EXACT_ENEMIES,
  parseExperiment,
  parseInstance,
  parseJsonText,
  PlannerLimitError,
  UNRESTRICTED_STEP_LIMIT,
  unrestrictedSteps,
  visitOrder,
} from '../../src/cpu/planner/index';
import { keyPoints } from '../../src/cpu/planner/exact-keys';
import { getDodgePreset } from '../../src/cpu/presets';
import { decodeReplay, encodeReplay } from '../../src/replay';
import { MAX_TIME_LIMIT } from '../../src/sim/config';
import { CHECKSUM_INTERVAL } from '../../src/sim/runner';
import { encodeBundle } from '../../src/storage/bundle';
import { errLines, lastJson, type ToolRun } from '../cli/tool-run';
import { CaseRunner, HEAP_LIMIT_MB, RSS_BUDGET } from './case-runner';

const dir = mkdtempSync(join(tmpdir(), 'limits-'));
const file = (name: string, data: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
};
const json = (name: string, value: unknown) => file(name, JSON.stringify(value));

/** Exit 2 and exactly one `error:` line matching `re` (no stack frame, no internal error). */
function expectRefused(r: ToolRun, re: RegExp): void {
  const lines = errLines(r.stderr);
  expect(r.status, r.stderr).toBe(2);
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).not.toMatch(/internal error|\n\s+at /);
  expect(lines[0]).toMatch(re);
}

function expectOk(r: ToolRun): Record<string, unknown> {
  expect(r.status, r.stderr).toBe(0);
  return lastJson(r.stdout);
}

// Each case runs on a worker under the suite's budgets: a limit that regressed fails its case
// (time, heap or resident memory over budget) instead of hanging the suite.
const runner = new CaseRunner();
// The 800 four-hour replays case: the same heap and resident budgets (what it tests), a longer hang
// guard (decoding 2.7 GiB took 27–39 s with the suite's files running two at a time on a loaded machine).
const longRunner = new CaseRunner({ heapMb: HEAP_LIMIT_MB, rss: RSS_BUDGET, ms: 180_000, preload: true, record: true });
afterAll(() => Promise.all([runner.close(), longRunner.close()]));
async function run(
  tool: 'plan' | 'dodge' | 'eval-dodge' | 'match' | 'metrics' | 'replay',
  args: string[],
  on: CaseRunner = runner,
): Promise<ToolRun> {
  const r = await on.run(tool, args);
  if ('overrun' in r) expect.fail(`${tool} ${args.join(' ')}: over budget: ${r.overrun}`);
  return r;
}

/** A RegExp for a line that ends with `parts` joined, matched literally. */
const endsWith = (...parts: string[]) => new RegExp(`${parts.join('').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * An open maze w × h, start top-left, goal bottom-right; `marks` fill the cells after the start in
 * reading order ('E' enemy, 'H' heal pad).
 */
function maze(w: number, h: number, marks: string): string[] {
  const cells = Array.from({ length: w * h }, () => '.');
  cells[0] = 'P';
  cells[w * h - 1] = 'G';
  [...marks].forEach((ch, i) => (cells[i + 1] = ch));
  return Array.from({ length: h }, (_, y) => cells.slice(y * w, (y + 1) * w).join(''));
}

describe('plan: unrestricted mode', () => {
  // 60 × 60 open cells: 3600 nodes, 14,160 moves (each direction of an edge); λ = 63.
  const moves = 2 * (2 * 60 * 60 - 60 - 60);

  it('refuses (K + 1)·(λ + 1)·(nodes + moves) over the limit before searching (the audit: 268 s, 1.8 GB)', async () => {
    const path = json('u-over.json', { maze: maze(60, 60, 'E'.repeat(30)), maxHp: 64, mode: 'unrestricted' });
    const steps = 31 * 64 * (3600 + moves);
    expect(steps).toBeGreaterThan(UNRESTRICTED_STEP_LIMIT);
    expectRefused(
      await run('plan', [path]),
      endsWith(
        'u-over.json: unrestricted mode: instance too large ((30 attackable enemies + 1) × 64 damage levels × ',
        `(3600 nodes + ${moves} moves) = ${steps.toLocaleString('en-US')} search steps, the limit is 30,000,000); use --mode restricted`,
      ),
    );
  });

  it('plans an instance just inside it', async () => {
    const path = json('u-in.json', { maze: maze(60, 60, 'E'.repeat(25)), maxHp: 64, mode: 'unrestricted' });
    expect(26 * 64 * (3600 + moves)).toBeLessThanOrEqual(UNRESTRICTED_STEP_LIMIT);
    const out = expectOk(await run('plan', [path, '--json']));
    expect(out).toMatchObject({ feasible: true, kills: 25, mode: 'unrestricted' });
  });

  it("the paper's instances and the game's maze stay far inside", () => {
    for (const name of ['paper-3.5', 'grid10-hp1', 'grid10-hp5', 'grid10-hp7', 'maze24x28-8']) {
      const where = `fixtures/planner/${name}.json`;
      const j = parseJsonText(readFileSync(where, 'utf8'), where);
      const inst = isExperimentJson(j) ? parseExperiment(j, where).instance : parseInstance(j, where);
      expect(unrestrictedSteps(inst, visitOrder(inst)).steps, name).toBeLessThan(UNRESTRICTED_STEP_LIMIT / 300);
    }
  });
});

describe('plan: exact mode, limits checked before any search', () => {
  it(`refuses more than ${MAX_EXACT_ENEMIES} attackable enemies at once (the audit: 8.8 s first)`, async () => {
    const path = json('x-31.json', { maze: maze(10, 10, 'E'.repeat(31)), maxHp: 5, healAt: 'anywhere', mode: 'exact' });
    expectRefused(
      await run('plan', [path]),
      /x-31\.json: exact mode: instance too large \(more than 30 attackable enemies: 31\); use --mode unrestricted$/,
    );
  });

  it('refuses a key-point distance table over the limit (one Dijkstra per key point)', async () => {
    // 100 × 100: 10,000 nodes + 39,600 moves; 700 heal pads + start + goal = 702 key points.
    const path = json('x-table.json', { maze: maze(100, 100, 'H'.repeat(700)), maxHp: 3, mode: 'exact' });
    expect(702 * 49_600).toBeGreaterThan(EXACT_TABLE_LIMIT);
    expectRefused(
      await run('plan', [path]),
      endsWith(
        'x-table.json: exact mode: instance too large (key-point distances: 702 key points × (10000 nodes + 39600 moves) = ',
        '34,819,200 search steps, the limit is 30,000,000); use --mode unrestricted',
      ),
    );
    // 600 pads: 602 × 49,600 is inside, and it plans.
    const inside = json('x-table-in.json', { maze: maze(100, 100, 'H'.repeat(600)), maxHp: 3, mode: 'exact' });
    expect(602 * 49_600).toBeLessThanOrEqual(EXACT_TABLE_LIMIT);
    expect(expectOk(await run('plan', [inside, '--json']))).toMatchObject({ feasible: true, mode: 'exact' });
  });

  it('refuses a fixed-order pass (K + 1)·(λ + 1)·P² over the limit', async () => {
    // 40 × 40, 10 enemies, 700 pads: P = 712, 11 × 64 × 712² steps for one pass.
    const over = { maze: maze(40, 40, `${'E'.repeat(10)}${'H'.repeat(700)}`), maxHp: 64, mode: 'exact' as const };
    expect(11 * 64 * 712 ** 2).toBeGreaterThan(EXACT_PASS_LIMIT);
    expectRefused(
      await run('plan', [json('x-pass.json', over)]),
      endsWith(
        'x-pass.json: exact mode: instance too large (one fixed-order pass: (10 enemies + 1) × 64 damage levels × 712² key points = ',
        '356,888,576 search steps, the limit is 300,000,000); use --mode unrestricted',
      ),
    );
    // 8 enemies: 9 × 64 × 710² is inside: the checks let it through (what the search then needs
    // depends on the instance; its own budgets are tested in tests/cpu/planner/exact.test.ts).
    const inside = parseInstance({ ...over, maze: maze(40, 40, `${'E'.repeat(8)}${'H'.repeat(700)}`) }, 'inside');
    expect(9 * 64 * 710 ** 2).toBeLessThanOrEqual(EXACT_PASS_LIMIT);
    expect(keyPoints(inside)?.P).toBe(710);
    try {
      keyPoints(parseInstance(over, 'over'));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PlannerLimitError);
      expect((e as PlannerLimitError).kind).toBe('size');
    }
  });
});

describe('plan: messages name the field, the value and the limit', () => {
  const base = JSON.parse(readFileSync('fixtures/planner/paper-3.5.json', 'utf8')) as Record<string, unknown>;
  it('lambda 1e300 and an edge time of 1e400', async () => {
    expectRefused(
      await run('plan', [json('p-lambda.json', { ...base, lambda: 1e300 })]),
      /p-lambda\.json: lambda: 1e\+300 is above the limit of 64$/,
    );
    const text = '{"graph":{"nodes":["a","b"],"edges":[["a","b",1e400]]},"start":"a","goal":"b","maxHp":3}';
    expectRefused(
      await run('plan', [file('p-1e400.json', text)]),
      /p-1e400\.json: graph\.edges\[0\]\[2\]: time must be a number of at most 1000000, got a number beyond a double's range \(Infinity\)$/,
    );
    expectRefused(await run('plan', [json('p-frac.json', { ...base, lambda: 1.5 })]), /lambda: lambda must be a whole number, got 1\.5$/);
    expect(expectOk(await run('plan', [json('p-63.json', { ...base, maxHp: 64, hp: 64, lambda: 63 }), '--json']))).toMatchObject({
      feasible: true,
    });
  });
});

describe('dodge', () => {
  const scenario = 'fixtures/dodge/aimed-stream.json';
  const preset = (name: string, o: Record<string, unknown>) => json(`${name}.json`, { ...getDodgePreset('imap'), name, label: name, ...o });

  it('refuses an exhaustive search tree over the limit before reading the scenario (the audit: > 300 s)', async () => {
    // The audit's preset: valid (depth ≤ 8, frames per step ≤ 30), 17 moves with focus.
    const deep8 = preset('deep8', { depth: 8, focus: true, framesPerStep: 30, reactionFrames: 0 });
    expectRefused(
      await run('dodge', ['no-such-scenario.json', '--preset', deep8, '--search', 'exhaustive']),
      endsWith(
        'error: preset deep8: depth 8 with 17 moves is 7,411,742,280 search-tree nodes for --search exhaustive ',
        '(17 + 17² + … + 17^8), the limit is 10,000,000 (depth ≤ 5 with 17 moves); use --search fast',
      ),
    );
    const deep8plain = preset('deep8plain', { depth: 8 });
    expectRefused(
      await run('dodge', [scenario, '--preset', deep8plain, '--search', 'exhaustive']),
      /depth 8 with 9 moves .* \(depth ≤ 7 with 9 moves\)/,
    );
  });

  it('the largest trees inside the limit: 17 moves depth 5, 9 moves depth 7', async () => {
    expect(exhaustiveNodes(17, 5)).toBeLessThanOrEqual(EXHAUSTIVE_NODE_LIMIT);
    expect(exhaustiveNodes(17, 6)).toBeGreaterThan(EXHAUSTIVE_NODE_LIMIT);
    expect(exhaustiveNodes(9, 7)).toBeLessThanOrEqual(EXHAUSTIVE_NODE_LIMIT);
    expect(exhaustiveNodes(9, 8)).toBeGreaterThan(EXHAUSTIVE_NODE_LIMIT);
    expect(() => checkExhaustiveSize(17, 5)).not.toThrow();
    expect(() => checkExhaustiveSize(9, 7)).not.toThrow();
    const focus5 = preset('focus5', { depth: 5, focus: true, framesPerStep: 5 });
    const out = expectOk(await run('dodge', ['fixtures/dodge/wall-gap.json', '--preset', focus5, '--search', 'exhaustive', '--json']));
    expect(out).toMatchObject({ search: 'exhaustive', preset: 'focus5' });
  });

  it('gives up an exhaustive search over its obstacle-check budget, with the sizes that caused it', async () => {
    // 1000 obstacles far outside the field: none is ever hit, so no branch ends early; 30 frames
    // per step × 1000 obstacles per node pass the budget long before the 66,429 nodes of depth 5.
    const far = Array.from({ length: 1000 }, (_, i) => ({ x: 5000 + i, y: 5000, vx: 0, vy: 0, r: 4, age: 1000 }));
    const path = json('far.json', { ship: { x: 192, y: 300 }, bullets: far });
    const slow = preset('slow30', { framesPerStep: 30, reactionFrames: 0 });
    expect(exhaustiveNodes(9, 5) * 30 * 1000).toBeGreaterThan(EXHAUSTIVE_CHECK_LIMIT);
    expectRefused(
      await run('dodge', [path, '--preset', slow, '--search', 'exhaustive']),
      endsWith(
        'far.json, preset slow30: the exhaustive search gave up after 300,000,000 obstacle checks (depth 5, 9 moves, 30 frames ',
        'per step, 1000 visible obstacles: each node checks every obstacle on every frame); use --search fast',
      ),
    );
    // The paper's I-Map (1 frame per step) on the same field stays inside the budget.
    expect(exhaustiveNodes(9, 5) * 1 * 1000).toBeLessThanOrEqual(EXHAUSTIVE_CHECK_LIMIT);
    expectOk(await run('dodge', [path, '--preset', 'imap', '--search', 'exhaustive', '--json']));
  });

  it('scenario messages give the value and the real limit', async () => {
    const base = JSON.parse(readFileSync(scenario, 'utf8')) as Record<string, unknown>;
    const bullet = { x: 10, y: 10, vx: 0, vy: 1, r: 3, age: 5 };
    const cases: [unknown, RegExp][] = [
      [{ ...base, field: { width: 1e9, height: 100 } }, /: field\.width: 1000000000 is above the limit of 4096$/],
      [{ ...base, enemies: Array.from({ length: 5001 }, () => bullet) }, /: enemies: 5001 entries, the limit is 5000$/],
      [{ ...base, bullets: [{ ...bullet, age: 1e308 }] }, /: bullets\[0\]\.age: 1e\+308 is above the limit of 1000000$/],
      [{ ...base, bullets: [{ ...bullet, r: 201 }] }, /: bullets\[0\]\.r: 201 is above the limit of 200$/],
      [{ ...base, prevMove: 1e308 }, /: prevMove: 1e\+308 is above the limit of 16$/],
      [{ ...base, prevMove: -2 }, /: prevMove: -2 is below the minimum of -1$/],
      [{ ...base, prevMove: 2.5 }, /: prevMove: must be a whole number, got 2\.5$/],
      [{ ...base, goalX: 1e308 }, /: goalX: must be within ±1000000, got 1e\+308$/],
    ];
    for (const [k, [value, re]] of cases.entries()) expectRefused(await run('dodge', [json(`s${k}.json`, value), '--preset', 'imap']), re);
    // Just inside: the largest field, the oldest obstacle, the last move of a focus preset.
    const inside = {
      ...base,
      field: { width: 4096, height: 4096 },
      bullets: [{ ...bullet, age: 1e6, r: 200, x: 3000, y: 3000 }],
      prevMove: 16,
    };
    expectOk(await run('dodge', [json('s-in.json', inside), '--preset', preset('focus', { focus: true }), '--json']));
  });
});

describe('eval:dodge --frames', () => {
  it('is bounded in its option spec (the audit: 3e8 ran forever, 9e12 "Invalid typed array length")', async () => {
    for (const v of ['300000000', '9000000000000'])
      expectRefused(
        await run('eval-dodge', ['--frames', v, '--seeds', '1', '--presets', 'easy', '--suites', 'stress']),
        new RegExp(`^error: option --frames: ${v} is above the limit 864000$`),
      );
    expectRefused(
      await run('eval-dodge', ['--frames', '59', '--seeds', '1', '--presets', 'easy', '--suites', 'stress']),
      /option --frames: 59 is below the limit 60$/,
    );
    const out = expectOk(await run('eval-dodge', ['--frames', '60', '--seeds', '1', '--presets', 'easy', '--suites', 'stress', '--json']));
    expect(out).toMatchObject({ frames: 60, seeds: 1 });
  });
});

describe('metrics', () => {
  it('a window that holds no frame is nothing to measure; one frame is measured', async () => {
    const replay = join(dir, 'short.twrp');
    expectOk(await run('match', ['--seed', '1', '--frames', '60', '--p1', 'idle', '--p2', 'idle', '--record', replay, '--json']));
    for (const args of [
      ['--to', '0.001'],
      ['--from', '0', '--to', '0.008'],
      ['--from', '0.5', '--to', '0.505'],
    ])
      expectRefused(await run('metrics', [replay, ...args]), /^error: nothing to measure: the window .* s \(--from, --to\) holds no frame/);
    const out = expectOk(await run('metrics', [replay, '--to', '0.009', '--json'])) as { replays: { window: number[] }[] };
    expect(out.replays[0]!.window).toEqual([0, 1 / 60]);
    // --from beyond a double's frame count names the value given, not Infinity.
    expectRefused(
      await run('metrics', [replay, '--from', '1e308']),
      /the window starts at 1e\+308 s \(--from\), past the end of the replay/,
    );
  });

  it('measures at most 10,000 replays per run (files and bundle entries together), checked before any re-simulation', async () => {
    const replay = join(dir, 'one.twrp');
    expectOk(await run('match', ['--seed', '2', '--frames', '1', '--p1', 'idle', '--p2', 'idle', '--record', replay, '--json']));
    const bytes = new Uint8Array(readFileSync(replay));
    const bundle = file('full.twrb', encodeBundle(Array.from({ length: 10_000 }, (_, i) => ({ name: `r${i}`, tags: [], bytes }))));
    expectRefused(
      await run('metrics', [bundle, replay]),
      /one\.twrp: more than 10000 replays in the files so far \(10001\), the limit per run is 10000$/,
    );
  });
});

describe('replay verify and info on a bundle', () => {
  it('hold one decoded replay at a time: 800 four-hour replays (≈ 2.7 GiB decoded) stay inside the worker budget', async () => {
    const one = join(dir, 'short.twrp');
    expectOk(await run('match', ['--seed', '2', '--frames', '60', '--p1', 'idle', '--p2', 'idle', '--record', one, '--json']));
    const r = decodeReplay(readFileSync(one));
    // Made-up inputs and checksums: decoding takes them as they are; verify stops at the first checksum.
    const frames = MAX_TIME_LIMIT;
    const long = encodeReplay({
      ...r,
      config: { ...r.config, timeLimit: frames },
      frames,
      result: null,
      inputs: r.inputs.map(() => new Uint8Array(frames)),
      checksums: Array.from({ length: frames / CHECKSUM_INTERVAL }, (_, i) => ({
        frame: (i + 1) * CHECKSUM_INTERVAL,
        hash: 'abcdef0123456789',
      })),
    });
    const bundle = file('long.twrb', encodeBundle(Array.from({ length: 800 }, (_, i) => ({ name: `r${i}`, tags: [], bytes: long }))));
    const info = await run('replay', ['info', bundle, '--json'], longRunner);
    expect((expectOk(info).replays as unknown[]).length).toBe(800);
    const verify = await run('replay', ['verify', bundle, '--json'], longRunner);
    expect(verify.status).toBe(1); // every entry desyncs at its first made-up checksum
    expect(lastJson(verify.stdout)).toMatchObject({ ok: false, bundle: true });
  }, 400_000);
});

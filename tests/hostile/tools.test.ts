// Every tool survives hostile input (issue 16): each case runs a tool's main(argv, io) in-process and
// must end with exit 2 and exactly one `error:` line (no stack trace, no internal error), within a
// time and memory budget. Hand-picked cases are the ones the sweep found; fast-check adds random
// mutations of valid files. The budgets guard against hangs and runaway memory (a generous bound on a
// shared machine, not a speed claim); the worst figures are printed for docs/reliability.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as chase } from '../../src/cli/chase';
import type { ToolMain } from '../../src/cli/common';
import { main as dodge } from '../../src/cli/dodge';
import { main as match } from '../../src/cli/match';
import { main as metrics } from '../../src/cli/metrics';
import { main as plan } from '../../src/cli/plan';
import { main as replay } from '../../src/cli/replay';
import { decodeReplay, encodeReplay } from '../../src/replay/format';
import { encodeBundle } from '../../src/storage/bundle';
import { runMain, type ToolRun } from '../cli/tool-run';

const TOOLS: Record<string, ToolMain> = { plan, chase, dodge, match, replay, metrics };
/** Per case: a hang guard, far above what any case needs. */
const TIME_BUDGET_MS = 30_000;
/** Resident memory the whole suite may reach (a 3 GB runaway is what the issue found). */
const RSS_BUDGET = 1.5 * 1024 ** 3;

const dir = mkdtempSync(join(tmpdir(), 'hostile-'));
const file = (name: string, data: string | Uint8Array) => {
  const p = join(dir, name);
  writeFileSync(p, data);
  return p;
};
const json = (name: string, value: unknown) => file(name, JSON.stringify(value));

const stats = { cases: 0, worstMs: 0, worstCase: '', worstRss: 0 };

async function runCase(tool: string, args: string[]): Promise<ToolRun & { ms: number }> {
  const t0 = performance.now();
  const r = await runMain(TOOLS[tool]!, args);
  const ms = performance.now() - t0;
  const rss = process.memoryUsage().rss;
  stats.cases++;
  if (ms > stats.worstMs) Object.assign(stats, { worstMs: ms, worstCase: `${tool} ${args.join(' ').slice(0, 120)}` });
  stats.worstRss = Math.max(stats.worstRss, rss);
  expect(ms, `${tool} ${args.join(' ')}: time`).toBeLessThan(TIME_BUDGET_MS);
  expect(rss, `${tool} ${args.join(' ')}: memory`).toBeLessThan(RSS_BUDGET);
  return { ...r, ms };
}

/** The contract for bad input: exit 2, one line, `error: ` and no internal error or stack frame. */
function expectCleanError(r: ToolRun, what: string, re?: RegExp): void {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(r.status, `${what}: exit code (stderr: ${r.stderr.slice(0, 300)})`).toBe(2);
  expect(lines, `${what}: one error line`).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).not.toMatch(/internal error|\n\s+at |\.ts:\d+:\d+\)/);
  if (re) expect(lines[0], what).toMatch(re);
}

let replayFile = '';
let practiceFile = '';

beforeAll(async () => {
  replayFile = join(dir, 'm.twrp');
  practiceFile = join(dir, 'p.twrp');
  expect((await runMain(match, ['--seed', '2', '--frames', '300', '--p1', 'random:1', '--record', replayFile])).status).toBe(0);
  expect(
    (await runMain(match, ['--mode', 'practice', '--seed', '2', '--frames', '300', '--p1', 'random:1', '--record', practiceFile])).status,
  ).toBe(0);
}, 120_000);

afterAll(() => {
  // The figures docs/reliability.md quotes.
  console.log(
    `hostile: ${stats.cases} cases; worst time ${stats.worstMs.toFixed(0)} ms (${stats.worstCase}); peak RSS ` +
      `${(stats.worstRss / 1024 ** 2).toFixed(0)} MiB`,
  );
});

describe('hand-picked hostile inputs: exit 2, one error line naming the field, value and limit', { timeout: 300_000 }, () => {
  it('plan: sizes that drive time and memory, overflowing sums, bad bytes', async () => {
    const base = JSON.parse(readFileSync('fixtures/planner/paper-3.5.json', 'utf8')) as Record<string, unknown>;
    const cases: [string, RegExp][] = [
      [
        json('hp.json', { graph: { nodes: ['a', 'b'], edges: [['a', 'b', 1]] }, start: 'a', goal: 'b', maxHp: 1e9 }),
        /maxHp: 1000000000 is above the limit of 64/,
      ],
      [json('lambda.json', { ...base, lambda: 1e6 }), /lambda: 1000000 is above the limit of 64/],
      [
        json('reward.json', {
          graph: { nodes: ['a', 'b'], edges: [['a', 'b', 1]] },
          start: 'a',
          goal: 'b',
          maxHp: 3,
          enemies: [
            { at: 'a', reward: 1e308 },
            { at: 'b', reward: 1e308 },
          ],
        }),
        /enemies\[0\]\.reward: 1e\+308 is above the limit/,
      ],
      [
        json('time.json', { graph: { nodes: ['a', 'b'], edges: [['a', 'b', 1e308]] }, start: 'a', goal: 'b', maxHp: 3 }),
        /graph\.edges\[0\]\[2\]: 1e\+308 is above the limit/,
      ],
      [
        json('nodes.json', {
          graph: { nodes: Array.from({ length: 30000 }, (_, i) => `n${i}`), edges: [] },
          start: 'n0',
          goal: 'n1',
          maxHp: 3,
        }),
        /graph\.nodes: 30000 nodes, the limit is 20000/,
      ],
      [json('maze.json', { maze: Array.from({ length: 500 }, () => '.'.repeat(500)), maxHp: 3 }), /maze: 250000 cells, the limit is 20000/],
      [
        json('enemies.json', {
          graph: { nodes: Array.from({ length: 300 }, (_, i) => `n${i}`), edges: [] },
          start: 'n0',
          goal: 'n1',
          maxHp: 3,
          enemies: Array.from({ length: 300 }, (_, i) => ({ at: `n${i}` })),
        }),
        /enemies: 300 enemies, the limit is 256/,
      ],
      [file('dup.json', '{"maxHp": 3, "maxHp": 1e9}'), /dup\.json:1:14: duplicate key "maxHp"/],
      [
        file('latin1.json', Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d])),
        /latin1\.json:1:3: invalid UTF-8 \(byte 0xE9 at offset 2\)/,
      ],
      [file('big.json', ' '.repeat(5 * 1024 * 1024)), /too large to be read \(5242880 bytes, the limit is 4194304\)/],
      ['/dev/zero', /\/dev\/zero: is not a regular file \(a device\)/],
      [dir, /is a directory/],
      [join(dir, 'nope.json'), /cannot read file \(no such file\)/],
    ];
    for (const [f, re] of cases) expectCleanError(await runCase('plan', [f]), `plan ${f}`, re);
    // A byte-order mark is accepted.
    const bom = file('bom.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync('fixtures/planner/paper-3.5.json')]));
    expect((await runCase('plan', [bom, '--json'])).status).toBe(0);
  });

  it('plan and metrics: a FIFO is refused at once, not waited on', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expectCleanError(await runCase('plan', [fifo]), 'plan fifo', /is not a regular file \(a FIFO\)/);
    expectCleanError(await runCase('metrics', [fifo]), 'metrics fifo', /is not a regular file \(a FIFO\)/);
    expectCleanError(await runCase('replay', ['info', fifo]), 'replay fifo', /is not a regular file \(a FIFO\)/);
  });

  it('chase: maze size, corners and work limits; options given twice; seeds', async () => {
    const row = (w: number) => '.'.repeat(w);
    const big = file('big.maze', [`P${row(1999)}`, ...Array.from({ length: 1999 }, () => row(2000))].join('\n'));
    const wide = file('wide.maze', ['#'.repeat(500), `#P${row(497)}#`, `#A${row(497)}#`, '#'.repeat(500)].join('\n'));
    // Isolated pillars every other cell: 4 convex corners each.
    const pillars = file(
      'pillars.maze',
      [
        `P${row(99)}`,
        ...Array.from({ length: 99 }, (_, y) => (y % 2 ? Array.from({ length: 100 }, (_, x) => (x % 2 ? '#' : '.')).join('') : row(100))),
      ]
        .join('\n')
        .replace(/\.$/, 'A'),
    );
    const ok = 'mazes/pillars.maze';
    const cases: [string[], RegExp][] = [
      [[big], /big\.maze:1:401: width 2000 is above the limit of 400 columns/],
      [[wide], /width 500 is above the limit of 400/],
      [[pillars], /convex wall corners, above the limit of 2000/],
      [[ok, '--method', 'bogus', '--method', 'wave'], /option --method given 2 times/],
      [[ok, '--seed', '99999999999'], /--seed 99999999999: must be a whole number from 0 to 4294967295/],
      [[ok, '--seed', '-1'], /--seed -1: must be/],
      [[ok, '--seed', '100000000000000000000000'], /option --seed: 100000000000000000000000 is out of range/],
      [[ok, '--max-steps', '1000000000'], /--max-steps 1000000000: must be in 1\.\.100000/],
      [[ok, '--resolution', '16', '--waves', '64', '--max-steps', '100000'], /above the work limit/],
      [[ok, '--lifetime', '1000000000000'], /--lifetime 1000000000000: must be at most 100000/],
      [[ok, '--speed', 'Infinity'], /option --speed: 'Infinity' is not a number/],
      [['/dev/zero'], /is not a regular file/],
    ];
    for (const [args, re] of cases) expectCleanError(await runCase('chase', args), `chase ${args.join(' ')}`, re);
  });

  it('dodge: field size, magnitudes that overflow, obstacle counts', async () => {
    const base = JSON.parse(readFileSync('fixtures/dodge/aimed-stream.json', 'utf8')) as Record<string, unknown>;
    const bullet = { x: 10, y: 10, vx: 0, vy: 1, r: 3, age: 5 };
    const cases: [unknown, RegExp][] = [
      [{ ...base, field: { width: 1e9, height: 1e9 } }, /field\.width: Too big/i],
      [{ ...base, goalX: 1e308 }, /goalX: must be within ±1000000/],
      [{ ...base, ship: { x: 1e300, y: 5 } }, /ship\.x: must be within/],
      [{ ...base, bullets: [{ ...bullet, vx: 1e308 }] }, /bullets\[0\]\.vx: must be within ±1000 per frame/],
      [{ ...base, bullets: Array.from({ length: 6000 }, () => bullet) }, /bullets: Too big/i],
      [{ ...base, bullets: [{ ...bullet, age: 1e300 }] }, /bullets\[0\]\.age/],
    ];
    for (const [k, [value, re]] of cases.entries())
      expectCleanError(await runCase('dodge', [json(`d${k}.json`, value), '--preset', 'imap']), `dodge case ${k}`, re);
    expectCleanError(
      await runCase('dodge', ['fixtures/dodge/aimed-stream.json', '--preset', 'imap', '--preset', 'hard']),
      'dodge twice',
      /given 2 times/,
    );
  });

  it('match: controller arguments, seeds, frames, options that do nothing', async () => {
    const cases: [string[], RegExp][] = [
      [['--p1', 'idle:5'], /controller 'idle:5': idle takes no argument/],
      [['--p1', 'scripted:x'], /scripted takes no argument/],
      [['--p1', 'random:100000000000000000000001'], /seed 100000000000000000000001 is above the limit of 9007199254740991/],
      [['--maze', 'pillars'], /--maze pillars: only maze stages use a maze/],
      [['--frames', '1000000000'], /--frames 1000000000 is above the limit of 864000/],
      [['--seed', '4294967296'], /seed/],
      [['--seed', '1', '--seed', '2'], /given 2 times/],
      [['--p1', 'replay:/dev/zero'], /replay:\/dev\/zero.*is not a regular file/],
      [['--lives', '1000000000000'], /lives/],
      [['--record', dir], /is a directory/],
    ];
    for (const [args, re] of cases) expectCleanError(await runCase('match', args), `match ${args.join(' ')}`, re);
  });

  it('replay: devices, junk, foreign versions and bundles', async () => {
    const junk = file('junk.twrp', 'not a replay at all');
    const cases: [string[], RegExp][] = [
      [['verify', '/dev/zero'], /\/dev\/zero: is not a regular file/],
      [['info', '/dev/urandom'], /is not a regular file/],
      [['verify', junk], /wrong magic/],
      [['verify', file('empty.twrb', encodeBundle([]))], /the replay bundle holds no replays/],
      [
        ['info', file('cut.twrb', encodeBundle([{ name: 'x', tags: [], bytes: readFileSync(replayFile) }]).subarray(0, 40))],
        /a replay bundle/,
      ],
      [['verify', replayFile, replayFile, replayFile], /unexpected argument/],
    ];
    for (const [args, re] of cases) expectCleanError(await runCase('replay', args), `replay ${args.join(' ')}`, re);
    // Another sim version: info prints what it can read and names the version; verify refuses.
    const r = decodeReplay(readFileSync(replayFile));
    const oldConfig = { seed: r.config.seed, mode: r.config.mode, difficulty: 'normal' };
    const old = file('old.twrp', encodeReplay({ ...r, simVersion: 2, config: oldConfig as unknown as typeof r.config }));
    const info = await runCase('replay', ['info', old]);
    expect(info.status, info.stderr).toBe(0);
    expect(info.stdout).toMatch(/made by sim version 2; this build is sim version \d+/);
    expect(info.stdout).not.toMatch(/undefined|NaN/);
    expectCleanError(await runCase('replay', ['verify', old]), 'verify old', /recorded by sim version 2/);
  });

  it('metrics: nothing to measure is an error with the reason', async () => {
    const cases: [string[], RegExp][] = [
      [[file('none.twrb', encodeBundle([]))], /holds no replays, so there is nothing to measure/],
      [[practiceFile, '--side', 'p2'], /nothing to measure: --side p2, but the replay has only side p1/],
      [[replayFile, '--from', '3600'], /nothing to measure: the window starts at 3600 s/],
      [['/dev/zero'], /is not a regular file/],
      [[replayFile, '--side', 'p3'], /--side: 'p3'/],
    ];
    for (const [args, re] of cases) expectCleanError(await runCase('metrics', args), `metrics ${args.join(' ')}`, re);
  });
});

describe('fast-check: random damage to valid inputs never gives a stack trace or an internal error', { timeout: 300_000 }, () => {
  /** Any outcome but a crash: exit 0 (the damage was harmless) or a clean error. */
  const expectNoCrash = (r: ToolRun, what: string) => {
    if (r.status === 0) return;
    expectCleanError(r, what);
  };
  const sub = join(dir, 'fc');
  mkdirSync(sub, { recursive: true });
  let n = 0;

  /** A valid object with one field (at any depth) replaced by an arbitrary JSON value. */
  const damaged = (base: unknown) =>
    fc.tuple(fc.nat(), fc.jsonValue({ maxDepth: 2 })).map(([pick, value]) => {
      const copy = JSON.parse(JSON.stringify(base)) as unknown;
      const slots: [Record<string, unknown> | unknown[], string | number][] = [];
      const walk = (v: unknown) => {
        if (Array.isArray(v))
          for (const [i, x] of v.entries()) {
            slots.push([v, i]);
            walk(x);
          }
        else if (v && typeof v === 'object')
          for (const [k, x] of Object.entries(v)) {
            slots.push([v as Record<string, unknown>, k]);
            walk(x);
          }
      };
      walk(copy);
      const [obj, key] = slots[pick % slots.length]!;
      (obj as Record<string | number, unknown>)[key] = value;
      return JSON.stringify(copy);
    });

  it('plan and dodge on damaged instances and scenarios', async () => {
    const inst = JSON.parse(readFileSync('fixtures/planner/paper-3.5.json', 'utf8')) as unknown;
    const scen = JSON.parse(readFileSync('fixtures/dodge/aimed-stream.json', 'utf8')) as unknown;
    await fc.assert(
      fc.asyncProperty(damaged(inst), async (text) => {
        const f = join(sub, `p${n++}.json`);
        writeFileSync(f, text);
        expectNoCrash(await runCase('plan', [f, '--mode', 'restricted']), `plan ${text.slice(0, 200)}`);
      }),
      { numRuns: 200, seed: 16 },
    );
    await fc.assert(
      fc.asyncProperty(damaged(scen), async (text) => {
        const f = join(sub, `d${n++}.json`);
        writeFileSync(f, text);
        expectNoCrash(await runCase('dodge', [f, '--preset', 'imap']), `dodge ${text.slice(0, 200)}`);
      }),
      { numRuns: 150, seed: 16 },
    );
  });

  it('chase on random maze text, replay/metrics on damaged replay bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.stringMatching(/^[#.PABG\t x]{0,12}$/), { maxLength: 10 }), async (rows) => {
        const f = join(sub, `c${n++}.maze`);
        writeFileSync(f, rows.join('\n'));
        expectNoCrash(await runCase('chase', [f, '--method', 'flow', '--max-steps', '50']), `chase ${JSON.stringify(rows)}`);
      }),
      { numRuns: 200, seed: 16 },
    );
    const bytes = readFileSync(replayFile);
    await fc.assert(
      fc.asyncProperty(fc.nat(bytes.length - 1), fc.integer({ min: 0, max: 255 }), fc.boolean(), async (at, byte, cut) => {
        const b = Uint8Array.from(bytes);
        b[at] = byte;
        const f = join(sub, `r${n++}.twrp`);
        writeFileSync(f, cut ? b.subarray(0, at) : b);
        const r = await runCase('replay', ['info', f]);
        // Changing a byte to itself leaves a valid replay.
        if (r.status !== 0) expectCleanError(r, `replay info damaged at ${at}`);
      }),
      { numRuns: 150, seed: 16 },
    );
  });

  it('random argument lists for every tool', async () => {
    const token = fc.oneof(
      fc.constantFrom(
        '--json',
        '--help',
        '--seed',
        '--frames',
        '--p1',
        '--p2',
        '--maze',
        '--method',
        '--side',
        '--from',
        '--to',
        '--',
        '-x',
        'verify',
        'info',
        replayFile,
        '/dev/zero',
        dir,
        'idle:5',
        'random:1e30',
      ),
      fc.string({ maxLength: 8 }),
      fc.integer().map(String),
      fc.double().map(String),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('plan', 'chase', 'dodge', 'replay', 'metrics'),
        fc.array(token, { maxLength: 6 }),
        async (tool, args) => {
          const r = await runCase(tool, args);
          if (r.status !== 0 && r.status !== 1) expectCleanError(r, `${tool} ${JSON.stringify(args)}`);
          expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
        },
      ),
      { numRuns: 400, seed: 16 },
    );
  });
});

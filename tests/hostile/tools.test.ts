// Every tool survives hostile input (issue 16): each case runs a tool's main(argv, io) on a worker
// thread and must end with exit 2 and exactly one `error:` line (no stack trace, no internal error,
// no raw control character), within a time and memory budget that is enforced: a case that runs
// past its time, past the worker's heap limit or past the process's resident-memory budget is
// terminated with its thread and fails (a synchronous runaway cannot hang the suite). The worker is
// reused from case to case, and replaced after a terminated one. Hand-picked cases are the ones the
// sweeps found; fast-check adds random mutations of valid files. A few cases run a tool as its own
// process (the stdout/stderr failures of the entry script). The budgets are generous bounds on a
// shared machine, not speed claims; the figures are printed for docs/reliability.md.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDodgePreset } from '../../src/cpu/presets';
import { crc32 } from '../../src/replay/crc32';
import { decodeReplay, encodeReplay, type Replay } from '../../src/replay/format';
import { SIM_VERSION } from '../../src/sim/config';
import { getStagePreset } from '../../src/sim/stage-preset';
import { encodeBundle } from '../../src/storage/bundle';
import type { ToolRun } from '../cli/tool-run';
import { rebuild, split } from '../replay/helpers';
import { CaseRunner, mib, RSS_BUDGET, SAMPLE_MS, stats } from './case-runner';

const runner = new CaseRunner();

const dir = mkdtempSync(join(tmpdir(), 'hostile-'));
const file = (name: string, data: string | Uint8Array) => {
  const p = join(dir, name);
  writeFileSync(p, data);
  return p;
};
const json = (name: string, value: unknown) => file(name, JSON.stringify(value));

/** Control characters that must never reach a terminal (newline and tab are a tool's own layout). */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** One case on the worker, within the budgets; its output never holds a raw control character. */
async function runCase(tool: string, args: string[]): Promise<ToolRun & { ms: number }> {
  const r = await runner.run(tool, args);
  const ms = r.ms;
  stats.cases++;
  const what = `${tool} ${args.join(' ').slice(0, 120)}`;
  if (ms > stats.worstMs) Object.assign(stats, { worstMs: ms, worstCase: what });
  if ('overrun' in r) expect.fail(`${what}: over budget: ${r.overrun}`);
  expect(r.status, `${what}: main threw (${r.stderr.slice(0, 300)})`).not.toBe(-1);
  expect(r.stdout, `${what}: raw control character in stdout`).not.toMatch(RAW_CONTROL);
  expect(r.stderr, `${what}: raw control character in stderr`).not.toMatch(RAW_CONTROL);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, ms };
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

const expectOk = (r: ToolRun, what: string) => expect(r.status, `${what}: ${r.stderr.slice(0, 300)}`).toBe(0);

/** Runs a tool as its own process (the entry script), with stdout/stderr going where `stdio` says. */
function spawnTool(name: string, args: string[], stdio: ['ignore', number | 'pipe', number | 'pipe'], closeStdout = false) {
  stats.processes++;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${name}.ts`, ...args], { stdio });
    if (closeStdout) child.stdout!.destroy(); // the reader is gone before the tool writes
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

// Files used by many cases.
let replayFile = '';
let practiceFile = '';
let replay: Replay;
const fifo = (name: string) => {
  const p = join(dir, name);
  execFileSync('mkfifo', [p]);
  return p;
};
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** 100,000 levels of nesting inside an object field. */
const deep = (levels = 100_000) => `{"deep": ${'['.repeat(levels)}${']'.repeat(levels)}}`;
/** One line of about `bytes` bytes: a JSON object with one long string. */
const longLine = (bytes: number) => `{"long": "${'x'.repeat(bytes)}"}`;
/** A key given twice, and a byte of Latin-1 (é) where UTF-8 is expected. */
const DUP = '{"name": "a", "name": "b"}';
const LATIN1 = Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]);
const LATIN1_RE = /invalid UTF-8 \(byte 0xE9 at offset 2\)/;

/** A replay file whose header JSON is `header` (bytes), around a valid body; the CRC is repaired. */
function withHeaderBytes(name: string, header: Uint8Array | string): string {
  const { body } = split(readFileSync(replayFile));
  return file(name, rebuild(typeof header === 'string' ? new TextEncoder().encode(header) : header, body));
}
/** The header JSON of the recorded replay with `edit` applied, as text. */
function headerText(edit: (h: Record<string, unknown>) => void): string {
  const h = JSON.parse(new TextDecoder().decode(split(readFileSync(replayFile)).header)) as Record<string, unknown>;
  edit(h);
  return JSON.stringify(h);
}
/** A bundle (.twrb) of one entry whose entry data is `meta` (bytes as given), with a valid CRC. */
function bundleWithMeta(name: string, meta: Uint8Array | string): string {
  const m = typeof meta === 'string' ? new TextEncoder().encode(meta) : meta;
  const r = readFileSync(replayFile);
  const out = new Uint8Array(16 + 4 + m.length + 4 + r.length);
  const dv = new DataView(out.buffer);
  out.set(new TextEncoder().encode('TWRB'));
  dv.setUint16(4, 1, true);
  dv.setUint32(8, 1, true);
  dv.setUint32(16, m.length, true);
  out.set(m, 20);
  dv.setUint32(20 + m.length, r.length, true);
  out.set(r, 24 + m.length);
  dv.setUint32(12, crc32(out.subarray(16)), true);
  return file(name, out);
}

beforeAll(async () => {
  replayFile = join(dir, 'm.twrp');
  practiceFile = join(dir, 'p.twrp');
  expectOk(await runCase('match', ['--seed', '2', '--frames', '300', '--p1', 'random:1', '--record', replayFile]), 'record');
  expectOk(
    await runCase('match', ['--mode', 'practice', '--seed', '2', '--frames', '300', '--p1', 'random:1', '--record', practiceFile]),
    'record practice',
  );
  replay = decodeReplay(readFileSync(replayFile));
}, 120_000);

afterAll(async () => {
  await runner.close();
  // The figures docs/reliability.md quotes.
  console.log(
    `hostile: ${stats.cases} cases on a worker (+ ${stats.processes} as processes); worst time ${stats.worstMs.toFixed(0)} ms ` +
      `(${stats.worstCase}); peak RSS ${mib(stats.peakRss)} MiB (process, sampled every ${SAMPLE_MS} ms during cases)`,
  );
});

describe('the budgets are enforced', { timeout: 180_000 }, () => {
  it('a synchronous runaway is ended at its time budget, a heap runaway at its heap limit, buffers at the resident budget', async () => {
    const strict = new CaseRunner({ heapMb: 64, rss: RSS_BUDGET, ms: 500 });
    expect(await strict.run('spin', [])).toMatchObject({ overrun: 'still running after 500 ms' });
    // The next case gets a fresh worker.
    expect(await strict.run('ping', [])).toMatchObject({ status: 0 });
    await strict.close();
    // The heap runaway has time enough to reach its limit on a loaded machine (only the limit ends it).
    const heap = new CaseRunner({ heapMb: 64, rss: RSS_BUDGET, ms: 60_000 });
    expect(await heap.run('grow', [])).toMatchObject({ overrun: 'heap over the limit of 64 MiB' });
    await heap.close();
    // Memory outside the heap (buffers) counts against the resident budget of the process.
    const rss = process.memoryUsage.rss();
    const lean = new CaseRunner({ heapMb: 64, rss: rss + 256 * 1024 ** 2, ms: 60_000 });
    expect(await lean.run('buffers', [])).toMatchObject({ overrun: expect.stringMatching(/^resident memory \d+ MiB, over the budget/) });
    await lean.close();
  });
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
        // Each reward finite, the sum not: refused per item at the reward limit.
        json('reward-sum.json', {
          graph: { nodes: ['a', 'b'], edges: [['a', 'b', 1]] },
          start: 'a',
          goal: 'b',
          maxHp: 3,
          enemies: [
            { at: 'a', reward: 9e307 },
            { at: 'b', reward: 9e307 },
          ],
        }),
        /enemies\[0\]\.reward: 9e\+307 is above the limit/,
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
      [file('latin1.json', LATIN1), /latin1\.json:1:3: invalid UTF-8 \(byte 0xE9 at offset 2\)/],
      [file('deep.json', deep()), /deep\.json/],
      [file('deep-open.json', '['.repeat(100_000)), /deep-open\.json:1:100001: /],
      [file('long.json', longLine(4 * 1024 * 1024 - 100)), /long\.json/],
      // Raw NUL and ESC bytes in the file: the error line quotes them escaped.
      [file('nul.json', '{"a": \u0000}'), /nul\.json:1:7: malformed JSON \(expected a value, found '\\u0000'\)/],
      [file('esc.json', '{"a": \u001b[2J}'), /esc\.json:1:7: malformed JSON \(expected a value, found '\\u001b'\)/],
      [file('big.json', ' '.repeat(5 * 1024 * 1024)), /too large to be read \(5242880 bytes, the limit is 4194304\)/],
      ['/dev/zero', /\/dev\/zero: is not a regular file \(a device\)/],
      [dir, /is a directory/],
      [join(dir, 'nope.json'), /cannot read file \(no such file\)/],
    ];
    for (const [f, re] of cases) expectCleanError(await runCase('plan', [f]), `plan ${f}`, re);
    // A byte-order mark is accepted.
    const bom = file('bom.json', Buffer.concat([BOM, readFileSync('fixtures/planner/paper-3.5.json')]));
    expectOk(await runCase('plan', [bom, '--json']), 'plan bom');
  });

  it('every file argument: a FIFO is refused at once, not waited on', async () => {
    const json = fifo('fifo.json');
    const maze = fifo('fifo.maze');
    const twrp = fifo('fifo.twrp');
    const FIFO = /is not a regular file \(a FIFO\)/;
    const cases: [string, string[]][] = [
      ['plan', [json]],
      ['chase', [maze]],
      ['dodge', [json, '--preset', 'imap']],
      ['dodge', ['fixtures/dodge/aimed-stream.json', '--preset', json]],
      ['match', ['--difficulty', json]],
      ['match', ['--p1', `cpu:${json}`]],
      ['match', ['--p1', `replay:${twrp}`]],
      ['replay', ['info', twrp]],
      ['replay', ['verify', twrp]],
      ['replay', ['bench', twrp, '--runs', '1']],
      ['metrics', [twrp]],
    ];
    for (const [tool, args] of cases) expectCleanError(await runCase(tool, args), `${tool} ${args.join(' ')}`, FIFO);
  });

  it('chase: maze size, corners and work limits; options given twice or doing nothing; seeds', async () => {
    const row = (w: number) => '.'.repeat(w);
    const big = file('big.maze', [`P${row(1999)}`, ...Array.from({ length: 1999 }, () => row(2000))].join('\n'));
    const wide = file('wide.maze', ['#'.repeat(500), `#P${row(497)}#`, `#A${row(497)}#`, '#'.repeat(500)].join('\n'));
    const longLine = file('longline.maze', `P${row(4_000_000)}`);
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
    const ctl = file('ctl.maze', '#####\n#P\u001b[2J#\n#####\n');
    const ok = 'mazes/pillars.maze';
    const cases: [string[], RegExp][] = [
      [[big], /big\.maze:1:401: width 2000 is above the limit of 400 columns/],
      [[wide], /width 500 is above the limit of 400/],
      [[longLine], /width 4000001 is above the limit of 400/],
      [[pillars], /convex wall corners, above the limit of 2000/],
      [[ctl], /ctl\.maze/],
      [[ok, '--method', 'bogus', '--method', 'wave'], /option --method given 2 times/],
      [[ok, '--seed', '99999999999'], /--seed 99999999999: must be a whole number from 0 to 4294967295/],
      [[ok, '--seed', '-1'], /--seed -1: must be/],
      [[ok, '--seed', '100000000000000000000000'], /option --seed: 100000000000000000000000 is out of range/],
      [[ok, '--max-steps', '1000000000'], /--max-steps 1000000000: must be in 1\.\.100000/],
      [[ok, '--resolution', '16', '--waves', '64', '--max-steps', '100000'], /above the work limit/],
      [[ok, '--lifetime', '1000000000000'], /--lifetime 1000000000000: must be at most 100000/],
      [[ok, '--speed', 'Infinity'], /option --speed: 'Infinity' is not a number/],
      [['/dev/zero'], /is not a regular file/],
      // Options that would do nothing with the method (or target) given.
      [[ok, '--method', 'lee', '--delta', '0.3'], /--delta 0\.3: --method lee does not use it \(only wave, wave\+, wave1 do\)/],
      [[ok, '--method', 'lee', '--threshold', '0.5'], /--threshold 0\.5: --method lee does not use it \(only wave, wave1 do\)/],
      [
        [ok, '--method', 'wave', '--arrival-threshold', '0.5'],
        /--arrival-threshold 0\.5: --method wave does not use it \(only wave\+ does\)/,
      ],
      [[ok, '--method', 'wave+', '--threshold', '0.5'], /--threshold 0\.5: --method wave\+ does not use it/],
      [[ok, '--method', 'wave1', '--waves', '2'], /--waves 2: --method wave1 does not use it/],
      [[ok, '--method', 'flow', '--resolution', '2'], /--resolution 2: --method flow does not use it.*flow uses no wave field/],
      [[ok, '--method', 'flow', '--seed', '7'], /--seed 7: nothing is random here/],
    ];
    for (const [args, re] of cases) expectCleanError(await runCase('chase', args), `chase ${args.join(' ')}`, re);
    // Where the option does apply, it is taken.
    expectOk(await runCase('chase', [ok, '--method', 'crash', '--seed', '7', '--max-steps', '20']), 'crash --seed');
    expectOk(await runCase('chase', [ok, '--method', 'flow', '--target', 'random', '--seed', '7', '--max-steps', '20']), 'random --seed');
  });

  it('dodge: field size, magnitudes that overflow, obstacle counts, bad bytes in the scenario and the preset file', async () => {
    const base = JSON.parse(readFileSync('fixtures/dodge/aimed-stream.json', 'utf8')) as Record<string, unknown>;
    const bullet = { x: 10, y: 10, vx: 0, vy: 1, r: 3, age: 5 };
    const enemy = { x: 10, y: 10, r: 8 };
    const cases: [unknown, RegExp][] = [
      [{ ...base, field: { width: 1e9, height: 1e9 } }, /field\.width/],
      [{ ...base, goalX: 1e308 }, /goalX: must be within ±1000000/],
      [{ ...base, ship: { x: 1e300, y: 5 } }, /ship\.x: must be within/],
      [{ ...base, bullets: [{ ...bullet, vx: 1e308 }] }, /bullets\[0\]\.vx: must be within ±1000 per frame/],
      [{ ...base, bullets: Array.from({ length: 6000 }, () => bullet) }, /bullets/],
      [{ ...base, enemies: Array.from({ length: 6000 }, () => enemy) }, /enemies/],
      [{ ...base, bullets: [{ ...bullet, age: 1e300 }] }, /bullets\[0\]\.age/],
    ];
    for (const [k, [value, re]] of cases.entries())
      expectCleanError(await runCase('dodge', [json(`d${k}.json`, value), '--preset', 'imap']), `dodge case ${k}`, re);
    expectCleanError(
      await runCase('dodge', ['fixtures/dodge/aimed-stream.json', '--preset', 'imap', '--preset', 'hard']),
      'dodge twice',
      /given 2 times/,
    );
    const scenario = readFileSync('fixtures/dodge/aimed-stream.json');
    const preset = JSON.stringify({ ...getDodgePreset('imap'), name: 'mine', label: 'Mine' });
    // The same JSON checks for the scenario and for a preset file.
    for (const [what, place] of [
      ['scenario', (f: string) => [f, '--preset', 'imap']],
      ['preset', (f: string) => ['fixtures/dodge/aimed-stream.json', '--preset', f]],
    ] as const) {
      const bad: [string, string | Uint8Array, RegExp][] = [
        [`${what}-dup.json`, DUP, /duplicate key "name"/],
        [`${what}-latin1.json`, LATIN1, LATIN1_RE],
        [`${what}-deep.json`, deep(), new RegExp(`${what}-deep\\.json`)],
        [`${what}-long.json`, longLine(4 * 1024 * 1024 - 100), new RegExp(`${what}-long\\.json`)],
      ];
      for (const [name, data, re] of bad) expectCleanError(await runCase('dodge', [...place(file(name, data))]), `dodge ${name}`, re);
      const good = what === 'scenario' ? scenario : Buffer.from(preset);
      expectOk(await runCase('dodge', [...place(file(`${what}-bom.json`, Buffer.concat([BOM, good])))]), `dodge ${what} with a BOM`);
    }
  });

  it('match: controller arguments, seeds, frames, time limit, preset files, options that do nothing', async () => {
    const cases: [string[], RegExp][] = [
      [['--p1', 'idle:5'], /controller 'idle:5': idle takes no argument/],
      [['--p1', 'scripted:x'], /scripted takes no argument/],
      [['--p1', 'random:100000000000000000000001'], /seed 100000000000000000000001 is above the limit of 9007199254740991/],
      [['--maze', 'pillars'], /--maze pillars: only maze stages use a maze/],
      [['--drill', 'survey'], /--drill survey: only drill stages play a drill \(add --stages drill\)/],
      [['--stages', 'drill', '--mode', 'versus'], /--mode versus: a drill is single-field/],
      [['--frames', '1000000000'], /--frames 1000000000 is above the limit of 864000/],
      [['--time-limit', '99999999999'], /option --time-limit: 99999999999 is above the limit 864000/],
      [['--seed', '4294967296'], /seed/],
      [['--seed', '1', '--seed', '2'], /given 2 times/],
      [['--p1', 'replay:/dev/zero'], /replay:\/dev\/zero.*is not a regular file/],
      [['--lives', '1000000000000'], /lives/],
      [['--record', dir], /is a directory/],
    ];
    for (const [args, re] of cases) expectCleanError(await runCase('match', args), `match ${args.join(' ')}`, re);
    // The JSON checks for stage preset files (--difficulty) and CPU preset files (cpu:FILE).
    const stage = JSON.stringify({ ...getStagePreset('easy'), name: 'my-stage', label: 'My stage' });
    const cpu = JSON.stringify({ ...getDodgePreset('easy'), name: 'my-cpu', label: 'My CPU' });
    for (const [what, place, good] of [
      ['stage', (f: string) => ['--difficulty', f], stage],
      ['cpu', (f: string) => ['--p1', `cpu:${f}`], cpu],
    ] as const) {
      const bad: [string, string | Uint8Array, RegExp][] = [
        [`${what}-dup.json`, DUP, /duplicate key "name"/],
        [`${what}-latin1.json`, LATIN1, LATIN1_RE],
        [`${what}-deep.json`, deep(), new RegExp(`${what}-deep\\.json`)],
        [`${what}-long.json`, longLine(4 * 1024 * 1024 - 100), new RegExp(`${what}-long\\.json`)],
      ];
      for (const [name, data, re] of bad) expectCleanError(await runCase('match', [...place(file(name, data))]), `match ${name}`, re);
      const bom = file(`${what}-bom.json`, Buffer.concat([BOM, Buffer.from(good)]));
      expectOk(await runCase('match', [...place(bom), '--frames', '10']), `match ${what} preset with a BOM`);
    }
    // A replay of another sim version does not drive a match: its inputs were recorded against other rules.
    const foreign = file('foreign.twrp', encodeReplay({ ...replay, simVersion: SIM_VERSION + 1 }));
    expectCleanError(
      await runCase('match', ['--p1', `replay:${foreign}`]),
      'match replay:foreign',
      new RegExp(`foreign\\.twrp: recorded by sim version ${SIM_VERSION + 1}; this build is sim version ${SIM_VERSION}`),
    );
  });

  it('replay: devices, junk, foreign versions, bundles', async () => {
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
      [['info', replayFile, '--runs', '3'], /option --runs does nothing with 'info' \(it is for 'bench'\)/],
    ];
    for (const [args, re] of cases) expectCleanError(await runCase('replay', args), `replay ${args.join(' ')}`, re);
    // Another sim version: info prints what it can read and names the version; verify refuses.
    const oldConfig = { seed: replay.config.seed, mode: replay.config.mode, difficulty: 'normal' };
    const old = file('old.twrp', encodeReplay({ ...replay, simVersion: 2, config: oldConfig as unknown as Replay['config'] }));
    const info = await runCase('replay', ['info', old]);
    expectOk(info, 'info old');
    expect(info.stdout).toMatch(/made by sim version 2; this build is sim version \d+/);
    expect(info.stdout).not.toMatch(/undefined|NaN/);
    expectCleanError(await runCase('replay', ['verify', old]), 'verify old', /recorded by sim version 2/);
  });

  it('replay headers and bundle entries get the JSON checks of every JSON file', async () => {
    const good = new TextDecoder().decode(split(readFileSync(replayFile)).header);
    const at = good.indexOf('"game"');
    const dupHeader = withHeaderBytes('hdup.twrp', `${good.slice(0, at)}"sim": ${SIM_VERSION}, ${good.slice(at)}`);
    const latin = new TextEncoder().encode(headerText((h) => ((h.extra as Record<string, unknown>).who = 'Xavier')));
    const k = latin.indexOf(0x58); // 'X' → a Latin-1 é
    latin[k] = 0xe9;
    const latinHeader = withHeaderBytes('hlatin1.twrp', latin);
    const deepHeader = withHeaderBytes(
      'hdeep.twrp',
      headerText((h) => (h.extra = { d: 0 })).replace('{"d":0}', `{"d":${'['.repeat(100_000)}${']'.repeat(100_000)}}`),
    );
    const longHeader = withHeaderBytes(
      'hlong.twrp',
      headerText((h) => (h.extra = { long: 'y'.repeat(900_000) })),
    );
    const bomHeader = withHeaderBytes('hbom.twrp', Buffer.concat([BOM, Buffer.from(good)]));
    const cases: [string[], RegExp][] = [
      [['info', dupHeader], /hdup\.twrp: byte \d+: header: duplicate key "sim"/],
      [['verify', dupHeader], /duplicate key "sim"/],
      [['info', latinHeader], new RegExp(`hlatin1\\.twrp: byte ${20 + k}: header: invalid UTF-8 \\(byte 0xE9 at offset ${20 + k}\\)`)],
      [['info', deepHeader], /hdeep\.twrp: header\.extra\.d.*nested deeper than 32 levels/],
      [['info', bundleWithMeta('bdup.twrb', DUP)], /bdup\.twrb: byte 34: replay 1 of 1: entry data: duplicate key "name"/],
      [
        ['info', bundleWithMeta('blatin1.twrb', LATIN1)],
        /blatin1\.twrb: byte 22: replay 1 of 1: entry data: invalid UTF-8 \(byte 0xE9 at offset 22\)/,
      ],
      [['info', bundleWithMeta('bdeep.twrb', `{"name": "x", "tags": ${'['.repeat(30_000)}${']'.repeat(30_000)}}`)], /bdeep\.twrb: .*tags/],
      [
        ['info', bundleWithMeta('blong.twrb', JSON.stringify({ name: 'n'.repeat(60_000), tags: [] }))],
        /blong\.twrb: byte 20: replay 1 of 1: name longer than \d+ characters/,
      ],
      [['metrics', dupHeader], /duplicate key "sim"/],
      [['metrics', latinHeader], /hlatin1\.twrp: byte \d+: header: invalid UTF-8 \(byte 0xE9/],
      [['metrics', deepHeader], /nested deeper than 32 levels/],
    ];
    for (const [[tool, ...args], re] of cases.map(([a, re]) => [a[0] === 'metrics' ? a : ['replay', ...a], re] as const))
      expectCleanError(await runCase(tool!, args), `${tool} ${args.join(' ')}`, re);
    // A byte-order mark is accepted; a 900 KB header field is shown shortened.
    for (const f of [bomHeader, bundleWithMeta('bbom.twrb', Buffer.concat([BOM, Buffer.from('{"name": "x", "tags": []}')]))])
      expectOk(await runCase('replay', ['info', f]), `info ${f}`);
    expectOk(await runCase('metrics', [bomHeader]), 'metrics bom header');
    expectOk(await runCase('metrics', [longHeader]), 'metrics long header');
    const long = await runCase('replay', ['info', longHeader]);
    expectOk(long, 'info long header');
    expect(Math.max(...long.stdout.split('\n').map((l) => l.length))).toBeLessThan(400);
  });

  it('replay info: control characters escaped, odd values shown as such, foreign headers shown as far as they go', async () => {
    const evil = '\u001b[2J\u001b[31mevil\nline2\u009b';
    const named = file('named.twrp', encodeReplay({ ...replay, sides: replay.sides.map((s) => ({ ...s, name: evil })) }));
    const r = await runCase('replay', ['info', named]);
    expectOk(r, 'info named');
    expect(r.stdout).toMatch(/^ {2}side 1 {4}\\u001b\[2J\\u001b\[31mevil\\u000aline2\\u009b — CPU/m);
    const js = await runCase('replay', ['info', named, '--json']);
    expect((JSON.parse(js.stdout.trim()) as { sides: { name: string }[] }).sides[0]!.name).toBe(evil);
    // Another sim version with values out of this build's range, escapes and a field this build does not know.
    const foreign = withHeaderBytes(
      'foreign-odd.twrp',
      headerText((h) => {
        h.sim = SIM_VERSION + 94;
        const c = h.config as Record<string, unknown>;
        Object.assign(c, { lives: 1e308, timeLimit: 1e308, difficulty: '\u001b[2Jpwned' });
        h.newfield = { any: 'thing' };
      }),
    );
    const f = await runCase('replay', ['info', foreign]);
    expectOk(f, 'info foreign');
    expect(f.stdout).toMatch(new RegExp(`made by sim version ${SIM_VERSION + 94}; this build is sim version ${SIM_VERSION}`));
    expect(f.stdout).toMatch(
      /\\u001b\[2Jpwned, seed 2, \? lives \(1e\+308, not 1\.\.99\), time limit \? \(1e\+308 frames, not 0\.\.864000\)/,
    );
    expect(f.stdout).toMatch(/^ {2}unknown {3}newfield \(fields this build does not know\)$/m);
    expect(f.stdout).not.toMatch(/e\+30[0-9]:|NaN|undefined/);
    const fj = JSON.parse((await runCase('replay', ['info', foreign, '--json'])).stdout.trim()) as Record<string, unknown>;
    expect(fj).toMatchObject({ sim_version: SIM_VERSION + 94, playable: false, unknown_fields: ['newfield'] });
    // Every tool that re-simulates names the versions (not the field this build does not know).
    for (const [tool, ...args] of [
      ['replay', 'verify', foreign],
      ['metrics', foreign],
    ] as const)
      expectCleanError(
        await runCase(tool, [...args]),
        `${tool} foreign`,
        new RegExp(`foreign-odd\\.twrp: recorded by sim version ${SIM_VERSION + 94}; this build is sim version ${SIM_VERSION}`),
      );
    // A time limit of this version is at most 4 hours.
    const tl = await runCase('replay', ['info', replayFile]);
    expect(tl.stdout).toMatch(/time limit 3:00\.00/);
  });

  it('replay verify on a bundle checks every version before re-simulating any', async () => {
    const foreign = encodeReplay({ ...replay, simVersion: SIM_VERSION + 1 });
    const good = readFileSync(replayFile);
    const mixed = file(
      'mixed.twrb',
      encodeBundle([
        { name: 'good', tags: [], bytes: good },
        { name: 'good too', tags: [], bytes: good },
        { name: 'other', tags: [], bytes: foreign },
      ]),
    );
    const r = await runCase('replay', ['verify', mixed]);
    expectCleanError(r, 'verify mixed', /mixed\.twrb, replay 3 of 3 "other": recorded by sim version/);
    // Nothing was re-simulated (no "OK" for the valid entries before the refusal).
    expect(r.stdout).toBe('');
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

describe('output that cannot be written: the tool as its own process', { timeout: 300_000 }, () => {
  it('stdout on a full device: one error line, exit 2; stderr full: exit 2; a closed pipe: quiet', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const [out, err, pipe] = await Promise.all([
        spawnTool('replay', ['info', replayFile], ['ignore', full, 'pipe']),
        spawnTool('replay', ['info', join(dir, 'missing.twrp')], ['ignore', 'pipe', full]),
        spawnTool('replay', ['info', replayFile], ['ignore', 'pipe', 'pipe'], true),
      ]);
      expect(out.code, out.stderr).toBe(2);
      expect(out.stderr).toMatch(/^error: cannot write to stdout \(ENOSPC: no space left on device, write\)\n$/);
      expect(err).toMatchObject({ code: 2, stdout: '' });
      expect(pipe).toMatchObject({ code: 0, stderr: '' });
    } finally {
      closeSync(full);
    }
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
      fc.asyncProperty(fc.array(fc.stringMatching(/^[#.PABG\t x\u0000\u001b]{0,12}$/), { maxLength: 10 }), async (rows) => {
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
        '--delta',
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

// The tools as processes: each runs itself only as the entry script, with the exit-code / stdout /
// stderr contract of DESIGN.md (one spawn per tool; everything else tests main(argv, io) in-process).
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bufferIo, defineTool, onOutputError, parseArgs, type ToolSpec } from '../../src/cli/common';
import { errLines, lastJson, runMain, spawnTool } from './tool-run';

// Each process costs seconds of CPU (tsx compiles on start): a few, on a busy shared machine.
describe('tool entry scripts', { timeout: 600_000 }, () => {
  it('tools as processes: exit 2 and one error: line for bad input, exit 0 and a JSON last line otherwise', async () => {
    const bad: [string, string[], RegExp][] = [
      ['chase', ['mazes/pillars.maze', '--method', 'bogus', '--method', 'wave'], /^error: option --method given 2 times/],
      ['plan', ['/dev/zero'], /^error: \/dev\/zero: is not a regular file \(a device\)/],
    ];
    const [ok, ...runs] = await Promise.all([
      spawnTool('match', ['--seed', '4', '--frames', '60', '--json']),
      ...bad.map(([name, args]) => spawnTool(name, args)),
    ]);
    expect(ok.status, ok.stderr).toBe(0);
    expect(lastJson(ok.stdout)).toMatchObject({ frames: 60, seed: 4 });
    bad.forEach(([name, args, re], k) => {
      const r = runs[k]!;
      expect(r.status, `${name} ${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(errLines(r.stderr)).toEqual([expect.stringMatching(re)]);
      expect(r.stdout).toBe('');
    });
  });

  it('a closed stdout (tool | head -1) ends quietly: no EPIPE stack trace', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/match.ts', '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy(); // the reader is gone before the tool writes
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    expect(stderr).not.toMatch(/EPIPE|at .*\.ts:\d+/);
    expect(code).toBe(0);
  });
});

describe('output that cannot be written (onOutputError; tests/hostile runs the processes)', () => {
  const run = (stream: 'stdout' | 'stderr', e: unknown, stderrWorks = true, codeSoFar = 0) => {
    const got = { code: -1, err: '' };
    onOutputError(
      stream,
      e,
      (code) => (got.code = code),
      (text) => {
        if (!stderrWorks) throw new Error('EIO');
        got.err += text;
      },
      codeSoFar,
    );
    return got;
  };
  const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

  it('a closed pipe ends quietly with the code so far; any other failure is one error line and exit 2', () => {
    expect(run('stdout', errno('EPIPE', 'EPIPE: broken pipe, write'), true, 1)).toEqual({ code: 1, err: '' });
    expect(run('stderr', errno('EPIPE', 'EPIPE: broken pipe, write'))).toEqual({ code: 0, err: '' });
    expect(run('stdout', errno('ENOSPC', 'ENOSPC: no space left on device, write'))).toEqual({
      code: 2,
      err: 'error: cannot write to stdout (ENOSPC: no space left on device, write)\n',
    });
    expect(run('stdout', errno('EIO', 'EIO: i/o error, write'), false)).toEqual({ code: 2, err: '' }); // stderr is gone too
    expect(run('stderr', errno('ENOSPC', 'ENOSPC: no space left on device, write'))).toEqual({ code: 2, err: '' });
  });

  it('control characters in what a tool prints are escaped; newlines of its own layout stay', async () => {
    const main = defineTool({ name: 't', usage: 't', summary: 's', options: [] }, (_a, _j, out) => {
      out.log('name: \u001b[2Jx', 'second line');
      out.warn('warn \u009b');
      throw new Error('bad byte \u0000 here\nand more');
    });
    const io = bufferIo();
    expect(await main([], io)).toBe(1);
    expect(io.out).toBe('name: \\u001b[2Jx\nsecond line\n');
    expect(io.err).toMatch(/^warn \\u009b\nerror: internal error: bad byte \\u0000 here and more \(a bug/);
  });
});

describe('defineTool and parseArgs', () => {
  const spec = {
    name: 't',
    usage: 't FILE',
    summary: 's',
    options: [
      { name: 'seed', kind: 'int', help: 'seed', default: 1 },
      { name: 'rate', kind: 'number', help: 'rate' },
      { name: 'name', kind: 'string', help: 'name' },
      { name: 'fast', kind: 'flag', help: 'fast' },
    ],
    positional: [0, 2],
  } as const satisfies ToolSpec;

  it('types the values from the spec and takes negative numbers and -- as expected', () => {
    const a = parseArgs(spec, ['--seed', '-5', '--rate=2.5', '--name', 'x', '--fast', 'f1', '--', '--not-an-option']);
    const seed: number = a.opts.seed;
    const rate: number | undefined = a.opts.rate;
    const fast: boolean = a.opts.fast;
    expect([seed, rate, a.opts.name, fast, a.opts.json]).toEqual([-5, 2.5, 'x', true, false]);
    expect(a.positional).toEqual(['f1', '--not-an-option']);
    expect(parseArgs(spec, []).opts).toMatchObject({ seed: 1, rate: undefined, fast: false });
  });

  it('refuses what it does not understand, each with a message naming the option', () => {
    for (const [argv, re] of [
      [['--seed', '1', '--seed', '2'], /^option --seed given 2 times/],
      [['--fast', '--fast'], /^option --fast given 2 times/],
      [['--seed'], /^option --seed needs a value$/],
      [['--seed', '--fast'], /^option --seed needs a value$/],
      [['--seed', '1.5'], /^option --seed: '1\.5' is not a whole number$/],
      [['--seed', '123456789012345678901234'], /^option --seed: 123456789012345678901234 is out of range/],
      [['--rate', 'NaN'], /^option --rate: 'NaN' is not a number$/],
      [['--rate', '1e999'], /^option --rate: '1e999' is not a number$/],
      [['--fast=yes'], /^option --fast takes no value$/],
      [['--nope'], /^unknown option --nope/],
      [['-x'], /^unknown option -x/],
      [['a', 'b', 'c'], /^unexpected argument 'c'/],
    ] as const)
      expect(() => parseArgs(spec, [...argv]), argv.join(' ')).toThrow(re);
  });

  it('main(argv, io) returns the exit code and writes only through io; a bug is one line, exit 1', async () => {
    const main = defineTool(spec, (args, _json, out) => {
      if (args.opts.name === 'boom') throw new TypeError('x is undefined');
      out.log(`seed ${args.opts.seed}`);
      if (args.opts.fast) out.exitCode = 1;
      return { seed: args.opts.seed };
    });
    expect(await runMain(main, ['--seed', '7', '--json'])).toEqual({ status: 0, stdout: 'seed 7\n{"seed":7}\n', stderr: '' });
    expect((await runMain(main, ['--fast'])).status).toBe(1);
    expect(await runMain(main, ['--bad'])).toEqual({ status: 2, stdout: '', stderr: 'error: unknown option --bad (see --help)\n' });
    const boom = await runMain(main, ['--name', 'boom']);
    expect(boom.status).toBe(1);
    expect(errLines(boom.stderr)).toEqual([expect.stringMatching(/^error: internal error: x is undefined/)]);
    const io = bufferIo();
    expect(await main(['--help'], io)).toBe(0);
    expect(io.out).toMatch(/^usage: t FILE/);
  });
});

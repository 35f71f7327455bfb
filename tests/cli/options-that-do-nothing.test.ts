// An option that would do nothing is refused, naming the option and why (docs/reliability.md), and
// the replay:FILE controller refuses a replay of another sim version.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main as benchDodge } from '../../src/cli/bench-dodge';
import { main as benchPlanner } from '../../src/cli/bench-planner';
import { main as chase } from '../../src/cli/chase';
import { METHOD_WAVE_OPTIONS, WAVE_OPTION_SPECS } from '../../src/cli/chase-options';
import type { ToolMain } from '../../src/cli/common';
import { main as evalChase } from '../../src/cli/eval-chase';
import { main as match } from '../../src/cli/match';
import { main as presets } from '../../src/cli/presets';
import { encodeReplay } from '../../src/replay';
import { SIM_VERSION } from '../../src/sim/config';
import { CHASE_METHODS } from '../../src/world/chase/group';
import { playReplay } from '../replay/helpers';
import { errLines, lastJson, runMain } from './tool-run';

const refused = async (tool: ToolMain, args: string[], re: RegExp) => {
  const r = await runMain(tool, args);
  expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(2);
  expect(errLines(r.stderr)).toEqual([expect.stringMatching(re)]);
};

describe('options that would do nothing', { timeout: 120_000 }, () => {
  it('are refused before any work by the spec: another subcommand, a missing partner option, an excluding option', async () => {
    await refused(presets, ['list', '--param', 'depth'], /^error: option --param does nothing with 'list' \(it is for 'calibrate'\)$/);
    await refused(presets, ['bullets', '--workers', '2'], /^error: option --workers does nothing with 'bullets' \(it is for 'eval', /);
    await refused(presets, ['ladder', '--stage', 'easy'], /^error: option --stage does nothing with 'ladder'/);
    await refused(benchDodge, ['--preset', 'imap', '--presets', 'base'], /^error: options --preset and --presets do not go together/);
    await refused(benchPlanner, ['--game-seeds', '2'], /^error: option --game-seeds does nothing without --game$/);
    await refused(evalChase, ['--gen-seed', '4'], /^error: option --gen-seed does nothing without --generated$/);
    await refused(evalChase, ['--mazes', 'mazes', '--generated', '2'], /^error: options --mazes and --generated do not go together/);
    await refused(evalChase, ['--sweep', '--paper-only'], /^error: options --paper-only and --sweep do not go together/);
    await refused(evalChase, ['--sweep-corridors', '--seeds', '3'], /^error: options --seeds and --sweep-corridors do not go together/);
    // Where they apply they are taken (list runs; --help is never refused).
    expect((await runMain(presets, ['list', '--json'])).status).toBe(0);
    expect((await runMain(presets, ['list', '--param', 'depth', '--help'])).status).toBe(0);
  });

  it('match: --drill without drill stages, --mode versus with a drill, a time limit past 4 hours', async () => {
    await refused(match, ['--drill', 'survey'], /^error: --drill survey: only drill stages play a drill \(add --stages drill\)$/);
    await refused(match, ['--stages', 'maze', '--drill', 'survey'], /^error: --drill survey: only drill stages/);
    await refused(
      match,
      ['--stages', 'drill', '--mode', 'versus'],
      /^error: --mode versus: a drill is single-field, so it is played in practice mode/,
    );
    await refused(match, ['--time-limit', '99999999999'], /^error: option --time-limit: 99999999999 is above the limit 864000$/);
    await refused(match, ['--time-limit', '-1'], /^error: option --time-limit: -1 is below the limit 0$/);
    // Where they apply they are taken: a drill plays practice, with or without --mode practice.
    for (const extra of [[], ['--mode', 'practice']]) {
      const r = await runMain(match, ['--stages', 'drill', '--drill', 'survey', '--frames', '30', '--json', ...extra]);
      expect(r.status, r.stderr).toBe(0);
      expect(lastJson(r.stdout)).toMatchObject({ frames: 30, p2: null });
    }
    expect((await runMain(match, ['--time-limit', '864000', '--frames', '10'])).status).toBe(0);
  });

  it('chase: every wave option against every method that does not read it; --seed with nothing random', async () => {
    const maze = 'mazes/pillars.maze';
    const values: Record<string, string> = {
      delta: '0.3',
      waves: '2',
      lifetime: '300',
      threshold: '0.001',
      'arrival-threshold': '0.001',
      resolution: '2',
    };
    for (const method of CHASE_METHODS)
      for (const o of WAVE_OPTION_SPECS) {
        if (METHOD_WAVE_OPTIONS[method].includes(o.name)) continue;
        await refused(
          chase,
          [maze, '--method', method, `--${o.name}`, values[o.name]!],
          new RegExp(`^error: --${o.name} .*: --method ${method.replace('+', '\\+')} does not use it`),
        );
      }
    await refused(chase, [maze, '--method', 'wave', '--seed', '3'], /^error: --seed 3: nothing is random here .*add --target random/);
    // The table agrees with what the methods read: each option it lists changes the run of that method.
    const base = (m: string) => runMain(chase, [maze, '--method', m, '--max-steps', '300', '--json']);
    for (const method of ['wave', 'wave+', 'lee'] as const) {
      const a = lastJson((await base(method)).stdout);
      const r = await runMain(chase, [maze, '--method', method, '--max-steps', '300', '--json', '--resolution', '3']);
      expect(r.status, r.stderr).toBe(0);
      expect(lastJson(r.stdout), `${method} --resolution`).not.toEqual(a);
    }
  });

  it('replay:FILE of another sim version is refused with the file and both versions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'noop-'));
    const f = join(dir, 'other.twrp');
    writeFileSync(f, encodeReplay({ ...playReplay(60), simVersion: SIM_VERSION + 3 }));
    await refused(
      match,
      ['--p1', `replay:${f}`],
      new RegExp(
        `^error: controller 'replay:.*other\\.twrp': .*other\\.twrp: recorded by sim version ${SIM_VERSION + 3}; ` +
          `this build is sim version ${SIM_VERSION}`,
      ),
    );
  });
});

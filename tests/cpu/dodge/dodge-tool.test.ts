// The dodge tool: field and ship checks (exit 2 naming the field), and --search exhaustive prints
// the exhaustive search's own path.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/dodge';
import { runMain } from '../../cli/tool-run';
import {
  DodgeDecision,
  DodgePlan,
  Dodger,
  moveName,
  parseDodgeScenario,
  ScenarioError,
  worldOfScenario,
} from '../../../src/cpu/dodge/index';
import { dodgeParamsOf, getDodgePreset } from '../../../src/cpu/presets';

function run(args: string[]) {
  return runMain(main, args);
}

describe('dodge scenarios: the field and the ship', () => {
  const ok = { ship: { x: 100, y: 100 } };
  it('rejects a field side smaller than twice the ship edge margin (8), naming the field', async () => {
    expect(() => parseDodgeScenario({ ...ok, field: { width: 15, height: 200 } }, 'f.json')).toThrow(ScenarioError);
    expect(() => parseDodgeScenario({ ...ok, field: { width: 15, height: 200 } }, 'f.json')).toThrow(
      /^f\.json: field\.width: 15 is smaller than twice the ship's edge margin \(2 × 8 = 16\)/,
    );
    expect(() => parseDodgeScenario({ ship: { x: 8, y: 8 }, field: { width: 16, height: 10 } }, 'f.json')).toThrow(
      /^f\.json: field\.height: 10 /,
    );
    // Exactly twice the margin is a field the ship fits in (one point).
    expect(parseDodgeScenario({ ship: { x: 8, y: 8 }, field: { width: 16, height: 16 } }).field).toEqual({ width: 16, height: 16 });
  });

  it('rejects a ship outside the field (its centre stays within the edge margin), naming the coordinate', async () => {
    expect(() => parseDodgeScenario({ ship: { x: 400, y: 100 } }, 's.json')).toThrow(
      /^s\.json: ship\.x: 400 is outside the field \(the ship's centre stays within 8\.\.376 of width 384\)/,
    );
    expect(() => parseDodgeScenario({ ship: { x: 100, y: -3 } }, 's.json')).toThrow(/^s\.json: ship\.y: -3 is outside the field/);
    expect(() => parseDodgeScenario({ ship: { x: 100, y: 5 } }, 's.json')).toThrow(/^s\.json: ship\.y: 5 /);
    expect(() => parseDodgeScenario({ ship: { x: 95, y: 50 }, field: { width: 100, height: 60 } }, 's.json')).toThrow(
      /ship\.x: 95 .*8\.\.92 of width 100/,
    );
    expect(parseDodgeScenario({ ship: { x: 8, y: 440 } }).ship).toEqual({ x: 8, y: 440 });
  });

  it('the tool exits 2 with one error line naming the field (too small a field)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dodge-tool-'));
    const small = join(dir, 'small.json');
    writeFileSync(small, JSON.stringify({ ship: { x: 8, y: 100 }, field: { width: 12, height: 448 } }));
    const r = await run([small, '--preset', 'imap']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: .*small\.json: field\.width: 12 is smaller than twice the ship's edge margin/m);
  });

  it('the tool exits 2 with one error line naming the field (ship outside)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dodge-tool-'));
    const out = join(dir, 'out.json');
    writeFileSync(out, JSON.stringify({ ship: { x: 192, y: 500 } }));
    const o = await run([out, '--preset', 'imap']);
    expect(o.status).toBe(2);
    expect(o.stderr).toMatch(/^error: .*out\.json: ship\.y: 500 is outside the field/m);
    expect(o.stdout).toBe('');
  });

  it('malformed JSON: the tool names the file, line and column where the text stops being JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dodge-tool-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{\n  "ship": {"x": 10,\n  "y": }\n}\n');
    const r = await run([bad, '--preset', 'imap']);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('error:'))).toEqual([
      `error: ${bad}:3:8: malformed JSON (expected a value, found '}')`,
    ]);
    // 100000 levels deep: the scanner is iterative, so still one error: line, not a stack trace.
    const deep = join(dir, 'deep.json');
    writeFileSync(deep, `{"ship":\n${'['.repeat(100_000)}1,`);
    const d = await run([deep, '--preset', 'imap']);
    expect(d.status).toBe(2);
    expect(d.stderr.split('\n').filter((l) => l.startsWith('error:'))).toEqual([
      `error: ${deep}:2:100003: malformed JSON (expected a value, found the end of the text)`,
    ]);
  });

  it("--search exhaustive prints the exhaustive search's own best path", async () => {
    const file = 'fixtures/dodge/aimed-stream.json';
    const r = await run([file, '--preset', 'imap-multi', '--search', 'exhaustive', '--json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
    expect(out.search).toBe('exhaustive');
    // The same scenario through the library's exhaustive path search.
    const scenario = parseDodgeScenario(JSON.parse(readFileSync(file, 'utf8')));
    const d = new Dodger(dodgeParamsOf(getDodgePreset('imap-multi')));
    const plan = new DodgePlan(5);
    const dec = d.decideExhaustive(worldOfScenario(scenario), -1, new DodgeDecision(d.problem.moves.count), plan);
    expect(out.value).toBe(dec.value);
    expect(out.move).toBe(moveName(dec.move));
    expect(out.path.map((p: { move: string }) => p.move)).toEqual(Array.from(plan.moves.subarray(0, plan.count), moveName));
    const r3 = (v: number) => Math.round(v * 1000) / 1000;
    expect(out.path.map((p: { x: number; y: number }) => [p.x, p.y])).toEqual(
      Array.from({ length: plan.count }, (_, k) => [r3(plan.x[k]!), r3(plan.y[k]!)]),
    );
    expect(out.path[0].move).toBe(out.move);
  });
});

// Scenario files carry the lure's goalY (the CPU's home line) as well as goalX, so the dodge tool
// reproduces a game preset's decision; the tool also prints the danger-only value the CPU's clear uses.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/dodge';
import { runMain } from '../../cli/tool-run';
import { CpuController, HOME_Y } from '../../../src/cpu/cpu-controller';
import { moveName, parseDodgeScenario, ScenarioError, worldOfScenario } from '../../../src/cpu/dodge/index';
import { createMatch, step } from '../../../src/sim/match';

function run(args: string[]) {
  return runMain(main, args);
}

describe('dodge scenarios: goalY (the home line of the lure)', () => {
  it('is optional, finite, and reaches the world', async () => {
    const s = parseDodgeScenario({ ship: { x: 100, y: 100 }, goalY: 313.6 });
    expect(worldOfScenario(s).goalY).toBe(313.6);
    expect(Number.isNaN(worldOfScenario(parseDodgeScenario({ ship: { x: 100, y: 100 } })).goalY)).toBe(true);
    expect(() => parseDodgeScenario({ ship: { x: 100, y: 100 }, goalY: 'low' }, 'g.json')).toThrow(ScenarioError);
    expect(() => parseDodgeScenario({ ship: { x: 100, y: 100 }, goalY: 'low' }, 'g.json')).toThrow(/^g\.json: goalY: /);
  });

  it("the tool reproduces a game preset's decision above the home line (and differs without goalY)", async () => {
    // Practice rules (no versus: no pull toward enemies), the ship above the home line and safe, a
    // few bullets falling elsewhere: the CPU's first decision and its path value.
    const m = createMatch({ seed: 4, mode: 'practice', infiniteLives: true, timeLimit: 0 });
    m.stage.nextWave = Number.MAX_SAFE_INTEGER;
    const me = m.sides[0]!;
    me.ship.x = 150;
    me.ship.y = 180;
    const bullets = [
      { x: 300, y: 60, vx: 0.3, vy: 2.5, r: 4 },
      { x: 60, y: 120, vx: 0, vy: 3, r: 3 },
      { x: 240, y: 20, vx: -1, vy: 2, r: 5 },
    ];
    for (const b of bullets) me.bullets.add(b.x, b.y, b.vx, b.vy, b.r, m.frame - 100, 0, 0, -1);
    step(m, 0, 0); // one frame so the bullets have moved (and aged) as the sim moves them
    const cpu = new CpuController('hard', { versus: false });
    cpu.decide(m, 0);
    // Drills: no pull toward an enemy's x (lureActive); the home line still acts, as checked below.
    expect(cpu.lureActive).toBe(false);
    const d = cpu.activeDodger.decision;
    const scenario = {
      ship: { x: me.ship.x, y: me.ship.y },
      bullets: Array.from({ length: me.bullets.count }, (_, i) => ({
        x: me.bullets.x[i]!,
        y: me.bullets.y[i]!,
        vx: me.bullets.vx[i]!,
        vy: me.bullets.vy[i]!,
        r: me.bullets.r[i]!,
        age: m.frame - me.bullets.spawn[i]!,
      })),
      prevMove: 0,
      goalY: HOME_Y,
    };
    const dir = mkdtempSync(join(tmpdir(), 'dodge-goal-'));
    const withLine = join(dir, 'with.json');
    const without = join(dir, 'without.json');
    writeFileSync(withLine, JSON.stringify(scenario));
    writeFileSync(without, JSON.stringify({ ...scenario, goalY: undefined }));
    const a = await run([withLine, '--preset', 'hard', '--json']);
    expect(a.status).toBe(0);
    const out = JSON.parse(a.stdout.trim().split('\n').pop()!);
    expect(out.move).toBe(moveName(d.move));
    expect(out.value).toBe(d.value);
    expect(out.hazard).toBe(cpu.activeDodger.plan.hazard);
    const b = JSON.parse((await run([without, '--preset', 'hard', '--json'])).stdout.trim().split('\n').pop()!);
    expect(b.move).not.toBe(out.move);
    // Without the home line nothing pulls: the best value is higher.
    expect(b.value).toBeGreaterThan(out.value);
  });
});

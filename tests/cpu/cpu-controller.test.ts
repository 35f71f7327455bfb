import { describe, expect, it } from 'vitest';
import { createCpuController, CpuController } from '../../src/cpu/cpu-controller';
import { Dodger } from '../../src/cpu/dodge/index';
import { penalised } from '../../src/cpu/dodge/problem';
import { dodgeParamsOf, getDodgePreset, parseDodgePreset, type DodgePreset } from '../../src/cpu/presets';
import { Input } from '../../src/sim/input';
import { createMatch, step } from '../../src/sim/match';
import { classicCpu, classicStageConfig } from '../fixtures/classic-presets';

/**
 * `preset` against classic Easy on the classic Normal stage (tests/fixtures/classic-presets.ts: fixed
 * values, both always holding the shot key); side 0's inputs.
 */
function play(preset: DodgePreset, frames: number, seed = 3): number[] {
  const s = createMatch({ seed, mode: 'versus', ...classicStageConfig('normal'), infiniteLives: true });
  const a = new CpuController(preset);
  const b = new CpuController(classicCpu('easy'));
  const log: number[] = [];
  for (let f = 0; f < frames; f++) {
    const x = a.decide(s, 0);
    const y = b.decide(s, 1);
    log.push(x);
    step(s, x, y);
  }
  return log;
}

describe('CpuController', () => {
  it('is created from a preset spec and reports it', () => {
    const c = createCpuController('cpu:hard');
    expect(c).toBeInstanceOf(CpuController);
    expect(c.spec).toBe('cpu:hard');
    expect(c.human).toBe(false);
    expect(() => createCpuController('cpu:nope')).toThrow(/unknown preset/);
  });

  it('carries its complete preset (what a replay stores), planner settings included', () => {
    const c = createCpuController('cpu:normal');
    expect(c.preset.planner).toEqual({ mode: 'exact', objective: 'kills' });
    expect([c.maze.mode, c.maze.objective]).toEqual(['exact', 'kills']);
    expect(parseDodgePreset(JSON.parse(JSON.stringify(c.preset)))).toEqual(c.preset);
    // A preset whose data chose another planner: the maze CPU uses it, and it is in the preset.
    const r = new CpuController(parseDodgePreset({ ...getDodgePreset('normal'), planner: { mode: 'restricted' } }));
    expect(r.preset.planner).toEqual({ mode: 'restricted', objective: 'kills' });
    expect([r.maze.mode, r.maze.objective]).toEqual(['restricted', 'kills']);
    r.reset();
    expect(r.maze.mode).toBe('restricted');
  });

  it('is deterministic and keeps shooting', () => {
    const a = play(classicCpu('normal'), 400);
    const b = play(classicCpu('normal'), 400);
    expect(a).toEqual(b);
    expect(a.every((bits) => (bits & Input.SHOT) !== 0)).toBe(true);
  });

  it('really holds each multi-frame move, moving ones included, for F frames', () => {
    // imap-multi: F = 5, no charge attacks (nothing interrupts a held move).
    const s = createMatch({ seed: 3, mode: 'versus', ...classicStageConfig('normal'), infiniteLives: true });
    const a = createCpuController('cpu:imap-multi');
    const b = new CpuController(classicCpu('easy'));
    const F = 5;
    const dirs = Input.UP | Input.DOWN | Input.LEFT | Input.RIGHT | Input.FOCUS;
    let blocks = 0;
    let moving = 0;
    let block: number[] = [];
    let planned = -1;
    for (let f = 0; f < 900; f++) {
      const x = a.decide(s, 0);
      if (a.lastPlanFrame === s.frame) {
        // A new decision exactly every F frames, and it plays the plan's first move.
        expect(f % F).toBe(0);
        planned = a.plannedPath.moves[0]!;
        expect(x & dirs).toBe(a.dodger.problem.moves.bits[planned]!);
        block = [];
      }
      block.push(x & dirs);
      if (block.length === F) {
        // Every frame of the step pressed the same keys as the decision frame.
        expect(new Set(block).size).toBe(1);
        blocks++;
        if (block[0] !== 0) moving++;
      }
      step(s, x, b.decide(s, 1));
    }
    expect(blocks).toBe(900 / F);
    // Most held steps are moves, not "stay": the test would fail if the CPU stood still.
    expect(moving).toBeGreaterThan(blocks / 4);
  });

  it('after a deliberate slip its planned path is the slipped step, the one the ship really takes', () => {
    // slip 1: every decision plays a random first move among those that survive their own step
    // (no charge attacks: the ship keeps its speed). Practice stage waves bring the bullets.
    const normal = classicCpu('normal');
    const p = parseDodgePreset({ ...normal, slip: 1, cpu: { ...normal.cpu, charge: false } });
    const s = createMatch({ seed: 5, mode: 'practice', ...classicStageConfig('normal'), infiniteLives: true });
    const c = new CpuController(p);
    const ref = new Dodger(dodgeParamsOf(p), 4096);
    const dirs = Input.UP | Input.DOWN | Input.LEFT | Input.RIGHT | Input.FOCUS;
    const F = p.framesPerStep;
    let slips = 0;
    let kept = 0;
    let obstacles = 0;
    let expectAt: { frame: number; x: number; y: number } | null = null;
    for (let f = 0; f < 900; f++) {
      const bits = c.decide(s, 0);
      if (c.lastPlanFrame === s.frame) {
        const plan = c.plannedPath;
        const d = c.activeDodger.decision;
        const prob = c.activeDodger.problem;
        const a = plan.moves[0]!;
        expect(bits & dirs).toBe(prob.moves.bits[a]!);
        if (plan.slipped) {
          slips++;
          expect(plan.count).toBe(1);
          expect(a).not.toBe(d.move);
          expect(d.rootL[a]).toBeGreaterThanOrEqual(1);
          // The step's node value and danger part, worked out again on full-field maps.
          ref.problem.prepare(prob.world, prob.prevMove, true);
          const E = ref.problem.transition(0, ref.problem.startX, ref.problem.startY, a, null, 0);
          expect(plan.values[0]).toBe(penalised(E, a, prob.prevMove, prob.switchPenalty));
          expect(plan.hazards[0]).toBe(ref.problem.hazard(0, ref.problem.startX, ref.problem.startY, a));
          obstacles += prob.world.count;
        } else {
          kept++;
          expect(a).toBe(d.move);
          expect(plan.count).toBe(d.survived);
        }
        expectAt = { frame: s.frame + F, x: plan.x[0]!, y: plan.y[0]! };
      }
      step(s, bits, 0);
      if (expectAt && s.frame === expectAt.frame) {
        // After F frames the ship stands where the plan's first node is (lattice rounding only).
        expect(Math.abs(s.sides[0]!.ship.x - expectAt.x)).toBeLessThan(0.05);
        expect(Math.abs(s.sides[0]!.ship.y - expectAt.y)).toBeLessThan(0.05);
      }
    }
    expect(slips).toBeGreaterThan(50);
    expect(kept).toBeGreaterThan(5);
    expect(obstacles).toBeGreaterThan(slips); // the slips happened among bullets, not only in calm
  });

  it('exposes its planned path and influence map for an overlay', () => {
    const s = createMatch({ seed: 5, mode: 'practice', ...classicStageConfig('normal') });
    const c = new CpuController(classicCpu('normal'));
    for (let f = 0; f < 200; f++) step(s, c.decide(s, 0), 0);
    const plan = c.plannedPath;
    expect(plan.count).toBeGreaterThan(0);
    expect(plan.framesPerStep).toBe(5);
    const map = c.influenceMap();
    expect(map.values.length).toBe(map.cols * map.rows);
  });
});

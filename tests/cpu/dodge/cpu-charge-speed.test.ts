// Charging slows the ship to the focus speed (src/sim/ship.ts): while the CPU charges, its search
// must plan at that speed, and the ship must really follow the planned path.
import { describe, expect, it } from 'vitest';
import { CpuController } from '../../../src/cpu/cpu-controller';
import { parseDodgePreset, type DodgePreset } from '../../../src/cpu/presets';
import { SHIP_FOCUS_SPEED } from '../../../src/sim/constants';
import { Input } from '../../../src/sim/input';
import { createMatch, step } from '../../../src/sim/match';
import { classicCpu, classicStageConfig } from '../../fixtures/classic-presets';

interface Snap {
  frame: number;
  charged: boolean;
  F: number;
  sx: number;
  sy: number;
  x: number[];
  y: number[];
  moves: number[];
}

/** A calm versus match (no waves) with side 0 high in the field and a full gauge. */
function run(preset: DodgePreset, frames: number) {
  const s = createMatch({ seed: 21, mode: 'versus', ...classicStageConfig('normal'), infiniteLives: true, timeLimit: 0 });
  s.stage.nextWave = Number.MAX_SAFE_INTEGER;
  const me = s.sides[0]!;
  me.ship.x = 192;
  me.ship.y = 150; // above the home line: the preset's lure pulls the ship down while it charges
  me.gauge = 300;
  const cpu = new CpuController(preset);
  const plans: Snap[] = [];
  const pos: { x: number; y: number }[] = []; // pos[f]: after frame f
  const charging: boolean[] = []; // charging[f]: the ship was slow in frame f
  const attacks: number[] = [];
  for (let f = 0; f < frames; f++) {
    charging.push(me.ship.charge > 0);
    const bits = cpu.decide(s, 0);
    if (cpu.lastPlanFrame === s.frame) {
      const p = cpu.plannedPath;
      plans.push({
        frame: s.frame,
        charged: cpu.planningCharged,
        F: p.framesPerStep,
        sx: p.startX,
        sy: p.startY,
        x: Array.from(p.x.subarray(0, p.count)),
        y: Array.from(p.y.subarray(0, p.count)),
        moves: Array.from(p.moves.subarray(0, p.count)),
      });
      // The input played is the plan's first move.
      const set = cpu.activeDodger.problem.moves;
      expect(bits & (Input.UP | Input.DOWN | Input.LEFT | Input.RIGHT)).toBe(set.bits[p.moves[0]!]! & ~Input.FOCUS);
    }
    step(s, bits, 0);
    pos.push({ x: me.ship.x, y: me.ship.y });
    for (const e of s.events) if (e.type === 'charge-attack' && e.side === 0) attacks.push(e.level);
  }
  return { plans, pos, charging, attacks };
}

describe('CPU charging: planned at the charging speed', () => {
  it('while charging, plan steps move at the focus speed and the ship follows the plan', () => {
    // Classic Hard (tests/fixtures/classic-presets.ts): no slips, a lure, saves its gauge for level 3.
    const { plans, pos, charging, attacks } = run(classicCpu('hard'), 90);
    expect(attacks).toEqual([3]); // it charged to level 3 and fired once
    const charged = plans.filter((p) => p.charged);
    expect(charged.length).toBeGreaterThanOrEqual(5);
    let moving = 0;
    for (const [i, p] of plans.entries()) {
      // Every frame a plan covered was planned at the speed the ship had in it.
      const next = plans[i + 1]?.frame ?? pos.length;
      for (let f = p.frame; f < next; f++) expect(charging[f]).toBe(p.charged);
      let x = p.sx;
      let y = p.sy;
      for (let k = 0; k < p.x.length; k++) {
        const d = Math.hypot(p.x[k]! - x, p.y[k]! - y);
        // Charging (far from the edges here): a step holds one of the 9 moves for F frames, so it
        // covers 0 or F·1.8 units, not F·4 (lattice error < 0.002 per frame).
        if (p.charged && d > 0.01) {
          expect(d).toBeCloseTo(p.F * SHIP_FOCUS_SPEED, 1);
          moving++;
        }
        x = p.x[k]!;
        y = p.y[k]!;
        // The ship's real position after the frames of this step, while the plan is still in force.
        const end = p.frame + (k + 1) * p.F - 1;
        if (end < next) {
          expect(Math.abs(pos[end]!.x - p.x[k]!)).toBeLessThan(0.05);
          expect(Math.abs(pos[end]!.y - p.y[k]!)).toBeLessThan(0.05);
        }
      }
    }
    expect(moving).toBeGreaterThan(3); // it did move while charging
    // Charging started at the first frame: frame 0 is at full speed, then slow until the release.
    expect(charging.slice(0, 3)).toEqual([false, true, true]);
  });

  it('a charging plan uses the 9 slow moves even for a focus preset', () => {
    const cpu = new CpuController(parseDodgePreset({ ...classicCpu('hard'), focus: true }));
    expect(cpu.dodger.problem.moves.count).toBe(17);
    expect(cpu.chargeDodger.problem.moves.count).toBe(9);
    const d = cpu.chargeDodger.problem.moves;
    // Straight moves step F·1.8 units per frame on the 1/256 lattice.
    expect(Math.max(...Array.from(d.dx).map(Math.abs))).toBe(Math.round(SHIP_FOCUS_SPEED * 256));
  });
});

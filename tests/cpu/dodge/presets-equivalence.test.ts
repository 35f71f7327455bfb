// The fast search against the exhaustive reference with the shipped presets at their real depth
// (the paper's players at depth 5), in seeded situations of up to ~120 bullets around the ship:
// equal best value, and the fast search's first move reaches that best value in the exhaustive tree.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { DodgeDecision, Dodger, DodgeWorld, randomWorld, type DodgeParams } from '../../../src/cpu/dodge/index';
import { dodgeParamsOf, getDodgePreset } from '../../../src/cpu/presets';
import { FIELD_H, SHIP_FOCUS_SPEED } from '../../../src/sim/constants';

/** [label, parameters, situations]: every shipped preset, plus Hard's charging (slow) dodger. */
const CASES: [string, DodgeParams, number][] = [
  ['base', dodgeParamsOf(getDodgePreset('base')), 25],
  ['imap', dodgeParamsOf(getDodgePreset('imap')), 25],
  ['imap-multi', dodgeParamsOf(getDodgePreset('imap-multi')), 25],
  ['easy', dodgeParamsOf(getDodgePreset('easy')), 25],
  ['normal', dodgeParamsOf(getDodgePreset('normal')), 20],
  ['hard', dodgeParamsOf(getDodgePreset('hard')), 15],
  ['lunatic', dodgeParamsOf(getDodgePreset('lunatic')), 15],
  ['hard, charging', { ...dodgeParamsOf(getDodgePreset('hard')), focus: false, shipSpeed: SHIP_FOCUS_SPEED }, 10],
];

describe('fast = exhaustive with the shipped presets', () => {
  it('has at least 150 situations and every preset at its own depth (paper players: 5)', () => {
    expect(CASES.reduce((n, c) => n + c[2], 0)).toBeGreaterThanOrEqual(150);
    for (const name of ['base', 'imap', 'imap-multi']) expect(CASES.find((c) => c[0] === name)![1].depth).toBe(5);
  });

  for (const [name, params, count] of CASES) {
    it(`${name} (depth ${params.depth}, F = ${params.framesPerStep}${params.focus ? ', focus' : ''}): ${count} situations`, () => {
      const rand = seedrandom(`presets-equal:${name}`);
      const d = new Dodger(params, 160);
      const ex = new DodgeDecision(d.problem.moves.count);
      const w = new DodgeWorld(160);
      let bullets = 0;
      for (let s = 0; s < count; s++) {
        // Up to ~120 bullets within 60–160 units of the ship; ages up to 60 frames (some unseen).
        randomWorld(rand, { bullets: 10 + Math.floor(rand() * 111), radius: 60 + rand() * 100, maxAge: 60 }, w);
        bullets = Math.max(bullets, w.count);
        // As the CPU plays: the lure's goal (an enemy's x, the home line) and the move held so far.
        w.goalX = rand() < 0.5 ? rand() * w.width : Number.NaN;
        w.goalY = FIELD_H * 0.7;
        const prev = Math.floor(rand() * (d.problem.moves.count + 1)) - 1;
        const f = d.decide(w, prev);
        const fv = f.value;
        const fl = f.survived;
        const fm = f.move;
        d.decideExhaustive(w, prev, ex);
        expect(fl, `situation ${s}`).toBe(ex.survived);
        expect(fv, `situation ${s}`).toBe(ex.value);
        expect(ex.rootL[fm], `situation ${s}`).toBe(ex.survived);
        expect(ex.rootV[fm], `situation ${s}`).toBe(ex.value);
      }
      expect(bullets).toBeGreaterThanOrEqual(100);
    });
  }
});

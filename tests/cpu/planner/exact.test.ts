import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import {
  parseInstance,
  plan,
  searchExact,
  validatePlan,
  EXACT_STATE_LIMIT,
  MAX_EXACT_ENEMIES,
  PlannerInputError,
  PlannerLimitError,
  type Instance,
  type Plan,
} from '../../../src/cpu/planner';
import { groupDigits } from '../../../src/cpu/group-digits';
import { bruteForce, fullStateDijkstra, randomInstance } from './reference';

function checkValid(inst: Instance, p: Plan): void {
  const c = validatePlan(inst, p);
  expect(c.errors).toEqual([]);
}

describe('exact mode is optimal', () => {
  it('equals brute-force enumeration on 600 random small instances (reward, time, actions), every plan validated', () => {
    const rng = seedrandom('planner-brute-force-1');
    let feasible = 0;
    let withKills = 0;
    for (let i = 0; i < 600; i++) {
      const json = randomInstance(rng, { nodes: [2, 5], enemies: [0, 3], maxHp: [1, 4], extraEdges: 3 });
      const inst = parseInstance(json, `random #${i}`);
      const bf = bruteForce(inst);
      const p = plan(inst, { mode: 'exact', objective: 'kills' });
      checkValid(inst, p);
      if (!bf) {
        expect(p.feasible, `#${i} ${JSON.stringify(json)}`).toBe(false);
        continue;
      }
      feasible++;
      if (bf.reward > 0) withKills++;
      expect(p.feasible, `#${i}`).toBe(true);
      expect([p.reward, p.time, p.actions.length], `#${i} ${JSON.stringify(json)}`).toEqual([bf.reward, bf.time, bf.actions.length]);
      // The brute-force plan itself passes the independent validator with the same totals.
      const bfCheck = validatePlan(inst, {
        feasible: true,
        mode: 'exact',
        objective: 'kills',
        reward: bf.reward,
        time: bf.time,
        finalHp: 0,
        killed: [],
        actions: bf.actions,
      });
      expect([bfCheck.reward, bfCheck.time]).toEqual([bf.reward, bf.time]);
      expect(bfCheck.errors.filter((e) => !/finalHp|kills/.test(e))).toEqual([]);
      // The paper's modes never beat the optimum, and their plans are legal too.
      for (const mode of ['restricted', 'unrestricted'] as const) {
        const q = plan(inst, { mode });
        checkValid(inst, q);
        if (q.feasible && p.feasible)
          expect(q.reward < p.reward || (q.reward === p.reward && q.time >= p.time), `${mode} #${i}`).toBe(true);
      }
    }
    // The sample is not degenerate.
    expect(feasible).toBeGreaterThan(450);
    expect(withKills).toBeGreaterThan(200);
  });

  it('equals a Dijkstra over the full (node, killed set, damage) space on 200 larger instances', () => {
    const rng = seedrandom('planner-full-state-1');
    for (let i = 0; i < 200; i++) {
      const json = randomInstance(rng, { nodes: [6, 12], enemies: [2, 5], maxHp: [2, 5], extraEdges: 10 });
      const inst = parseInstance(json, `random #${i}`);
      const ref = fullStateDijkstra(inst);
      const p = plan(inst, { mode: 'exact' });
      checkValid(inst, p);
      if (!ref) {
        expect(p.feasible).toBe(false);
        continue;
      }
      expect([p.reward, p.time, p.actions.length], `#${i} ${JSON.stringify(json)}`).toEqual([ref.reward, ref.time, ref.actions]);
    }
  });

  it('shortest objective gives the least time and no attacks', () => {
    const rng = seedrandom('planner-shortest-1');
    for (let i = 0; i < 100; i++) {
      const inst = parseInstance(randomInstance(rng, { nodes: [3, 10], enemies: [0, 4], maxHp: [1, 4], extraEdges: 6 }));
      const noEnemies = parseInstance({ ...randomInstanceJsonOf(inst), enemies: [] });
      const ref = fullStateDijkstra(noEnemies);
      for (const mode of ['unrestricted', 'exact'] as const) {
        const p = plan(inst, { mode, objective: 'shortest' });
        checkValid(inst, p);
        expect(p.feasible).toBe(ref !== null);
        if (p.feasible) {
          expect(p.time).toBe(ref!.time);
          expect(p.actions.every((a) => a.do === 'move')).toBe(true);
          expect(p.finalHp).toBe(inst.hp);
        }
      }
    }
  });

  it('is deterministic', () => {
    const rng = seedrandom('planner-determinism');
    for (let i = 0; i < 50; i++) {
      const json = randomInstance(rng, { nodes: [4, 10], enemies: [1, 4], maxHp: [2, 5], extraEdges: 6 });
      for (const mode of ['restricted', 'unrestricted', 'exact'] as const) {
        expect(plan(parseInstance(json), { mode })).toEqual(plan(parseInstance(json), { mode }));
      }
    }
  });
});

describe('exact mode on larger instances', () => {
  it('the sparse search (dominance and bounds) returns the same plan as the dense tables on 800 random instances', () => {
    const rng = seedrandom('planner-sparse-dense');
    let fivePlus = 0;
    for (let i = 0; i < 800; i++) {
      const json = randomInstance(rng, { nodes: [3, 14], enemies: [0, 8], maxHp: [1, 5], extraEdges: 12 });
      if (i % 2) {
        // Fractional rewards and times: sums taken in another order differ in the last bits.
        for (const e of json.enemies!) e.reward = Math.round(rng() * 4) / 10;
        for (const e of json.graph!.edges) e[2] = e[2] * 0.1 + (rng() < 0.5 ? 0.2 : 0.1);
        json.time = { attack: 0.3, heal: 0.7 };
      }
      const inst = parseInstance(json, `random #${i}`);
      const dense = searchExact(inst, { search: 'dense' });
      const sparse = searchExact(inst, { search: 'sparse' });
      expect(sparse, `#${i} ${JSON.stringify(json)}`).toEqual(dense);
      if (inst.enemies.length >= 5) fivePlus++;
    }
    expect(fivePlus).toBeGreaterThan(150);
  });

  it('solves the audit case the old limit refused: a 10×10 maze with 20 enemies (2^20 sets × 5 damage levels × 22 key points)', () => {
    const rng = seedrandom('planner-20-enemies');
    const cells: string[] = [];
    for (let y = 0; y < 10; y++) for (let x = 0; x < 10; x++) if (!(x === 0 && y === 9) && !(x === 9 && y === 0)) cells.push(`${x},${y}`);
    const enemies = Array.from({ length: 20 }, () => ({ at: cells.splice(Math.floor(rng() * cells.length), 1)[0]!, reward: 1, damage: 2 }));
    const rows = ['.........G', ...Array<string>(8).fill('..........'), 'P.........'];
    const inst = parseInstance({ maze: rows, maxHp: 5, lambda: 4, enemies, healAt: 'anywhere' }, 'grid20');
    const p = plan(inst, { mode: 'exact' });
    checkValid(inst, p);
    const u = plan(inst, { mode: 'unrestricted' });
    checkValid(inst, u);
    expect(p.feasible && p.killed.length).toBe(20);
    // Optimal: never worse than the paper's mode on the same instance.
    expect(p.reward > u.reward || (p.reward === u.reward && p.time! <= u.time!)).toBe(true);
  });

  it('beyond 30 attackable enemies it says so at once: a PlannerLimitError of its own, not an input error', () => {
    const rows = ['.........G', ...Array<string>(8).fill('..........'), 'P.........'];
    const cells: string[] = [];
    for (let y = 0; y < 10; y++) for (let x = 0; x < 10; x++) if (x + y > 2 && !(x === 9 && y === 0)) cells.push(`${x},${y}`);
    const big = parseInstance({ maze: rows, maxHp: 5, enemies: cells.slice(0, 31).map((at) => ({ at })), healAt: 'anywhere' }, 'big.json');
    const err = limitErrorOf(() => plan(big, { mode: 'exact' }));
    expect(err).not.toBeInstanceOf(PlannerInputError);
    expect([err.kind, err.count, err.limit]).toEqual(['enemies', 31, MAX_EXACT_ENEMIES]);
    expect(err.message).toBe('big.json: exact mode: instance too large (more than 30 attackable enemies: 31); use --mode unrestricted');
    // The other modes still answer.
    checkValid(big, plan(big, { mode: 'unrestricted' }));
  });

  it('the search state budget stops it: a small budget, and the real one on a 16-enemy instance', () => {
    const rows = ['.........G', ...Array<string>(8).fill('..........'), 'P.........'];
    const cells: string[] = [];
    for (let y = 0; y < 10; y++) for (let x = 0; x < 10; x++) if (x + y > 2 && !(x === 9 && y === 0)) cells.push(`${x},${y}`);
    const mid = parseInstance({ maze: rows, maxHp: 5, enemies: cells.slice(20, 32).map((at) => ({ at })), healAt: 'anywhere' }, 'mid.json');
    const small = limitErrorOf(() => searchExact(mid, { search: 'sparse', limit: 50 }));
    expect([small.kind, small.count, small.limit]).toEqual(['states', 50, 50]);
    expect(searchExact(mid, { search: 'sparse' })).toEqual(searchExact(mid, { search: 'dense' }));
    // The default budget, through plan(): 16 enemies on a complete graph where every order takes the
    // same time (so the time bound prunes nothing), 3 damage levels, a heal anywhere.
    const nodes = ['s', 'g', ...Array.from({ length: 16 }, (_, i) => `e${i}`)];
    const edges: [string, string, number][] = [];
    for (let i = 0; i < nodes.length; i++) for (let j = i + 1; j < nodes.length; j++) edges.push([nodes[i]!, nodes[j]!, 1]);
    const json = {
      graph: { nodes, edges, directed: false },
      start: 's',
      goal: 'g',
      maxHp: 3,
      enemies: nodes.slice(2).map((at) => ({ at, reward: 1, damage: 1 })),
    };
    const full = limitErrorOf(() => plan(parseInstance(json, 'full.json'), { mode: 'exact' }));
    expect([full.kind, full.count, full.limit]).toEqual(['states', EXACT_STATE_LIMIT, EXACT_STATE_LIMIT]);
    expect(full.message).toBe(
      'full.json: exact mode: instance too large (16 enemies, 3 damage levels, 18 key points: ' +
        `more than ${groupDigits(EXACT_STATE_LIMIT)} search states); use --mode unrestricted`,
    );
  });
});

function limitErrorOf(f: () => unknown): PlannerLimitError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PlannerLimitError);
    return e as PlannerLimitError;
  }
  throw new Error('expected a PlannerLimitError');
}

/** Rebuilds the JSON of a graph instance (used to strip enemies). */
function randomInstanceJsonOf(inst: Instance) {
  return {
    graph: {
      nodes: [...inst.names],
      edges: inst.edges.map(([u, v, t]) => [inst.names[u]!, inst.names[v]!, t] as [string, string, number]),
      directed: inst.directed,
    },
    start: inst.names[inst.start]!,
    goal: inst.names[inst.goals[0]!]!,
    maxHp: inst.maxHp,
    hp: inst.hp,
    lambda: inst.lambda,
  };
}

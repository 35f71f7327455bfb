import { describe, expect, it } from 'vitest';
import { parseMaze } from '../../../src/maze/maze';
import {
  instanceFromMaze,
  jsonSyntaxError,
  parseInstance,
  parseInstanceText,
  plan,
  validatePlan,
  visitOrder,
  withState,
  PlannerInputError,
} from '../../../src/cpu/planner';

const base = {
  graph: {
    nodes: ['a', 'b', 'c'],
    edges: [
      ['a', 'b', 1],
      ['b', 'c', 2],
    ],
    directed: false,
  },
  start: 'a',
  goal: 'c',
  maxHp: 3,
};

function errorOf(json: unknown): PlannerInputError {
  try {
    parseInstance(json, 'test.json');
  } catch (e) {
    expect(e).toBeInstanceOf(PlannerInputError);
    return e as PlannerInputError;
  }
  throw new Error('expected an error');
}

describe('instance validation names the field', () => {
  const cases: [string, unknown, string, RegExp][] = [
    ['unknown node in an edge', { ...base, graph: { ...base.graph, edges: [['a', 'x', 1]] } }, 'graph.edges[0][1]', /unknown node "x"/],
    ['unknown start', { ...base, start: 'q' }, 'start', /unknown node "q"/],
    ['unknown enemy node', { ...base, enemies: [{ at: 'zz' }] }, 'enemies[0].at', /unknown node "zz"/],
    ['unknown heal node', { ...base, healAt: ['a', 'nope'] }, 'healAt[1]', /unknown node "nope"/],
    ['zero edge time', { ...base, graph: { ...base.graph, edges: [['a', 'b', 0]] } }, 'graph.edges[0][2]', /positive/],
    ['negative edge time', { ...base, graph: { ...base.graph, edges: [['a', 'b', -2]] } }, 'graph.edges[0][2]', /positive/],
    ['zero attack time', { ...base, time: { attack: 0 } }, 'time.attack', /positive/],
    ['negative heal time', { ...base, time: { heal: -1 } }, 'time.heal', /positive/],
    ['λ below the initial damage', { ...base, hp: 1, lambda: 1 }, 'lambda', /less than the initial damage maxHp − hp = 2/],
    ['λ letting HP reach 0', { ...base, lambda: 3 }, 'lambda', /HP reach 0/],
    ['two enemies on one node', { ...base, enemies: [{ at: 'b' }, { at: 'b' }] }, 'enemies[1].at', /already has an enemy \(enemies\[0\]\)/],
    ['misspelt field', { ...base, lamda: 1 }, 'lamda', /unknown field/],
    ['missing maxHp', { ...base, maxHp: undefined }, 'maxHp', /missing/],
    ['fractional hp', { ...base, hp: 1.5 }, 'hp', /whole number/],
    ['bad mode', { ...base, mode: 'fast' }, 'mode', /restricted, unrestricted, exact/],
    ['bad healAt', { ...base, healAt: 'everywhere' }, 'healAt', /anywhere/],
    ['missing goal', { ...base, goal: undefined }, 'goal', /missing/],
    ['duplicate node', { ...base, graph: { ...base.graph, nodes: ['a', 'b', 'a'] } }, 'graph.nodes[2]', /duplicate/],
    ['short edge', { ...base, graph: { ...base.graph, edges: [['a', 'b']] } }, 'graph.edges[0]', /./],
    ['negative damage', { ...base, enemies: [{ at: 'b', damage: -1 }] }, 'enemies[0].damage', /≥ 0/],
  ];
  for (const [what, json, field, re] of cases) {
    it(what, () => {
      const e = errorOf(json);
      expect(e.field).toBe(field);
      expect(e.message).toMatch(re);
      expect(e.message.startsWith(`test.json: ${field}: `)).toBe(true);
    });
  }

  it('malformed JSON: the error gives the line and column where the text stops being JSON', () => {
    expect(() => parseInstanceText('{"maxHp": 3,', 'bad.json')).toThrow(
      'bad.json:1:13: malformed JSON (expected a property name in double quotes, found the end of the text)',
    );
    const text = ['{', '  "maxHp": 3,', '  "graph": {"nodes": ["a" "b"], "edges": []},', '  "start": "a"', '}'].join('\n');
    expect(() => parseInstanceText(text, 'x.json')).toThrow(
      "x.json:3:27: malformed JSON (expected ',' or ']' after an array element, found '\"')",
    );
    expect(() => parseInstanceText('{"maxHp": 3}\n\n  ]', 'y.json')).toThrow(
      "y.json:3:3: malformed JSON (unexpected ']' after the JSON value)",
    );
    expect(() => parseInstanceText('{"maxHp": 01}', 'z.json')).toThrow(/z\.json:1:12: malformed JSON/);
    expect(() => parseInstanceText('', 'e.json')).toThrow('e.json:1:1: malformed JSON (expected a value, found the end of the text)');
  });

  it('the JSON scanner accepts exactly what JSON.parse accepts', () => {
    const samples = [
      '{}',
      '[]',
      '  [1, -0.5e+3, "a\\n\\u00e9", true, false, null, {"k": [{}]}]  ',
      '"x"',
      '{"a":1,}',
      '[1,]',
      '[01]',
      '[1.]',
      '[.5]',
      '["\\x"]',
      '{"a" 1}',
      '[tru]',
      '[1] 2',
      '"\u0001"',
      '[-]',
      '[1e]',
      '{"a":1',
    ];
    for (const t of samples) {
      let ok = true;
      try {
        JSON.parse(t);
      } catch {
        ok = false;
      }
      expect(jsonSyntaxError(t) === null, t).toBe(ok);
    }
  });

  it('the JSON scanner handles any nesting depth: valid 200000 deep, and errors found at the right place', () => {
    const n = 200_000;
    expect(jsonSyntaxError('['.repeat(n) + ']'.repeat(n))).toBeNull();
    expect(jsonSyntaxError(`${'{"a":'.repeat(n)}1${'}'.repeat(n)}`)).toBeNull();
    expect(jsonSyntaxError(`${'['.repeat(n)}1,`)).toEqual({ index: n + 2, reason: 'expected a value, found the end of the text' });
    expect(jsonSyntaxError(`${'['.repeat(n) + ']'.repeat(n - 1)}}`)).toEqual({
      index: 2 * n - 1,
      reason: "expected ',' or ']' after an array element, found '}'",
    });
    expect(jsonSyntaxError('[{"a":[1]} , {"b" :{}},[]]')).toBeNull();
    expect(jsonSyntaxError('[{"a":[1]},{"b"}]')).toEqual({ index: 15, reason: "expected ':' after the property name, found '}'" });
  });

  it('maze errors carry line and column', () => {
    expect(() => parseInstance({ maze: ['####', '#Px#', '####'], maxHp: 2 }, 'm.json')).toThrow(/m\.json: maze:2:3: unknown character 'x'/);
  });
});

describe('infeasible instances answer feasible: false', () => {
  it('goal unreachable on a directed graph', () => {
    const inst = parseInstance({
      ...base,
      graph: {
        ...base.graph,
        edges: [
          ['b', 'a', 1],
          ['b', 'c', 1],
        ],
        directed: true,
      },
    });
    for (const mode of ['restricted', 'unrestricted', 'exact'] as const)
      for (const objective of ['kills', 'shortest'] as const) {
        const p = plan(inst, { mode, objective });
        expect(p.feasible).toBe(false);
        expect(p.actions).toEqual([]);
        if (!p.feasible) expect(p.reason).toMatch(/no goal can be reached/);
      }
  });

  it('goal walled off in a maze', () => {
    const inst = parseInstance({ maze: ['#####', '#P#G#', '#####'], maxHp: 2 });
    expect(plan(inst).feasible).toBe(false);
  });

  it('restricted mode orients undirected mazes and cyclic directed graphs toward the goal', () => {
    const inst = parseInstance({ maze: ['#####', '#G.P#', '#####'], maxHp: 2 });
    expect(plan(inst, { mode: 'restricted' }).feasible).toBe(true);
    const directedCycle = parseInstance({
      ...base,
      graph: {
        nodes: ['a', 'b', 'c'],
        edges: [
          ['a', 'b', 1],
          ['b', 'a', 1],
          ['b', 'c', 1],
        ],
        directed: true,
      },
    });
    expect(plan(directedCycle, { mode: 'restricted' }).feasible).toBe(true);
    expect(plan(directedCycle, { mode: 'restricted' }).actions.map((a) => a.at)).toEqual(['b', 'c']);
  });

  it('an enemy whose damage exceeds λ is never attacked', () => {
    const inst = parseInstance({ ...base, maxHp: 2, enemies: [{ at: 'b', damage: 2 }] });
    for (const mode of ['restricted', 'unrestricted', 'exact'] as const) {
      const p = plan(inst, { mode });
      expect([p.feasible, p.reward]).toEqual([true, 0]);
    }
  });
});

describe('maze instances and live replanning', () => {
  const rows = ['#######', '#P..E.#', '#.##.##', '#H..E.#', '#####G#'];

  it('defaults: P start, G goal, E enemies (reward 1, damage 1), H heal pads, λ = maxHp − 1', () => {
    const inst = parseInstance({ maze: rows, maxHp: 2 });
    expect(inst.names[inst.start]).toBe('1,1');
    expect(inst.goals.map((g) => inst.names[g])).toEqual(['5,4']);
    expect(inst.enemies.map((e) => [inst.names[e.node], e.reward, e.damage])).toEqual([
      ['4,1', 1, 1],
      ['4,3', 1, 1],
    ]);
    expect(inst.lambda).toBe(1);
    expect(inst.healable[inst.index.get('1,3')!]).toBe(1);
    expect(inst.healable[inst.index.get('2,3')!]).toBe(0);
    // With λ 1 the second kill needs the heal pad at 1,3.
    const p = plan(inst);
    expect(p.reward).toBe(2);
    expect(p.actions.some((a) => a.do === 'heal' && a.at === '1,3')).toBe(true);
    expect(validatePlan(inst, p).ok).toBe(true);
  });

  it('instanceFromMaze builds the instance for the agent and enemies where they are now', () => {
    const maze = parseMaze(rows.join('\n'));
    const inst = instanceFromMaze(maze, {
      agent: { x: 4, y: 3 },
      enemies: [
        { x: 2, y: 3, damage: 1 },
        { x: 2, y: 3 },
      ],
      hp: 2,
      maxHp: 3,
      mode: 'exact',
    });
    expect(inst.names[inst.start]).toBe('4,3');
    expect(inst.enemies.length).toBe(1); // a second enemy on the same cell is dropped
    expect(inst.lambda).toBe(2);
    const p = plan(inst);
    expect(p.feasible && p.reward).toBe(1);
    expect(() => instanceFromMaze(maze, { enemies: [{ x: 0, y: 0 }], hp: 1, maxHp: 1 })).toThrow(/enemies\[0\]\.at: unknown node "0,0"/);
  });

  it('withState replaces the agent, HP and enemies without re-parsing', () => {
    const inst = parseInstance({ maze: rows, maxHp: 3 });
    const moved = withState(inst, { start: inst.index.get('4,3')!, hp: 2, enemies: [] });
    expect(plan(moved).actions.map((a) => a.at)).toEqual(['5,3', '5,4']);
    expect(() => withState(inst, { hp: 0 })).toThrow(/hp/);
  });

  it('visitOrder ranks enemies by D(i) = Dg(i) − Da(i), largest first', () => {
    // Enemy near the agent and far from the goal first.
    const inst = parseInstance({ maze: ['#########', '#P.E..E.G#'.slice(0, 9), '#########'], maxHp: 3 });
    const order = visitOrder(inst);
    expect(order.map((i) => inst.names[inst.enemies[i]!.node])).toEqual(['3,1', '6,1']);
  });
});

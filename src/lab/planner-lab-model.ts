// The Planner lab's editable instance (planner-lab-scene.ts): a grid (walls, start, goals, heal pads,
// enemies with reward/damage and optional walking routes) or a fixed graph (the §3.5 example), plus
// HP / λ / objective / heal rule. It turns into an experiment for runExperiment (src/cpu/planner),
// whose errors (PlannerInputError) the scene shows as they are.
import {
  parseExperiment,
  runExperiment,
  MODES,
  PlannerLimitError,
  type Experiment,
  type Mode,
  type Objective,
  type RunResult,
} from '../cpu/planner/index';

export interface LabCell {
  x: number;
  y: number;
}

export interface LabEnemy extends LabCell {
  reward: number;
  damage: number;
  /** Cells the enemy walks after its start (back and forth); empty: it stands still. */
  route: LabCell[];
}

export interface LabModel {
  name: string;
  kind: 'grid' | 'graph';
  width: number;
  height: number;
  /** 1 = wall (grid only). */
  walls: Uint8Array;
  start: LabCell;
  goals: LabCell[];
  heals: LabCell[];
  enemies: LabEnemy[];
  hp: number;
  maxHp: number;
  lambda: number;
  objective: Objective;
  healAnywhere: boolean;
  maxTurns: number;
  /** Graph presets: the instance JSON (HP, λ, objective and heal rule are overridden). */
  graph: Record<string, unknown> | null;
  /** The paper's reported outcome per mode, when the preset has one. */
  paper: Record<string, string>;
}

export const key = (c: LabCell) => `${c.x},${c.y}`;
const same = (a: LabCell, b: LabCell) => a.x === b.x && a.y === b.y;

export function emptyModel(width = 10, height = 10): LabModel {
  return {
    name: 'new grid',
    kind: 'grid',
    width,
    height,
    walls: new Uint8Array(width * height),
    start: { x: 0, y: height - 1 },
    goals: [{ x: width - 1, y: 0 }],
    heals: [],
    enemies: [],
    hp: 5,
    maxHp: 5,
    lambda: 4,
    objective: 'kills',
    healAnywhere: true,
    maxTurns: 400,
    graph: null,
    paper: {},
  };
}

type Json = Record<string, unknown>;

/** A lab model from a fixture file (an experiment or a plain instance, grid or graph). */
export function modelFromFixture(fileName: string, json: Json): LabModel {
  const isExp = 'instance' in json && 'routes' in json;
  const inst = (isExp ? json.instance : json) as Json;
  const name = String(json.name ?? fileName);
  const paper = (json.paper as Record<string, string> | undefined) ?? {};
  const hp = Number(inst.hp ?? inst.maxHp);
  const maxHp = Number(inst.maxHp);
  const lambda = Number(inst.lambda ?? maxHp - 1);
  const objective = ((isExp ? (json.objective as Objective | undefined) : undefined) ??
    (inst.objective as Objective | undefined) ??
    'kills') as Objective;
  const maxTurns = Number(json.maxTurns ?? 400);
  if (!Array.isArray(inst.maze)) {
    const graph: Json = { ...inst };
    delete graph.name;
    delete graph.notes;
    return {
      ...emptyModel(0, 0),
      name,
      kind: 'graph',
      hp,
      maxHp,
      lambda,
      objective,
      healAnywhere: inst.healAt === 'anywhere' || inst.healAt === undefined,
      maxTurns,
      graph,
      paper,
    };
  }
  const rows = inst.maze as string[];
  const m = emptyModel(rows[0]!.length, rows.length);
  m.name = name;
  m.paper = paper;
  m.goals = [];
  const markE: LabCell[] = [];
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      const ch = row[x]!;
      if (ch === '#') m.walls[y * m.width + x] = 1;
      else if (ch === 'P') m.start = { x, y };
      else if (ch === 'G') m.goals.push({ x, y });
      else if (ch === 'H') m.heals.push({ x, y });
      else if (ch === 'E') markE.push({ x, y });
    }
  });
  const cell = (s: string): LabCell => {
    const [x, y] = s.split(',').map(Number) as [number, number];
    return { x, y };
  };
  if (Array.isArray(inst.enemies)) {
    m.enemies = (inst.enemies as { at: string; reward?: number; damage?: number }[]).map((e) => ({
      ...cell(e.at),
      reward: e.reward ?? 1,
      damage: e.damage ?? 1,
      route: [],
    }));
  } else m.enemies = markE.map((c) => ({ ...c, reward: 1, damage: 1, route: [] }));
  if (isExp) {
    for (const r of json.routes as { enemy: number; path: string[] }[]) {
      const e = m.enemies[r.enemy];
      if (e) e.route = r.path.slice(1).map(cell);
    }
  }
  m.hp = hp;
  m.maxHp = maxHp;
  m.lambda = lambda;
  m.objective = objective;
  m.healAnywhere = inst.healAt === 'anywhere';
  m.maxTurns = maxTurns;
  return m;
}

export function cloneModel(m: LabModel): LabModel {
  return {
    ...m,
    walls: m.walls.slice(),
    start: { ...m.start },
    goals: m.goals.map((c) => ({ ...c })),
    heals: m.heals.map((c) => ({ ...c })),
    enemies: m.enemies.map((e) => ({ ...e, route: e.route.map((c) => ({ ...c })) })),
    graph: m.graph ? { ...m.graph } : null,
  };
}

/** The experiment JSON of the model (what parseExperiment checks). */
export function experimentJson(m: LabModel): Json {
  if (m.kind === 'graph') {
    const instance: Json = { ...m.graph!, hp: m.hp, maxHp: m.maxHp, lambda: m.lambda, objective: m.objective };
    if (m.healAnywhere) instance.healAt = 'anywhere';
    else delete instance.healAt;
    delete instance.mode;
    return { name: m.name, instance, routes: [], maxTurns: m.maxTurns };
  }
  const rows: string[] = [];
  for (let y = 0; y < m.height; y++) {
    let r = '';
    for (let x = 0; x < m.width; x++) {
      const c = { x, y };
      if (m.walls[y * m.width + x]) r += '#';
      else if (same(m.start, c)) r += 'P';
      else if (m.goals.some((g) => same(g, c))) r += 'G';
      else if (m.heals.some((h) => same(h, c))) r += 'H';
      else r += '.';
    }
    rows.push(r);
  }
  const instance: Json = {
    maze: rows,
    maxHp: m.maxHp,
    hp: m.hp,
    lambda: m.lambda,
    enemies: m.enemies.map((e) => ({ at: key(e), reward: e.reward, damage: e.damage })),
    objective: m.objective,
  };
  if (m.healAnywhere) instance.healAt = 'anywhere';
  const routes = m.enemies.flatMap((e, i) => (e.route.length ? [{ enemy: i, path: [key(e), ...e.route.map(key)] }] : []));
  return { name: m.name, instance, routes, maxTurns: m.maxTurns };
}

export interface ModeRun {
  mode: Mode;
  result: RunResult;
  /** Median wall time of one whole run (all its replanning calls), ms; measured by the caller's clock. */
  ms: number;
}

/** A mode that gave up on the model (exact mode's size limit): the others still ran. */
export interface SkippedMode {
  mode: Mode;
  reason: string;
}

/**
 * Parses the model and runs every mode, timing each with `now` (the scene passes performance.now).
 * Returns the runs (and the modes that hit a size limit), or the planner's error message.
 */
export function runAllModes(
  m: LabModel,
  now: () => number,
): { exp: Experiment; runs: ModeRun[]; skipped: SkippedMode[] } | { error: string } {
  let exp: Experiment;
  try {
    exp = parseExperiment(experimentJson(m), 'lab');
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  const runs: ModeRun[] = [];
  const skipped: SkippedMode[] = [];
  modes: for (const mode of MODES) {
    const times: number[] = [];
    let result: RunResult | null = null;
    let spent = 0;
    for (let rep = 0; rep < 7 && (rep < 3 || spent < 30); rep++) {
      const t0 = now();
      try {
        result = runExperiment(exp, mode, m.objective);
      } catch (e) {
        if (!(e instanceof PlannerLimitError)) throw e;
        skipped.push({ mode, reason: e.message });
        continue modes;
      }
      const dt = now() - t0;
      times.push(dt);
      spent += dt;
      if (dt > 150) break;
    }
    times.sort((a, b) => a - b);
    runs.push({ mode, result: result!, ms: times[(times.length - 1) >> 1]! });
  }
  return { exp, runs, skipped };
}

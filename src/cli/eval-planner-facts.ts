// The paper's 10×10 runs (seed 001 §3.6.1–3.6.6, §3.7) as checkable facts, shared by eval:planner and
// scripts/search-planner-routes.ts: a layout (two static enemies, three walking back and forth) turned
// into the four experiments, a summary of one run (HP before each kill, where the heals went, what
// each new plan aimed at), and the facts the paper's narratives state, each compared with ours.
import { parseExperiment, runExperiment, type Experiment, type HealTie, type Instance, type Mode, type RunResult } from '../cpu/planner';

/** Enemy 0 the leftmost (static), 1 the centre (static), 2 the top, 3 the right and 4 the third walker. */
export interface Layout {
  leftmost: string;
  centre: string;
  /** Routes of enemies 2, 3, 4 (walked back and forth from path[0]). */
  walkers: [string[], string[], string[]];
}

export const SETTINGS = {
  hp5: { maxHp: 5, hp: 5, lambda: 4, objective: 'kills' },
  hp7: { maxHp: 7, hp: 7, lambda: 6, objective: 'kills' },
  hp1: { maxHp: 5, hp: 1, lambda: 4, objective: 'kills' },
  shortest: { maxHp: 5, hp: 5, lambda: 4, objective: 'shortest' },
} as const;
export type Setting = keyof typeof SETTINGS;
export const SETTING_NAMES = Object.keys(SETTINGS) as Setting[];
/** The fixture file of each setting (fixtures/planner). */
export const FIXTURE_OF = Object.fromEntries(SETTING_NAMES.map((s) => [s, `grid10-${s}.json`])) as Record<Setting, string>;
/** The setting a fixture file holds, or undefined for another file. */
export const settingOfFixture = (file: string): Setting | undefined => SETTING_NAMES.find((s) => FIXTURE_OF[s] === file);

export const MAZE_10 = Array.from({ length: 10 }, (_, y) =>
  Array.from({ length: 10 }, (_, x) => (x === 0 && y === 9 ? 'P' : x === 9 && y === 0 ? 'G' : '.')).join(''),
);

/** The instance and routes of one setting as fixture JSON (`instance`, `routes`). */
export function layoutJson(
  layout: Layout,
  setting: Setting,
): { instance: Record<string, unknown>; routes: { enemy: number; path: string[] }[] } {
  const s = SETTINGS[setting];
  const at = [layout.leftmost, layout.centre, layout.walkers[0][0]!, layout.walkers[1][0]!, layout.walkers[2][0]!];
  return {
    instance: {
      maze: MAZE_10,
      maxHp: s.maxHp,
      hp: s.hp,
      lambda: s.lambda,
      enemies: at.map((a) => ({ at: a, reward: 1, damage: 2 })),
      time: { attack: 1, heal: 1 },
      healAt: 'anywhere',
      ...(s.objective === 'shortest' ? { objective: 'shortest' } : {}),
    },
    routes: layout.walkers.map((path, i) => ({ enemy: i + 2, path })),
  };
}

export function layoutExperiment(layout: Layout, setting: Setting): Experiment {
  return parseExperiment({ name: `layout ${setting}`, ...layoutJson(layout, setting), maxTurns: 200 }, `layout ${setting}`);
}

/** The layout of a grid10 fixture (enemies 0–1 static, 2–4 on routes). */
export function layoutOf(exp: Experiment): Layout {
  const names = exp.instance.names;
  const route = (e: number) => exp.routes.find((r) => r.enemy === e)!.path.map((v) => names[v]!);
  const at = (e: number) => names[exp.instance.enemies[e]!.node]!;
  return { leftmost: at(0), centre: at(1), walkers: [route(2), route(3), route(4)] };
}

export interface KillRecord {
  enemy: number;
  turn: number;
  cell: string;
  hpBefore: number;
  /** Heals in the same turn after the attack. */
  healsAfter: number;
}

export interface RunSummary {
  kills: number;
  killed: number[];
  finalHp: number;
  kill: KillRecord[];
  /** HP just before the first attack (−1 without one), and whether the agent healed in that turn after it. */
  hpAtFirstAttack: number;
  healsAtFirstKill: boolean;
  /** Cells of the heals before the first attack, in order. */
  preHeals: string[];
  /** Cell entered in each turn (the agent's cell after the turn). */
  cells: string[];
  /** Heals per turn. */
  heals: number[];
  /** Each plan made (turn, kills so far, enemies it attacks, the agent's cell). */
  plans: { turn: number; before: number; targets: number[]; at: string }[];
  /** Cells the agent entered while an enemy stood there. */
  passedEnemies: string[];
  /** Largest number of heals at one cell in one visit. */
  maxHealsPerVisit: number;
}

export function summarize(r: RunResult, inst: Instance): RunSummary {
  const maxHp = inst.maxHp;
  const kill: KillRecord[] = [];
  const preHeals: string[] = [];
  const cells: string[] = [];
  const heals: number[] = [];
  const plans: RunSummary['plans'] = [];
  const passedEnemies: string[] = [];
  let hpAtFirstAttack = -1;
  let healsAtFirstKill = false;
  let kills = 0;
  let maxHealsPerVisit = 0;
  let healsHere = 0;
  for (const h of r.history) {
    if (h.replanned) {
      const targets = h.planned
        .filter((a) => a.do === 'attack')
        .map((a) => h.enemies.find((e) => e.at === a.at)?.enemy ?? -1)
        .filter((e) => e >= 0);
      plans.push({ turn: h.turn, before: kills, targets, at: h.agent });
    }
    let hp = h.hp;
    let cell = h.agent;
    let nHeals = 0;
    let k = 0;
    for (let i = 0; i < h.done.length; i++) {
      const a = h.done[i]!;
      if (a.do === 'move') {
        cell = a.at;
        healsHere = 0;
        if (h.enemies.some((e) => e.at === cell)) passedEnemies.push(cell);
      } else if (a.do === 'heal') {
        hp = Math.min(hp + 1, maxHp);
        nHeals++;
        healsHere++;
        maxHealsPerVisit = Math.max(maxHealsPerVisit, healsHere);
        if (hpAtFirstAttack < 0) preHeals.push(cell);
      } else {
        const after = h.done.slice(i + 1).filter((b) => b.do === 'heal').length;
        if (hpAtFirstAttack < 0) {
          hpAtFirstAttack = hp;
          healsAtFirstKill = after > 0;
        }
        // At most one enemy stands at a cell in a snapshot, so an attack kills the turn's next killed enemy or none.
        if (k < h.killed.length) {
          const enemy = h.killed[k++]!;
          kill.push({ enemy, turn: h.turn, cell, hpBefore: hp, healsAfter: after });
          kills++;
          hp -= inst.enemies[enemy]!.damage;
        }
      }
    }
    cells.push(cell);
    heals.push(nHeals);
  }
  return {
    kills: r.kills,
    killed: r.killed,
    finalHp: r.finalHp,
    kill,
    hpAtFirstAttack,
    healsAtFirstKill,
    preHeals,
    cells,
    heals,
    plans,
    passedEnemies,
    maxHealsPerVisit,
  };
}

/** Where the heal after the kill of `enemy` came: in that turn, the next turn, later, or none before the next kill. */
function healAfter(s: RunSummary, enemy: number): 'same' | 'next' | 'later' | 'none' | 'no kill' {
  const i = s.kill.findIndex((k) => k.enemy === enemy);
  if (i < 0) return 'no kill';
  const k = s.kill[i]!;
  if (k.healsAfter > 0) return 'same';
  const next = s.kill[i + 1];
  const end = next ? next.turn : s.heals.length - 1;
  for (let t = k.turn + 1; t <= end; t++) {
    // In the next kill's turn only the heals before its attack count.
    const before = next && t === next.turn ? s.heals[t]! - next.healsAfter : s.heals[t]!;
    if (before > 0) return t === k.turn + 1 ? 'next' : 'later';
  }
  return 'none';
}

export type RunKey = 'r5' | 'u5' | 'r7' | 'u7' | 'r1' | 'u1' | 'rs' | 'us';
export const RUN_OF: Record<RunKey, { setting: Setting; mode: Mode; label: string }> = {
  r5: { setting: 'hp5', mode: 'restricted', label: '§3.6.1 max HP 5, restricted' },
  u5: { setting: 'hp5', mode: 'unrestricted', label: '§3.6.2 max HP 5, unrestricted' },
  r7: { setting: 'hp7', mode: 'restricted', label: '§3.6.3 max HP 7, restricted' },
  u7: { setting: 'hp7', mode: 'unrestricted', label: '§3.6.4 max HP 7, unrestricted' },
  r1: { setting: 'hp1', mode: 'restricted', label: '§3.6.5 start HP 1, restricted' },
  u1: { setting: 'hp1', mode: 'unrestricted', label: '§3.6.6 start HP 1, unrestricted' },
  rs: { setting: 'shortest', mode: 'restricted', label: '§3.7 shortest, restricted' },
  us: { setting: 'shortest', mode: 'unrestricted', label: '§3.7 shortest, unrestricted' },
};
export const RUN_KEYS = Object.keys(RUN_OF) as RunKey[];

export interface PaperFact {
  id: string;
  run: RunKey;
  /**
   * 1: the paper's table (kills, final HP, no attack on the shortest route); 2: the first attack (HP
   * before it, a heal right after it); 3: the rest of the narrative (order, HP before each kill, heal
   * points, what the plans aimed at). The route search ranks layouts tier by tier.
   */
  tier: 1 | 2 | 3;
  /** What the paper says, in words. */
  what: string;
  paper: unknown;
  ours: (s: RunSummary, all: Partial<Record<RunKey, RunSummary>>) => unknown;
  /**
   * True when no layout can change it (a difference of our modes, not of the routes): our unrestricted
   * mode heals several times at one point and moves every heal right after the damage before it.
   */
  structural?: boolean;
}

const seq = (s: RunSummary) => s.kill.map((k) => k.hpBefore);
/** Plans made after the `i`-th kill and before the next: how many enemies each aims at. */
const plansBetween = (s: RunSummary, i: number) => s.plans.filter((p) => p.before === i).map((p) => p.targets.length);
const firstAttack = (run: RunKey, hp: number, heal: boolean, sec: string, structural = false): PaperFact[] => [
  {
    id: `${run}.hpAtFirstAttack`,
    run,
    tier: 2,
    what: `${sec}: HP ${hp} before the first attack`,
    paper: hp,
    ours: (s) => s.hpAtFirstAttack,
    ...(structural ? { structural } : {}),
  },
  {
    id: `${run}.healAtFirstKill`,
    run,
    tier: 2,
    what: `${sec}: ${heal ? 'heals' : 'does not heal'} right after the first kill, at its point`,
    paper: heal,
    ours: (s) => s.healsAtFirstKill,
  },
];
/** The paper's table for one run: kills and final HP. */
const table = (run: RunKey, kills: number, finalHp: number, sec: string): PaperFact[] => [
  { id: `${run}.kills`, run, tier: 1, what: `${sec}: kills ${kills === 5 ? 'all 5' : kills}`, paper: kills, ours: (s) => s.kills },
  { id: `${run}.finalHp`, run, tier: 1, what: `${sec}: final HP ${finalHp}`, paper: finalHp, ours: (s) => s.finalHp },
];
const restrictedCommon = (run: RunKey, finalHp: number, hpBefore: number[], healFirst: boolean, sec: string): PaperFact[] => [
  ...table(run, 3, finalHp, sec),
  ...firstAttack(run, hpBefore[0]!, healFirst, sec),
  {
    id: `${run}.order`,
    run,
    tier: 3,
    what: `${sec}: kills the leftmost, the centre, then the top enemy`,
    paper: [0, 1, 2],
    ours: (s) => s.killed,
  },
  { id: `${run}.hpBefore`, run, tier: 3, what: `${sec}: HP before each kill ${hpBefore.join(', ')}`, paper: hpBefore, ours: seq },
];

/** The facts the paper's narratives state about each run (docs/planner.md lists them with the sections). */
export const PAPER_FACTS: PaperFact[] = [
  ...restrictedCommon('r5', 1, [5, 4, 3], true, '§3.6.1'),
  {
    id: 'r5.healAfterCentre',
    run: 'r5',
    tier: 3,
    what: '§3.6.1: after the centre kill (HP 2) it heals at the next point (Fig. 3.15)',
    paper: 'next',
    ours: (s) => healAfter(s, 1),
  },
  {
    id: 'r5.rightDropped',
    run: 'r5',
    tier: 3,
    what: '§3.6.1: after the centre kill a plan aims at an enemy to its right and the top one, a later one at the top one only',
    paper: true,
    ours: (s) => {
      const after = s.plans.filter((p) => p.before === 2);
      const both = after.findIndex((p) => p.targets.includes(2) && p.targets.some((e) => e !== 2));
      return both >= 0 && after.slice(both + 1).some((p) => p.targets.length === 1 && p.targets[0] === 2);
    },
  },
  ...restrictedCommon('r7', 2, [7, 6, 4], false, '§3.6.3'),
  {
    id: 'r7.thirdTarget',
    run: 'r7',
    tier: 3,
    what: '§3.6.3: on the way to the centre a plan aims at 3 enemies (it heals), later ones at 2 again: [most, last]',
    paper: [3, 2],
    ours: (s) => {
      const n = plansBetween(s, 1);
      return n.length ? [Math.max(...n), n[n.length - 1]!] : [];
    },
  },
  ...restrictedCommon('r1', 1, [3, 4, 3], true, '§3.6.5'),
  {
    id: 'r1.preHeals',
    run: 'r1',
    tier: 3,
    what: '§3.6.5: before the first attack it heals once at each of 2 points from the start to 2 points above it, not at the enemy',
    paper: true,
    ours: (s) =>
      s.preHeals.length === 2 &&
      new Set(s.preHeals).size === 2 &&
      s.preHeals.every((c) => ['0,9', '0,8', '0,7'].includes(c) && c !== s.kill[0]?.cell),
  },
  {
    id: 'r1.healAfterCentre',
    run: 'r1',
    tier: 3,
    what: '§3.6.5: after the centre kill it heals at the next point (Fig. 3.39)',
    paper: 'next',
    ours: (s) => healAfter(s, 1),
  },
  ...table('u5', 5, 1, '§3.6.2'),
  {
    id: 'u5.first',
    run: 'u5',
    tier: 3,
    what: '§3.6.2: first kill the enemy above it (the leftmost)',
    paper: 0,
    ours: (s) => s.killed[0] ?? -1,
  },
  { id: 'u5.hpBefore', run: 'u5', tier: 3, what: '§3.6.2: HP before each kill 5, 5, 5, 5, 3', paper: [5, 5, 5, 5, 3], ours: seq },
  {
    id: 'u5.detour',
    run: 'u5',
    tier: 3,
    what: '§3.6.2: a point passed on the way to the 4th kill is passed again after it (Fig. 3.24)',
    paper: true,
    ours: (s) => {
      if (s.kill.length < 4) return false;
      const t3 = s.kill[2]!.turn;
      const t4 = s.kill[3]!.turn;
      const t5 = s.kill[4]?.turn ?? s.cells.length - 1;
      const before = new Set(s.cells.slice(t3 + 1, t4));
      return s.cells.slice(t4 + 1, t5 + 1).some((c) => before.has(c));
    },
  },
  {
    id: 'u5.healOncePerPoint',
    run: 'u5',
    tier: 3,
    what: '§3.6.2: heals once per point ("heal there: HP 4; move, heal: HP 5")',
    paper: 1,
    ours: (s) => s.maxHealsPerVisit,
    structural: true,
  },
  ...firstAttack('u5', 5, true, '§3.6.2'),
  ...table('u7', 5, 1, '§3.6.4'),
  { id: 'u7.third', run: 'u7', tier: 3, what: '§3.6.4: the 3rd kill is the centre enemy', paper: 1, ours: (s) => s.killed[2] ?? -1 },
  { id: 'u7.hpBefore', run: 'u7', tier: 3, what: '§3.6.4: HP before each kill 7, 7, 7, 5, 3', paper: [7, 7, 7, 5, 3], ours: seq },
  {
    id: 'u7.noHealAfterCentre',
    run: 'u7',
    tier: 3,
    what: '§3.6.4: no heal after the centre kill (Fig. 3.34)',
    paper: 'none',
    ours: (s) => healAfter(s, 1),
  },
  ...firstAttack('u7', 7, true, '§3.6.4'),
  ...table('u1', 5, 1, '§3.6.6'),
  {
    id: 'u1.hpBefore',
    run: 'u1',
    tier: 3,
    what: '§3.6.6: HP before each kill 3, 5, 5, 5, 3',
    paper: [3, 5, 5, 5, 3],
    ours: seq,
    structural: true,
  },
  {
    id: 'u1.preHeals',
    run: 'u1',
    tier: 3,
    what: '§3.6.6: heals at 2 consecutive points before the first attack (HP 3)',
    paper: 2,
    ours: (s) => s.preHeals.length,
    structural: true,
  },
  ...firstAttack('u1', 3, true, '§3.6.6', true),
  { id: 'rs.noAttack', run: 'rs', tier: 1, what: '§3.7: no attacks', paper: 0, ours: (s) => s.kills },
  {
    id: 'rs.passesEnemy',
    run: 'rs',
    tier: 3,
    what: "§3.7: goes up and passes an enemy's point without attacking (Fig. 3.44)",
    paper: true,
    ours: (s) => s.passedEnemies.length > 0,
  },
  {
    id: 'us.same',
    run: 'us',
    tier: 3,
    what: '§3.7: unrestricted takes the same route as restricted',
    paper: true,
    ours: (s, all) => JSON.stringify(s.cells) === JSON.stringify(all.rs?.cells) && s.kills === 0,
  },
];

export interface FactResult {
  id: string;
  run: RunKey;
  what: string;
  paper: unknown;
  ours: unknown;
  ok: boolean;
  structural: boolean;
  tier: 1 | 2 | 3;
}

export function checkFacts(summaries: Partial<Record<RunKey, RunSummary>>, facts: readonly PaperFact[] = PAPER_FACTS): FactResult[] {
  const out: FactResult[] = [];
  for (const f of facts) {
    const s = summaries[f.run];
    if (!s) continue;
    const ours = f.ours(s, summaries);
    out.push({
      id: f.id,
      run: f.run,
      what: f.what,
      paper: f.paper,
      ours,
      ok: JSON.stringify(ours) === JSON.stringify(f.paper),
      structural: !!f.structural,
      tier: f.tier,
    });
  }
  return out;
}

/** Runs the given runs of a layout (all by default) and summarizes each. */
export function runLayout(
  exps: Record<Setting, Experiment>,
  keys: readonly RunKey[] = RUN_KEYS,
  ties?: HealTie,
): { runs: Partial<Record<RunKey, RunResult>>; summaries: Partial<Record<RunKey, RunSummary>> } {
  const runs: Partial<Record<RunKey, RunResult>> = {};
  const summaries: Partial<Record<RunKey, RunSummary>> = {};
  for (const k of keys) {
    const { setting, mode } = RUN_OF[k];
    const exp = exps[setting];
    const r = runExperiment(exp, mode, undefined, ties ? { restrictedHeals: ties } : {});
    runs[k] = r;
    summaries[k] = summarize(r, exp.instance);
  }
  return { runs, summaries };
}

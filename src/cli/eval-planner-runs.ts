// Pieces of eval:planner kept apart so tests can use them: the compact per-turn trace of a 10×10 run,
// and seeded random enemy placements and routes for the restricted/unrestricted gap off the searched
// fixtures (the paper's facts are in eval-planner-facts.ts).
import seedrandom from 'seedrandom';
import { MODES, parseExperiment, runExperiment, type Experiment, type Mode, type RunResult } from '../cpu/planner';
import { MAZE_10, SETTINGS, type Setting } from './eval-planner-facts';

/** One entry per turn: "cell action→HP …" (moves show the cell reached), "R" when the plan was made that turn. */
export function compactTrace(r: RunResult, maxHp: number): string[] {
  const out: string[] = [];
  for (let k = 0; k < r.history.length; k++) {
    const h = r.history[k]!;
    if (h.done.length === 0) continue;
    let hp = h.hp;
    const parts: string[] = [];
    let cell = h.agent;
    for (const a of h.done) {
      if (a.do === 'move') {
        cell = a.at;
        continue;
      }
      if (a.do === 'heal') hp = Math.min(hp + 1, maxHp);
      else {
        // HP after the attack is the next turn's HP minus the heals after it in this turn.
        const after = h.done.slice(h.done.indexOf(a) + 1).filter((b) => b.do === 'heal').length;
        const next = k + 1 < r.history.length ? r.history[k + 1]!.hp : r.finalHp;
        hp = next - after;
      }
      parts.push(`${a.do}→${hp}`);
    }
    out.push(`${h.replanned ? 'R ' : ''}${cell}${parts.length ? ` ${parts.join(' ')}` : ''}`);
  }
  return out;
}

const W = 10;
const H = 10;
const cell = (x: number, y: number) => `${x},${y}`;

/** The HP settings of the paper's 10×10 runs: max HP 5 (§3.6.1), max HP 7 (§3.6.3), start HP 1 of 5 (§3.6.5). */
export const GAP_SETTINGS = ['hp5', 'hp7', 'hp1'] as const satisfies readonly Setting[];
export type GapSetting = (typeof GAP_SETTINGS)[number];
/** How a report names a setting: 'HP 5 of 5, λ 4'. */
export const gapLabel = (s: GapSetting) => `HP ${SETTINGS[s].hp} of ${SETTINGS[s].maxHp}, λ ${SETTINGS[s].lambda}`;

/**
 * A 10×10 run like the fixtures (start bottom-left, goal top-right, 5 enemies of reward 1 and damage
 * 2, heal anywhere) with the enemies at random free cells and 3 of them walking random routes of 3–6
 * cells (a random walk without revisits), from a seeded stream; HP as in one of the paper's settings
 * (the layout depends on the seed only, so the settings share it).
 */
export function randomRouteExperiment(seed: string, setting: GapSetting = 'hp5'): Experiment {
  const rng = seedrandom(seed);
  const ri = (n: number) => Math.floor(rng() * n);
  const used = new Set<string>([cell(0, 9), cell(9, 0)]);
  const enemies: { at: string; reward: number; damage: number }[] = [];
  const routes: { enemy: number; path: string[] }[] = [];
  while (enemies.length < 5) {
    const x = ri(W);
    const y = ri(H);
    if (used.has(cell(x, y))) continue;
    used.add(cell(x, y));
    enemies.push({ at: cell(x, y), reward: 1, damage: 2 });
  }
  for (let e = 0; e < 3; e++) {
    const [sx, sy] = enemies[e]!.at.split(',').map(Number) as [number, number];
    const path = [cell(sx, sy)];
    const seen = new Set(path);
    let x = sx;
    let y = sy;
    const len = 3 + ri(4);
    for (let tries = 0; path.length < len && tries < 40; tries++) {
      const d = ri(4);
      const nx = x + (d === 0 ? 1 : d === 1 ? -1 : 0);
      const ny = y + (d === 2 ? 1 : d === 3 ? -1 : 0);
      if (nx < 0 || ny < 0 || nx >= W || ny >= H || seen.has(cell(nx, ny))) continue;
      x = nx;
      y = ny;
      seen.add(cell(x, y));
      path.push(cell(x, y));
    }
    if (path.length >= 2) routes.push({ enemy: e, path });
  }
  const maze = MAZE_10;
  const { maxHp, hp, lambda } = SETTINGS[setting];
  return parseExperiment(
    {
      name: `random routes ${seed}`,
      instance: { maze, maxHp, hp, lambda, enemies, time: { attack: 1, heal: 1 }, healAt: 'anywhere' },
      routes,
      maxTurns: 200,
    },
    `random routes ${seed}`,
  );
}

export interface RouteGap {
  runs: number;
  modes: Record<Mode, { meanKills: number; goal: number; meanFinalHp: number }>;
  unrestrictedMore: number;
  equal: number;
  unrestrictedFewer: number;
}

/** Every mode on `n` seeded random-route experiments (seeds `${seed}:routes:1..n`) in one HP setting. */
export function routeGap(n: number, seed: string, onProgress?: (done: number) => void, setting: GapSetting = 'hp5'): RouteGap {
  const sum = Object.fromEntries(MODES.map((m) => [m, { kills: 0, goal: 0, hp: 0 }])) as Record<
    Mode,
    { kills: number; goal: number; hp: number }
  >;
  let more = 0;
  let equal = 0;
  let fewer = 0;
  for (let i = 1; i <= n; i++) {
    const exp = randomRouteExperiment(`${seed}:routes:${i}`, setting);
    const k: Partial<Record<Mode, number>> = {};
    for (const m of MODES) {
      const r = runExperiment(exp, m);
      sum[m].kills += r.kills;
      sum[m].hp += r.finalHp;
      if (r.reachedGoal) sum[m].goal++;
      k[m] = r.kills;
    }
    if (k.unrestricted! > k.restricted!) more++;
    else if (k.unrestricted === k.restricted) equal++;
    else fewer++;
    onProgress?.(i);
  }
  const modes = Object.fromEntries(
    MODES.map((m) => [m, { meanKills: sum[m].kills / n, goal: sum[m].goal, meanFinalHp: sum[m].hp / n }]),
  ) as RouteGap['modes'];
  return { runs: n, modes, unrestrictedMore: more, equal, unrestrictedFewer: fewer };
}

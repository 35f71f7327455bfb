// Editing the Planner lab's grid (the scene only turns mouse and keys into these calls): the tools,
// the parameter keys, and plain-language reasons when an edit is refused or makes the plan impossible.
// The reasons come from the catalogue (src/i18n, lab.refused / lab.noPlan): English in Node, the
// player's language in the lab.
import { parseExperiment, plan } from '../cpu/planner/index';
import { t } from '../i18n/i18n';
import { experimentJson, type LabCell, type LabModel } from './planner-lab-model';

export type Tool = 'wall' | 'erase' | 'enemy' | 'route' | 'heal' | 'start' | 'goal';
export const TOOLS: readonly { tool: Tool; key: string; label: string }[] = [
  { tool: 'wall', key: '1', label: 'Wall' },
  { tool: 'erase', key: '2', label: 'Erase' },
  { tool: 'enemy', key: '3', label: 'Enemy' },
  { tool: 'route', key: '4', label: 'Route' },
  { tool: 'heal', key: '5', label: 'Heal pad' },
  { tool: 'start', key: '6', label: 'Start' },
  { tool: 'goal', key: '7', label: 'Goal' },
];

/** Bounds of the lab's parameters (the planner takes more from files; the lab keeps runs interactive). */
export const LAB_MAX_HP = 20;
export const LAB_MAX_LAMBDA = 40;

export interface PaintInput {
  cell: LabCell;
  tool: Tool;
  /** The first cell of a stroke (clicks select; drags only paint). */
  first: boolean;
  /** Shift held: the goal tool adds a goal instead of moving it. */
  shift: boolean;
  /** The enemy selected for the route tool and the reward/damage keys (-1: none). */
  selected: number;
  newEnemy: { reward: number; damage: number };
}

export interface PaintResult {
  /** The model changed (results are stale). */
  changed: boolean;
  selected: number;
  /** Why nothing happened, when the person should be told. */
  refused?: string;
}

const same = (a: LabCell, b: LabCell) => a.x === b.x && a.y === b.y;

/** Applies one tool to one cell of a grid model (in place). */
export function paintCell(m: LabModel, input: PaintInput): PaintResult {
  const { cell: c, tool, first } = input;
  let selected = input.selected;
  const i = c.y * m.width + c.x;
  const enemyAt = m.enemies.findIndex((e) => same(e, c));
  const removeMarks = () => {
    m.heals = m.heals.filter((h) => !same(h, c));
    m.goals = m.goals.length > 1 ? m.goals.filter((g) => !same(g, c)) : m.goals;
    if (enemyAt >= 0) {
      m.enemies.splice(enemyAt, 1);
      selected = -1;
    }
  };
  const unchanged = (refused?: string): PaintResult => ({ changed: false, selected, ...(refused ? { refused } : {}) });
  switch (tool) {
    case 'wall':
      if (same(m.start, c)) return unchanged(first ? t('lab.refused.wallStart') : undefined);
      if (m.goals.some((g) => same(g, c))) return unchanged(first ? t('lab.refused.wallGoal') : undefined);
      if (m.walls[i]) return unchanged();
      removeMarks();
      m.walls[i] = 1;
      break;
    case 'erase':
      if (!m.walls[i] && enemyAt < 0 && !m.heals.some((h) => same(h, c)) && !(m.goals.length > 1 && m.goals.some((g) => same(g, c))))
        return unchanged();
      m.walls[i] = 0;
      removeMarks();
      break;
    case 'enemy':
      if (!first) return unchanged();
      if (enemyAt >= 0) return { changed: false, selected: enemyAt };
      if (same(m.start, c)) return unchanged(t('lab.refused.enemyStart'));
      m.walls[i] = 0;
      m.enemies.push({ ...c, ...input.newEnemy, route: [] });
      selected = m.enemies.length - 1;
      break;
    case 'route': {
      if (enemyAt >= 0 && first) {
        // Clicking an enemy selects it; clicking the selected one again clears its route.
        if (selected === enemyAt && m.enemies[enemyAt]!.route.length) {
          m.enemies[enemyAt]!.route = [];
          return { changed: true, selected };
        }
        return { changed: false, selected: enemyAt };
      }
      const e = m.enemies[selected];
      if (!e) return unchanged(first ? t('lab.refused.routeFirst') : undefined);
      if (m.walls[i]) return unchanged(first ? t('lab.refused.routeWall') : undefined);
      const last = e.route.length ? e.route[e.route.length - 1]! : e;
      if (same(last, c)) return unchanged();
      if (Math.abs(last.x - c.x) + Math.abs(last.y - c.y) !== 1) return unchanged(first ? t('lab.refused.routeStep') : undefined);
      e.route.push({ ...c });
      break;
    }
    case 'heal':
      if (m.heals.some((h) => same(h, c))) return unchanged();
      m.walls[i] = 0;
      m.heals.push({ ...c });
      break;
    case 'start':
      if (same(m.start, c)) return unchanged();
      if (enemyAt >= 0) return unchanged(t('lab.refused.startEnemy'));
      m.walls[i] = 0;
      m.start = { ...c };
      break;
    case 'goal':
      m.walls[i] = 0;
      if (first && input.shift) {
        if (m.goals.some((g) => same(g, c))) return unchanged();
        m.goals.push({ ...c });
      } else {
        if (m.goals.length === 1 && same(m.goals[0]!, c)) return unchanged();
        m.goals = [{ ...c }];
      }
      break;
  }
  return { changed: true, selected };
}

/** The parameter keys of the lab (hp, max HP, λ, objective, heal rule); true when the key was one of them. */
export function applyParamKey(m: LabModel, key: string): boolean {
  switch (key) {
    case 'q':
      m.hp = Math.min(m.maxHp, m.hp + 1);
      return true;
    case 'a':
      m.hp = Math.max(1, m.hp - 1);
      return true;
    case 'w':
      m.maxHp = Math.min(LAB_MAX_HP, m.maxHp + 1);
      return true;
    case 's':
      m.maxHp = Math.max(1, m.maxHp - 1);
      m.hp = Math.min(m.hp, m.maxHp);
      return true;
    case 'e':
      m.lambda = Math.min(LAB_MAX_LAMBDA, m.lambda + 1);
      return true;
    case 'd':
      m.lambda = Math.max(0, m.lambda - 1);
      return true;
    case 'o':
      m.objective = m.objective === 'kills' ? 'shortest' : 'kills';
      return true;
    case 'n':
      m.healAnywhere = !m.healAnywhere;
      return true;
    default:
      return false;
  }
}

/** Reward/damage of the selected enemy, or of the next enemy placed (never below 0). */
export function adjustEnemy(m: LabModel, selected: number, newEnemy: { reward: number; damage: number }, dr: number, dd: number): void {
  const target = m.enemies[selected] ?? newEnemy;
  target.reward = Math.max(0, target.reward + dr);
  target.damage = Math.max(0, target.damage + dd);
}

/** Open cells reachable from the start by 4-neighbour moves (walls block; enemies do not). */
function reachable(m: LabModel): Uint8Array {
  const seen = new Uint8Array(m.width * m.height);
  const queue = [m.start.y * m.width + m.start.x];
  seen[queue[0]!] = 1;
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q]!;
    const x = v % m.width;
    const y = (v - x) / m.width;
    for (const [nx, ny] of [
      [x + 1, y],
      [x - 1, y],
      [x, y + 1],
      [x, y - 1],
    ] as const) {
      if (nx < 0 || ny < 0 || nx >= m.width || ny >= m.height) continue;
      const n = ny * m.width + nx;
      if (seen[n] || m.walls[n]) continue;
      seen[n] = 1;
      queue.push(n);
    }
  }
  return seen;
}

/**
 * Why the model has no plan, in plain words, or null when the first plan exists: λ below the damage
 * the agent starts with, the goal walled off, or λ too low for any way to the goal (with the least λ
 * that would do).
 */
export function whyNoPlan(m: LabModel): string | null {
  const startDamage = m.maxHp - m.hp;
  if (m.lambda < startDamage) return t('lab.noPlan.startDamage', { lambda: m.lambda, damage: startDamage, hp: m.hp, max: m.maxHp });
  if (m.kind !== 'grid') return null;
  const seen = reachable(m);
  if (!m.goals.some((g) => seen[g.y * m.width + g.x])) return t('lab.noPlan.walledOff');
  const feasibleAt = (lambda: number): boolean | null => {
    try {
      const exp = parseExperiment(experimentJson({ ...m, lambda }), 'lab');
      return plan(exp.instance, { mode: 'unrestricted' }).feasible;
    } catch {
      return null; // the planner refuses the model itself; its own message is shown
    }
  };
  if (feasibleAt(m.lambda) !== false) return null;
  for (let lambda = m.lambda + 1; lambda <= m.maxHp - 1; lambda++) {
    if (feasibleAt(lambda)) return t('lab.noPlan.lambdaLow', { lambda: m.lambda, enough: lambda });
  }
  return t('lab.noPlan.noWay', { lambda: m.maxHp - 1 });
}

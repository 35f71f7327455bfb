// npm run -s eval:planner -- [--random N] [--json]
// Reproduces seed 001's runs (§3.5 six locations; §3.6–3.7 10×10 with moving enemies) with all
// three modes next to the paper's outcomes, and compares plan quality of the paper's modes with
// exact mode on random static 10×10 instances.

import { readdirSync } from 'node:fs';
import seedrandom from 'seedrandom';
import { parseExperiment, parseInstance, parseJsonText, plan, runExperiment, validatePlan, MODES, type InstanceJson, type Mode } from '../cpu/planner';
import { progress, readTextFile, runTool, type ToolSpec } from './common';

const spec: ToolSpec = {
  name: 'eval:planner',
  usage: 'npm run -s eval:planner -- [--fixtures DIR] [--random N] [--seed S] [--json]',
  summary: "Reproduces the planner paper's runs (fixtures/planner) for every mode next to the paper's outcome, and compares plan quality with exact mode on random 10×10 instances.",
  options: [
    { name: 'fixtures', kind: 'string', help: 'folder with paper-3.5.json and grid10-*.json', default: 'fixtures/planner' },
    { name: 'random', kind: 'int', help: 'random static 10×10 instances for the quality comparison', default: 300 },
    { name: 'seed', kind: 'string', help: 'seed of the random instances', default: 'eval-planner' },
  ],
};

const PAPER_35 = 'a→c, attack, heal, →e, →d, heal, attack, →f (2 kills, HP 1)';

interface Row {
  scenario: string;
  mode: Mode;
  kills: number;
  finalHp: number;
  time: number;
  actions: number;
  turns: number;
  end: string;
  paper: string;
}

export function randomGrid(rng: () => number): InstanceJson {
  const ri = (a: number, b: number) => a + Math.floor(rng() * (b - a + 1));
  const rows: string[] = [];
  for (let y = 0; y < 10; y++) {
    let r = '';
    for (let x = 0; x < 10; x++) r += x === 0 && y === 9 ? 'P' : x === 9 && y === 0 ? 'G' : rng() < 0.12 ? '#' : '.';
    rows.push(r);
  }
  const open: string[] = [];
  rows.forEach((r, y) => [...r].forEach((c, x) => c === '.' && open.push(`${x},${y}`)));
  const enemies: { at: string; reward: number; damage: number }[] = [];
  const k = ri(3, 6);
  while (enemies.length < k && open.length) enemies.push({ at: open.splice(ri(0, open.length - 1), 1)[0]!, reward: ri(1, 3), damage: ri(1, 2) });
  const maxHp = ri(3, 7);
  const pads = rng() < 0.5;
  const healAt = pads ? Array.from({ length: 2 }, () => open.splice(ri(0, open.length - 1), 1)[0]!).filter(Boolean) : ('anywhere' as const);
  return { maze: rows, maxHp, hp: ri(1, maxHp), enemies, healAt, lambda: maxHp - 1 };
}

void runTool(spec, async (args, json) => {
  const dir = String(args.opts.fixtures);
  const rows: Row[] = [];
  const p35Path = `${dir}/paper-3.5.json`;
  const inst35 = parseInstance(parseJsonText(await readTextFile(p35Path), p35Path), p35Path);
  let paperPlanReproduced = false;
  for (const mode of MODES) {
    const p = plan(inst35, { mode });
    if (!validatePlan(inst35, p).ok) throw new Error(`internal error: invalid plan for ${p35Path} (${mode})`);
    const seq = p.actions.map((a) => (a.do === 'move' ? `→${a.at}` : a.do)).join(', ');
    if (mode === 'restricted') paperPlanReproduced = seq === '→c, attack, heal, →e, →d, heal, attack, →f';
    rows.push({ scenario: '§3.5 six locations', mode, kills: p.killed.length, finalHp: p.finalHp ?? 0, time: p.time ?? 0, actions: p.actions.length, turns: 0, end: seq, paper: mode === 'restricted' ? PAPER_35 : '(paper shows restricted only)' });
  }
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /^grid10-.*\.json$/.test(f)).sort();
  } catch {
    files = [];
  }
  const order = ['grid10-hp5.json', 'grid10-hp7.json', 'grid10-hp1.json', 'grid10-shortest.json'];
  files.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  for (const f of files) {
    const path = `${dir}/${f}`;
    const exp = parseExperiment(parseJsonText(await readTextFile(path), path), path);
    for (const mode of MODES) {
      const r = runExperiment(exp, mode);
      rows.push({ scenario: exp.name, mode, kills: r.kills, finalHp: r.finalHp, time: r.time, actions: r.actions, turns: r.turns, end: r.end, paper: exp.paper[mode] ?? '—' });
    }
  }

  // Quality of the paper's modes against exact on random static instances.
  const n = Number(args.opts.random);
  const rng = seedrandom(String(args.opts.seed));
  const q: Record<Mode, { feasible: number; sameReward: number; rewardSum: number; timeOverSum: number; timeOverN: number }> = {
    restricted: { feasible: 0, sameReward: 0, rewardSum: 0, timeOverSum: 0, timeOverN: 0 },
    unrestricted: { feasible: 0, sameReward: 0, rewardSum: 0, timeOverSum: 0, timeOverN: 0 },
    exact: { feasible: 0, sameReward: 0, rewardSum: 0, timeOverSum: 0, timeOverN: 0 },
  };
  let exactRewardSum = 0;
  let counted = 0;
  for (let i = 0; i < n; i++) {
    const inst = parseInstance(randomGrid(rng), `random #${i}`);
    const ex = plan(inst, { mode: 'exact' });
    if (!ex.feasible) continue;
    counted++;
    exactRewardSum += ex.reward;
    for (const mode of MODES) {
      const p = plan(inst, { mode });
      if (!validatePlan(inst, p).ok) throw new Error(`internal error: invalid ${mode} plan on random #${i}`);
      if (!p.feasible) continue;
      const s = q[mode];
      s.feasible++;
      s.rewardSum += p.reward;
      if (p.reward === ex.reward) {
        s.sameReward++;
        s.timeOverSum += p.time / ex.time - 1;
        s.timeOverN++;
      }
    }
    if (!json) progress('random instances', i + 1, n);
  }
  const quality = Object.fromEntries(
    MODES.map((m) => {
      const s = q[m];
      return [m, { feasible: s.feasible, optimalReward: s.sameReward, rewardVsExact: exactRewardSum ? s.rewardSum / exactRewardSum : 1, meanExtraTimeWhenSameReward: s.timeOverN ? s.timeOverSum / s.timeOverN : 0 }];
    }),
  );

  if (!json) {
    console.log(`§3.5 restricted plan equals the paper's: ${paperPlanReproduced ? 'yes' : 'NO'}`);
    const head = ['scenario', 'mode', 'kills', 'final HP', 'time', 'actions', 'turns', 'paper'];
    const table = rows.map((r) => [r.scenario, r.mode, String(r.kills), String(r.finalHp), String(r.time), String(r.actions), r.turns ? `${r.turns} (${r.end})` : '—', r.paper]);
    const w = head.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]!.length)));
    console.log(head.map((h, i) => h.padEnd(w[i]!)).join('  '));
    for (const t of table) console.log(t.map((c, i) => c.padEnd(w[i]!)).join('  '));
    console.log(`\nplan quality on ${counted} feasible random static 10×10 instances (seed '${String(args.opts.seed)}'), against exact:`);
    for (const m of MODES) {
      const s = quality[m]!;
      console.log(`  ${m.padEnd(12)} feasible ${s.feasible}/${counted}, optimal reward ${s.optimalReward}/${counted}, total reward ${(100 * s.rewardVsExact).toFixed(1)}% of exact, +${(100 * s.meanExtraTimeWhenSameReward).toFixed(1)}% time when the reward is optimal`);
    }
  }
  return { paperPlanReproduced, rows, quality: { instances: counted, ...quality } };
});

// Places the built-in difficulties on the strength scale (src/cpu/presets/strength.ts) where the
// reference players meet issue 22's targets, by noisy bisection of the player's win rate over the
// strength (src/preset-eval/calibrate.ts; the same seeds at every strength):
//   Easy    — the newcomer wins 40 % (target ≥ 30 %, with a median survival ≥ 90 s),
//   Normal  — the casual player wins 50 % (target 40–60 %),
//   Hard    — the skilled player wins 50 % (target 40–60 %),
//   Lunatic — the skilled player wins 20 % (target ≥ 10 %).
// The references are frozen and never tuned here: only where the difficulties sit moves.
//
//   npx tsx scripts/place-ladder.ts [--seeds 20] [--max-seeds 80] [--only easy,normal] [--write] [--json]
//
// `--write` writes the four CPU presets (src/cpu/presets/builtin/) and stage presets
// (src/sim/stage-presets/) at the strengths found. Then check with `npm run -s presets -- ladder`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineTool, runIfEntry, UsageError, type ToolSpec } from '../src/cli/common';
import { runJobs } from '../src/cli/presets-pool';
import { writeFileAtomic } from '../src/cli/replay-files';
import { getReferencePlayer } from '../src/controllers/reference';
import { strengthCpu, strengthStage } from '../src/cpu/presets/strength';
import { calibrate, type Measurement } from '../src/preset-eval/calibrate';
import type { LadderJob, LadderMatch } from '../src/preset-eval/jobs';
import { proportionCI } from '../src/preset-eval/stats';

interface Anchor {
  pair: 'easy' | 'normal' | 'hard' | 'lunatic';
  label: string;
  player: string;
  /** The player's win rate the anchor is placed at. */
  win: number;
  /** What a player meets there, in the player's words (the title screen shows these). */
  stage: string;
  cpu: string;
}

export const ANCHORS: readonly Anchor[] = [
  {
    pair: 'easy',
    label: 'Easy',
    player: 'newcomer',
    win: 0.4,
    stage: 'Slow, sparse bullets and long breaks between waves; made for a first match',
    cpu: 'Slow to notice bullets, often drifts into them and never sends big attacks; someone new to the genre wins about half the time',
  },
  {
    pair: 'normal',
    label: 'Normal',
    player: 'casual',
    win: 0.5,
    stage: 'Moderate bullets that thicken slowly',
    cpu: 'Notices bullets late, makes mistakes now and then, sends a boss with a full gauge; a player who knows the genre wins about half',
  },
  {
    pair: 'hard',
    label: 'Hard',
    player: 'skilled',
    win: 0.5,
    stage: 'Quicker, denser volleys',
    cpu: 'Quicker to notice bullets, looks further ahead and makes few mistakes; a practised player wins about half the time',
  },
  {
    pair: 'lunatic',
    label: 'Lunatic',
    player: 'skilled',
    win: 0.2,
    stage: 'Fast, dense volleys that keep growing',
    cpu: 'Quick, rarely slips and keeps up the pressure; a practised player wins about one match in five',
  },
];

const spec = {
  name: 'place-ladder',
  usage: 'npx tsx scripts/place-ladder.ts [--seeds N] [--max-seeds N] [--only PAIRS] [--write] [--json]',
  summary: 'Places Easy–Lunatic on the strength scale where the reference players meet their targets.',
  positional: [0, 0],
  options: [
    { name: 'seeds', kind: 'int', help: 'seeds of the first measurement at each strength', default: 20, min: 2, max: 1000 },
    { name: 'max-seeds', kind: 'int', help: 'most seeds at one strength', default: 80, min: 2, max: 4000 },
    { name: 'only', kind: 'string', help: 'comma-separated pairs to place (default all four)' },
    { name: 'write', kind: 'flag', help: 'write the presets at the strengths found' },
    { name: 'at', kind: 'string', help: 'no search: take these strengths (easy=0.16,normal=0.32,…) and write them' },
  ],
} as const satisfies ToolSpec;

async function place(a: Anchor, seeds: number, maxSeeds: number, log: (l: string) => void) {
  const reference = getReferencePlayer(a.player);
  return calibrate({
    lo: 0,
    hi: 1,
    step: 0.01,
    target: a.win,
    seeds,
    maxSeeds,
    interval: proportionCI,
    measure: async (s, from, count) => {
      const jobs: LadderJob[] = Array.from({ length: count }, (_, k) => ({
        kind: 'ladder',
        seed: from + k,
        player: { kind: 'reference', reference },
        pair: a.pair,
        opponent: strengthCpu(s),
        stage: strengthStage(s),
      }));
      const { results } = await runJobs(jobs, `${a.pair} s=${s}`);
      return (results as LadderMatch[]).map((r) => r.won!);
    },
    onMeasure: (m: Measurement) =>
      log(
        `  ${a.pair}: strength ${m.param.toFixed(2)}: ${a.player} wins ${(100 * m.value).toFixed(0)} % ` +
          `[${(100 * m.lo).toFixed(0)}–${(100 * m.hi).toFixed(0)}] (${m.n} seeds)`,
      ),
  });
}

function writePresets(a: Anchor, s: number): string[] {
  const tag = `(strength ${Math.round(s * 100)} of 100)`;
  const cpu = strengthCpu(s, a.pair);
  cpu.label = a.label;
  cpu.description = `${a.cpu} ${tag}.`;
  const stage = strengthStage(s, a.pair);
  stage.label = a.label;
  stage.description = `${a.stage} ${tag}.`;
  const files = [join('src/cpu/presets/builtin', `${a.pair}.json`), join('src/sim/stage-presets', `${a.pair}.json`)];
  writeFileAtomic(files[0]!, new TextEncoder().encode(`${JSON.stringify(cpu, null, 2)}\n`));
  writeFileAtomic(files[1]!, new TextEncoder().encode(`${JSON.stringify(stage, null, 2)}\n`));
  return files;
}

export const main = defineTool(spec, async (args, json, out) => {
  const o = args.opts;
  const want = o.only === undefined ? ANCHORS.map((a) => a.pair) : o.only.split(',');
  for (const w of want) if (!ANCHORS.some((a) => a.pair === w)) throw new UsageError(`--only: unknown pair '${w}'`);
  const t0 = Date.now();
  const placed: { pair: string; player: string; strength: number; estimate: Measurement; reachable: boolean; runs: number }[] = [];
  const given = new Map<string, number>();
  for (const kv of o.at ? o.at.split(',') : []) {
    const m = /^([a-z]+)=([0-9.]+)$/.exec(kv);
    const s = m ? Number(m[2]) : Number.NaN;
    if (!m || !ANCHORS.some((a) => a.pair === m[1]) || !(s >= 0 && s <= 1))
      throw new UsageError(`--at: '${kv}' is not PAIR=STRENGTH (0..1)`);
    given.set(m[1]!, s);
  }
  for (const a of ANCHORS.filter((x) => (given.size ? given.has(x.pair) : want.includes(x.pair)))) {
    if (given.has(a.pair)) {
      const s = given.get(a.pair)!;
      placed.push({
        pair: a.pair,
        player: a.player,
        strength: s,
        estimate: { param: s, value: NaN, lo: NaN, hi: NaN, n: 0 },
        reachable: true,
        runs: 0,
      });
      continue;
    }
    const r = await place(a, o.seeds, Math.max(o.seeds, o['max-seeds']), (l) => out.warn(l));
    placed.push({ pair: a.pair, player: a.player, strength: r.value, estimate: r.estimate, reachable: r.reachable, runs: r.seedsRun });
    if (!json)
      out.log(
        `${a.label.padEnd(8)} strength ${r.value.toFixed(2)}: ${a.player} wins ${(100 * r.estimate.value).toFixed(0)} % ` +
          `[${(100 * r.estimate.lo).toFixed(0)}–${(100 * r.estimate.hi).toFixed(0)}] (${r.estimate.n} seeds; target ${100 * a.win} %)` +
          `${r.reachable ? '' : ' — target out of reach'}`,
      );
  }
  const ordered = placed.every((p, i) => i === 0 || p.strength >= placed[i - 1]!.strength);
  if (!json) out.log(`ordered by strength: ${ordered ? 'yes' : 'NO'}; ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const written: string[] = [];
  if (o.write || given.size) for (const p of placed) written.push(...writePresets(ANCHORS.find((a) => a.pair === p.pair)!, p.strength));
  if ((o.write || given.size) && placed.length) {
    const file = 'src/cpu/presets/builtin/ladder-strengths.json';
    const old = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
    for (const p of placed) old[p.pair] = p.strength;
    writeFileAtomic(file, new TextEncoder().encode(`${JSON.stringify(old, null, 2)}\n`));
    written.push(file);
  }
  if (!json && written.length) out.log(`wrote ${written.join(', ')}`);
  return { placed, ordered, written, seconds: (Date.now() - t0) / 1000 };
});

await runIfEntry(import.meta.url, main);

// Searches enemy placements and routes for the planner paper's 10×10 runs (seed 001 §3.6.1–3.7) under
// today's rules (replan only after a move, restriction kept across turns) and the planner's
// restricted tie-break, and reports how many candidate layouts match each fact the paper's narratives
// state, so a reader sees how special the layout chosen for fixtures/planner/grid10-*.json is.
//
//   npx tsx scripts/search-planner-routes.ts [--seed S] [--candidates N] [--finalists K]
//     [--ties hurt|early|late|first|all] [--write] [--json]
//
// A candidate (all from the seeded stream `${seed}:${i}`, so candidate i is the same whatever N is):
// the 10×10 grid of §3.6.1 (start bottom-left, goal top-right, every action 1 time unit, heal
// anywhere, 5 enemies of reward 1 and damage 2); enemy 0 ("the leftmost", static) on the left column
// at least 2 points above the start (§3.6.5 heals at 2 points from the start up to 2 above it and then
// attacks it, healing after the attack at its point; §3.7 passes it going up), enemy 1 ("the
// centre", static) on one of the four centre cells, and three walkers on straight routes of 3–6 cells
// walked back and forth from one end: enemy 2 ("the top") within the top four rows, enemy 3 ("the
// right") within the right four columns, enemy 4 anywhere. No two enemies share a cell of their
// routes, none touches the start or the goal. These are the only constraints, read from the paper's
// names for the enemies; nothing else is tuned.
//
// Phase 1 runs the cheap runs of every candidate (restricted at max HP 5, max HP 7 and start HP 1, and
// the shortest route); phase 2 adds the unrestricted runs for the K best of phase 1. Candidates are
// ranked tier by tier (eval-planner-facts.ts): the paper's table (kills, final HP), then the first
// attack (HP before it, a heal right after it), then all facts, then the smaller candidate number.
// `--write` puts the best into the four fixtures (enemies, routes and the note naming the candidate;
// the paper's outcome, narrative and the `differences` stay).
import seedrandom from 'seedrandom';
import { HEAL_TIES, type HealTie } from '../src/cpu/planner';
import { defineTool, parseJsonText, progress, readTextFile, runIfEntry, UsageError } from '../src/cli/common';
import { writeFileAtomic } from '../src/cli/replay-files';
import { isPlainObject } from '../src/replay/json';
import {
  checkFacts,
  FIXTURE_OF,
  layoutExperiment,
  layoutJson,
  PAPER_FACTS,
  RUN_KEYS,
  runLayout,
  SETTING_NAMES,
  type FactResult,
  type Layout,
  type RunKey,
  type Setting,
} from '../src/cli/eval-planner-facts';

const PHASE1: RunKey[] = ['r5', 'r7', 'r1', 'rs'];
const PHASE2: RunKey[] = RUN_KEYS.filter((k) => !PHASE1.includes(k));
/** Tier-1 facts: kills and final HP of every run, and no attack on the shortest route (the paper's table). */
const HEADLINE = new Set(PAPER_FACTS.filter((f) => f.tier === 1).map((f) => f.id));
const FIRST = new Set(PAPER_FACTS.filter((f) => f.tier === 2).map((f) => f.id));

const cell = (x: number, y: number) => `${x},${y}`;

/** Candidate `i` of the seeded stream. */
export function candidate(seed: string, i: number): Layout {
  const rng = seedrandom(`${seed}:${i}`);
  const ri = (n: number) => Math.floor(rng() * n);
  const used = new Set<string>([cell(0, 9), cell(9, 0)]);
  const leftmost = cell(0, 1 + ri(7)); // 0,1 .. 0,7
  used.add(leftmost);
  const centre = [cell(4, 4), cell(5, 4), cell(4, 5), cell(5, 5)][ri(4)]!;
  used.add(centre);
  const regions: ((x: number, y: number) => boolean)[] = [(_x, y) => y <= 3, (x) => x >= 6, () => true];
  const walkers = regions.map((inRegion) => {
    for (;;) {
      const len = 3 + ri(4);
      const horizontal = rng() < 0.5;
      const x0 = ri(horizontal ? 11 - len : 10);
      const y0 = ri(horizontal ? 10 : 11 - len);
      const path = Array.from({ length: len }, (_, k) => (horizontal ? [x0 + k, y0] : [x0, y0 + k]) as [number, number]);
      if (!path.every(([x, y]) => inRegion(x, y) && !used.has(cell(x, y)))) continue;
      if (rng() < 0.5) path.reverse();
      for (const [x, y] of path) used.add(cell(x, y));
      return path.map(([x, y]) => cell(x, y));
    }
  }) as Layout['walkers'];
  return { leftmost, centre, walkers };
}

interface Scored {
  i: number;
  layout: Layout;
  facts: FactResult[];
  headline: number;
  first: number;
  matched: number;
}

function score(i: number, layout: Layout, keys: readonly RunKey[], ties: HealTie, prior: FactResult[] = []): Scored {
  const exps = Object.fromEntries(SETTING_NAMES.map((s) => [s, layoutExperiment(layout, s)])) as Record<
    Setting,
    ReturnType<typeof layoutExperiment>
  >;
  const { summaries } = runLayout(exps, keys, ties);
  // Facts of one run may read another's summary (us.same reads rs), so phase 2 reruns rs (cheap).
  const facts = [...prior.filter((f) => !keys.includes(f.run)), ...checkFacts(summaries).filter((f) => keys.includes(f.run))];
  const ok = facts.filter((f) => f.ok);
  return {
    i,
    layout,
    facts,
    headline: ok.filter((f) => HEADLINE.has(f.id)).length,
    first: ok.filter((f) => FIRST.has(f.id)).length,
    matched: ok.length,
  };
}

/** Tier by tier: the paper's table, then the first attack, then every fact; then the earlier candidate. */
const better = (a: Scored, b: Scored) => a.headline - b.headline || a.first - b.first || a.matched - b.matched || b.i - a.i;

interface TieReport {
  ties: HealTie;
  candidates: number;
  finalists: number;
  /** Per fact: how many candidates (phase-1 facts) or finalists (phase-2 facts) match it. */
  perFact: { id: string; what: string; paper: unknown; matched: number; of: number; structural: boolean }[];
  /** Phase-1 candidates matching every phase-1 fact; finalists matching every fact (structural ones aside). */
  allPhase1: number;
  allFacts: number;
  /** Candidates matching every phase-1 fact of tiers 1–2 (kills, final HP, the first attack of the three restricted runs). */
  tableAndFirst: number;
  /** Histogram of phase-1 facts matched. */
  phase1Histogram: number[];
  best: { candidate: number; layout: Layout; headline: number; first: number; matched: number; facts: FactResult[] };
  /** The 10 best finalists: candidate, facts matched per tier, the facts they miss. */
  top: { candidate: number; headline: number; first: number; matched: number; missing: string[] }[];
  seconds: number;
}

function searchTies(
  seed: string,
  n: number,
  k: number,
  ties: HealTie,
  onProgress?: (d: number, t: number, what: string) => void,
): TieReport {
  const t0 = performance.now();
  const phase1: Scored[] = [];
  for (let i = 0; i < n; i++) {
    phase1.push(score(i, candidate(seed, i), PHASE1, ties));
    onProgress?.(i + 1, n, `phase 1 (${ties})`);
  }
  const nFacts1 = phase1[0]?.facts.length ?? 0;
  const hist = new Array(nFacts1 + 1).fill(0);
  for (const s of phase1) hist[s.matched]++;
  const finalists = phase1
    .slice()
    .sort((a, b) => better(b, a))
    .slice(0, k);
  const full: Scored[] = finalists.map((s, j) => {
    const r = score(s.i, s.layout, [...PHASE2, 'rs'], ties, s.facts);
    onProgress?.(j + 1, finalists.length, `phase 2 (${ties})`);
    return r;
  });
  const ranked = full.slice().sort((a, b) => better(b, a));
  const best = ranked[0]!;
  const perFact = PAPER_FACTS.map((f) => {
    const pool = PHASE1.includes(f.run) ? phase1 : full;
    return {
      id: f.id,
      what: f.what,
      paper: f.paper,
      matched: pool.filter((s) => s.facts.find((x) => x.id === f.id)?.ok).length,
      of: pool.length,
      structural: !!f.structural,
    };
  });
  return {
    ties,
    candidates: n,
    finalists: full.length,
    perFact,
    allPhase1: phase1.filter((s) => s.facts.every((f) => f.ok)).length,
    tableAndFirst: phase1.filter((s) => s.facts.every((f) => f.ok || f.tier === 3)).length,
    allFacts: full.filter((s) => s.facts.every((f) => f.ok || f.structural)).length,
    phase1Histogram: hist,
    best: { candidate: best.i, layout: best.layout, headline: best.headline, first: best.first, matched: best.matched, facts: best.facts },
    top: ranked.slice(0, 10).map((x) => ({
      candidate: x.i,
      headline: x.headline,
      first: x.first,
      matched: x.matched,
      missing: x.facts.filter((f) => !f.ok && !f.structural).map((f) => f.id),
    })),
    seconds: (performance.now() - t0) / 1000,
  };
}

export const main = defineTool(
  {
    name: 'search-planner-routes',
    usage:
      'npx tsx scripts/search-planner-routes.ts [--seed S] [--candidates N] [--finalists K] ' +
      '[--ties hurt|early|late|first|all] [--write] [--json]',
    summary:
      "Seeded search of enemy placements and routes for the planner paper's 10×10 runs; counts the candidates matching each of " +
      "the paper's facts and picks one layout for all runs.",
    options: [
      { name: 'seed', kind: 'string', help: 'seed of the candidate stream', default: 'planner-routes' },
      { name: 'candidates', kind: 'int', help: 'candidate layouts (phase 1)', default: 10000, min: 1, max: 1000000 },
      {
        name: 'finalists',
        kind: 'int',
        help: 'best phase-1 candidates that also get the unrestricted runs',
        default: 500,
        min: 1,
        max: 100000,
      },
      { name: 'ties', kind: 'string', help: "the restricted search's heal tie-break: hurt, early, late, first or all", default: 'hurt' },
      { name: 'write', kind: 'flag', help: "write the chosen layout (under the planner's default tie-break) into fixtures/planner" },
      { name: 'fixtures', kind: 'string', help: 'fixture folder for --write', default: 'fixtures/planner', needs: 'write' },
    ],
  },
  async (args, json, out) => {
    const seed = String(args.opts.seed);
    const n = Number(args.opts.candidates);
    const k = Number(args.opts.finalists);
    const tieArg = String(args.opts.ties);
    const tieList: HealTie[] = tieArg === 'all' ? [...HEAL_TIES] : [tieArg as HealTie];
    if (!tieList.every((t) => HEAL_TIES.includes(t)))
      throw new UsageError(`--ties: must be hurt, early, late, first or all (got "${tieArg}")`);
    if (args.opts.write && !tieList.includes('hurt')) throw new UsageError('--write needs the default tie-break (hurt) among --ties');
    // The fixtures are read (and checked) before the search, so a bad one costs nothing and none is half-written.
    const dir = String(args.opts.fixtures);
    const fixtures = args.opts.write
      ? await Promise.all(
          SETTING_NAMES.map(async (s) => {
            const path = `${dir}/${FIXTURE_OF[s]}`;
            const fx = parseJsonText(await readTextFile(path), path);
            if (!isPlainObject(fx) || !isPlainObject(fx.instance))
              throw new UsageError(`${path}: not a planner fixture (no "instance" object)`);
            return { s, path, fx };
          }),
        )
      : [];
    const reports = tieList.map((t) => searchTies(seed, n, k, t, json ? undefined : (d, tot, what) => progress(what, d, tot)));
    if (!json) {
      for (const r of reports) {
        out.log(
          `\n=== restricted heal tie-break "${r.ties}": ${r.candidates} candidate layouts (seed '${seed}'), ${r.finalists} finalists ` +
            `(${r.seconds.toFixed(0)} s)`,
        );
        out.log(`phase-1 facts matched (restricted runs and the shortest route; ${r.phase1Histogram.length - 1} facts):`);
        out.log(
          `  ${r.phase1Histogram
            .map((c, m) => `${m}: ${c}`)
            .filter((_, m) => r.phase1Histogram[m]! > 0)
            .join(', ')}`,
        );
        out.log(
          `  candidates matching every phase-1 fact of the table and the first attack: ${r.tableAndFirst}; every phase-1 fact: ` +
            `${r.allPhase1}; finalists matching every fact (structural ones aside): ${r.allFacts}`,
        );
        out.log('per fact (matched / pool: phase-1 facts over all candidates, the unrestricted ones over the finalists):');
        for (const f of r.perFact)
          out.log(`  ${`${f.matched}/${f.of}`.padStart(11)}  ${f.id.padEnd(20)} ${f.what}${f.structural ? ' [structural]' : ''}`);
        const b = r.best;
        out.log(
          `chosen: candidate ${b.candidate}: leftmost ${b.layout.leftmost}, centre ${b.layout.centre}, ` +
            `top ${b.layout.walkers[0].join(' ')}, right ${b.layout.walkers[1].join(' ')}, third ${b.layout.walkers[2].join(' ')}`,
        );
        out.log(
          `  facts matched: table ${b.headline}/${HEADLINE.size}, first attack ${b.first}/${FIRST.size}, ` +
            `all ${b.matched}/${b.facts.length}; where it differs:`,
        );
        for (const f of b.facts.filter((x) => !x.ok))
          out.log(`    ${f.id}: ours ${JSON.stringify(f.ours)}, paper ${JSON.stringify(f.paper)}${f.structural ? ' (structural)' : ''}`);
        out.log('  the 10 best finalists (table / first attack / all; the facts they miss, structural ones aside):');
        for (const t of r.top)
          out.log(`    #${String(t.candidate).padEnd(6)} ${t.headline} / ${t.first} / ${t.matched}  ${t.missing.join(', ') || '—'}`);
      }
    }
    let written: string[] = [];
    if (args.opts.write) {
      const r = reports.find((x) => x.ties === 'hurt')!;
      const texts = fixtures.map(({ s, path, fx }) => {
        const lj = layoutJson(r.best.layout, s);
        (fx.instance as Record<string, unknown>).enemies = (lj.instance as { enemies: unknown }).enemies;
        fx.routes = lj.routes;
        fx.notes =
          `${String(fx.notes ?? '')
            .replace(/ Enemy cells and routes: .*$/, '')
            .trim()} Enemy cells and routes: candidate ${r.best.candidate} of \`npx tsx scripts/search-planner-routes.ts --seed ` +
          `${seed} --candidates ${n} --finalists ${k}\` (docs/planner.md).`;
        return { path, text: `${JSON.stringify(fx, null, 2)}\n` };
      });
      for (const { path, text } of texts) writeFileAtomic(path, new TextEncoder().encode(text));
      written = texts.map((t) => t.path);
      if (!json) out.log(`\nwrote ${written.join(', ')}`);
    }
    return { seed, candidates: n, finalists: k, reports, written };
  },
);
await runIfEntry(import.meta.url, main);

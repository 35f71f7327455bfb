// CPU time of whole CPU-vs-CPU matches against another checkout of the project, interleaved in one
// process: each seed is played by this tree and by the other one after the other (the order
// alternating), after warm-up matches, so that a busy shared machine slows both alike. Prints
// each tree's sum and median and the ratios (issue 26: "make a Hard-vs-Hard match ≥ 2× faster");
// --split also times the controllers' decisions apart from the rest of the match (the sim).
// The other tree is any checkout with node_modules reachable (e.g. `git worktree add /tmp/old
// 8b6cd84`); its src/sim and src/controllers/registry are imported as they are there.
// Run: `npx tsx scripts/match-speed.ts --against /tmp/old [--seeds 30] [--warmup 4] [--split]`.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createController } from '../src/controllers/registry';
import { createMatch, MatchRunner } from '../src/sim';
import type { Controller } from '../src/sim/controller';
import { defineTool, runIfEntry, UsageError } from '../src/cli/common';
import { MATCH_OPTIONS, matchSetup, type MatchSetup } from './match-options';

interface Tree {
  name: string;
  /** Plays one match; with `split`, returns the CPU time its controllers took (ms), else 0. */
  play(seed: number, split?: boolean): number;
}

/** The controller with the CPU time of its decide() calls added to `acc.ms`. */
function timed(c: Controller, acc: { ms: number }): Controller {
  return {
    spec: c.spec,
    human: c.human,
    decide(state, side) {
      const t0 = cpuMs();
      const bits = c.decide(state, side);
      acc.ms += cpuMs() - t0;
      return bits;
    },
  };
}

function treeOf(
  name: string,
  sim: typeof import('../src/sim'),
  registry: typeof import('../src/controllers/registry'),
  job: MatchSetup,
): Tree {
  return {
    name,
    play(seed, split = false) {
      const state = sim.createMatch({ seed, stages: job.stages, difficulty: job.difficulty });
      const acc = { ms: 0 };
      const controllers = [registry.createController(job.p1), registry.createController(job.p2)];
      const runner = new sim.MatchRunner(state, split ? controllers.map((c) => timed(c, acc)) : controllers);
      runner.runUntil(job.frames);
      return acc.ms;
    },
  };
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const median = (x: readonly number[]) => [...x].sort((a, b) => a - b)[x.length >> 1]!;
const sum = (x: readonly number[]) => x.reduce((a, b) => a + b, 0);

export const main = defineTool(
  {
    name: 'match-speed',
    usage: 'npx tsx scripts/match-speed.ts --against DIR [--seeds N] [--warmup W] [--split] [--p1 cpu:hard] [--p2 cpu:hard]',
    summary:
      'Plays seeds 1..N with this tree and with the checkout in DIR, match by match in one process (after W warm-up matches ' +
      'each), and prints the CPU time of each tree (sum, median a match) and old/new ratios (of the sums, and the median of the ' +
      'per-seed ratios).',
    options: [
      { name: 'against', kind: 'string', help: 'the other checkout (its src/ is imported)' },
      { name: 'seeds', kind: 'int', help: 'seeds played by each tree', default: 30, min: 1, max: 10000 },
      { name: 'warmup', kind: 'int', help: 'matches each tree plays first, not counted', default: 4, min: 0, max: 1000 },
      {
        name: 'split',
        kind: 'flag',
        help: "also time the controllers' decisions apart from the rest (the sim); the timing itself costs a few % of a match",
      },
      ...MATCH_OPTIONS,
    ],
    positional: [0, 0],
  },
  async ({ opts }, json, io) => {
    if (opts.against === undefined) throw new UsageError('--against DIR is needed: the checkout to compare with');
    const dir = resolve(opts.against);
    const simFile = join(dir, 'src/sim/index.ts');
    const registryFile = join(dir, 'src/controllers/registry.ts');
    if (!existsSync(simFile) || !existsSync(registryFile)) {
      throw new UsageError(`${dir} is not a checkout of this project: no src/sim/index.ts or src/controllers/registry.ts there`);
    }
    const job = matchSetup(opts);
    const oldTree = treeOf(
      'old',
      (await import(pathToFileURL(simFile).href)) as typeof import('../src/sim'),
      (await import(pathToFileURL(registryFile).href)) as typeof import('../src/controllers/registry'),
      job,
    );
    const newTree = treeOf(
      'new',
      { createMatch, MatchRunner } as typeof import('../src/sim'),
      { createController } as typeof import('../src/controllers/registry'),
      job,
    );
    for (let i = 0; i < opts.warmup; i++) {
      oldTree.play(1_000_000 + i);
      newTree.play(1_000_000 + i);
    }
    const times: Record<'old' | 'new', number[]> = { old: [], new: [] };
    const ctl: Record<'old' | 'new', number> = { old: 0, new: 0 };
    const split = opts.split === true;
    for (let seed = 1; seed <= opts.seeds; seed++) {
      for (const tree of seed % 2 ? [oldTree, newTree] : [newTree, oldTree]) {
        const t0 = cpuMs();
        const c = tree.play(seed, split);
        times[tree.name as 'old' | 'new'].push(cpuMs() - t0);
        ctl[tree.name as 'old' | 'new'] += c;
      }
    }
    const ratios = times.old.map((t, i) => t / times.new[i]!);
    const report = {
      against: dir,
      seeds: opts.seeds,
      warmup: opts.warmup,
      oldCpuMs: sum(times.old),
      newCpuMs: sum(times.new),
      oldMedianMs: median(times.old),
      newMedianMs: median(times.new),
      ratioOfSums: sum(times.old) / sum(times.new),
      medianRatio: median(ratios),
      ...(split
        ? {
            oldControllersMs: ctl.old,
            newControllersMs: ctl.new,
            controllersRatio: ctl.old / ctl.new,
            restRatio: (sum(times.old) - ctl.old) / (sum(times.new) - ctl.new),
          }
        : {}),
    };
    if (!json) {
      io.log(`old (${dir}): ${report.oldCpuMs.toFixed(0)} ms, median ${report.oldMedianMs.toFixed(0)} ms a match`);
      io.log(`new (this tree): ${report.newCpuMs.toFixed(0)} ms, median ${report.newMedianMs.toFixed(0)} ms a match`);
      io.log(`old / new: ${report.ratioOfSums.toFixed(2)}× (sums), ${report.medianRatio.toFixed(2)}× (median of the per-seed ratios)`);
      if (split) {
        io.log(
          `controllers: old ${ctl.old.toFixed(0)} ms, new ${ctl.new.toFixed(0)} ms, ${(ctl.old / ctl.new).toFixed(2)}×; ` +
            `the rest (sim): ${(sum(times.old) - ctl.old).toFixed(0)} → ${(sum(times.new) - ctl.new).toFixed(0)} ms`,
        );
      }
    }
    return report;
  },
);

await runIfEntry(import.meta.url, main);

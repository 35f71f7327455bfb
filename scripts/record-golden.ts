// Records the golden replays under tests/fixtures/replays/ (headless, deterministic: fixed seeds,
// a fixed date, the sim and the controllers only), and their manifest golden.json. Run it after
// bumping SIM_VERSION: `npm run -s golden:record`. `--check` re-records in memory and exits 1 when
// a committed file differs (nothing is written). tests/replay/golden.test.ts verifies every file.
import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { HumanLikeController } from '../src/controllers/human-like';
import { createController } from '../src/controllers/registry';
import { DODGE_PRESETS } from '../src/cpu/presets';
import { encodeReplay, replayFromRunner } from '../src/replay';
import { writeFileAtomic } from '../src/cli/replay-files';
import { createMatch, MatchRunner, type Controller } from '../src/sim';
import { SIM_VERSION, type MatchConfig } from '../src/sim/config';
import { defineTool, runIfEntry } from '../src/cli/common';

export const GOLDEN_DIR = 'tests/fixtures/replays';
const DATE = '2026-01-01T00:00:00.000Z';
const FRAMES = 1200;

/** Seeded human-like input standing in for a person at the keyboard, marked human as a recording of a person is. */
const scriptedPerson = (seed: number) =>
  new HumanLikeController({ stream: `golden-person:${seed}`, spec: 'human', human: true, chargeChance: 0.004 });

export interface GoldenSpec {
  file: string;
  /** What it covers: 'open', 'maze', 'lee', 'preset:NAME', 'human'. */
  covers: string[];
  seed: number;
  config: Partial<MatchConfig>;
  p1: string;
  p2: string;
}

function controller(spec: string, seed: number): Controller {
  return spec.startsWith('person:') ? scriptedPerson(seed * 31 + Number(spec.slice(7))) : createController(spec);
}

export function goldenSpecs(): GoldenSpec[] {
  const specs: GoldenSpec[] = [
    {
      file: 'open-normal-vs-hard.twrp',
      covers: ['open'],
      seed: 11,
      config: { stages: 'open', difficulty: 'normal' },
      p1: 'cpu:normal',
      p2: 'cpu:hard',
    },
    {
      file: 'maze-normal-vs-hard.twrp',
      covers: ['maze'],
      seed: 12,
      config: { stages: 'maze', difficulty: 'normal' },
      p1: 'cpu:normal',
      p2: 'cpu:hard',
    },
    {
      // The maze chasers by Lee's algorithm (SIM_VERSION 8 changed how they move).
      file: 'maze-lee-normal-vs-hard.twrp',
      covers: ['maze', 'lee'],
      seed: 14,
      config: { stages: 'maze', difficulty: 'normal', chaseMethod: 'lee' },
      p1: 'cpu:normal',
      p2: 'cpu:hard',
    },
    {
      file: 'human-vs-cpu-normal.twrp',
      covers: ['human'],
      seed: 13,
      config: { stages: 'open', difficulty: 'normal' },
      p1: 'person:1',
      p2: 'cpu:normal',
    },
  ];
  // Characters (SIM_VERSION 9): every roster character once, in open and maze stages, and the story's final boss.
  const pairs: [string, string, 'open' | 'maze'][] = [
    ['kurenai', 'shion', 'open'],
    ['kohaku', 'ruri', 'open'],
    ['midori', 'asagi', 'maze'],
  ];
  pairs.forEach(([a, b, stages], i) =>
    specs.push({
      file: `${stages}-${a}-vs-${b}.twrp`,
      covers: [stages, `character:${a}`, `character:${b}`],
      seed: 40 + i,
      config: { stages, difficulty: 'normal', p1Character: a, p2Character: b },
      p1: 'cpu:hard',
      p2: 'cpu:hard',
    }),
  );
  specs.push({
    file: 'final-boss-asagi-vs-kurenai.twrp',
    covers: ['open', 'final-boss', 'character:asagi', 'character:kurenai'],
    seed: 44,
    // One life (never lost: infinite lives keep the golden's 20 s): the boss phase starts at once, and Kurenai's
    // Boss Attack (three phases) crosses in the first seconds.
    config: {
      stages: 'open',
      difficulty: 'hard',
      p1Character: 'asagi',
      p2Character: 'kurenai',
      finalBoss: true,
      lives: 1,
      infiniteLives: true,
    },
    p1: 'cpu:hard',
    p2: 'cpu:hard',
  });
  DODGE_PRESETS.forEach((p, i) =>
    specs.push({
      file: `preset-${p.name}.twrp`,
      covers: [`preset:${p.name}`],
      seed: 20 + i,
      config: { stages: 'open', difficulty: 'hard' },
      p1: `cpu:${p.name}`,
      p2: 'person:2',
    }),
  );
  return specs;
}

/** Plays one golden match and returns its replay file. */
export function recordGolden(g: GoldenSpec): Uint8Array {
  const s = createMatch({ seed: g.seed, timeLimit: FRAMES, lives: 99, ...g.config });
  const runner = new MatchRunner(s, [controller(g.p1, g.seed), controller(g.p2, g.seed)]);
  runner.runUntil(FRAMES);
  const names = [g.p1, g.p2].map((p, i) => (p.startsWith('person:') ? `Player ${i + 1}` : undefined));
  return encodeReplay(replayFromRunner(runner, { date: DATE, names, extra: { golden: g.file } }));
}

export const main = defineTool(
  {
    name: 'golden:record',
    usage: 'npm run -s golden:record -- [--check] [--json]',
    summary:
      `Records every golden replay (open and maze stages, each CPU preset, a human-input match; ${FRAMES} frames each) into ` +
      `${GOLDEN_DIR}/ with this build's sim version, and the manifest golden.json. --check re-records in memory and reports files ` +
      `that differ, writing nothing (exit 1 when any does).`,
    options: [{ name: 'check', kind: 'flag', help: 'compare with the committed files instead of writing' }],
    positional: [0, 0],
  },
  (args, json, io) => {
    const check = args.opts.check === true;
    const out: { file: string; bytes: number; same: boolean }[] = [];
    for (const g of goldenSpecs()) {
      const bytes = recordGolden(g);
      const path = join(GOLDEN_DIR, g.file);
      const same = existsSync(path) && Buffer.compare(readFileSync(path), Buffer.from(bytes)) === 0;
      if (!check) writeFileAtomic(path, bytes);
      out.push({ file: g.file, bytes: bytes.length, same });
      if (!json) io.log(`${check ? (same ? 'same   ' : 'DIFFERS') : 'wrote  '} ${path} (${bytes.length} B)`);
    }
    const manifest = { sim: SIM_VERSION, frames: FRAMES, date: DATE, replays: goldenSpecs() };
    if (!check) writeFileAtomic(join(GOLDEN_DIR, 'golden.json'), new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`));
    if (check && out.some((o) => !o.same)) io.exitCode = 1;
    return { sim: SIM_VERSION, check, files: out };
  },
);

await runIfEntry(import.meta.url, main);

// Makes a large replay library for measuring the browser's Replays screen (issue 26): N short but
// real matches (seeded human-like input marked as a person, random button mashers, the scripted
// CPU, idle), each one recorded through the sim like any match, so every file passes the
// library's validation and re-simulates. What varies: seed, length (1–7 s), mode, stage set,
// difficulty, lives, players' names, date (spread over two years), finished or left early, and
// for some the user's name and tags. Deterministic: the same N gives the same files.
// Replay i plays match i mod MATCHES (simulated once per process) under its own date, names and
// tags: every file differs (the date is unique per i), and making 5,000 takes a tenth of the time.
//
//   npx tsx scripts/make-replay-library.ts --count 5000 --out lib.twrb       one bundle (import it with I)
//   npx tsx scripts/make-replay-library.ts --count 1000 --dir lib/           one .twrp file per replay
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HumanLikeController } from '../src/controllers/human-like';
import { createController } from '../src/controllers/registry';
import { encodeReplay, replayFromRunner, type Replay } from '../src/replay';
import { createMatch, MatchRunner, type Controller } from '../src/sim';
import type { MatchConfig } from '../src/sim/config';
import { encodeBundle, type BundleEntry } from '../src/storage/bundle';

const PEOPLE = ['Alice', 'Bob', 'Chen', 'Dana', 'Emeka', 'Fatima', 'Goro', 'Hana', 'Ivan', 'Jun', 'Kofi', 'Lena'];
const TAGS = ['survey', 'tournament', 'practice-run', 'study-a', 'study-b', 'funny', 'best'];
const DIFFICULTIES = ['easy', 'normal', 'hard', 'lunatic'];
const START = Date.UTC(2025, 0, 1);
const SPAN = 700 * 86_400_000;

/** A small integer hash (splitmix-like) so every choice depends only on (i, what). */
function pick(i: number, what: number, n: number): number {
  let x = (Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(what + 7, 0x85ebca6b)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d) >>> 0;
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) % n;
}

function side(i: number, k: number): Controller {
  const kind = pick(i, 10 + k, k === 0 ? 3 : 4);
  if (kind === 0) return new HumanLikeController({ stream: `lib:${i}:${k}`, spec: 'human', human: true, chargeChance: 0.004 });
  if (kind === 1 || kind === 3) return createController(`random:${pick(i, 20 + k, 1000)}`);
  return createController(k === 0 ? 'idle' : 'scripted');
}

/** Distinct matches simulated; replay i replays match i mod MATCHES (the browser still re-simulates every file). */
export const MATCHES = 500;
const matches = new Map<number, { replay: Replay; partial: boolean }>();

/** Match m, simulated once: everything that decides the play (config, controllers, length). */
function libraryMatch(m: number): { replay: Replay; partial: boolean } {
  const known = matches.get(m);
  if (known) return known;
  const practice = pick(m, 1, 7) === 0;
  const frames = 60 * (1 + pick(m, 2, 7));
  const cfg: Partial<MatchConfig> & { seed: number } = {
    seed: 1000 + m,
    mode: practice ? 'practice' : 'versus',
    stages: pick(m, 3, 8) === 0 ? 'maze' : 'open',
    difficulty: DIFFICULTIES[pick(m, 4, DIFFICULTIES.length)]!,
    lives: 1 + pick(m, 5, 5),
    timeLimit: frames,
  };
  const controllers = practice ? [side(m, 0)] : [side(m, 0), side(m, 1)];
  const runner = new MatchRunner(createMatch(cfg), controllers);
  // One in ten is left before its end (a partial replay, as when the player quits).
  const partial = pick(m, 6, 10) === 0;
  runner.runUntil(partial ? frames - 30 : frames + 1);
  const made = { replay: replayFromRunner(runner, { date: new Date(START).toISOString() }), partial };
  matches.set(m, made);
  return made;
}

/** Replay i of the library: its file and the user's name and tags it gets in the library. */
export function libraryReplay(i: number): BundleEntry {
  const { replay, partial } = libraryMatch(i % MATCHES);
  const sides = replay.sides.map((s, k) => (s.human ? { ...s, name: PEOPLE[pick(i, 30 + k, PEOPLE.length)]! } : s));
  // A different millisecond for every i below 2³² (an odd multiplier is a bijection mod 2³²; SPAN > 2³² ms).
  const date = new Date(START + Math.floor((((i * 2654435761) % 2 ** 32) / 2 ** 32) * SPAN)).toISOString();
  const bytes = encodeReplay({ ...replay, date, sides });
  const tags = [...(partial ? ['partial'] : []), ...(pick(i, 8, 5) === 0 ? [TAGS[pick(i, 9, TAGS.length)]!] : [])];
  return { name: pick(i, 11, 12) === 0 ? `Run ${i + 1}` : '', tags, bytes };
}

/** Replays 0..count-1 (or `from`..`from+count-1`). */
export function makeReplayLibrary(count: number, from = 0): BundleEntry[] {
  return Array.from({ length: count }, (_, k) => libraryReplay(from + k));
}

function main(argv: string[]): void {
  const opt = (name: string) => {
    const k = argv.indexOf(`--${name}`);
    return k >= 0 ? argv[k + 1] : undefined;
  };
  const count = Number(opt('count') ?? 5000);
  const from = Number(opt('from') ?? 0);
  const out = opt('out');
  const dir = opt('dir');
  if (!Number.isInteger(count) || count < 1 || (!out && !dir)) {
    console.error('usage: npx tsx scripts/make-replay-library.ts --count N [--from I] (--out FILE.twrb | --dir DIR)');
    process.exit(2);
  }
  const t0 = performance.now();
  const entries = makeReplayLibrary(count, from);
  if (out) writeFileSync(out, encodeBundle(entries));
  if (dir) {
    mkdirSync(dir, { recursive: true });
    entries.forEach((e, k) => writeFileSync(join(dir, `lib-${String(from + k).padStart(5, '0')}.twrp`), e.bytes));
  }
  const bytes = entries.reduce((n, e) => n + e.bytes.length, 0);
  console.log(`${count} replays, ${(bytes / 1024).toFixed(0)} KiB, made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));

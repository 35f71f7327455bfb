// The first minute of each difficulty pair, played by the newcomer reference player (`human:newcomer`,
// docs/reference-players.md; `--player SPEC` for another) against the pair's CPU on the pair's stages: hits taken
// (each one a hit-stop, flash and lost life on screen), kills, and when the gauge first holds a full
// level (when the "GAUGE READY" prompt appears). Medians over seeds.
//   npx tsx scripts/first-minute.ts [--seeds N] [--frames F] [--player SPEC] [--json]
import { createController } from '../src/controllers/registry';
import { DIFFICULTY_PAIRS } from '../src/cpu/presets/pairs';
import { createMatch, MatchRunner } from '../src/sim';
import { stageConfig } from '../src/sim/config';
import { getStagePreset } from '../src/sim/stage-preset';
import { gaugeLevels } from '../src/sim/versus';

function fail(msg: string): never {
  process.stderr.write(`error: ${msg}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(
    'usage: npx tsx scripts/first-minute.ts [--seeds N (default 7)] [--frames F (default 3600)] [--player SPEC (default human:newcomer)] ' +
      "[--json]\nThe player's " +
      'first minute per difficulty pair: median hits taken, kills, first full gauge level.',
  );
  process.exit(0);
}
const num = (name: string, def: number): number => {
  const i = args.indexOf(name);
  if (i < 0) return def;
  const v = Number(args[i + 1]);
  if (!Number.isInteger(v) || v < 1) fail(`${name}: expected a whole number ≥ 1, got '${args[i + 1] ?? ''}'`);
  return v;
};
for (const a of args) if (a.startsWith('--') && !['--seeds', '--frames', '--player', '--json'].includes(a)) fail(`unknown option '${a}'`);
const playerAt = args.indexOf('--player');
const player = playerAt >= 0 ? (args[playerAt + 1] ?? fail('--player needs a controller spec')) : 'human:newcomer';
try {
  createController(player);
} catch (e) {
  fail(`--player: ${(e as Error).message}`);
}
const seeds = num('--seeds', 7);
const frames = num('--frames', 3600);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const rows = DIFFICULTY_PAIRS.map((pair) => {
  const hits: number[] = [],
    kills: number[] = [],
    gauge: number[] = [],
    cpuHits: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const s = createMatch({ seed, ...stageConfig(getStagePreset(pair.stage)) });
    const r = new MatchRunner(s, [createController(player), createController(`cpu:${pair.cpu}`)]);
    let first = -1;
    while (s.frame < frames && !s.result) {
      r.tick();
      if (first < 0 && gaugeLevels(s.sides[0]!) > 0) first = s.frame;
    }
    hits.push(s.sides[0]!.hits);
    cpuHits.push(s.sides[1]!.hits);
    kills.push(s.sides[0]!.kills);
    gauge.push(first < 0 ? Number.POSITIVE_INFINITY : first / 60);
  }
  return { pair: pair.name, hits: median(hits), cpuHits: median(cpuHits), kills: median(kills), firstGaugeS: median(gauge) };
});
console.log(`${player}'s first ${frames / 60} s per pair (median of ${seeds} seeds)`);
console.log('pair      hits taken  CPU hits  kills  first full gauge (s)');
for (const r of rows)
  console.log(
    `${r.pair.padEnd(9)} ${String(r.hits).padStart(10)} ${String(r.cpuHits).padStart(9)} ${String(r.kills).padStart(6)} ` +
      `${String(Number.isFinite(r.firstGaugeS) ? r.firstGaugeS.toFixed(1) : 'never').padStart(21)}`,
  );
if (args.includes('--json')) console.log(JSON.stringify({ player, frames, seeds, rows }));

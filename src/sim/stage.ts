// The open stage: scripted wave templates, chosen by the shared stage stream so both fields get
// exactly the same waves at the same frames (a fair race), harder as the level rises.
import { FIELD_W } from './constants';
import { levelAt } from './difficulty';
import { spawnEnemy, type SpawnSpec } from './enemies';
import { EnemyKind } from './enemy-pool';
import { Path } from './paths';
import { Pattern } from './patterns';
import type { Rng } from './rng';
import type { MatchState } from './state';

type Template = (rng: Rng, level: number) => SpawnSpec[];

const spec = (s: Partial<SpawnSpec> & Pick<SpawnSpec, 'kind' | 'path' | 'x' | 'y'>): SpawnSpec => ({
  p0: 0,
  p1: 0,
  p2: 0,
  pattern: Pattern.NONE,
  firstFire: 30,
  period: 0,
  delay: 0,
  ...s,
});

/** Wave templates; the ones later in the list unlock at higher levels. */
export const TEMPLATES: { name: string; minLevel: number; make: Template }[] = [
  {
    name: 'fairy line',
    minLevel: 1,
    make: (rng, level) => {
      const n = 4 + Math.min(3, level >> 1);
      const x0 = rng.range(50, 110);
      const step = (FIELD_W - 2 * x0) / (n - 1);
      return Array.from({ length: n }, (_, k) =>
        spec({
          kind: EnemyKind.FAIRY,
          path: Path.DIVE,
          x: x0 + k * step,
          y: -20,
          p0: 2.2,
          p1: rng.range(70, 140),
          p2: 100,
          pattern: Pattern.AIMED,
          firstFire: 50,
          period: 45,
          delay: k * 10,
        }),
      );
    },
  },
  {
    name: 'sweepers',
    minLevel: 1,
    make: (rng) => {
      const fromLeft = rng.next() < 0.5;
      const y = rng.range(60, 160);
      return Array.from({ length: 6 }, (_, k) =>
        spec({
          kind: EnemyKind.SWEEPER,
          path: Path.CROSS,
          x: fromLeft ? -20 : FIELD_W + 20,
          y,
          p0: fromLeft ? 2.4 : -2.4,
          p1: 18,
          pattern: Pattern.AIMED,
          firstFire: 40,
          period: 70,
          delay: k * 14,
        }),
      );
    },
  },
  {
    name: 'spinner',
    minLevel: 1,
    make: (rng, level) => {
      const n = level >= 5 ? 2 : 1;
      return Array.from({ length: n }, (_, k) =>
        spec({
          kind: EnemyKind.SPINNER,
          path: Path.DIVE,
          x: n === 1 ? rng.range(120, 264) : 110 + k * 164,
          y: -24,
          p0: 1.6,
          p1: rng.range(90, 130),
          p2: 230,
          pattern: Pattern.SPIRAL,
          firstFire: 80,
          period: 5,
        }),
      );
    },
  },
  {
    name: 'swoop spread',
    minLevel: 2,
    make: (rng) => {
      const left = rng.next() < 0.5;
      return Array.from({ length: 5 }, (_, k) =>
        spec({
          kind: EnemyKind.FAIRY,
          path: Path.SWOOP,
          x: left ? 60 + k * 12 : FIELD_W - 60 - k * 12,
          y: -20,
          p0: 1.9,
          p1: left ? 1 : -1,
          pattern: Pattern.SPREAD,
          firstFire: 45,
          period: 80,
          delay: k * 16,
        }),
      );
    },
  },
  {
    name: 'gunship',
    minLevel: 2,
    make: (rng) => [
      spec({
        kind: EnemyKind.GUNSHIP,
        path: Path.DRIFT,
        x: rng.range(110, 274),
        y: -30,
        p0: 0.55,
        p2: 50,
        pattern: Pattern.RING,
        firstFire: 70,
        period: 55,
      }),
    ],
  },
  {
    name: 'stream pair',
    minLevel: 3,
    make: (rng) => {
      const y = rng.range(60, 110);
      return [60, FIELD_W - 60].map((x) =>
        spec({
          kind: EnemyKind.FAIRY,
          path: Path.DIVE,
          x,
          y: -20,
          p0: 2,
          p1: y,
          p2: 160,
          pattern: Pattern.STREAM,
          firstFire: 60,
          period: 6,
        }),
      );
    },
  },
  {
    name: 'burst fairies',
    minLevel: 3,
    make: (rng) =>
      Array.from({ length: 3 }, (_, k) =>
        spec({
          kind: EnemyKind.FAIRY,
          path: Path.DIVE,
          x: 96 + k * 96 + rng.range(-20, 20),
          y: -20,
          p0: 2.4,
          p1: rng.range(80, 150),
          p2: 120,
          pattern: Pattern.BURST,
          firstFire: 55,
          period: 40,
          delay: k * 20,
        }),
      ),
  },
];

export function waveInterval(level: number, intervalScale: number): number {
  return Math.round(Math.max(90, 210 - 12 * level) * intervalScale);
}

/** Spawns the next wave in every field when it is due. */
export function updateStage(s: MatchState): void {
  const st = s.stage;
  if (s.frame < st.nextWave) return;
  const level = levelAt(s.frame, s.config);
  const open = TEMPLATES.filter((t) => t.minLevel <= level);
  const t = open[st.rng.int(open.length)]!;
  const specs = t.make(st.rng, level);
  for (const side of s.sides) for (const sp of specs) spawnEnemy(side, s.frame, sp, level, -1);
  s.events.push({ type: 'wave', index: st.waveIndex, level });
  st.waveIndex++;
  st.nextWave = s.frame + waveInterval(level, s.config.stageInterval);
}

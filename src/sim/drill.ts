// Survey drills (seed 004 §4.2): one field, a fixed script of named enemies, no opponent, easy to
// survive. A variant swaps the patterns (pattern, first volley, period) of two named enemies, so two
// clips of one drill differ only slightly, as in the paper. Every variant's pair fires within a
// study's shown window (3–33 s in the paper template), so every two variants show different bullets. The drill ignores the config's stage
// preset: its bullets always fly at DRILL_DIFFICULTY, so a drill is the same drill in every study.
import type { DifficultyParams } from './difficulty';
import { spawnEnemy, type SpawnSpec } from './enemies';
import { EnemyKind } from './enemy-pool';
import { Path } from './paths';
import { Pattern } from './patterns';
import type { MatchState } from './state';

/** One scripted enemy: its name (variants refer to it), the frame it is spawned, and how. */
export interface DrillEnemy {
  name: string;
  at: number;
  spec: SpawnSpec;
}

export interface DrillDef {
  name: string;
  label: string;
  /** Length in frames: the drill (and its match) ends here. */
  frames: number;
  /** Sorted by `at`. */
  enemies: DrillEnemy[];
  /** Variant name -> the two enemies whose patterns swap (null: the script as written). */
  variants: Record<string, readonly [string, string] | null>;
}

/** The drill's bullets: the easy stage preset's speed and density, no ramp (level stays 1). */
export const DRILL_DIFFICULTY: DifficultyParams = { speed: 0.85, density: 0.75, interval: 1, densityRamp: 0, speedRamp: 0 };

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

const fairy = (name: string, at: number, x: number, stopY: number, pattern: number, period: number): DrillEnemy => ({
  name,
  at,
  spec: spec({ kind: EnemyKind.FAIRY, path: Path.DIVE, x, y: -20, p0: 2, p1: stopY, p2: 150, pattern, firstFire: 40, period }),
});

function survey(): DrillEnemy[] {
  const e: DrillEnemy[] = [];
  // 0–7 s: a pair of fairies, one aiming, one fanning.
  e.push(fairy('left', 60, 110, 110, Pattern.AIMED, 50), fairy('right', 60, 274, 110, Pattern.SPREAD, 80));
  // 7–12 s: a line of sweepers crossing from the left.
  for (let k = 0; k < 5; k++)
    e.push({
      name: `sweeper${k + 1}`,
      at: 420 + k * 16,
      spec: spec({
        kind: EnemyKind.SWEEPER,
        path: Path.CROSS,
        x: -20,
        y: 90,
        p0: 2.2,
        p1: 16,
        pattern: Pattern.AIMED,
        firstFire: 50,
        period: 90,
      }),
    });
  // 12–20 s: a spinner in the middle.
  e.push({
    name: 'spinner',
    at: 720,
    spec: spec({
      kind: EnemyKind.SPINNER,
      path: Path.DIVE,
      x: 192,
      y: -24,
      p0: 1.6,
      p1: 100,
      p2: 260,
      pattern: Pattern.SPIRAL,
      firstFire: 60,
      period: 9,
    }),
  });
  // 20–27 s: a slow gunship with rings, flanked by two fairies.
  e.push({
    name: 'gunship',
    at: 1200,
    spec: spec({
      kind: EnemyKind.GUNSHIP,
      path: Path.DRIFT,
      x: 192,
      y: -30,
      p0: 0.5,
      p2: 60,
      pattern: Pattern.RING,
      firstFire: 70,
      period: 75,
    }),
  });
  e.push(fairy('flank-left', 1320, 70, 140, Pattern.BURST, 70), fairy('flank-right', 1320, 314, 140, Pattern.STREAM, 8));
  // 27–40 s: a line of fairies, then a last pair.
  for (let k = 0; k < 5; k++) e.push(fairy(`line${k + 1}`, 1680 + k * 12, 70 + k * 61, 90, Pattern.AIMED, 60));
  e.push(fairy('last-left', 2040, 130, 120, Pattern.SPREAD, 70), fairy('last-right', 2040, 254, 120, Pattern.AIMED, 45));
  return e.sort((a, b) => a.at - b.at);
}

export const DRILLS: Record<string, DrillDef> = {
  survey: {
    name: 'survey',
    label: 'Survey drill (40 s)',
    frames: 2400,
    enemies: survey(),
    variants: { a: null, b: ['left', 'right'], c: ['flank-left', 'flank-right'], d: ['gunship', 'line3'] },
  },
};

export const DRILL_NAMES = Object.keys(DRILLS);
export const DEFAULT_DRILL = 'survey';
export const DEFAULT_DRILL_VARIANT = 'a';

/** Why `name`/`variant` is not a drill, or null. */
export function drillSpecError(name: string, variant: string): { field: 'drill' | 'drillVariant'; reason: string } | null {
  const d = typeof name === 'string' ? DRILLS[name] : undefined;
  if (!d || !Object.hasOwn(DRILLS, name))
    return { field: 'drill', reason: `must be one of ${DRILL_NAMES.join(', ')}, got '${String(name)}'` };
  if (typeof variant !== 'string' || !Object.hasOwn(d.variants, variant))
    return {
      field: 'drillVariant',
      reason: `drill '${name}' has variants ${Object.keys(d.variants).join(', ')}, got '${String(variant)}'`,
    };
  return null;
}

/** The script of a drill variant: the enemies with the two named ones' patterns swapped. */
export function drillScript(name: string, variant: string): DrillEnemy[] {
  const err = drillSpecError(name, variant);
  if (err) throw new Error(`${err.field}: ${err.reason}`);
  const d = DRILLS[name]!;
  const swap = d.variants[variant];
  if (!swap) return d.enemies;
  const [x, y] = swap.map((n) => d.enemies.find((e) => e.name === n)!) as [DrillEnemy, DrillEnemy];
  const fire = (e: DrillEnemy) => ({ pattern: e.spec.pattern, firstFire: e.spec.firstFire, period: e.spec.period });
  return d.enemies.map((e) =>
    e === x ? { ...e, spec: { ...e.spec, ...fire(y) } } : e === y ? { ...e, spec: { ...e.spec, ...fire(x) } } : e,
  );
}

const scriptCache = new Map<string, DrillEnemy[]>();

function cachedScript(name: string, variant: string): DrillEnemy[] {
  const k = `${name}/${variant}`;
  let s = scriptCache.get(k);
  if (!s) {
    s = drillScript(name, variant);
    scriptCache.set(k, s);
  }
  return s;
}

/** Length of a drill in frames. */
export function drillFrames(name: string): number {
  const d = DRILLS[name];
  if (!d) throw new Error(`unknown drill '${name}'`);
  return d.frames;
}

/** Spawns the enemies scripted for this frame in every field (stages: 'drill'). */
export function updateDrill(s: MatchState): void {
  const script = cachedScript(s.config.drill, s.config.drillVariant);
  const st = s.stage;
  while (st.waveIndex < script.length && script[st.waveIndex]!.at <= s.frame) {
    const e = script[st.waveIndex]!;
    for (const side of s.sides) spawnEnemy(side, s.frame, e.spec, 1, -1);
    s.events.push({ type: 'wave', index: st.waveIndex, level: 1 });
    st.waveIndex++;
  }
  st.nextWave = st.waveIndex < script.length ? script[st.waveIndex]!.at : DRILLS[s.config.drill]!.frames;
}

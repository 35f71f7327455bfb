// The wave-field options shared by the chase, eval:chase and bench:wave tools: --delta, --waves,
// --lifetime, --threshold, --arrival-threshold, --resolution. Checked here so a bad value exits 2
// with one `error:` line naming the option (the WaveField would refuse most too, but with a library
// message).
import { CHASE_METHODS, type ChaseMethod } from '../world/chase/group';
import type { WaveFieldOptions } from '../world/wave/field';
import { type OptionSpec, type ParsedArgs, UsageError } from './common';

export const WAVE_OPTION_SPECS: OptionSpec[] = [
  { name: 'delta', kind: 'number', help: 'δ = c²Δt²/Δh² of eq. 13, in (0, 0.5] (wave, wave+, wave1; default 0.4)' },
  { name: 'waves', kind: 'int', help: 'number of waves n (wave, wave+, lee, lee+; default 3)' },
  {
    name: 'lifetime',
    kind: 'int',
    help: 'wave lifetime T in steps (wave, wave1, lee, lee+ default 300; wave+ 600; a Lee wave still spreading at T lives on until done)',
  },
  { name: 'threshold', kind: 'number', help: '|z| that counts as arrival for the faithful wave (wave, wave1; default 1e-6)' },
  {
    name: 'arrival-threshold',
    kind: 'number',
    help: '|z| that counts as first arrival in the arrival maps of wave+, in (0, 1) (wave+ only; default 1e-12)',
  },
  { name: 'resolution', kind: 'int', help: 'field grid points per maze cell along each axis (all but flow, crash; default 2)' },
];

/**
 * The wave options each chase method reads (src/world/chase/group.ts); any other would do nothing.
 * wave1 is one wave by definition (n is fixed at 1); only the faithful trackers (wave, wave1) take a
 * threshold; only wave+ has arrival maps; Lee has no wave equation (no δ).
 */
export const METHOD_WAVE_OPTIONS: Readonly<Record<ChaseMethod, readonly string[]>> = {
  wave: ['delta', 'waves', 'lifetime', 'threshold', 'resolution'],
  'wave+': ['delta', 'waves', 'lifetime', 'arrival-threshold', 'resolution'],
  wave1: ['delta', 'lifetime', 'threshold', 'resolution'],
  lee: ['waves', 'lifetime', 'resolution'],
  'lee+': ['waves', 'lifetime', 'resolution'],
  flow: [],
  crash: [],
};

/** Refuses a wave option that `method` does not read, naming the option and the methods that do. */
export function checkMethodOptions(method: ChaseMethod, args: ParsedArgs): void {
  for (const o of WAVE_OPTION_SPECS) {
    if (args.opts[o.name] === undefined || METHOD_WAVE_OPTIONS[method].includes(o.name)) continue;
    const users = CHASE_METHODS.filter((m) => METHOD_WAVE_OPTIONS[m].includes(o.name));
    const uses = METHOD_WAVE_OPTIONS[method];
    throw new UsageError(
      `--${o.name} ${String(args.opts[o.name])}: --method ${method} does not use it (only ${users.join(', ')} ` +
        `${users.length === 1 ? 'does' : 'do'}); ` +
        (uses.length ? `${method} takes ${uses.map((u) => `--${u}`).join(', ')}` : `${method} uses no wave field`),
    );
  }
}

export interface WaveArgs {
  wave: WaveFieldOptions;
  threshold?: number;
}

/** The wave options given on the command line (absent ones stay undefined: the library defaults apply). */
export function waveArgs(args: ParsedArgs): WaveArgs {
  const o = args.opts;
  const wave: WaveFieldOptions = {};
  if (o.delta !== undefined) {
    const d = Number(o.delta);
    if (d > 0.5) throw new UsageError(`--delta ${d}: unstable (the wave equation needs δ ≤ 0.5)`);
    if (!(d > 0)) throw new UsageError(`--delta ${d}: must be greater than 0`);
    wave.delta = d;
  }
  if (o.waves !== undefined) {
    const n = Number(o.waves);
    if (n < 1 || n > 64) throw new UsageError(`--waves ${n}: must be in 1..64`);
    wave.waves = n;
  }
  if (o.lifetime !== undefined) {
    const t = Number(o.lifetime);
    const n = wave.waves ?? 3;
    if (t < n) throw new UsageError(`--lifetime ${t}: must be at least the number of waves (${n})`);
    if (t > 100_000) throw new UsageError(`--lifetime ${t}: must be at most 100000 steps`);
    wave.lifetime = t;
  }
  if (o.resolution !== undefined) {
    const r = Number(o.resolution);
    if (r < 1 || r > 16) throw new UsageError(`--resolution ${r}: must be in 1..16`);
    wave.resolution = r;
  }
  if (o['arrival-threshold'] !== undefined) {
    const a = Number(o['arrival-threshold']);
    // The source is emitted at amplitude 1: a level at or above it is never reached.
    if (!(a > 0 && a < 1)) throw new UsageError(`--arrival-threshold ${a}: must be in (0, 1) (the wave's amplitude is 1)`);
    wave.arrivalThreshold = a;
  }
  const out: WaveArgs = { wave };
  if (o.threshold !== undefined) {
    const th = Number(o.threshold);
    if (!(th > 0)) throw new UsageError(`--threshold ${th}: must be greater than 0`);
    out.threshold = th;
  }
  return out;
}

/** "δ 0.4, n 3, T 300" style summary of what was set (for report headers); empty when nothing was. */
export function describeWaveArgs(a: WaveArgs): string {
  const parts: string[] = [];
  if (a.wave.delta !== undefined) parts.push(`delta ${a.wave.delta}`);
  if (a.wave.waves !== undefined) parts.push(`waves ${a.wave.waves}`);
  if (a.wave.lifetime !== undefined) parts.push(`lifetime ${a.wave.lifetime}`);
  if (a.wave.resolution !== undefined) parts.push(`resolution ${a.wave.resolution}`);
  if (a.wave.arrivalThreshold !== undefined) parts.push(`arrival threshold ${a.wave.arrivalThreshold}`);
  if (a.threshold !== undefined) parts.push(`threshold ${a.threshold}`);
  return parts.join(', ');
}

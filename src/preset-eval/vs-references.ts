// The preset editor's "vs references" figure, without threads or drawing: the edited CPU preset
// plays versus matches to the end on the edited stage against each reference player (a model of a
// person, `human:NAME`, src/controllers/reference) over a few seeds, the CPU on side `seed % 2`;
// its win rate against each reference (draws count half) is the figure. Jobs and results are plain
// JSON, so a Web Worker runs them (src/scenes/vs-references-worker.ts); the same presets give the
// same figure.
import { createController } from '../controllers/registry';
import { REFERENCE_NAMES } from '../controllers/reference';
import { CpuController } from '../cpu/cpu-controller';
import type { DodgePreset } from '../cpu/presets';
import { makeConfig, stageConfig } from '../sim/config';
import { FPS } from '../sim/constants';
import { createMatch } from '../sim/match';
import type { StagePreset } from '../sim/stage-preset';
import { playMatch, wonBy } from './jobs';
import { EN } from '../i18n/en';
import { t, tn, type Key } from '../i18n/i18n';

/** The reference players the edited CPU is measured against, weakest first (controller specs). */
export const REFERENCE_SPECS: readonly string[] = REFERENCE_NAMES.map((n) => `human:${n}`);

/** Seeds per reference in the editor. */
export const VS_REFERENCE_SEEDS = 4;

export interface VsReferenceOptions {
  /** Seeds 0..seeds−1 against each reference (default VS_REFERENCE_SEEDS). */
  seeds?: number;
  /** Reference controller specs (default REFERENCE_SPECS). */
  specs?: readonly string[];
  /** Match length in seconds instead of the stage's time limit (tests keep it short). */
  seconds?: number;
}

export interface VsReferenceJob {
  seed: number;
  cpu: DodgePreset;
  stage: StagePreset;
  /** The reference's controller spec, e.g. 'human:casual'. */
  reference: string;
  seconds?: number;
}

export interface VsReferenceResult {
  reference: string;
  seed: number;
  /** The side the CPU played (seed % 2); the reference played the other. */
  side: number;
  /** For the CPU: 1 won, 0.5 draw, 0 lost. */
  won: number;
  frames: number;
}

/** The matches of one figure: for each reference in order, seeds 0..n−1. */
export function vsReferenceJobs(cpu: DodgePreset, stage: StagePreset, o: VsReferenceOptions = {}): VsReferenceJob[] {
  const seeds = o.seeds ?? VS_REFERENCE_SEEDS;
  if (!Number.isInteger(seeds) || seeds < 1) throw new RangeError(`vs references: seeds must be a whole number ≥ 1, got ${seeds}`);
  if (o.seconds !== undefined && !(Number.isInteger(o.seconds) && o.seconds >= 1))
    throw new RangeError(`vs references: seconds must be a whole number ≥ 1, got ${o.seconds}`);
  const jobs: VsReferenceJob[] = [];
  for (const reference of o.specs ?? REFERENCE_SPECS)
    for (let seed = 0; seed < seeds; seed++) jobs.push({ seed, cpu, stage, reference, ...(o.seconds ? { seconds: o.seconds } : {}) });
  return jobs;
}

/** Plays one match to its end (a side out of lives, or the time limit). Deterministic. */
export function runVsReference(job: VsReferenceJob): VsReferenceResult {
  const config = makeConfig({
    seed: job.seed,
    mode: 'versus',
    ...stageConfig(job.stage),
    ...(job.seconds ? { timeLimit: job.seconds * FPS } : {}),
  });
  const state = createMatch(config);
  const side = job.seed % 2;
  const cpu = new CpuController(job.cpu, { versus: true });
  const ref = createController(job.reference);
  playMatch(state, side === 0 ? [cpu, ref] : [ref, cpu], side, false);
  return { reference: job.reference, seed: job.seed, side, won: wonBy(state, side), frames: state.frame };
}

/** A reference's short name as the readout shows it: 'human:casual' → 'casual'. */
export function referenceName(spec: string): string {
  const colon = spec.indexOf(':');
  return colon >= 0 ? spec.slice(colon + 1) : spec;
}

/** Where a figure stands: the matches it needs and the results so far. */
export interface VsReferenceProgress {
  specs: readonly string[];
  seeds: number;
  seconds?: number;
  results: readonly VsReferenceResult[];
  /** Why it could not be computed (shown instead of the figure). */
  error?: string;
}

/** The CPU's win rate (0..1) against each reference, in the order of `specs`; null until all its seeds are in. */
export function vsReferenceRates(p: VsReferenceProgress): (number | null)[] {
  return p.specs.map((spec) => {
    const mine = p.results.filter((r) => r.reference === spec);
    return mine.length < p.seeds ? null : mine.reduce((s, r) => s + r.won, 0) / mine.length;
  });
}

/**
 * The readout: "vs references: computing 5/12…" while it runs, then "vs references: newcomer 75 % ·
 * casual 50 % · skilled 25 % (CPU wins, 4 seeds)". `column` puts each reference on a line of its own
 * (a narrow readout column).
 */
export function vsReferencesText(p: VsReferenceProgress, layout: 'line' | 'column' = 'line'): string {
  if (p.error) return t('presets.vsRef.error', { why: p.error });
  const total = p.specs.length * p.seeds;
  if (p.results.length < total) return t('presets.vsRef.computing', { done: p.results.length, total });
  const rates = vsReferenceRates(p);
  const items = p.specs.map((spec, i) => `${referenceWord(spec)} ${Math.round(rates[i]! * 100)} %`);
  const note = tn('presets.vsRef.note', p.seeds) + (p.seconds ? t('presets.vsRef.seconds', { s: p.seconds }) : '');
  return layout === 'line'
    ? t('presets.vsRef.line', { items: items.join(' · '), note })
    : `${t('presets.vsRef.column', { note })}\n${items.join('\n')}`;
}

/** A reference player's name in the player's language ('human:casual' → "casual" / "中級者"). */
function referenceWord(spec: string): string {
  const name = referenceName(spec);
  return Object.hasOwn(EN.presets.vsRef.refs, name) ? t(`presets.vsRef.refs.${name}` as Key) : name;
}

// One config for every clip: a study's clips (and the practice play) are all drawn from the config
// drillConfig(study, variant) completed the way the sim completes it (makeConfig), so on the rater
// page no clip can be told from another by its clock, lives line or stage. A replay whose config
// differs in any field is refused, naming the field and both values. Pure (the study server checks
// uploaded recordings with it too).
import { makeConfig, type MatchConfig } from '../sim/config';
import { drillConfig } from './drill-config';
import type { Study } from './schema';

/** The full match config of every clip of `variant`. */
export function studyClipConfig(study: { drill: Pick<Study['drill'], 'name' | 'seed'> }, variant: string): MatchConfig {
  return makeConfig(drillConfig(study, variant));
}

export interface ConfigDifference {
  field: string;
  got: unknown;
  want: unknown;
}

/** Fields where `got` differs from `want` (every field of either), in `want`'s field order. */
export function configDifferences(got: Readonly<Record<string, unknown>>, want: Readonly<Record<string, unknown>>): ConfigDifference[] {
  const fields = [...new Set([...Object.keys(want), ...Object.keys(got)])];
  return fields
    .filter((f) => JSON.stringify(got[f]) !== JSON.stringify(want[f]))
    .map((field) => ({ field, got: got[field], want: want[field] }));
}

const show = (field: string, v: unknown, unit: boolean): string => {
  if (v === undefined) return 'missing';
  const s = typeof v === 'string' ? `'${v}'` : JSON.stringify(v);
  return unit && field === 'timeLimit' ? `${s} frames` : s;
};

/**
 * Why a replay's config cannot be a clip of `variant` of this study, or null: e.g.
 * `config.timeLimit is 10800 frames; the study's clips use 2400` (every differing field, '; '-joined).
 */
export function clipConfigProblem(
  config: Readonly<Record<string, unknown>>,
  study: { drill: Pick<Study['drill'], 'name' | 'seed'> },
  variant: string,
): string | null {
  const want = studyClipConfig(study, variant) as unknown as Record<string, unknown>;
  const d = configDifferences(config, want);
  if (d.length === 0) return null;
  return d
    .map((x) => `config.${x.field} is ${show(x.field, x.got, true)}; the study's clips use ${show(x.field, x.want, false)}`)
    .join('; ');
}

// Fitting a reference player (src/controllers/reference/) to recorded play; docs/reference-players.md,
// "Fitting to recorded people". The fit (fit.ts) drives the passes: the hands' timing (timing.ts), the
// re-simulated decisions (pass.ts) scored by their likelihood on a grid (likelihood.ts), the focus
// habit (focus.ts), and the result from their evidence (assemble.ts); its inputs and result: types.ts.
export { fitReference } from './fit';
export { focusCrowdFrom, MAX_FOCUS_CROWD } from './focus';
export { changeProbability, COARSE_MARGINS, FIT_DELAYS, ln } from './likelihood';
export { decisionFramesFrom, GAP_HIGH, GAP_LOW, LOW_PERCENTILE, moveIndex, quantile, shootShareFor } from './timing';
export type { FieldFit, FitOptions, FitSource, FittedField, ReferenceFit } from './types';

// Public API of the constrained best-action planner (seed 001). See docs/planner.md.

export { parseInstance, parseInstanceText, withState, instanceSchema, type InstanceJson, type StateOverride } from './instance';
export { instanceFromMaze, type LiveEnemy, type LiveState } from './live';
export { plan, type PlanOptions } from './plan';
export { validatePlan, type PlanCheck } from './validate';
export { UNRESTRICTED_STEP_LIMIT, unrestrictedSteps, visitOrder } from './unrestricted';
export { restrictedDag } from './graph';
export { HEAL_TIES, type HealTie } from './restricted';
export {
  isExperimentJson,
  parseExperiment,
  runExperiment,
  withUsedActions,
  type Experiment,
  type Route,
  type RunResult,
  type TurnRecord,
} from './experiment';
export {
  DENSE_STATE_LIMIT,
  EXACT_PASS_LIMIT,
  EXACT_STATE_LIMIT,
  EXACT_STEP_LIMIT,
  EXACT_TABLE_LIMIT,
  searchExact,
  type ExactOptions,
} from './exact';
export { MAX_EXACT_ENEMIES } from './exact-keys';
export { INCUMBENT_STEP_BUDGET } from './exact-incumbent';
export * from './types';
export { runSnapshots } from './snapshots';
export { parseJsonText, jsonSyntaxError, lineColumn } from './json-text';

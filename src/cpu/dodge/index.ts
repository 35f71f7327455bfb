// The dodger of seed 004: influence-map danger + lookahead path search, multi-frame moves,
// reaction delay; plus an exact fast search and an input-switch penalty.
export * from './constants';
export { dangerCircle, dangerTriangle, dangerOf } from './danger';
export { InfluenceMap, MapShapes, edgeDanger } from './influence-map';
export { AxisReads, ReadCells, interpolateDanger, readHi, readLo } from './interpolate';
export { BoxBuckets } from './box-buckets';
export { nodeValue } from './node-value';
export { pathValue, pathWeights } from './path-value';
export { makeMoveSet, moveIndexOf, moveName, type MoveSet } from './moves';
export { type DodgeParams, PAPER_PARAMS } from './params';
export { DodgeWorld, worldFrom, type ObstacleSpec } from './world';
export { visibleWorld } from './reaction';
export { DodgeProblem, LURE_BAND } from './problem';
export { DodgeDecision, DodgePlan } from './decision';
export {
  checkExhaustiveSize,
  DodgeLimitError,
  EXHAUSTIVE_CHECK_LIMIT,
  EXHAUSTIVE_NODE_LIMIT,
  exhaustiveNodes,
  searchExhaustive,
  searchExhaustivePath,
} from './search-exhaustive';

export { dangerAt } from './ship-danger';
export { FastSearch } from './search-fast';
export { Dodger } from './dodger';
export { worldFromMatch } from './adapter';
export {
  DodgeScenarioSchema,
  MAX_OBSTACLE_RADIUS,
  parseDodgeScenario,
  worldOfScenario,
  ScenarioError,
  type DodgeScenario,
} from './scenario';
export { randomWorld, type RandomWorldOptions } from './random-world';

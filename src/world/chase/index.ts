// Public entry point for chasers in maze stages (see docs/chasers.md).
export { CHASE_METHODS, type ChaseMethod, ChaserGroup, type ChaserGroupOptions } from './group';
export { moveAgent, overlapsWall } from '../../geom/move';
export { type ChaseOptions, type ChaseResult, type ChaserResult, exactGeodesic, simulateChase, simulateEach, simulateMethod } from './sim';
export { ExactGeodesic } from './exact-geodesic';
export { WaveField, WaveFieldError, type WaveFieldOptions, type WaveSample } from '../wave/field';
export { WavePlusTracker, WaveTracker, arrivalDirection } from '../wave/tracker';
export { type TileGrid, type Vec2, nearestOpenCell } from '../../geom/grid';
export { LeeField, LeeTracker } from '../lee';
export { FlowField } from '../flow-field';
export { CrashTurn } from '../crash-turn';

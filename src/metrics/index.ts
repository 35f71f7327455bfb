// Human-likeness metrics from input logs (docs/metrics.md).
export { clipRange, type FrameRange, type InputLog } from './input-log';
export { oneFramePresses, directionChanges, moveCode } from './inputs';
export { movingFrames, MAX_MOVE_STEP } from './moving';
export { nearestClearance, clearanceStats, clearanceTotals } from './clearance';
export { humanLikeness, pooledHumanLikeness, PooledLikeness, type HumanLikeness } from './human-likeness';
export { SideRecorder } from './record';
export { replayLogs } from './replay-logs';

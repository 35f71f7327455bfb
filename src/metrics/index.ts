export type { InputLog } from './input-log';
export { oneFramePresses, directionChanges, movingFraction, movingFrames, moveCode } from './inputs';
export { nearestClearance, clearanceStats } from './clearance';
export { humanLikeness, pooledHumanLikeness, type HumanLikeness } from './human-likeness';

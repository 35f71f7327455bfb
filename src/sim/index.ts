// The deterministic game core. Pure: no Phaser, no DOM, no clock, no unseeded randomness.
export * from './config';
export * from './constants';
export * from './controller';
export * from './events';
export * from './input';
export * from './state';
export { createMatch, step } from './match';
export { hashState } from './hash';
export { cloneState } from './clone';
export { MatchRunner, CHECKSUM_INTERVAL, type Checksum } from './runner';
export { chargeLevel, gaugeLevels, killGauge } from './versus';
export { levelAt } from './difficulty';

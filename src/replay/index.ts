// Replays: encode / decode / verify recorded matches, and a keyframe player for views.
// Pure (no Phaser, DOM, clock or Node APIs): runs in Node and the browser. See docs/replays.md.
export { ReplayError } from './errors';
export {
  decodeReplay,
  decodeReplayHeader,
  encodeReplay,
  FORMAT_VERSION,
  MAX_FRAMES,
  MAX_HEADER_BYTES,
  MAX_REPLAY_BYTES,
  REPLAY_EXTENSION,
  REPLAY_MAGIC,
  readForeignHeader,
  type ForeignHeader,
  type Replay,
  type ReplayHeader,
  type ReplayResult,
  type ReplaySide,
} from './format';
export type { JsonObject, JsonValue } from './json';
export { replayInfo, type ReplayInfo } from './info';
export { replayFromRunner, type RecordMeta } from './record';
export { initialState, verifyReplay, type VerifyResult } from './verify';
export { checkPlayable, decodeOrForeign, decodePlayable, otherSimVersion } from './playable';
export { ReplayPlayer, type Desync, type MarkKind, type PlayerOptions, type TimelineMark } from './player';
export { ReplayInputController } from './controller';
export { GAME_VERSION } from './version';

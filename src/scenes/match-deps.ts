// The sim surface the match scene needs, in one import.
export { createMatch, FPS, MatchRunner, type MatchState } from '../sim';
export { matchStreamForView } from '../views/visual-stream';

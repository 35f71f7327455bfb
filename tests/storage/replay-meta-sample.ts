// One replay's metadata as the library keeps it (P1 a person, P2 CPU Normal, P1 won on lives), for
// the tests of the library's lists and of the Replays screen's words; `o` changes what a test needs.
import type { ReplayMeta } from '../../src/storage/replay-meta';

export function sampleMeta(o: Partial<ReplayMeta> = {}): ReplayMeta {
  return {
    date: '2025-06-01T12:00:00Z',
    mode: 'versus',
    stages: 'open',
    difficulty: 'normal',
    seed: 1,
    simVersion: 2,
    gameVersion: '0.1.0',
    players: ['Player 1', 'cpu:normal'],
    controllers: ['human', 'cpu:normal'],
    human: [true, false],
    winner: 0,
    reason: 'lives',
    finished: true,
    frames: 3600,
    ...o,
  };
}

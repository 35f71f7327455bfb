// Small real replays and a study build input for the study page tests.
import { createController } from '../../../src/controllers/registry';
import { replayFromRunner, type Replay } from '../../../src/replay';
import { createMatch } from '../../../src/sim/match';
import { MatchRunner } from '../../../src/sim/runner';
import type { BuildInput, ClipSource } from '../../../src/study/build';
import { DEFAULT_CONSENT } from '../../../src/study/texts';

/** A practice match of `frames` frames played by `spec`, recorded as a replay with `human`/`name` metadata. */
export function practiceReplay(seed: number, spec: string, frames: number, human: boolean, name: string): Replay {
  const state = createMatch({ seed, mode: 'practice', infiniteLives: true, timeLimit: 0 });
  const runner = new MatchRunner(state, [createController(spec)]);
  runner.runUntil(frames);
  const r = replayFromRunner(runner, { date: '2026-11-23T12:00:00.000Z', names: [name], extra: { player: name } });
  r.sides[0] = { ...r.sides[0]!, human, controller: human ? 'human' : spec, preset: human ? null : { label: name } };
  return r;
}

const PLAYERS = ['base', 'imap', 'imap-multi', 'expert', 'beginner'] as const;

/** The paper's 8 sets over 5 players (seed 004 §4.2), clips `frames` long, played by seeded random inputs. */
export function paperInput(frames = 180): BuildInput {
  const pairs: [number, number][] = [
    [0, 1],
    [1, 2],
    [0, 3],
    [0, 4],
    [2, 3],
    [2, 4],
    [1, 3],
    [3, 4],
  ];
  const src = (p: number, set: number, k: number): ClipSource => {
    const id = PLAYERS[p]!;
    const human = id === 'expert' || id === 'beginner';
    return {
      playerId: id,
      variant: k === 0 ? 'v1' : 'v2',
      replayFile: `replays/${id}-${set}.twrp`,
      replay: practiceReplay(100 + set * 2 + k, `random:${set * 10 + k}`, frames + 30, human, human ? `${id} person` : `CPU · ${id}`),
    };
  };
  return {
    seed: 'paper-test',
    title: { en: 'Test study', ja: 'テスト' },
    languages: ['ja', 'en'],
    clipStart: 0,
    clipFrames: frames,
    sets: pairs.map(([a, b], i) => ({ a: src(a, i, 0), b: src(b, i, 1) })),
    groups: [
      { id: 'A', orders: pairs.map(() => 'AB' as const) },
      { id: 'B', orders: pairs.map(() => 'BA' as const) },
    ],
    questions: {
      absolute: { points: 5, prompt: {}, anchors: {} },
      relative: { points: 5, prompt: {}, anchors: {} },
      reason: { prompt: {} },
    },
    practice: { seconds: 2, config: { seed: 5, mode: 'practice', infiniteLives: true, timeLimit: 0 } },
    answers: { postUrl: null, jatos: false },
    consent: DEFAULT_CONSENT,
    debrief: { en: 'Thank you.', ja: 'ありがとうございました。' },
    contact: 'study@example.org',
    setOrder: 'fixed',
    attention: [],
    prolific: null,
    recording: { practice: true, configs: { v1: { seed: 5, mode: 'practice' }, v2: { seed: 5, mode: 'practice' } } },
    studyJson: '{"id":"paper-test"}',
  };
}

export const PLAYER_WORDS = [...PLAYERS, 'cpu', 'human', 'person', 'i-map', 'multi'];

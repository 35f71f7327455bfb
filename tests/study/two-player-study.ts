// A small study of two human players (calm, busy) on drill variants a and b, two sets, two groups:
// the tests that build and serve packages from real stand-in clips use it.
import { checkStudy, type Study } from '../../src/study/schema';
import { paperStudyInput } from '../../src/study/template';

export function twoPlayerStudy(clip: { seconds: number; start: number }): Study {
  return checkStudy(
    {
      ...paperStudyInput(),
      players: [
        { id: 'calm', label: 'Calm', source: 'human', replays: ['calm-a.twrp', 'calm-b.twrp'] },
        { id: 'busy', label: 'Busy', source: 'human', replays: ['busy-a.twrp', 'busy-b.twrp'] },
      ],
      sets: [
        { a: 'calm', b: 'busy', variants: ['a', 'b'] },
        { a: 'busy', b: 'calm', variants: ['a', 'b'] },
      ],
      groups: [
        { id: 'A', orders: ['AB', 'AB'] },
        { id: 'B', orders: ['BA', 'BA'] },
      ],
      attention: [],
      clip,
    },
    'two-player study',
  );
}

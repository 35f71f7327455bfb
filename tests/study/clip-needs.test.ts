import { describe, expect, it } from 'vitest';
import { humanClips } from '../../src/study/clip-needs';
import { paperStudy } from '../../src/study/template';

describe('humanClips', () => {
  it("lists the paper study's 7 human clips: the skilled player on 4 variants, the beginner on 3", () => {
    expect(humanClips(paperStudy()).map((c) => `${c.player}/${c.variant}`)).toEqual([
      'expert/a',
      'expert/b',
      'expert/c',
      'expert/d',
      'beginner/a',
      'beginner/b',
      'beginner/d',
    ]);
  });

  it('takes each side of a set its own variant and lists nothing for CPU-only studies', () => {
    const players = [
      { id: 'p', label: 'Person', source: 'human' },
      { id: 'c', label: 'CPU', source: 'cpu:base' },
    ] as const;
    const clips = humanClips({
      players: players as never,
      sets: [
        { a: 'c', b: 'p', variants: ['a', 'b'] },
        { a: 'p', b: 'c', variants: ['c', 'a'] },
      ] as never,
    });
    expect(clips).toEqual([
      { player: 'p', label: 'Person', variant: 'b' },
      { player: 'p', label: 'Person', variant: 'c' },
    ]);
    expect(humanClips({ players: [players[1]] as never, sets: [] })).toEqual([]);
  });
});

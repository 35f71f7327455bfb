import { describe, expect, it } from 'vitest';
import { adaptiveTagJson, readAdaptiveTag, strengthPercent } from '../../src/replay/adaptive-tag';

describe("a replay's adaptive tag (extra.adaptive)", () => {
  const next = { strength: 0.47, matches: 4, target: 0.5 };
  const tag = { strength: 0.42, matches: 3, target: 0.5, result: 1 as const, next };

  it('reads what the game writes, and writes plain JSON', () => {
    const json = adaptiveTagJson(tag);
    expect(json).toEqual({ strength: 0.42, matches: 3, target: 0.5, result: 1, next });
    expect(readAdaptiveTag(JSON.parse(JSON.stringify({ study: { id: 'x' }, adaptive: json })))).toEqual(tag);
    // A match left before its end: no result, no state after.
    expect(readAdaptiveTag({ adaptive: { ...json, result: null, next: null } })).toEqual({ ...tag, result: null, next: null });
    expect(readAdaptiveTag({ adaptive: { ...json, result: null } })!.next).toBeNull();
  });

  it('is null for replays without one or with a malformed one', () => {
    for (const extra of [
      null,
      undefined,
      [],
      {},
      { partial: false },
      { adaptive: null },
      { adaptive: [] },
      { adaptive: 'strength 42' },
      { adaptive: { ...tag, strength: 2 } },
      { adaptive: { ...tag, strength: '0.4' } },
      { adaptive: { ...tag, matches: -1 } },
      { adaptive: { ...tag, matches: 0.5 } },
      { adaptive: { ...tag, target: 0 } },
      { adaptive: { ...tag, target: 1 } },
    ])
      expect(readAdaptiveTag(extra), JSON.stringify(extra)).toBeNull();
    // A malformed state after: the tag stays, without it; an unknown result is read as none.
    expect(readAdaptiveTag({ adaptive: { ...tag, next: { strength: 5 } } })!.next).toBeNull();
    expect(readAdaptiveTag({ adaptive: { ...tag, result: 2 } })).toMatchObject({ result: null, next: null });
  });

  it('strength as people read it', () => {
    expect([0, 0.33, 0.425, 1].map(strengthPercent)).toEqual([0, 33, 43, 100]);
  });
});

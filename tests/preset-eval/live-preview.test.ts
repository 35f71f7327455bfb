// The preset editor's preview model: the same preset and seed play the same frames; an edited
// preset plays differently from frame 0 on the same bullets; the readouts fill in as it plays.
import { describe, expect, it } from 'vitest';
import { getDodgePreset } from '../../src/cpu/presets';
import { LivePreview } from '../../src/preset-eval/live-preview';
import { getStagePreset } from '../../src/sim/stage-preset';

function play(p: LivePreview, frames: number): LivePreview {
  for (let i = 0; i < frames; i++) p.tick();
  return p;
}

describe('LivePreview', () => {
  const stage = getStagePreset('normal');

  it('is deterministic: same preset and seed, same state hash', () => {
    const a = play(new LivePreview(getDodgePreset('imap'), stage, { seed: 7 }), 600);
    const b = play(new LivePreview(getDodgePreset('imap'), stage, { seed: 7 }), 600);
    expect(a.hash()).toBe(b.hash());
    expect(a.frame).toBe(600);
  });

  it('an edited preset plays differently on the same seed', () => {
    const base = getDodgePreset('imap');
    const a = play(new LivePreview(base, stage, { seed: 7 }), 600);
    const b = play(new LivePreview({ ...base, depth: 1, reactionFrames: 60 }, stage, { seed: 7 }), 600);
    expect(b.hash()).not.toBe(a.hash());
  });

  it('reads out the human-likeness metrics of what it played', () => {
    const p = new LivePreview(getDodgePreset('normal'), stage, { seed: 3 });
    expect(p.readouts().one_frame_per_min).toBeNull();
    play(p, 900);
    const r = p.readouts();
    expect(r.frames).toBe(900);
    expect(r.hits_per_min).toBeGreaterThanOrEqual(0);
    expect(r.moving_fraction).toBeGreaterThan(0);
    expect(r.mean_clearance).not.toBeNull();
  });
});

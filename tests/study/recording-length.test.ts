// How long a person plays each drill variant on the recording page: past the clips' window by a
// second, never past the drill's end.
import { describe, expect, it } from 'vitest';
import { buildPackage } from '../../src/study/build';
import { recordingFrames } from '../../src/study/recording-length';
import { paperInput } from './page/fixtures';

describe('recordingFrames', () => {
  const m = buildPackage(paperInput(180)).manifest;
  const lastEnd = Math.max(...m.clips.map((c) => c.end));

  it('plays a second past the last clip window, however long the drill', () => {
    expect(lastEnd).toBeGreaterThan(0);
    expect(recordingFrames(m, { timeLimit: 0 })).toBe(lastEnd + 60);
    expect(recordingFrames(m, { timeLimit: 40 * 60 })).toBe(lastEnd + 60);
  });

  it("stops at the drill's end when the window reaches it", () => {
    expect(recordingFrames(m, { timeLimit: lastEnd + 10 })).toBe(lastEnd + 10);
  });
});

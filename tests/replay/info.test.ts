// What `replay info` shows (src/replay/info.ts): every field read as untrusted, odd values shown as
// such, control characters escaped, and a replay of another sim version shown as far as it goes.
import { describe, expect, it } from 'vitest';
import { decodeReplay, encodeReplay, ReplayError, readForeignHeader, replayInfo } from '../../src/replay';
import { MAX_TIME_LIMIT, SIM_VERSION } from '../../src/sim/config';
import { playBytes, playReplay, withHeader } from './helpers';

const good = playBytes(130);

describe('replay info', () => {
  it('a replay of this version: every field, no note', () => {
    const i = replayInfo(decodeReplay(good));
    expect(i.simVersion).toBe(SIM_VERSION);
    expect(i.lines[0]).toMatch(/^date {6}2025-06-01T12:34:56\.789Z$/);
    expect(i.lines[1]).toBe('match     versus, open stages, normal, seed 11, 5 lives, time limit 3:00.00');
    expect(i.lines).toContain('duration  130 frames (0:02.17)');
    expect(i.lines.some((l) => l.startsWith('note'))).toBe(false);
    expect(i.json).toMatchObject({ playable: true, frames: 130, seed: 11, checksums: 2, unknown_fields: [] });
  });

  it('an Adaptive match: the strength before and after, the aim and the match number', () => {
    const r = playReplay(60);
    const adaptive = { strength: 0.42, matches: 3, target: 0.5, result: 1, next: { strength: 0.47, matches: 4, target: 0.5 } };
    r.extra = { adaptive };
    const i = replayInfo(decodeReplay(encodeReplay(r)));
    expect(i.lines).toContain('adaptive  Adaptive 42 → 47 (won), aim win 50 %, match 4');
    r.extra = { adaptive: { ...adaptive, result: null, next: null }, partial: true };
    expect(replayInfo(decodeReplay(encodeReplay(r))).lines).toContain(
      'adaptive  Adaptive 42, aim win 50 %, match 4 (left before the end: did not count)',
    );
    r.extra = { adaptive: 'odd' };
    expect(replayInfo(decodeReplay(encodeReplay(r))).lines.some((l) => l.startsWith('adaptive'))).toBe(false);
  });

  it('escapes control characters from the file and shortens long values', () => {
    const r = playReplay(60);
    r.sides[0]!.name = '\u001b[2J\u001b]0;x\u0007\nnext\u202e';
    r.extra = { note: 'z'.repeat(5000) };
    const i = replayInfo(decodeReplay(encodeReplay(r)));
    const side = i.lines.find((l) => l.startsWith('side 1'))!;
    expect(side).toBe('side 1    \\u001b[2J\\u001b]0;x\\u0007\\u000anext\\u202e — CPU, controller random:3');
    expect(i.lines.find((l) => l.startsWith('extra'))!.length).toBeLessThan(220);
    expect((i.json.sides as { name: string }[])[0]!.name).toBe(r.sides[0]!.name); // --json keeps the value (JSON escapes it)
  });

  it('another sim version: what it can read, odd values as such, fields it does not know listed', () => {
    const odd = withHeader(good, (h: any) => {
      h.sim = SIM_VERSION + 1;
      Object.assign(h.config, { lives: 1e308, timeLimit: 1e308, stages: { nested: true } });
      h.frames = 1e9;
      h.newfield = [1, 2];
      delete h.result;
    });
    expect(() => decodeReplay(odd)).toThrow(ReplayError);
    const f = readForeignHeader(odd)!;
    expect(f.simVersion).toBe(SIM_VERSION + 1);
    const i = replayInfo(f);
    expect(i.lines[0]).toMatch(new RegExp(`^note {6}made by sim version ${SIM_VERSION + 1}; this build is sim version ${SIM_VERSION}`));
    expect(i.lines).toContain(
      `match     versus, ? stages, normal, seed 11, ? lives (1e+308, not 1..99), time limit ? (1e+308 frames, not 0..${MAX_TIME_LIMIT})`,
    );
    expect(i.lines).toContain('duration  ? (1000000000)');
    expect(i.lines).toContain('result    ?');
    expect(i.lines).toContain('unknown   newfield (fields this build does not know)');
    expect(i.lines).toContain('missing   result');
    expect(i.lines.join('\n')).not.toMatch(/undefined|NaN|e\+30\d:/);
    expect(i.json).toMatchObject({ playable: false, frames: null, checksums: null, unknown_fields: ['newfield'] });
  });

  it('a foreign header listing thousands of sides or unknown fields: output stays short', () => {
    const wide = withHeader(good, (h: any) => {
      h.sim = SIM_VERSION + 1;
      h.sides = [...h.sides, ...Array.from({ length: 50_000 }, () => 0)];
      for (let k = 0; k < 500; k++) h[`f${k}`] = k;
    });
    const i = replayInfo(readForeignHeader(wide)!);
    expect(i.lines.filter((l) => l.startsWith('side ')).length).toBe(2);
    expect(i.lines).toContain('sides     ? (50002 listed, a replay has 1 or 2; the first 2 shown)');
    expect(i.lines.find((l) => l.startsWith('unknown'))).toMatch(/^unknown {3}f0, f1, .*, f19 and 480 more \(fields/);
    expect(i.json).toMatchObject({ side_count: 50_002, unknown_field_count: 500 });
    expect((i.json.sides as unknown[]).length).toBe(2);
    expect(JSON.stringify(i.json).length).toBeLessThan(5000);
  });

  it('readForeignHeader: null for this version or no valid sim; the checks of every version still apply', () => {
    expect(readForeignHeader(withHeader(good, (h) => (h.surprise = 1)))).toBeNull();
    expect(readForeignHeader(withHeader(good, (h) => (h.sim = 'five')))).toBeNull();
    const damaged = good.slice();
    damaged[good.length - 1]! ^= 1;
    expect(() => readForeignHeader(damaged)).toThrow(/^byte 16: corrupt/);
  });

  it('a time limit is at most MAX_TIME_LIMIT (4 hours): beyond it could never be reached', () => {
    expect(MAX_TIME_LIMIT).toBe(4 * 60 * 60 * 60);
    const r = playReplay(60);
    expect(() => encodeReplay({ ...r, config: { ...r.config, timeLimit: MAX_TIME_LIMIT + 1 } })).toThrow(
      /header\.config\.timeLimit: must be a whole number of frames from 0 to 864000/,
    );
    expect(decodeReplay(encodeReplay({ ...r, config: { ...r.config, timeLimit: MAX_TIME_LIMIT } })).config.timeLimit).toBe(MAX_TIME_LIMIT);
  });
});

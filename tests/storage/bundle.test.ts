import { describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { encodeReplay, replayFromRunner } from '../../src/replay';
import { createMatch, MatchRunner } from '../../src/sim';
import { decodeBundle, encodeBundle, ImportError, parseImport } from '../../src/storage/bundle';
import { storageError } from '../../src/storage/storage-error';

function replayBytes(seed: number, frames = 130): Uint8Array {
  const s = createMatch({ seed, timeLimit: frames });
  const r = new MatchRunner(s, [createController(`random:${seed}`), createController('scripted')]);
  r.runUntil(frames);
  return encodeReplay(replayFromRunner(r, { date: '2025-06-01T00:00:00Z' }));
}

describe('replay bundles and imports', () => {
  const one = replayBytes(1);
  const two = replayBytes(2);

  it('round-trips replays with names and tags', () => {
    const b = encodeBundle([
      { name: 'First', tags: ['survey'], bytes: one },
      { name: '', tags: [], bytes: two },
    ]);
    const items = decodeBundle(b, 'all.twrb');
    expect(items.map((i) => [i.name, i.tags, i.header.config.seed])).toEqual([
      ['First', ['survey'], 1],
      ['', [], 2],
    ]);
    expect(items[0]!.bytes).toEqual(one);
    expect(items[1]!.source).toBe('all.twrb, replay 2 of 2');
  });

  it('refuses a corrupt bundle naming the file and the byte', () => {
    const b = encodeBundle([{ name: 'x', tags: [], bytes: one }]);
    const flipped = b.slice();
    flipped[40] ^= 1;
    expect(() => decodeBundle(flipped, 'all.twrb')).toThrow(/^all\.twrb: byte 12: CRC mismatch/);
    expect(() => decodeBundle(b.subarray(0, 30), 'all.twrb')).toThrow(/all\.twrb: byte 12: CRC mismatch|truncated|runs past the end/);
    const newer = b.slice();
    newer[4] = 9;
    expect(() => decodeBundle(newer, 'all.twrb')).toThrow(/byte 4: bundle version 9 .*update the game/);
  });

  it('imports all or nothing, listing every bad file with what is wrong', () => {
    expect(
      parseImport([
        { name: 'a.twrp', bytes: one },
        { name: 'b.twrp', bytes: two },
      ]),
    ).toHaveLength(2);
    let err: unknown;
    try {
      parseImport([
        { name: 'a.twrp', bytes: one },
        { name: 'cut.twrp', bytes: two.subarray(0, 50) },
        { name: 'notes.txt', bytes: new TextEncoder().encode('hello') },
      ]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ImportError);
    const problems = (err as ImportError).problems;
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^cut\.twrp: byte 8: truncated/);
    expect(problems[1]).toMatch(/^notes\.txt: .*not a Twinfield replay/);
    expect(() => parseImport([])).toThrow(ImportError);
  });

  it('refuses a bundle holding a bad replay', () => {
    const cut = new Uint8Array(one.subarray(0, 60));
    // Build by hand around a broken replay (encodeBundle does not validate).
    const b = encodeBundle([
      { name: 'ok', tags: [], bytes: two },
      { name: 'bad', tags: [], bytes: cut },
    ]);
    expect(() => parseImport([{ name: 'all.twrb', bytes: b }])).toThrow(/all\.twrb: byte \d+: replay 2 of 2: .*truncated/);
  });

  it('says plainly when storage is full', () => {
    const q = storageError(Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' }), 'save the replay');
    expect(q.quota).toBe(true);
    expect(q.message).toMatch(
      /^Could not save the replay: the browser's storage for this page is full \(quota exceeded\)\. Nothing was changed\./,
    );
    const aborted = storageError({ name: 'AbortError', message: 'aborted', error: { name: 'QuotaExceededError' } }, 'import 3 files');
    expect(aborted.quota).toBe(true);
    expect(storageError(new Error('boom'), 'rename the replay').message).toBe('Could not rename the replay: Error: boom');
  });
});

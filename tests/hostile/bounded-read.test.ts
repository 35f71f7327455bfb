// readFileBounded stops at its limit whatever size the OS reports, and refuses what is not a regular file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileBounded } from '../../src/cli/replay-files';

const err = (reason: string) => new Error(reason);

describe('readFileBounded', () => {
  it('a /proc file reports size 0 but is read, and cut off at the limit', () => {
    expect(readFileBounded('/proc/self/status', 1 << 20, err).length).toBeGreaterThan(0);
    expect(() => readFileBounded('/proc/self/status', 10, err)).toThrow('too large to be read (more than 10 bytes, the limit is 10)');
  });

  it('reads exactly up to the limit, and one byte more is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bounded-'));
    const f = join(dir, 'f');
    writeFileSync(f, 'x'.repeat(100));
    expect(readFileBounded(f, 100, err).length).toBe(100);
    expect(() => readFileBounded(f, 99, err)).toThrow('too large to be read (100 bytes, the limit is 99)');
    writeFileSync(f, '');
    expect(readFileBounded(f, 0, err).length).toBe(0);
    expect(() => readFileBounded('/dev/zero', 1 << 30, err)).toThrow('is not a regular file (a device)');
    expect(() => readFileBounded(dir, 10, err)).toThrow('is a directory');
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Sha256, sha256Hex } from '../../src/json/sha256';

describe('sha256', () => {
  it('equals node:crypto on lengths around the block edges', () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 70000]) {
      const b = new Uint8Array(n).map((_, i) => (i * 31 + 7) & 255);
      expect(sha256Hex(b)).toBe(createHash('sha256').update(b).digest('hex'));
    }
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('Sha256 (incremental)', () => {
  it('gives the same digest whatever the pieces', () => {
    const b = new Uint8Array(300).map((_, i) => (i * 13) & 255);
    const whole = createHash('sha256').update(b).digest('hex');
    expect(new Sha256().update(b.subarray(0, 1)).update(b.subarray(1, 64)).update(b.subarray(64)).hex()).toBe(whole);
  });
});

import { describe, expect, it } from 'vitest';
import { latinRow, latinRows } from '../../src/study/latin';

/** Every row a permutation; each item once per position; each ordered pair of neighbours equally often. */
function checkBalanced(n: number): void {
  const rows = Array.from({ length: latinRows(n) }, (_, r) => latinRow(n, r));
  for (const row of rows) expect([...row].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
  for (let pos = 0; pos < n; pos++) {
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row[pos]!, (counts.get(row[pos]!) ?? 0) + 1);
    expect(new Set(counts.values())).toEqual(new Set([rows.length / n]));
  }
  const pairs = new Map<string, number>();
  for (const row of rows) for (let j = 1; j < n; j++) pairs.set(`${row[j - 1]}>${row[j]}`, (pairs.get(`${row[j - 1]}>${row[j]}`) ?? 0) + 1);
  expect(pairs.size).toBe(n * (n - 1));
  expect(new Set(pairs.values())).toEqual(new Set([n % 2 === 0 ? 1 : 2]));
}

describe('balanced Latin square (Williams)', () => {
  it('the textbook square for 4 items', () => {
    expect([0, 1, 2, 3].map((r) => latinRow(4, r))).toEqual([
      [0, 1, 3, 2],
      [1, 2, 0, 3],
      [2, 3, 1, 0],
      [3, 0, 2, 1],
    ]);
  });
  it('is balanced for even and odd n (odd: the rows and their reverses)', () => {
    for (const n of [2, 3, 4, 5, 7, 8]) checkBalanced(n);
    expect(latinRows(8)).toBe(8);
    expect(latinRows(5)).toBe(10);
  });
  it('takes any row number modulo the rows; refuses n < 1', () => {
    expect(latinRow(8, 11)).toEqual(latinRow(8, 3));
    expect(latinRow(3, -1)).toEqual(latinRow(3, 5));
    expect(() => latinRow(0, 0)).toThrow(/n ≥ 1/);
  });
});

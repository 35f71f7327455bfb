// Balanced Latin square (Williams 1949): row r of n items, every item once per position over n rows
// and every item directly after every other exactly once (for odd n that takes the n rows and
// their reverses: 2n rows). Used for `setOrder: 'latin'`, so order effects average out. Pure.

/** How many rows the balanced square of n items has. */
export function latinRows(n: number): number {
  return n % 2 === 0 ? n : 2 * n;
}

/** Row `r` (any whole number; taken modulo latinRows(n)) as a permutation of 0..n-1. */
export function latinRow(n: number, r: number): number[] {
  if (!Number.isInteger(n) || n < 1) throw new Error(`a Latin square needs n ≥ 1 items, got ${n}`);
  const rows = latinRows(n);
  const k = ((r % rows) + rows) % rows;
  const base = k % n;
  const out: number[] = [];
  // The first row 0, 1, n-1, 2, n-2, …; every later row adds 1 (mod n).
  for (let j = 0; j < n; j++) out.push(j % 2 === 1 ? (base + (j + 1) / 2) % n : (base + n - j / 2) % n);
  return k >= n ? out.reverse() : out;
}

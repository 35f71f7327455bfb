// Large counts in limit messages read as people write them: 300,000,000, not 300000000.

/** `n` with thousands separated by commas (a safe integer), else as String(n). */
export function groupDigits(n: number): string {
  return Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : String(n);
}

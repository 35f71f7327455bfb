// Median survival with censoring (Kaplan–Meier): a player who is still alive when its match ends
// (it won, or the time ran out) survived at least that long, not exactly that long. Counting such a
// match at its length would make a newcomer who knocks the CPU out at 70 s look like one who died then.

export interface SurvivalMedian {
  /** Seconds; when fewer than half ever died, the longest time observed (then `atLeast`). */
  value: number;
  /** True when the survival curve never fell to one half: the median is beyond `value`. */
  atLeast: boolean;
}

/**
 * Kaplan–Meier median of `times` (seconds), `died[i]` false for a censored time (still alive at
 * the end). The median is the first time at which the estimated survival falls to 0.5 or below.
 */
export function kaplanMeierMedian(times: readonly number[], died: readonly boolean[]): SurvivalMedian {
  const n = times.length;
  if (n === 0) return { value: Number.NaN, atLeast: false };
  const order = times.map((_, i) => i).sort((a, b) => times[a]! - times[b]! || Number(died[b]) - Number(died[a]));
  let atRisk = n;
  let s = 1;
  let i = 0;
  while (i < n) {
    const t = times[order[i]!]!;
    let deaths = 0;
    let leaving = 0;
    while (i < n && times[order[i]!]! === t) {
      if (died[order[i]!]) deaths++;
      leaving++;
      i++;
    }
    if (deaths > 0) {
      s *= 1 - deaths / atRisk;
      if (s <= 0.5) return { value: t, atLeast: false };
    }
    atRisk -= leaving;
  }
  return { value: times[order[n - 1]!]!, atLeast: true };
}

// The multi-wave emission schedule shared by the wave field and Lee's automaton (so the baseline
// sees its target exactly as often): n waves of lifetime T; wave w first goes out after
// floor(w·T/n) steps, then again whenever it has lived T − 1 steps (every T/n steps one wave).

/** True when wave w (age < 0: never emitted) is due for (re-)emission at step `time`. */
export function emissionDue(age: number, time: number, w: number, lifetime: number, waves: number): boolean {
  return age < 0 ? time > Math.floor((w * lifetime) / waves) : age >= lifetime - 1;
}

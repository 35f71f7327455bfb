// Path value (paper A.1): Σ_{k=1..T} w^(T−k) · E(n_k). The last node weighs 1 and earlier nodes
// only break ties (w = 0.003). Weights by repeated multiplication (no Math.pow).

/** out[k−1] = w^(T−k) for k = 1..T. */
export function pathWeights(T: number, w: number, out = new Float64Array(T)): Float64Array {
  let c = 1;
  for (let k = T; k >= 1; k--) {
    out[k - 1] = c;
    c *= w;
  }
  return out;
}

/**
 * Σ w^(T−k) E_k summed from the last node backwards, acc = c_k·E_k + acc: the same order both
 * searches use, so equal paths give bit-equal values.
 */
export function pathValue(E: ArrayLike<number>, w: number): number {
  const T = E.length;
  let acc = 0;
  let c = 1;
  const cs = new Float64Array(T);
  for (let k = T; k >= 1; k--) {
    cs[k - 1] = c;
    c *= w;
  }
  for (let k = T; k >= 1; k--) acc = cs[k - 1]! * E[k - 1]! + acc;
  return acc;
}

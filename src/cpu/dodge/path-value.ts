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
 * Σ_{k<n} weights[k]·E[k] for the first n nodes of a path, summed from its last node backwards
 * (acc = weights[k]·E[k] + acc): the order of both searches' backward induction, so the node
 * values of a best path give its decision value bit for bit. `weights` are the search's
 * (pathWeights(depth, w)): a path hit after n < depth nodes keeps the weights of a full one.
 * The plan uses it for its danger-only value (DodgePlan.hazard). Allocates nothing.
 */
export function pathValue(E: ArrayLike<number>, weights: ArrayLike<number>, n = E.length): number {
  let acc = 0;
  for (let k = n - 1; k >= 0; k--) acc = weights[k]! * E[k]! + acc;
  return acc;
}

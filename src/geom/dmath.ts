// Deterministic trigonometry built from + − × ÷ and sqrt only. Math.sin/cos/atan2 are allowed to
// differ in the last bits between JS engines, which would make a replay recorded in one browser
// desync in another; these give the same bits everywhere IEEE 754 arithmetic does.

export const PI = 3.141592653589793;
export const TAU = 6.283185307179586;
export const HALF_PI = 1.5707963267948966;

/** Sine of x (radians). Max error ≈ 1e-11 on the reduced range. */
export function dsin(x: number): number {
  // Reduce to [-π, π], then to [-π/2, π/2] using sin(π − x) = sin(x).
  let r = x - TAU * Math.round(x / TAU);
  if (r > HALF_PI) r = PI - r;
  else if (r < -HALF_PI) r = -PI - r;
  const r2 = r * r;
  // Taylor series to x^17 (Horner form); remainder < 1e-11 for |r| ≤ π/2.
  return (
    r *
    (1 +
      r2 *
        (-1 / 6 +
          r2 *
            (1 / 120 +
              r2 *
                (-1 / 5040 +
                  r2 *
                    (1 / 362880 + r2 * (-1 / 39916800 + r2 * (1 / 6227020800 + r2 * (-1 / 1307674368000 + r2 * (1 / 355687428096000)))))))))
  );
}

export function dcos(x: number): number {
  return dsin(x + HALF_PI);
}

/** atan for t in [0, 1]: two half-angle reductions, then a short series. */
function atanUnit(t: number): number {
  // atan(t) = 2·atan(t / (1 + sqrt(1 + t²)))
  const t1 = t / (1 + Math.sqrt(1 + t * t));
  const t2 = t1 / (1 + Math.sqrt(1 + t1 * t1));
  const s = t2 * t2; // t2 ≤ tan(π/16) ≈ 0.199
  const series = t2 * (1 + s * (-1 / 3 + s * (1 / 5 + s * (-1 / 7 + s * (1 / 9 + s * (-1 / 11 + s * (1 / 13 + s * (-1 / 15))))))));
  return 4 * series;
}

/** Angle of (x, y) in (−π, π], as the standard atan2(y, x). */
export function datan2(y: number, x: number): number {
  if (x === 0 && y === 0) return 0;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  let a = ay <= ax ? atanUnit(ay / ax) : HALF_PI - atanUnit(ax / ay);
  if (x < 0) a = PI - a;
  return y < 0 ? -a : a;
}

/** Integer power by repeated squaring (Math.pow is not guaranteed bit-identical). */
export function dpowi(base: number, exp: number): number {
  let result = 1;
  let b = base;
  let e = exp;
  while (e > 0) {
    if (e & 1) result *= b;
    b *= b;
    e >>= 1;
  }
  return result;
}

// Fitting a reference player (src/controllers/reference/) to recorded play: the hands' timing from
// press and change lengths, the perception delay and comfort margin by the likelihood of the moves
// the player really changed to under the model's rating of the 9 moves, the focus habit by how
// often its crowd rule agrees with the focus key, and the shot habit from the shot key's share.
// Every replay is re-simulated (verifyReplay), so the field the model perceives is the real one.
// Method and tolerances: docs/reference-players.md, "Fitting to recorded people".
// This file holds fitReference, which runs the passes over the replays: the timing (timing.ts), the
// re-simulating passes (pass.ts) on the likelihood grids (likelihood.ts), the result (assemble.ts).
import type { ReferencePlayer } from '../../controllers/reference/schema';
import { ReplayError } from '../../replay/errors';
import { assemble } from './assemble';
import { COARSE_DELAY_STEP, COARSE_MARGINS, FINE_DELAYS, FIT_DELAYS, argmax, fineMargins, grid } from './likelihood';
import { Pass } from './pass';
import { decisionFramesFrom, Hands, LOW_PERCENTILE, quantile } from './timing';
import type { FitOptions, FitSource, ReferenceFit } from './types';

/**
 * Fits `base`'s delay, margin, decision rhythm, minimum hold, focus habit and shot share to the
 * sides of the replays `sources()` yields (called once per pass, three times). Pass 0 (inputs
 * only): the hands' timing, the focus and shot keys. Pass 1 (re-simulated): the metrics, the crowds
 * at every delay for the focus habit, and the likelihood of the new moves on a coarse grid (every second
 * delay, COARSE_MARGINS, speeds judged right). Pass 2: the likelihood on every delay within 4 of
 * pass 1's best and 5 margins around its margin, each decision's likelihood its mean over 8 draws
 * of the base's speed misjudgements. Only counts and run lengths are kept: replays are taken one at
 * a time. Throws ReplayError for a replay that does not re-simulate.
 */
export function fitReference(base: ReferencePlayer, sources: () => Iterable<FitSource>, opts: FitOptions): ReferenceFit {
  const hands = new Hands();
  for (const s of sources()) hands.add(s);
  const timing = decisionFramesFrom(hands.intervals);
  const gap = Number.isFinite(timing.value) ? timing.value : base.decisionFrames;
  const pressLow = quantile(hands.presses, LOW_PERCENTILE);
  // Changes that end the shortest presses are left out of the likelihood (Pass.frame).
  const minHold = Number.isFinite(pressLow) ? pressLow : 0;
  const coarse = grid(
    FIT_DELAYS.filter((d) => d % COARSE_DELAY_STEP === 0),
    COARSE_MARGINS,
  );
  const first = new Pass(base, coarse, gap, minHold, true);
  const run = (pass: Pass, n: number) => {
    let k = 0;
    for (const s of sources()) {
      pass.add(s);
      k++;
      opts.onReplay?.(n, k);
    }
    if (k !== hands.replays) throw new ReplayError(`the replays changed during the fit (${hands.replays}, then ${k})`);
  };
  run(first, 1);
  const c = argmax(coarse.loglik);
  const d1 = coarse.delays[Math.floor(c / coarse.margins.length)]!;
  const fine = grid(
    FIT_DELAYS.filter((d) => Math.abs(d - d1) <= FINE_DELAYS),
    fineMargins(coarse.margins[c % coarse.margins.length]!),
  );
  run(new Pass(base, fine, gap, minHold, false), 2);
  return assemble(base, hands, timing, pressLow, first, coarse, fine, opts);
}

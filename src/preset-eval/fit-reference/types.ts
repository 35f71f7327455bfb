// What the fit to recorded people takes (the replays, the options) and gives (the fitted reference,
// per field what it rests on, the measurements and the model's agreement). docs/reference-players.md,
// "Fitting to recorded people".
import type { ReferencePlayer } from '../../controllers/reference/schema';
import type { Replay } from '../../replay/format';

/** The replays to fit and the sides of each to take (0 = p1); called once per pass. */
export interface FitSource {
  replay: Replay;
  sides: readonly number[];
  /** How errors name it (a file, a bundle entry). */
  label?: string;
}

export interface FitOptions {
  /** The written reference's name and label. */
  name: string;
  label: string;
  /** After each replay of each re-simulating pass (1 and 2). */
  onReplay?: (pass: number, replays: number) => void;
}

/** One fitted field: the value written, and what it rests on. */
export interface FieldFit {
  value: number;
  /** The base's value (what is written when nothing pins the field down). */
  base: number;
  /** False when the recordings do not pin the field down (see `note`). */
  identified: boolean;
  note: string;
}

export type FittedField = 'delayFrames' | 'margin' | 'decisionFrames' | 'minHoldFrames' | 'focusCrowd' | 'shootShare';

export interface ReferenceFit {
  /** The fitted reference (every other field is the base's), valid for parseReferencePlayer. */
  player: ReferencePlayer;
  base: string;
  fields: Record<FittedField, FieldFit>;
  /** What was measured (not parameters). */
  measured: {
    replays: number;
    sides: number;
    seconds: number;
    /** Direction changes that acted: the decisions the likelihood is over. */
    decisions: number;
    presses: number;
    intervals: number;
    dir_changes_per_s: number | null;
    mean_clearance: number | null;
    focus_share: number | null;
    shot_share: number | null;
    press_p5: number | null;
    interval_p5: number | null;
  };
  /** At the fitted delay and margin. */
  agreement: {
    /** Share of decisions whose new move is the best-rated one (other than the held move). */
    exact: number | null;
    /** Mean probability of the new move under the model's jitter. */
    probability: number | null;
    /** Picking one of the 8 other moves at random. */
    chance: number;
    /** Mean log-likelihood per decision at the fit, and at the base's delay and margin (null: off the grid). */
    loglik: number | null;
    loglik_at_base: number | null;
    /** Pass 1's profile: per coarse delay, the mean log-likelihood per decision at its best margin. */
    profile: { delay: number; margin: number; loglik: number }[];
  };
}

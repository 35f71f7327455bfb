// The dodger's constants. Values marked "paper" are from seed 004 (appendix A.1–A.5); the rest are
// our choices where the paper gives no number.

/** Paper A.2: peak danger of one object. */
export const IMAX = 50;
/** Paper A.2: the circular part reaches Cci × Rhit. */
export const CCI = 3;
/** Paper A.2: the triangle fades out after Ctr1 frames of travel (m is measured in frames, see danger.ts). */
export const CTR1 = 90;
/** Paper A.2: half-angle of the triangle, tan 20°. */
export const CTR2 = 0.36397023426620234;
/** Paper A.1: path weight w (earlier nodes count w^(T−k)). */
export const PATH_W = 0.003;
/** Paper A.4: "nearly hit" means within this many times the hit distance. */
export const NEARLY_FACTOR = 2;
/** Paper A.4: at most this many nearly-hit (object, frame) pairs count. */
export const NEARLY_CAP = 6;
/** Paper A.4: cost per nearly-hit pair. */
export const NEARLY_COST = 50;
/** Paper A.2 (unnumbered): small constant danger near the top, left and right edges. Ours: 5 within 32 units. */
export const EDGE_DANGER = 5;
export const EDGE_BAND = 32;
/** Influence-map cell size in field units (the paper gives none). 384×448 → 48×56 cells. */
export const GRID_CELL = 8;
/**
 * The search moves the ship on an integer lattice of 1/LATTICE units: 4/√2 becomes 724/256. Every
 * position is then exact, so equal move multisets land on the very same state (transpositions),
 * which the fast search merges. The rounding error is < 0.002 units per frame.
 */
export const LATTICE = 256;
/** Paper A.5: reaction delay 0.4 s (the text says 0.25 s). */
export const PAPER_REACTION_FRAMES = 24;

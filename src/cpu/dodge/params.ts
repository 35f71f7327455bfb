// What a dodge search needs to know about the player it imitates (presets map onto this).
import { PAPER_REACTION_FRAMES, PATH_W } from './constants';

export interface DodgeParams {
  /** Search depth in steps (paper: 5). */
  depth: number;
  /** Frames one search step holds its direction (paper: 1 for Base / I-Map, 5 for I-Map + multi-frame). */
  framesPerStep: number;
  /** Objects younger than this many frames are invisible to the search (paper A.5: 24 = 0.4 s). */
  reactionFrames: number;
  /** false: the paper's Base player (every node that is not hit is worth 0). */
  influenceMap: boolean;
  /** Also search the 8 focused (slow) directions. */
  focus: boolean;
  /** Cost subtracted from a node's value when its move differs from the previous one (0: off). */
  switchPenalty: number;
  /** Path weight w (paper: 0.003). */
  w: number;
  /**
   * Pull toward DodgeWorld.goalX / below goalY: −lure·max(0, |x − goalX| − LURE_BAND)/width
   * − lure·max(0, goalY − y)/height per node (0: off; not in the paper).
   */
  lure: number;
  /**
   * Speed of the unfocused moves, field units per frame (default: the world's SHIP_SPEED). The CPU
   * plans with the focus speed while it charges, because charging slows the ship (src/sim/ship.ts).
   */
  shipSpeed?: number;
  /** Speed of the focused moves (default: the world's SHIP_FOCUS_SPEED); a character has its own. */
  focusSpeed?: number;
}

export const PAPER_PARAMS: DodgeParams = {
  depth: 5,
  framesPerStep: 1,
  reactionFrames: PAPER_REACTION_FRAMES,
  influenceMap: true,
  focus: false,
  switchPenalty: 0,
  w: PATH_W,
  lure: 0,
};

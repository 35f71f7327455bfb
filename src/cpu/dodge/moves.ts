// The actions of one search step: stay and 8 directions (MOVE_BITS order), optionally the 8
// focused directions too. Steps are in lattice units (1/LATTICE of a field unit) per frame;
// diagonals are normalised as in the game (speed/√2).
import { Input, MOVE_BITS, inputDirX, inputDirY } from '../../sim/input';
import { LATTICE } from './constants';

const DIAG = 0.7071067811865476;

export interface MoveSet {
  readonly count: number;
  /** Input bits of each action (focused ones include Input.FOCUS). */
  readonly bits: Int32Array;
  readonly dx: Int32Array;
  readonly dy: Int32Array;
  /** Largest per-frame step along one axis, lattice units. */
  readonly maxStep: number;
}

export function makeMoveSet(focus: boolean, speed: number, focusSpeed: number): MoveSet {
  const n = focus ? 17 : 9;
  const bits = new Int32Array(n);
  const dx = new Int32Array(n);
  const dy = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const focused = i >= 9;
    const b = focused ? MOVE_BITS[i - 8]! | Input.FOCUS : MOVE_BITS[i]!;
    const sx = inputDirX(b);
    const sy = inputDirY(b);
    const sp = focused ? focusSpeed : speed;
    const step = Math.round((sx !== 0 && sy !== 0 ? sp * DIAG : sp) * LATTICE);
    bits[i] = b;
    dx[i] = sx * step;
    dy[i] = sy * step;
  }
  return { count: n, bits, dx, dy, maxStep: Math.round(speed * LATTICE) };
}

/** Action index of input bits (movement and focus), or −1 when it is not one of the set. */
export function moveIndexOf(set: MoveSet, bits: number): number {
  const want = bits & (Input.UP | Input.DOWN | Input.LEFT | Input.RIGHT | Input.FOCUS);
  for (let i = 0; i < set.count; i++) if (set.bits[i] === want) return i;
  // Unfocused set: match the direction alone.
  const dir = want & ~Input.FOCUS;
  for (let i = 0; i < set.count; i++) if (set.bits[i] === dir) return i;
  return -1;
}

const NAMES = ['stay', 'up', 'up-right', 'right', 'down-right', 'down', 'down-left', 'left', 'up-left'];

export function moveName(i: number): string {
  return i < 9 ? NAMES[i]! : `focus-${NAMES[i - 8]!}`;
}

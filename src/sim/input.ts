// A side's input for one frame is a bitmask: the same bits come from a keyboard, a gamepad,
// a replay or a CPU, so the sim never knows who is playing.

export const Input = {
  UP: 1,
  DOWN: 2,
  LEFT: 4,
  RIGHT: 8,
  SHOT: 16,
  FOCUS: 32,
  CHARGE: 64,
} as const;

export const INPUT_MASK = 127;

/** The 9 movement choices (stay + 8 directions) as input bits, in a fixed order. */
export const MOVE_BITS: readonly number[] = [
  0,
  Input.UP,
  Input.UP | Input.RIGHT,
  Input.RIGHT,
  Input.DOWN | Input.RIGHT,
  Input.DOWN,
  Input.DOWN | Input.LEFT,
  Input.LEFT,
  Input.UP | Input.LEFT,
];

/** Unit-free direction (−1, 0, 1 per axis) that the bits ask for; opposite keys cancel. */
export function inputDirX(bits: number): number {
  return (bits & Input.RIGHT ? 1 : 0) - (bits & Input.LEFT ? 1 : 0);
}

export function inputDirY(bits: number): number {
  return (bits & Input.DOWN ? 1 : 0) - (bits & Input.UP ? 1 : 0);
}

/** Movement bits only (no shot, focus or charge). */
export function moveBits(bits: number): number {
  return bits & (Input.UP | Input.DOWN | Input.LEFT | Input.RIGHT);
}

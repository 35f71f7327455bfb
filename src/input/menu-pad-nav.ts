// Gamepad → menu commands: a press gives one command at once, a held direction repeats after a
// delay (like a keyboard's auto-repeat), buttons never repeat. Anything already held when the
// menu opens is ignored until released, so the A that started a match or the B held while
// pausing does not also pick a menu row. Pure: the caller passes the pad state and elapsed ms.
import type { PadState } from './pad-state';

export type MenuCommand = 'up' | 'down' | 'left' | 'right' | 'confirm' | 'back' | 'start';

/** A held direction repeats after this long… */
export const REPEAT_DELAY_MS = 380;
/** …then every this long. */
export const REPEAT_EVERY_MS = 110;
/** A frame counts at most this long: on a stalled or very slow frame the menu must not run away. */
export const MAX_FRAME_MS = 50;

const DIRS = ['up', 'down', 'left', 'right'] as const;
const BUTTONS = [
  ['a', 'confirm'],
  ['b', 'back'],
  ['start', 'start'],
] as const;

export class MenuPadNav {
  /** Per direction: ms held so far and when the next repeat is due (absent: not held). */
  private held: Partial<Record<(typeof DIRS)[number], { ms: number; nextAt: number }>> = {};
  private prev: Record<string, boolean> = {};
  /** Inputs to ignore until released. */
  private latched = new Set<string>();
  private latchNext = true;

  /** Ignore whatever is held at the next update until it is released (call when the menu opens). */
  latch(): void {
    this.latchNext = true;
  }

  update(pad: PadState, dtMs: number): MenuCommand[] {
    const out: MenuCommand[] = [];
    const names = [...DIRS, ...BUTTONS.map(([b]) => b)];
    if (this.latchNext) {
      this.latchNext = false;
      for (const n of names) if (pad[n]) this.latched.add(n);
    }
    for (const n of names) if (!pad[n]) this.latched.delete(n);

    for (const d of DIRS) {
      const h = this.held[d];
      if (!pad[d] || this.latched.has(d)) delete this.held[d];
      else if (!h) {
        this.held[d] = { ms: 0, nextAt: REPEAT_DELAY_MS };
        out.push(d);
      } else {
        h.ms += Math.min(dtMs, MAX_FRAME_MS);
        if (h.ms >= h.nextAt) {
          out.push(d);
          h.nextAt = Math.max(h.nextAt + REPEAT_EVERY_MS, h.ms);
        }
      }
    }
    for (const [b, cmd] of BUTTONS) {
      if (pad[b] && !this.prev[b] && !this.latched.has(b)) out.push(cmd);
      this.prev[b] = pad[b];
    }
    return out;
  }
}

// The playback timeline: a bar with the indexed part, the desync (red), the marks of hits, kills,
// charge attacks and the end, and the play head; click or drag to seek. Geometry rules (frame ↔ x)
// are pure, in src/playback/transport.ts.
import type Phaser from 'phaser';
import { UI } from '../art/palette';
import { toLogical } from '../art/render-scale';
import { timelineFrame, timelineX, type TimelineGeom } from '../playback/transport';
import type { TimelineMark } from '../replay';

export interface TimelineRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export class TimelineBar {
  private readonly base: Phaser.GameObjects.Graphics;
  private readonly marksG: Phaser.GameObjects.Graphics;
  private readonly head: Phaser.GameObjects.Graphics;
  readonly zone: Phaser.GameObjects.Zone;
  dragging = false;
  private marksDrawn = -1;

  constructor(
    scene: Phaser.Scene,
    readonly rect: TimelineRect,
    private readonly frames: number,
    onSeek: (frame: number) => void,
  ) {
    this.base = scene.add.graphics();
    this.marksG = scene.add.graphics();
    this.head = scene.add.graphics();
    const r = rect;
    // The hit area reaches the marks above and below the bar.
    this.zone = scene.add
      .zone(r.x, r.y - 4, r.w, r.h + 8)
      .setOrigin(0)
      .setInteractive({ useHandCursor: true });
    this.zone.on('pointerdown', (ptr: Phaser.Input.Pointer) => {
      this.dragging = true;
      onSeek(this.frameAt(toLogical(ptr).x));
    });
    scene.input.on('pointermove', (ptr: Phaser.Input.Pointer) => {
      if (this.dragging && ptr.isDown) onSeek(this.frameAt(toLogical(ptr).x));
    });
    scene.input.on('pointerup', () => (this.dragging = false));
  }

  get objects(): Phaser.GameObjects.GameObject[] {
    return [this.base, this.marksG, this.head, this.zone];
  }

  /** The lowest and highest y anything of the timeline is drawn at. */
  get extent(): { top: number; bottom: number } {
    return { top: this.rect.y - 4, bottom: this.rect.y + this.rect.h + 4 };
  }

  private get geom(): TimelineGeom {
    return { x: this.rect.x, w: this.rect.w, frames: this.frames };
  }

  frameAt(x: number): number {
    return timelineFrame(this.geom, x);
  }

  xAt(frame: number): number {
    return timelineX(this.geom, frame);
  }

  /** True when `marks` has grown since the last draw. */
  stale(marks: readonly TimelineMark[]): boolean {
    return marks.length !== this.marksDrawn;
  }

  /** The bar: indexing progress (the unscanned part darker), the desync, the marks. */
  draw(indexedFrames: number, desyncFrame: number | null, marks: readonly TimelineMark[]): void {
    const { x: X, y: Y, w: W, h: H } = this.rect;
    const g = this.base;
    g.clear();
    g.fillStyle(0x231a44, 1).fillRoundedRect(X, Y, W, H, 3);
    if (desyncFrame !== null) {
      const x = this.xAt(desyncFrame);
      g.fillStyle(0x5a1020, 1).fillRect(x, Y, X + W - x, H);
    }
    const done = this.xAt(indexedFrames);
    if (done < X + W) g.fillStyle(0x120a2a, 1).fillRect(done, Y + 1, X + W - done, H - 2);
    const m = this.marksG;
    m.clear();
    const side = (s: number) => (s === 0 ? UI.p1Hex : UI.p2Hex);
    for (const k of marks) {
      if (k.kind !== 'kill') continue;
      // Kills: short ticks, P1 in the top half and P2 in the bottom half of the bar.
      const x = Math.round(this.xAt(k.frame));
      m.fillStyle(side(k.side), 0.55).fillRect(x, k.side === 0 ? Y + 1 : Y + H / 2, 1, H / 2 - 1);
    }
    for (const k of marks) {
      const x = Math.round(this.xAt(k.frame));
      if (k.kind === 'hit') {
        // A red line through the bar and a triangle in the side's colour: above for P1, below for P2.
        m.fillStyle(0xff3b5c, 1).fillRect(x - 1, Y - 2, 3, H + 4);
        const tip = k.side === 0 ? Y - 1 : Y + H + 1;
        const baseY = k.side === 0 ? Y - 4 : Y + H + 4;
        m.fillStyle(side(k.side), 1).fillTriangle(x - 3, baseY, x + 3, baseY, x, tip);
      } else if (k.kind === 'charge-attack') {
        m.fillStyle(0xffd24a, 0.95).fillRect(x, k.side === 0 ? Y : Y + H - 2, 2, 2);
      } else if (k.kind === 'match-end') {
        m.fillStyle(0xffffff, 1).fillRect(x - 1, Y - 2, 2, H + 4);
      }
    }
    this.marksDrawn = marks.length;
  }

  /** The play head and the played part. */
  drawHead(frame: number): void {
    const { x: X, y: Y, h: H } = this.rect;
    const x = this.xAt(frame);
    const h = this.head;
    h.clear();
    h.fillStyle(0xffffff, 0.25).fillRoundedRect(X, Y, Math.max(0, x - X), H, 3);
    h.fillStyle(0xffd24a, 1).fillRect(x - 1, Y - 3, 3, H + 6);
  }
}

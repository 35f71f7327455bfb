// Keys to the debug overlays, drawn in the HUD where no field is (between the two fields, or beside
// a single one): F3's danger scale and what its path and tints are, F2's signed wave scale, its
// contour lines and the chasers' and turrets' marks. Shown while their overlay is on.
import type Phaser from 'phaser';
import { UI } from '../art/palette';
import { FIELD_H, FIELD_W } from '../sim/constants';
import { GAME_W, type FieldRect } from './layout';
import { heatRgba, WAVE_DECADES, waveRgba, type Rgba } from './overlay-scales';
import { textStyle } from './text';
import { t } from '../i18n/i18n';

export type LegendKind = 'cpu' | 'wave';

/** The free box for legends: the gap between two fields, or the space right of a single one. */
export function legendBox(rects: readonly FieldRect[]): { x: number; y: number; w: number; h: number } {
  const top = rects[0]!.y;
  if (rects.length > 1) {
    const x = rects[0]!.x + FIELD_W + 6;
    return { x, y: top + 258, w: rects[1]!.x - 6 - x, h: FIELD_H - 258 - 40 };
  }
  const x = rects[0]!.x + FIELD_W + 16;
  return { x, y: top + 130, w: Math.min(220, GAME_W - 10 - x), h: FIELD_H - 170 };
}

const hex = (c: Rgba): number => (c[0] << 16) | (c[1] << 8) | c[2];

export class OverlayLegend {
  readonly root: Phaser.GameObjects.Container;

  constructor(
    scene: Phaser.Scene,
    layer: Phaser.GameObjects.Layer,
    box: { x: number; y: number; w: number },
    kind: LegendKind,
    opts: { maze: boolean; slot: number },
  ) {
    const w = box.w;
    this.root = scene.add.container(box.x, box.y + opts.slot * 80).setName(`legend-${kind}`);
    const cpu = kind === 'cpu';
    const lines = cpu
      ? [t('match.legend.plan'), ...(opts.maze ? [t('match.legend.routeTint')] : [])]
      : [t('match.legend.waveFronts'), t('match.legend.headings')];
    const h = 44 + lines.length * 13;
    const bg = scene.add.graphics();
    bg.fillStyle(UI.panel, 0.85).fillRoundedRect(0, 0, w, h, 6);
    bg.lineStyle(1, UI.frame, 0.5).strokeRoundedRect(0, 0, w, h, 6);
    const title = scene.add
      .text(w / 2, 3, cpu ? t('match.legend.cpuTitle') : t('match.legend.waveTitle'), textStyle(11, UI.accent, { fontStyle: 'bold' }))
      .setOrigin(0.5, 0);
    // The colour bar, drawn with the very scale the overlay paints with.
    const bar = scene.add.graphics();
    const bx = 8,
      by = 19,
      bw = w - 16,
      steps = 30;
    bar.fillStyle(0x05020e, 1).fillRect(bx, by, bw, 9);
    for (let k = 0; k < steps; k++) {
      const u = (k + 0.5) / steps;
      const c = cpu ? heatRgba(u) : waveRgba(Math.round((u * 2 - 1) * WAVE_DECADES));
      bar.fillStyle(hex(c), c[3] / 255).fillRect(bx + (k * bw) / steps, by, bw / steps + 0.5, 9);
    }
    const ends = cpu ? [t('match.legend.safe'), t('match.legend.deadly')] : ['−', '+'];
    const left = scene.add.text(bx, by + 11, ends[0]!, textStyle(10, UI.dim));
    const right = scene.add.text(bx + bw, by + 11, ends[1]!, textStyle(10, UI.dim)).setOrigin(1, 0);
    const mid = scene.add
      .text(w / 2, by + 11, cpu ? t('match.legend.danger') : t('match.legend.waveHeight'), textStyle(10, UI.dim))
      .setOrigin(0.5, 0);
    const texts = lines.map((l, k) => scene.add.text(8, 44 + k * 13, l, textStyle(10.5, UI.text)));
    // Never wider than the box (the box is the gap between the fields).
    for (const o of [...texts, mid]) if (o.width > w - 12) o.setScale((w - 12) / o.width);
    this.root.add([bg, title, bar, left, right, mid, ...texts]);
    layer.add(this.root);
    this.root.setVisible(false);
  }

  setVisible(on: boolean): void {
    this.root.setVisible(on);
  }
}

// High-DPI (src/art/render-scale.ts): a scene plugin every scene gets. When the canvas is drawn at
// scale R > 1, each camera of the scene — the main one and those views add (field cameras, overlays)
// — keeps its logical viewport, multiplied by R, and zooms by R from its top-left corner, so scenes
// lay out in logical 960×540 units and the canvas shows them R times sharper: Graphics are vector,
// text is rasterised at R (views/text.ts), and the sprites come from the art set of R, whose textures
// declare R texels per unit and so keep their logical size (art/load-assets.ts, art/texture-resolution.ts).
import Phaser from 'phaser';
import { renderScale } from '../art/render-scale';

type CameraAdd = Phaser.Cameras.Scene2D.CameraManager['add'];

export class HiDpiPlugin extends Phaser.Plugins.ScenePlugin {
  override boot(): void {
    const r = renderScale.value;
    if (r === 1) return;
    const events = this.systems!.events;
    const cams = this.systems!.cameras;
    const add: CameraAdd = cams.add.bind(cams);
    cams.add = ((x = 0, y = 0, w?: number, h?: number, makeMain?: boolean, name?: string) =>
      add(x * r, y * r, w === undefined ? undefined : w * r, h === undefined ? undefined : h * r, makeMain, name)
        .setOrigin(0, 0)
        .setZoom(r)) as CameraAdd;
    // The main camera is made when the scene starts (after this plugin boots), at the canvas size.
    events.on(Phaser.Scenes.Events.START, () => cams.main.setOrigin(0, 0).setZoom(r));
  }
}

/** The game-config entry that installs the plugin in every scene. */
export const HIDPI_PLUGIN = { key: 'HiDpiPlugin', plugin: HiDpiPlugin, mapping: 'hidpi', start: true };

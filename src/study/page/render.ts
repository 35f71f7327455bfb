// Video clips for other survey platforms (`study build --video`): the same clip the rater page
// plays, rendered frame by frame (the game loop asleep, each sim frame drawn, rendered and captured
// once) and encoded with mediabunny (src/clips/export-clip.ts) as WebM or MP4. The page exposes
// this as window.__studyRender when opened with ?view=render; the build drives it in Chromium.
import { clipRect } from '../../clips/clip-plan';
import { exportClip } from '../../clips/export-clip';
import { clipSupport } from '../../clips/support';
import { decodeReplay } from '../../replay';
import type { Manifest } from '../manifest';
import type { ClipScene, Stage } from './stage';
import { GAME_W } from '../../views/layout';

const STEP_MS = 1000 / 60;

export interface RenderedVideo {
  base64: string;
  mimeType: string;
  codec: string;
  frames: number;
  width: number;
  height: number;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export function installRenderer(root: HTMLElement, m: Manifest, stage: Stage): void {
  const render = async (clipId: string, format: 'webm' | 'mp4'): Promise<RenderedVideo> => {
    const clip = m.clips.find((c) => c.id === clipId);
    if (!clip) throw new Error(`no clip '${clipId}' in the manifest`);
    const res = await fetch(new URL(clip.file, document.baseURI));
    const replay = decodeReplay(new Uint8Array(await res.arrayBuffer()));
    await new Promise<void>(
      (ok) =>
        void stage
          .show(root, 'study-clip', { replay, start: clip.start, end: clip.end, rate: 1, manual: true, onFirstFrame: ok, onDone: () => {} })
          .then(ok),
    );
    const game = stage.phaser!;
    // Wait until the scene exists (created on the next game step).
    while (!(game.scene.getScene('study-clip') as ClipScene | null)?.sys.isActive()) await new Promise((r) => setTimeout(r, 16));
    const scene = game.scene.getScene('study-clip') as ClipScene;
    const scale = game.canvas.width / GAME_W;
    const rect = clipRect('left', 1, scale);
    const support = (await clipSupport(rect.w, rect.h))[format];
    if (!support.codec) throw new Error(support.note);
    const canvas = document.createElement('canvas');
    canvas.width = rect.w;
    canvas.height = rect.h;
    const ctx = canvas.getContext('2d')!;
    game.loop.sleep();
    let t = performance.now();
    try {
      const out = await exportClip(
        {
          canvas,
          render: (frame) => {
            scene.renderAt(frame);
            t += STEP_MS;
            game.step(t, STEP_MS);
            ctx.drawImage(game.canvas, rect.x, rect.y, rect.w, rect.h, 0, 0, rect.w, rect.h);
          },
        },
        { range: { start: clip.start, end: clip.end }, format, codec: support.codec },
      );
      return {
        base64: toBase64(out.bytes),
        mimeType: out.mimeType,
        codec: out.codec,
        frames: out.frames,
        width: out.width,
        height: out.height,
      };
    } finally {
      game.loop.wake();
      stage.hide();
    }
  };
  (window as unknown as { __studyRender: typeof render }).__studyRender = render;
  root.dataset.renderer = 'ready';
}

// Video clips for other survey platforms (`study build --video`): the same clip the rater page
// plays, rendered frame by frame once and encoded with mediabunny (src/clips/export-clip.ts) as WebM
// and MP4 from the same frames, at a bitrate fit for one 384×448 field (STUDY_VIDEO_ENCODING). It
// uses the playback export's capture (src/clips/scene-capture.ts): the game loop asleep, each sim
// frame drawn, rendered once on a clock of one frame per render (Phaser's tweens too: the
// HUD's lost-life animation) and read out of the WebGL canvas, the cameras drawing only the field.
// So a video's frames depend only on the clip (replay, range, field) and the options, never on how
// fast the machine renders or encodes. The page exposes this as window.__studyRender when opened
// with ?view=render; the build drives it in Chromium (src/cli/study-video.ts).
import { clipRect } from '../../clips/clip-plan';
import { type ClipEncoding, exportClips } from '../../clips/export-clip';
import { captureScene, type SceneCapture } from '../../clips/scene-capture';
import { clipSupport } from '../../clips/support';
import { decodeReplay } from '../../replay';
import { FPS } from '../../sim/constants';
import type { Manifest } from '../manifest';
import { HUD_TEXT } from './i18n';
import type { ClipScene, Stage } from './stage';
import { GAME_W } from '../../views/layout';
import { loadJapaneseFont } from '../../art/load-assets';

const STEP_MS = 1000 / FPS;

/**
 * The study videos' encoding: one 384×448 field at 60 fps, 400 kbit/s (about 1.3 MB of VP9 and 1.5 MB
 * of H.264 per 30 s clip: small enough for survey platforms), a key frame every 2 s.
 */
export const STUDY_VIDEO_ENCODING: ClipEncoding = { bitrate: 400_000, keyFrameInterval: 2 };

export interface RenderedVideo {
  base64: string;
  mimeType: string;
  codec: string;
  frames: number;
  width: number;
  height: number;
  /** Seconds the render and encode of the clip took, all its formats at once (figures only). */
  elapsed: number;
  /** The HUD's lives line on the clip's first frame, digits as N (says which language the HUD is in). */
  hudLives: string;
}

export interface RenderOptions {
  /**
   * Real time (ms) to let pass before rendering each frame. Nothing a video shows may depend on it:
   * the e2e test renders the clips again with a delay and compares the frames.
   */
  frameDelayMs?: number;
  /** Overrides STUDY_VIDEO_ENCODING's fields (figures and experiments). */
  encoding?: ClipEncoding;
  /** Video frames per second: 60 (every sim frame, the default) or 30 (every second one). */
  fps?: 60 | 30;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function installRenderer(root: HTMLElement, m: Manifest, stage: Stage): void {
  // Renders a clip once and encodes every format from the same frames.
  const render = async (clipId: string, formats: readonly ('webm' | 'mp4')[], o: RenderOptions = {}): Promise<RenderedVideo[]> => {
    const clip = m.clips.find((c) => c.id === clipId);
    if (!clip) throw new Error(`no clip '${clipId}' in the manifest`);
    const res = await fetch(new URL(clip.file, document.baseURI));
    const replay = decodeReplay(new Uint8Array(await res.arrayBuffer()));
    // A Japanese HUD draws with the bundled Japanese face, loaded before the clip's first frame.
    if (m.languages[0] === 'ja') await loadJapaneseFont();
    await new Promise<void>(
      (ok) =>
        void stage
          .show(root, 'study-clip', {
            replay,
            start: clip.start,
            end: clip.end,
            rate: 1,
            manual: true,
            // The HUD in the study's first language, as its raters would see it on the page.
            labels: HUD_TEXT[m.languages[0] ?? 'en'],
            onFirstFrame: ok,
            onDone: () => {},
          })
          .then(ok),
    );
    const game = stage.phaser!;
    let source: SceneCapture | null = null;
    // Everything after show() is undone in finally, whatever throws.
    try {
      // Wait until the scene exists (created on the next game step). It is a fresh start of the
      // scene: no tween of an earlier clip runs on.
      while (!(game.scene.getScene('study-clip') as ClipScene | null)?.sys.isActive()) await sleep(16);
      const scene = game.scene.getScene('study-clip') as ClipScene;
      const rect = clipRect('left', 1, game.canvas.width / GAME_W);
      const support = await clipSupport(rect.w, rect.h);
      const outputs = formats.map((format) => {
        const { codec, note } = support[format];
        if (!codec) throw new Error(note);
        return { format, codec };
      });
      const delay = o.frameDelayMs ?? 0;
      // The scene draws nothing on its overlay camera: narrowed to the field like the main camera.
      const fps = o.fps ?? FPS;
      // Nobody looks at the page while it renders: a canvas left on screen is composited after every
      // frame, which cost about a fifth of the render's CPU under software WebGL (docs/study.md).
      // The frames are read from the drawing buffer right after each render: the same bytes either way.
      game.canvas.style.display = 'none';
      source = captureScene(game, scene, rect, {
        // The tweens (a lost life's pop) advance by the sim frames between two video frames.
        stepMs: (STEP_MS * FPS) / fps,
        draw: delay > 0 ? (frame) => sleep(delay).then(() => scene.renderAt(frame)) : (frame) => scene.renderAt(frame),
      });
      const range = { start: clip.start, end: clip.end };
      const outs = await exportClips(source, { range, outputs, fps, encoding: { ...STUDY_VIDEO_ENCODING, ...o.encoding } });
      // As drawn on the clip's last frame.
      const hudLives = scene.livesLine();
      return outs.map((out) => ({
        base64: toBase64(out.bytes),
        mimeType: out.mimeType,
        codec: out.codec,
        frames: out.frames,
        width: out.width,
        height: out.height,
        elapsed: out.elapsed,
        hudLives,
      }));
    } finally {
      source?.release();
      game.canvas.style.display = '';
      stage.hide();
    }
  };
  (window as unknown as { __studyRender: typeof render }).__studyRender = render;
  root.dataset.renderer = 'ready';
}

// Clip orchestration of the playback scene: the clip dialog, the encoders this browser has, and
// the export itself — the game loop asleep, every sim frame stepped, drawn, rendered and captured
// by hand (one video frame per sim frame), the clip stored next to its replay. The scene keeps
// playback; this file keeps everything a clip needs from it behind `ClipHost`.
import type Phaser from 'phaser';
import { clipName, clipRect, type ClipRange } from '../clips/clip-plan';
import { captureScene } from '../clips/scene-capture';
import { clipSupport, type FormatSupport } from '../clips/support';
import type { ReplayPlayer } from '../replay';
import type { CpuShadow } from '../playback/cpu-shadow';
import { STEP_MS } from '../playback/transport';
import { FPS } from '../sim/constants';
import { ReplayLibrary } from '../storage/replay-library';
import type { ClipField, ClipFormat, ClipInfo } from '../storage/replay-meta';
import { openClipDialog, rememberExportSpeed, type ClipRequest } from '../ui/clip-dialog';
import type { MatchView } from '../views/match-view';
import { GAME_W } from '../views/layout';

/**
 * A clip starts this many frames early, unseen, from a fresh visual state, so effects of events
 * just before its start (bursts last ≤ 50 frames, shakes ≤ 40) are on screen as in continuous
 * play, and yet its pixels depend only on the replay, the range, the field and the options.
 */
export const CLIP_PREROLL_FRAMES = 60;

/** What a clip export can report per rendered frame (tests hash the pixels). */
export type ClipFrameHook = (ctx: CanvasRenderingContext2D, frame: number, overlays: { wave: boolean; cpu: boolean }) => void;

/** What the clip code needs of the playback scene. */
export interface ClipHost {
  readonly game: Phaser.Game;
  readonly player: ReplayPlayer;
  readonly mv: MatchView;
  readonly sides: number;
  readonly shadows: readonly (CpuShadow | null)[];
  readonly entryId: string | null;
  readonly stem: string;
  readonly replayKey: string;
  readonly survey: boolean;
  /** One sim step with its effects (sounds are off while exporting). */
  advanceOne(): boolean;
  /** Lets the CPU views decide at the current frame. */
  observeCpu(): void;
  /** The control bar, banner and hints hidden (true) for the export, shown again (false) after. */
  setExporting(on: boolean): void;
  /** Redraws at the current frame (after the export returns to where it was). */
  redraw(): void;
  /** The pad hint for the HUD now ('' without a gamepad). */
  padHint(): string;
}

export interface ClipResult {
  info: ClipInfo | null;
  blob: Blob;
  filename: string;
  elapsed: number;
  bytes: Uint8Array;
  codec: string;
}

export class PlaybackClips {
  private supportCache: Promise<Record<ClipFormat, FormatSupport>> | null = null;
  private closeDialog: (() => void) | null = null;
  exporting = false;
  dialogOpen = false;

  constructor(private readonly h: ClipHost) {}

  support(): Promise<Record<ClipFormat, FormatSupport>> {
    const r = clipRect('both', this.h.sides, this.h.game.canvas.width / GAME_W); // the largest clip, at the render scale
    return (this.supportCache ??= clipSupport(r.w, r.h));
  }

  close(): void {
    this.closeDialog?.();
  }

  open(): void {
    if (this.dialogOpen) return;
    this.dialogOpen = true;
    const h = this.h;
    void ReplayLibrary.open()
      .catch(() => null)
      .then((lib) => {
        this.closeDialog = openClipDialog({
          library: h.entryId ? lib : null,
          replayId: h.entryId,
          fileName: (range, field, format, survey) => this.fileName(range, field, format, survey),
          sides: h.sides,
          scale: h.game.canvas.width / GAME_W,
          current: h.player.frame,
          lastFrame: h.player.lastFrame,
          survey: h.survey,
          support: () => this.support(),
          run: (req, progress, signal) => this.export(req, progress, signal),
          onClose: () => {
            this.dialogOpen = false;
            this.closeDialog = null;
          },
        });
      });
  }

  /** A clip's file name: neutral for survey clips (a survey is blind), else with date and players. */
  fileName(range: ClipRange, field: ClipField, format: ClipFormat, survey: boolean): string {
    return clipName({ stem: this.h.stem, replayKey: this.h.replayKey }, range, field, format, survey);
  }

  /**
   * Positions the view at a clip's first frame from a fresh visual state: the player goes to
   * CLIP_PREROLL_FRAMES before it, particles, shake, visual streams and the HUD's animations
   * restart (seeded from the match seed and that frame; MatchView.resetVisuals), the CPU views
   * restart there, and the frames up to the start are played and drawn unseen, the animations
   * advancing one frame each (the export's tween clock). So the clip's pixels are a function of
   * (replay, range, field, options) and never of what was watched before.
   */
  private startAt(start: number): void {
    const { player: p, mv } = this.h;
    p.seek(Math.max(0, start - CLIP_PREROLL_FRAMES));
    mv.resetVisuals(p.state);
    for (const s of this.h.shadows) s?.restart();
    const tweens = mv.overlayCamera.scene.tweens;
    while (p.frame < start) {
      if (mv.cpuOn) this.h.observeCpu();
      mv.draw(p.state, FPS);
      tweens.step();
      if (!this.h.advanceOne()) break;
    }
  }

  /**
   * Renders frames start … end−1 one by one (the game loop is put to sleep and the game stepped
   * by hand, so every sim frame becomes exactly one video frame), encodes them, and stores the
   * clip next to the replay when it is in the library. A survey clip hides names, the frame rate,
   * hints and every debug overlay (restored afterwards). `onFrame` sees each captured frame (tests).
   *
   * The cameras draw only the clip's rectangle and its pixels are read out of the WebGL canvas
   * into memory (captureScene). `mode: 'baseline'` is the capture as it was before (the whole
   * canvas rendered, the rectangle copied through a 2-D canvas): 1.7–3× slower, the same pixels;
   * tests and the figures in docs/replays.md compare the two.
   */
  async export(
    req: ClipRequest,
    progress: (d: number, t: number) => void,
    signal?: AbortSignal,
    onFrame?: ClipFrameHook,
  ): Promise<ClipResult> {
    const h = this.h;
    const { player: p, mv, game } = h;
    if (this.exporting) throw new Error('a clip is already being exported');
    const support = (await this.support())[req.format];
    if (!support.codec) throw new Error(support.note);
    // The encoder (mediabunny) is loaded on demand: most visits never export a clip.
    const { exportClip } = await import('../clips/export-clip');
    const scale = game.canvas.width / GAME_W;
    const rect = clipRect(req.field, h.sides, scale);
    const baseline = req.mode === 'baseline';
    // A test's onFrame is handed the very pixels that are encoded, through a 2-D canvas.
    const ctx = onFrame ? document.createElement('canvas').getContext('2d', { willReadFrequently: true })! : null;
    if (ctx) {
      ctx.canvas.width = rect.w;
      ctx.canvas.height = rect.h;
    }
    const image = ctx ? ctx.createImageData(rect.w, rect.h) : null;
    const resume = p.frame;
    const wasSurvey = h.survey;
    const overlays = { wave: mv.waveOn, cpu: mv.cpuOn };
    this.exporting = true;
    h.setExporting(true);
    mv.setSurvey(req.survey);
    // The F3 view (dodger map, planned path, planner route, action tint, HP) tells a CPU side
    // from a person, and a survey is blind: no overlay in a survey clip.
    if (req.survey) mv.setOverlays({ wave: false, cpu: false });
    mv.setHint('');
    /** Steps the replay to `frame` and draws it (the capture renders it). */
    const draw = (frame: number) => {
      if (frame === req.range.start) this.startAt(frame);
      else if (frame !== p.frame + 1 || !h.advanceOne()) p.seek(frame); // (frames come in order)
      if (mv.cpuOn) h.observeCpu();
      mv.draw(p.state, FPS);
    };
    try {
      let res: Awaited<ReturnType<typeof exportClip>>;
      // Released as soon as the frames are made: the loop wakes and the cameras return before the
      // clip is stored.
      const capture = captureScene(game, mv.overlayCamera.scene, rect, {
        draw,
        stepMs: STEP_MS,
        overlay: mv.overlayCamera,
        baseline,
        onPixels:
          onFrame && image && ctx
            ? (frame, px) => {
                image.data.set(px);
                ctx.putImageData(image, 0, 0);
                onFrame(ctx, frame, { wave: mv.waveOn, cpu: mv.cpuOn });
              }
            : undefined,
      });
      try {
        res = await exportClip(capture, { range: req.range, format: req.format, codec: support.codec, onProgress: progress, signal });
      } finally {
        capture.release();
      }
      // The next estimate uses this speed (the baseline capture is only for checks and figures).
      if (!baseline) rememberExportSpeed(req.field, scale, res.frames, res.elapsed);
      const mimeType = res.mimeType;
      const blob = new Blob([res.bytes.buffer as ArrayBuffer], { type: mimeType });
      let info: ClipInfo | null = null;
      if (h.entryId) {
        const lib = await ReplayLibrary.open();
        info = await lib.addClip(
          {
            replayId: h.entryId,
            format: req.format,
            codec: res.codec,
            mimeType,
            startFrame: req.range.start,
            endFrame: req.range.end,
            field: req.field,
            width: res.width,
            height: res.height,
            fps: FPS,
            survey: req.survey,
          },
          blob,
        );
      }
      return {
        info,
        blob,
        filename: this.fileName(req.range, req.field, req.format, req.survey),
        elapsed: res.elapsed,
        bytes: res.bytes,
        codec: res.codec,
      };
    } finally {
      this.exporting = false;
      mv.setSurvey(wasSurvey);
      mv.setOverlays(overlays);
      mv.setHint(h.padHint());
      h.setExporting(false);
      p.seek(resume);
      mv.resetVisuals(p.state);
      h.redraw();
    }
  }
}

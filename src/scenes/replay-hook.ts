// The replay part of window.__twinfield (added by test-hook.ts): the library, playback and clip
// export, for end-to-end tests. Bytes cross to the test process as plain number arrays.
import type Phaser from 'phaser';
import { probeVideo, videoFramePng } from '../clips/export-clip';
import type { ClipRequest } from '../ui/clip-dialog';
import { clipRange } from '../clips/clip-plan';
import { describeError, ReplayLibrary } from '../storage/replay-library';
import type { ClipField, ClipFormat } from '../storage/replay-meta';
import type { MatchRunner } from '../sim/runner';
import { saveMatchReplay } from './save-replay';
import { published } from './scene-state';
import { loadReplayScenes } from './lazy-scenes';
import type { ClipFrameHook, PlaybackData } from './playback-scene';
import type { ReplaysScene } from './replays-scene';

/** The playback scene while it runs (the scene publishes itself in scene-state.ts). */
const replayHookState = published;

const lib = () => ReplayLibrary.open();

/** FNV-1a over 32-bit words of a pixel buffer: equal pictures, equal hashes (tests compare them). */
function pixelHash(data: Uint8ClampedArray): string {
  const w = new Uint32Array(data.buffer, data.byteOffset, data.byteLength >> 2);
  let h = 0x811c9dc5;
  for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w[i]!, 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

export function replayHookApi(game: Phaser.Game, liveRunner: () => MatchRunner | null) {
  /** Stops every other scene (starting a running scene restarts it). */
  const stopAll = (except: string) => {
    for (const s of game.scene.getScenes(true)) if (s.scene.key !== except) s.scene.stop();
  };
  return {
    /** The library list (newest first). */
    async replays() {
      return (await lib()).list();
    },
    async replayCount(): Promise<number> {
      return (await lib()).count();
    },
    /** Saves the running match like the match scene will (partial when it has not ended). */
    async saveReplay(o: { partial?: boolean } = {}) {
      const r = liveRunner();
      if (!r) return { ok: false, error: 'no match is running' };
      const specs = r.controllers.map((c) => c.spec);
      return saveMatchReplay(
        r,
        { config: { ...r.state.config }, p1: specs[0]!, p2: specs[1] ?? specs[0]! },
        { partial: o.partial ?? false },
      );
    },
    async replayBytes(id: string): Promise<number[]> {
      return Array.from(await (await lib()).bytes(id));
    },
    /** Imports files given as bytes, through the same validation as the file picker. */
    async importReplays(files: { name: string; bytes: number[] }[]) {
      try {
        const res = await (await lib()).importFiles(files.map((f) => ({ name: f.name, bytes: Uint8Array.from(f.bytes) })));
        return { ok: true as const, added: res.added.map((e) => e.id), duplicates: res.duplicates, rejected: res.rejected };
      } catch (e) {
        return { ok: false as const, error: describeError(e) };
      }
    },
    async exportAllReplays(): Promise<number[]> {
      return Array.from((await (await lib()).exportAll()).bytes);
    },
    async deleteAllReplays(): Promise<void> {
      const l = await lib();
      for (const e of await l.list()) await l.delete(e.id);
    },
    /** Opens the Replays scene (loaded on demand, lazy-scenes.ts), stopping whatever runs. */
    async openReplays(): Promise<void> {
      await loadReplayScenes(game);
      stopAll('replays');
      game.scene.start('replays');
    },
    /** The Replays scene's list while it runs: entry ids in the order shown and the chosen row. */
    replaysList(): { ids: string[]; selected: number } | null {
      const s = game.scene.getScene('replays') as ReplaysScene | null;
      return s?.sys.isActive() ? s.info : null;
    },
    async openReplay(id: string, o: Omit<PlaybackData, 'id' | 'bytes'> = {}): Promise<void> {
      await loadReplayScenes(game);
      stopAll('playback');
      game.scene.start('playback', { ...o, id });
    },
    async playReplayBytes(bytes: number[], o: Omit<PlaybackData, 'id' | 'bytes'> = {}): Promise<void> {
      await loadReplayScenes(game);
      stopAll('playback');
      game.scene.start('playback', { ...o, bytes: Uint8Array.from(bytes) });
    },
    playback() {
      return replayHookState.playback?.info ?? null;
    },
    playbackSeek(frame: number): number {
      return replayHookState.playback?.seekTo(frame) ?? -1;
    },
    playbackToggle(): void {
      replayHookState.playback?.togglePlay();
    },
    playbackSpeed(x: number): void {
      replayHookState.playback?.setSpeed(x);
    },
    playbackSurvey(on: boolean): void {
      replayHookState.playback?.setSurvey(on);
    },
    /**
     * `n` seeks to seeded pseudo-random frames (after indexing): how many sim steps each re-simulated
     * (counted by the player: the structure tests check) and the latency in ms (a printed figure).
     */
    playbackSeekBench(n: number): {
      median: number;
      max: number;
      maxSteps: number;
      totalSteps: number;
      missed: number;
      keyframeInterval: number;
    } {
      const p = replayHookState.playback;
      if (!p) return { median: -1, max: -1, maxSteps: -1, totalSteps: -1, missed: -1, keyframeInterval: 0 };
      const frames = p.info.frames;
      let x = 12345;
      const times: number[] = [];
      let maxSteps = 0;
      let totalSteps = 0;
      let missed = 0;
      for (let i = 0; i < n; i++) {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        const target = x % (frames + 1);
        const t = performance.now();
        const got = p.seekTo(target);
        times.push(performance.now() - t);
        if (got !== target) missed++;
        const steps = p.info.lastSeekSteps;
        maxSteps = Math.max(maxSteps, steps);
        totalSteps += steps;
      }
      times.sort((a, b) => a - b);
      return {
        median: times[Math.floor(n / 2)]!,
        max: times[n - 1]!,
        maxSteps,
        totalSteps,
        missed,
        keyframeInterval: p.info.keyframeInterval,
      };
    },
    /**
     * Exports a clip of the replay in the playback scene (frames), stores it, returns its facts.
     * `frameHashes`: also a hash of every captured frame's pixels (before encoding) and whether
     * an overlay was on while it rendered.
     */
    async exportClip(o: {
      start: number;
      end: number;
      field?: ClipField;
      format?: ClipFormat;
      survey?: boolean;
      cancelAfter?: number;
      frameHashes?: boolean;
      mode?: 'fast' | 'baseline';
    }) {
      const p = replayHookState.playback;
      if (!p) return { ok: false as const, error: 'no replay is open' };
      try {
        const req: ClipRequest = {
          range: clipRange(o.start, o.end, p.info.lastFrame),
          field: o.field ?? 'both',
          format: o.format ?? 'webm',
          survey: o.survey ?? true,
          mode: o.mode,
        };
        const ac = new AbortController();
        const hashes: string[] = [];
        let overlayFrames = 0;
        const onFrame: ClipFrameHook | undefined = o.frameHashes
          ? (ctx, _f, ov) => {
              hashes.push(pixelHash(ctx.getImageData(0, 0, ctx.canvas.width, ctx.canvas.height).data));
              if (ov.wave || ov.cpu) overlayFrames++;
            }
          : undefined;
        const r = await p.exportClip(req, (d) => d >= (o.cancelAfter ?? Infinity) && ac.abort(), ac.signal, onFrame);
        return {
          ok: true as const,
          id: r.info?.id ?? null,
          bytes: Array.from(r.bytes),
          codec: r.codec,
          mimeType: r.blob.type,
          elapsed: r.elapsed,
          filename: r.filename,
          hashes,
          overlayFrames,
        };
      } catch (e) {
        return { ok: false as const, error: describeError(e) };
      }
    },
    async clips(replayId: string) {
      return (await lib()).clips(replayId);
    },
    /** Decodes a video in the page (mediabunny + WebCodecs): duration, frames decoded, size, codec. */
    async probeVideo(bytes: number[]) {
      try {
        return { ok: true as const, ...(await probeVideo(Uint8Array.from(bytes))) };
      } catch (e) {
        return { ok: false as const, error: describeError(e) };
      }
    },
    async videoFramePng(bytes: number[], seconds: number): Promise<string> {
      return videoFramePng(Uint8Array.from(bytes), seconds);
    },
    async probeClip(id: string) {
      const { blob } = await (await lib()).clipBlob(id);
      return probeVideo(new Uint8Array(await blob.arrayBuffer()));
    },
  };
}

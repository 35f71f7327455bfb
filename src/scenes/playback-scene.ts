// Watching a replay: re-simulates it with ReplayPlayer (keyframe seeks) and draws it with the
// match's own FieldView / Hud (through MatchView). Space play/pause, −/+ speed 0.25×–8×,
// ←/→ seek 1 s (Shift 10 s), , and . step one frame while paused, a timeline with hits and
// kills (click or drag to seek), H survey mode, F2 the maze wave field, F3 a CPU side's view, C clip to video,
// Esc back to the Replays scene. Gamepad: A or Start play/pause, ←/→ seek 1 s (repeats when held),
// ↑/↓ speed, B back. A desync stops playback at its frame with a message.
import Phaser from 'phaser';
import { UI } from '../art/palette';
import { sfx } from '../audio/sfx';
import { openClipDialog, type ClipRequest } from '../ui/clip-dialog';
import { clipName, clipRect, type ClipRange } from '../clips/clip-plan';
import { exportClip } from '../clips/export-clip';
import { clipSupport, type FormatSupport } from '../clips/support';
import { decodeReplay, ReplayPlayer, type Replay, type TimelineMark } from '../replay';
import { CpuShadow } from '../playback/cpu-shadow';
import { crc32 } from '../replay/crc32';
import { FPS } from '../sim/constants';
import { hashState } from '../sim/hash';
import { describeError, ReplayLibrary } from '../storage/replay-library';
import { displayName, fileStem, formatFrames, metaFromHeader, type ClipField, type ClipFormat, type ClipInfo } from '../storage/replay-meta';
import { addBackdrop } from '../views/backdrop';
import { GAME_H, GAME_W } from '../views/layout';
import { MatchView } from '../views/match-view';
import type { MenuCommand } from '../input/menu-pad-nav';
import { replayHookState as hook } from './replay-hook';
import { keyOnce } from '../ui/key-once';
import { onPadCommands } from '../ui/pad-commands';
import { setText, textStyle } from '../views/text';

export interface PlaybackData {
  /** A library entry to load… */
  id?: string;
  /** …or replay bytes (tests, files opened without importing). */
  bytes?: Uint8Array;
  /** Start in survey mode (also `?survey=1` in the page URL). */
  survey?: boolean;
  /** Scene to return to on Esc (default 'replays'). */
  back?: string;
}

const STEP_MS = 1000 / FPS;
export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8] as const;
const BAR_X = 20;
const BAR_W = GAME_W - 40;
const PANEL_Y = 490;
const BAR_Y = 500;
const BAR_H = 14;
const HIDE_AFTER_MS = 2500;
/** Never more sim steps than this per rendered frame (8× at 30 fps needs 16). */
const MAX_STEPS_PER_FRAME = 24;
/**
 * A clip starts this many frames early, unseen, from a fresh visual state, so effects of events
 * just before its start (bursts last ≤ 50 frames, shakes ≤ 40) are on screen as in continuous
 * play, and yet its pixels depend only on the replay, the range, the field and the options.
 */
const CLIP_PREROLL_FRAMES = 60;
/** The gamepad's controls, shown between the fields (not in clips). */
const PAD_HINT = 'gamepad\nA play / pause\n←/→ seek 1 s\n↑/↓ speed\nB back';

/** What a clip export can report per rendered frame (tests hash the pixels). */
export type ClipFrameHook = (ctx: CanvasRenderingContext2D, frame: number, overlays: { wave: boolean; cpu: boolean }) => void;

/** URL option: ?survey=1 starts every playback in survey mode. */
export function surveyFromUrl(): boolean {
  try {
    return new URLSearchParams(globalThis.location?.search ?? '').get('survey') === '1';
  } catch {
    return false;
  }
}

export class PlaybackScene extends Phaser.Scene {
  private data_: PlaybackData = {};
  private replay: Replay | null = null;
  private player: ReplayPlayer | null = null;
  /** Per side: the CPU re-run alongside the replay (F3 overlays), or null. */
  private shadows: (CpuShadow | null)[] = [];
  private mv: MatchView | null = null;
  private entryId: string | null = null;
  private stem = 'twinfield-replay';
  /** Identifies the replay's bytes (size and CRC) for neutral survey clip names. */
  private replayKey = '';
  private playing = false;
  private speedIndex = 2;
  private acc = 0;
  private survey = false;
  private indexed = false;
  private marksDrawn = -1;
  private exporting = false;
  private dialogOpen = false;
  private lastInput = 0;
  private dragging = false;
  private message = '';
  private ui!: Phaser.GameObjects.Container;
  private timeline!: Phaser.GameObjects.Graphics;
  private marksG!: Phaser.GameObjects.Graphics;
  private head!: Phaser.GameObjects.Graphics;
  private thin!: Phaser.GameObjects.Graphics;
  private status!: Phaser.GameObjects.Text;
  private help!: Phaser.GameObjects.Text;
  private banner!: Phaser.GameObjects.Text;
  private centre!: Phaser.GameObjects.Text;
  private backdrop: { update: (f: number) => void } | null = null;
  private t = 0;
  private supportCache: Promise<Record<ClipFormat, FormatSupport>> | null = null;
  private closeDialog: (() => void) | null = null;
  /** Bumped on every start and shutdown: a load that finishes for an older start is dropped. */
  private generation = 0;

  constructor() {
    super('playback');
  }

  init(d: PlaybackData): void {
    this.data_ = d ?? {};
    this.replay = null;
    this.player = null;
    this.mv = null;
    this.entryId = d?.id ?? null;
    this.playing = false;
    this.speedIndex = 2;
    this.acc = 0;
    this.survey = d?.survey ?? surveyFromUrl();
    this.indexed = false;
    this.marksDrawn = -1;
    this.exporting = false;
    this.dialogOpen = false;
    this.message = '';
    this.shadows = [];
    this.generation++;
  }

  create(): void {
    this.backdrop = addBackdrop(this);
    this.centre = this.add.text(GAME_W / 2, GAME_H / 2, 'Loading the replay…', textStyle(22, UI.dim, { align: 'center', wordWrap: { width: 760 } })).setOrigin(0.5);
    hook.playback = this;
    this.events.once('shutdown', () => {
      this.generation++;
      if (hook.playback === this) hook.playback = null;
      this.closeDialog?.();
      this.mv?.destroy();
      if (!this.game.loop.running) this.game.loop.wake();
    });
    const kb = this.input.keyboard!;
    kb.on('keydown-ESC', keyOnce(() => this.back()));
    onPadCommands(this, (c) => this.pad(c));
    void this.loadReplay();
  }

  private back(): void {
    if (this.exporting || this.dialogOpen) return;
    this.scene.start(this.data_.back ?? 'replays');
  }

  private async loadReplay(): Promise<void> {
    const gen = this.generation;
    try {
      let bytes = this.data_.bytes;
      let lib: ReplayLibrary | null = null;
      if (!bytes) {
        if (!this.data_.id) throw new Error('no replay was given to play');
        lib = await ReplayLibrary.open();
        bytes = await lib.bytes(this.data_.id);
        const e = await lib.get(this.data_.id);
        if (e) this.stem = fileStem(e);
      }
      const replay = decodeReplay(bytes);
      this.replayKey = `${bytes.length.toString(16)}-${crc32(bytes).toString(16).padStart(8, '0')}`;
      if (!lib) this.stem = fileStem({ name: '', meta: metaFromHeader(replay) });
      const player = new ReplayPlayer(replay);
      if (gen !== this.generation) return; // left while loading
      this.replay = replay;
      this.player = player;
      this.build();
    } catch (e) {
      if (gen !== this.generation) return;
      this.centre.setText(`This replay cannot be played.\n\n${describeError(e)}\n\nEsc or pad B: back`).setColor('#ff8090');
    }
  }

  private build(): void {
    const r = this.replay!;
    const p = this.player!;
    this.centre.setVisible(false);
    const names = r.sides.map((s) => `${s.name} · ${s.human ? 'human' : 'CPU'}`);
    const mv = (this.mv = new MatchView(this, p.state, names, { survey: this.survey, fps: false }));
    // The HUD's hint line (the match's 'Esc pause'): the gamepad's controls, between the fields.
    mv.setHint(PAD_HINT);
    // The CPU sides re-run alongside the replay (exact from frame 0; afresh after a seek) for F3.
    this.shadows = CpuShadow.forReplay(r);
    mv.addCpuOverlays(this, this.shadows.map((s) => s?.controller ?? null), 'pbdodgemap');
    // The control bar: a panel with the timeline and a status line, in the overlay layer.
    this.ui = this.add.container(0, 0);
    const panel = this.add.rectangle(0, PANEL_Y, GAME_W, GAME_H - PANEL_Y, 0x05020e, 1).setOrigin(0);
    this.timeline = this.add.graphics();
    this.marksG = this.add.graphics();
    this.head = this.add.graphics();
    this.status = this.add.text(BAR_X, BAR_Y + BAR_H + 5, '', textStyle(14));
    this.help = this.add.text(GAME_W - BAR_X, BAR_Y + BAR_H + 6, 'Space play · −/+ speed · ←/→ 1 s (Shift 10 s) · , . frame · C clip · H survey · Esc back', textStyle(12, UI.dim)).setOrigin(1, 0);
    this.ui.add([panel, this.timeline, this.marksG, this.head, this.status, this.help]);
    this.thin = this.add.graphics();
    this.banner = this.add.text(GAME_W / 2, 250, '', textStyle(20, '#ffffff', { align: 'center', backgroundColor: '#120a2aee', padding: { x: 16, y: 10 }, wordWrap: { width: 700 } })).setOrigin(0.5).setVisible(false);
    mv.overlayLayer.add([this.ui, this.thin, this.banner]);
    const hit = this.add.zone(BAR_X, BAR_Y - 6, BAR_W, BAR_H + 12).setOrigin(0).setInteractive({ useHandCursor: true });
    mv.overlayLayer.add(hit);
    hit.on('pointerdown', (ptr: Phaser.Input.Pointer) => {
      this.dragging = true;
      this.seekTo(this.frameAtX(ptr.x));
    });
    this.input.on('pointermove', (ptr: Phaser.Input.Pointer) => {
      this.poke();
      if (this.dragging && ptr.isDown) this.seekTo(this.frameAtX(ptr.x));
    });
    this.input.on('pointerup', () => (this.dragging = false));
    this.drawTimeline();

    const kb = this.input.keyboard!;
    const K = Phaser.Input.Keyboard.KeyCodes;
    for (const k of [K.SPACE, K.LEFT, K.RIGHT, K.F2, K.F3]) kb.addKey(k);
    // keyOnce: a tap on a slow frame would otherwise be handled twice (two frame steps, two seeks).
    kb.on('keydown', keyOnce((e: KeyboardEvent) => this.key(e)));
    this.lastInput = this.time.now;
    this.redraw();
  }

  private key(e: KeyboardEvent): void {
    if (this.exporting || this.dialogOpen || !this.player) return;
    this.poke();
    sfx.unlock();
    const p = this.player;
    switch (e.key) {
      case ' ':
        this.togglePlay();
        break;
      case '+':
      case '=':
        this.speedIndex = Math.min(SPEEDS.length - 1, this.speedIndex + 1);
        break;
      case '-':
      case '_':
        this.speedIndex = Math.max(0, this.speedIndex - 1);
        break;
      case 'ArrowLeft':
      case 'ArrowRight': {
        const d = (e.key === 'ArrowLeft' ? -1 : 1) * (e.shiftKey ? 10 : 1) * FPS;
        this.seekTo(p.frame + d);
        break;
      }
      case '.':
      case ',':
        if (!this.playing) this.stepFrame(e.key === '.' ? 1 : -1);
        else this.flash('Pause (Space) to step frame by frame');
        break;
      case 'Home':
        this.seekTo(0);
        break;
      case 'End':
        this.seekTo(p.lastFrame);
        break;
      case 'h':
      case 'H':
        this.setSurvey(!this.survey);
        break;
      case 'c':
      case 'C':
        this.openClips();
        break;
      case 'm':
      case 'M':
        sfx.toggleMute();
        break;
      case 'F2':
        if (this.survey) this.flash('Overlays are off in survey mode');
        else if (!this.mv!.toggleWave()) this.flash('F2 (wave field) works in maze stages');
        break;
      case 'F3':
        if (this.survey) this.flash('Overlays are off in survey mode');
        else if (!this.mv!.toggleCpu()) this.flash('F3 shows what a CPU side saw and planned: this replay has no CPU side');
        else if (this.mv!.cpuOn) {
          this.observeCpu();
          this.flash(this.cpuViewNote(), 3500);
        }
        break;
    }
    this.redraw();
  }

  /** The gamepad: A or Start play/pause, left/right seek 1 s, up/down speed, B back. */
  private pad(c: MenuCommand): void {
    if (this.exporting || this.dialogOpen) return;
    if (c === 'back') return this.back();
    const p = this.player;
    if (!p) return;
    this.poke();
    if (c === 'confirm' || c === 'start') this.togglePlay();
    else if (c === 'left' || c === 'right') this.seekTo(p.frame + (c === 'left' ? -FPS : FPS));
    else if (c === 'up') this.speedIndex = Math.min(SPEEDS.length - 1, this.speedIndex + 1);
    else if (c === 'down') this.speedIndex = Math.max(0, this.speedIndex - 1);
    this.redraw();
  }

  /** Survey mode: no names, frame rate or hints, and no debug overlays (F3 tells a CPU side from a person). */
  setSurvey(on: boolean): void {
    this.survey = on;
    this.mv?.setSurvey(on);
    if (on) this.mv?.setOverlays({ wave: false, cpu: false });
    this.flash(on ? 'Survey mode on (H turns it off)' : 'Survey mode off');
  }

  private flash(text: string, ms = 1800): void {
    if (this.message) return; // a desync message stays
    this.banner.setText(text).setVisible(true).setAlpha(1);
    this.tweens.killTweensOf(this.banner);
    this.tweens.add({ targets: this.banner, alpha: 0, delay: ms, duration: 300, onComplete: () => !this.message && this.banner.setVisible(false) });
  }

  private poke(): void {
    this.lastInput = this.time.now;
  }

  togglePlay(): void {
    const p = this.player;
    if (!p) return;
    if (!this.playing && p.atEnd) {
      if (p.desync) return this.showDesync();
      p.seek(0);
    }
    this.playing = !this.playing;
    this.acc = 0;
  }

  get speed(): number {
    return SPEEDS[this.speedIndex]!;
  }

  setSpeed(x: number): void {
    const i = SPEEDS.indexOf(x as (typeof SPEEDS)[number]);
    if (i >= 0) this.speedIndex = i;
  }

  /** Seeks (clamped; stops at a desync). Returns the frame reached. */
  seekTo(frame: number): number {
    const p = this.player;
    if (!p) return -1;
    const f = this.jump(Math.max(0, Math.min(p.frames, Math.round(frame))));
    this.acc = 0;
    if (p.desync && f >= p.desync.frame) this.showDesync();
    this.redraw();
    return f;
  }

  private stepFrame(d: 1 | -1): void {
    const p = this.player!;
    if (d > 0) this.advanceOne();
    else this.jump(p.frame - 1);
  }

  /** Seeks the player; after a jump the effects of the old position (particles, shake) are dropped. */
  private jump(frame: number): number {
    const p = this.player!;
    const from = p.frame;
    const f = p.seek(frame);
    if (f !== from) this.mv?.resetVisuals(p.state);
    return f;
  }

  /** Lets the CPU shadows decide at the current frame (before its step), as the recorded match did. */
  private observeCpu(): void {
    const p = this.player;
    if (!p || !this.shadows.some((s) => s)) return;
    const inputs = p.inputsAt(p.frame);
    for (const s of this.shadows) s?.observe(p.state, inputs[s.side]!);
  }

  /** What the F3 overlay shows right now: the recorded CPU's own view, or one recomputed after a seek. */
  private cpuViewNote(): string {
    const s = this.shadows.find((x) => x);
    if (!s) return '';
    if (s.exact) return 'CPU view: exactly what the recorded CPU saw and planned (played from the start)';
    return `CPU view: recomputed from frame ${s.since} (a CPU's memory is not in the replay; play from 0:00 for its exact view)`;
  }

  private advanceOne(): boolean {
    const p = this.player!;
    this.observeCpu();
    if (!p.step()) return false;
    const s = p.state;
    const loud = this.speed <= 2 && !this.exporting;
    for (const ev of s.events) {
      this.mv!.effect(ev, s);
      if (loud) {
        const pan = s.sides.length > 1 ? (('side' in ev ? ev.side : 0) === 0 ? -0.5 : 0.5) : 0;
        if (ev.type === 'kill') sfx.play('kill', pan);
        else if (ev.type === 'hit') sfx.play('hit', pan);
        else if (ev.type === 'charge-attack') sfx.play('bomb', pan);
      }
    }
    return true;
  }

  private showDesync(): void {
    const d = this.player?.desync;
    if (!d) return;
    this.playing = false;
    this.message = `Playback stopped at frame ${d.frame} (${formatFrames(d.frame)}): this replay does not match what this build of the game simulates (desync: checksum ${d.actual}, recorded ${d.expected}). It may be corrupt or from another version. The frames before it are shown as recorded.`;
    this.banner.setText(this.message).setVisible(true).setAlpha(1).setColor('#ff8090');
    this.tweens.killTweensOf(this.banner);
  }

  private frameAtX(x: number): number {
    const p = this.player!;
    return Math.round(((x - BAR_X) / BAR_W) * p.frames);
  }

  private xAt(frame: number): number {
    const p = this.player!;
    return BAR_X + (p.frames > 0 ? (frame / p.frames) * BAR_W : 0);
  }

  private drawTimeline(): void {
    const p = this.player!;
    const g = this.timeline;
    g.clear();
    g.fillStyle(0x231a44, 1).fillRoundedRect(BAR_X, BAR_Y, BAR_W, BAR_H, 4);
    if (p.desync) {
      const x = this.xAt(p.desync.frame);
      g.fillStyle(0x5a1020, 1).fillRect(x, BAR_Y, BAR_X + BAR_W - x, BAR_H);
    }
    // Indexing progress: the not-yet-scanned part is darker.
    const done = this.xAt(p.indexedFrames);
    if (done < BAR_X + BAR_W) g.fillStyle(0x120a2a, 1).fillRect(done, BAR_Y + 1, BAR_X + BAR_W - done, BAR_H - 2);
    this.drawMarks(p.marks);
  }

  private drawMarks(marks: readonly TimelineMark[]): void {
    const g = this.marksG;
    g.clear();
    const side = (s: number) => (s === 0 ? UI.p1Hex : UI.p2Hex);
    for (const m of marks) {
      const x = Math.round(this.xAt(m.frame));
      if (m.kind === 'kill') {
        // Kills: short ticks, P1 in the top half and P2 in the bottom half of the bar.
        g.fillStyle(side(m.side), 0.55).fillRect(x, m.side === 0 ? BAR_Y + 2 : BAR_Y + BAR_H / 2 + 1, 1, BAR_H / 2 - 3);
      }
    }
    for (const m of marks) {
      const x = Math.round(this.xAt(m.frame));
      if (m.kind === 'hit') {
        g.fillStyle(0xff3b5c, 1).fillRect(x - 1, BAR_Y - 4, 3, BAR_H + 8);
        g.fillStyle(side(m.side), 1).fillTriangle(x - 4, m.side === 0 ? BAR_Y - 6 : BAR_Y + BAR_H + 6, x + 4, m.side === 0 ? BAR_Y - 6 : BAR_Y + BAR_H + 6, x, m.side === 0 ? BAR_Y - 1 : BAR_Y + BAR_H + 1);
      } else if (m.kind === 'charge-attack') {
        g.fillStyle(0xffd24a, 0.95).fillRect(x, m.side === 0 ? BAR_Y : BAR_Y + BAR_H - 3, 2, 3);
      } else if (m.kind === 'match-end') {
        g.fillStyle(0xffffff, 1).fillRect(x - 1, BAR_Y - 3, 2, BAR_H + 6);
      }
    }
    this.marksDrawn = marks.length;
  }

  private redraw(): void {
    const p = this.player;
    if (!p || !this.mv) return;
    if (this.mv.cpuOn) this.observeCpu();
    this.mv.draw(p.state, this.exporting ? FPS : this.game.loop.actualFps);
    const x = this.xAt(p.frame);
    const h = this.head;
    h.clear();
    h.fillStyle(0xffffff, 0.25).fillRoundedRect(BAR_X, BAR_Y, x - BAR_X, BAR_H, 4);
    h.fillStyle(0xffd24a, 1).fillRect(x - 1, BAR_Y - 5, 3, BAR_H + 10);
    const state = p.desync && p.frame >= p.lastFrame ? '■ desync' : this.playing ? '▶' : p.atEnd ? '■ end' : '❚❚';
    setText(this.status, `${state}  ${this.speed}×   ${formatFrames(p.frame)} / ${formatFrames(p.frames)}   frame ${p.frame}${this.survey ? '   · survey' : ''}${this.mv.cpuOn ? `   · CPU view ${this.shadows.find((x) => x)?.exact ? 'exact' : 'recomputed'}` : ''}`);
    const t = this.thin;
    t.clear();
    t.fillStyle(0xffd24a, 0.8).fillRect(0, GAME_H - 3, (p.frame / Math.max(1, p.frames)) * GAME_W, 3);
  }

  override update(_time: number, delta: number): void {
    const p = this.player;
    // While a clip renders, the backdrop follows the sim frame (not how long the page has run).
    this.backdrop?.update(this.exporting && p ? p.frame : this.t++);
    if (!p || this.exporting) return;
    if (!this.indexed) {
      this.indexed = p.index(4000);
      this.drawTimeline();
      if (p.desync && !this.message && this.indexed) this.flash(`This replay desyncs at frame ${p.desync.frame}: playback will stop there.`, 4000);
    } else if (p.marks.length !== this.marksDrawn) this.drawTimeline();
    if (this.playing) {
      this.acc = Math.min(this.acc + delta * this.speed, STEP_MS * MAX_STEPS_PER_FRAME);
      while (this.acc >= STEP_MS) {
        this.acc -= STEP_MS;
        if (!this.advanceOne()) break;
      }
      if (p.atEnd) {
        this.playing = false;
        if (p.desync && p.frame >= p.desync.frame) this.showDesync();
      }
    }
    const show = !this.playing || this.dragging || this.time.now - this.lastInput < HIDE_AFTER_MS || this.dialogOpen;
    this.ui.setVisible(show);
    this.thin.setVisible(!show);
    this.redraw();
  }

  // ── clips ──

  private support(): Promise<Record<ClipFormat, FormatSupport>> {
    const r = clipRect('both', this.replay!.sides.length);
    return (this.supportCache ??= clipSupport(r.w, r.h));
  }

  private openClips(): void {
    if (!this.player || this.dialogOpen) return;
    this.playing = false;
    this.dialogOpen = true;
    void ReplayLibrary.open()
      .catch(() => null)
      .then((lib) => {
        this.closeDialog = openClipDialog({
          library: this.entryId ? lib : null,
          replayId: this.entryId,
          fileName: (range, field, format, survey) => this.clipFileName(range, field, format, survey),
          sides: this.replay!.sides.length,
          current: this.player!.frame,
          lastFrame: this.player!.lastFrame,
          survey: this.survey,
          support: () => this.support(),
          run: (req, progress, signal) => this.exportClip(req, progress, signal),
          onClose: () => {
            this.dialogOpen = false;
            this.closeDialog = null;
          },
        });
      });
  }

  /** A clip's file name: neutral for survey clips (a survey is blind), else with date and players. */
  clipFileName(range: ClipRange, field: ClipField, format: ClipFormat, survey: boolean): string {
    return clipName({ stem: this.stem, replayKey: this.replayKey }, range, field, format, survey);
  }

  /**
   * Positions the view at a clip's first frame from a fresh visual state: the player goes to
   * CLIP_PREROLL_FRAMES before it, particles, shake and visual streams restart (seeded from the
   * match seed and that frame), the CPU views restart there, and the frames up to the start are
   * played and drawn unseen. So the clip's pixels are a function of (replay, range, field,
   * options) and never of what was watched before.
   */
  private startClipAt(start: number): void {
    const p = this.player!;
    const mv = this.mv!;
    p.seek(Math.max(0, start - CLIP_PREROLL_FRAMES));
    mv.resetVisuals(p.state);
    for (const s of this.shadows) s?.restart();
    while (p.frame < start) {
      if (mv.cpuOn) this.observeCpu();
      mv.draw(p.state, FPS);
      if (!this.advanceOne()) break;
    }
  }

  /**
   * Renders frames start … end−1 one by one (the game loop is put to sleep and the game stepped
   * by hand, so every sim frame becomes exactly one video frame), encodes them, and stores the
   * clip next to the replay when it is in the library. A survey clip hides names, the frame rate,
   * hints and every debug overlay (restored afterwards). `onFrame` sees each captured frame (tests).
   */
  async exportClip(req: ClipRequest, progress: (d: number, t: number) => void, signal?: AbortSignal, onFrame?: ClipFrameHook): Promise<{ info: ClipInfo | null; blob: Blob; filename: string; elapsed: number; bytes: Uint8Array; codec: string }> {
    const p = this.player;
    if (!p || !this.mv) throw new Error('no replay is loaded');
    if (this.exporting) throw new Error('a clip is already being exported');
    const support = (await this.support())[req.format];
    if (!support.codec) throw new Error(support.note);
    const game = this.game;
    const scale = game.canvas.width / GAME_W;
    const rect = clipRect(req.field, this.replay!.sides.length, scale);
    const canvas = document.createElement('canvas');
    canvas.width = rect.w;
    canvas.height = rect.h;
    const ctx = canvas.getContext('2d')!;
    const resume = p.frame;
    const wasSurvey = this.survey;
    const overlays = { wave: this.mv.waveOn, cpu: this.mv.cpuOn };
    this.exporting = true;
    this.playing = false;
    this.mv.setSurvey(req.survey);
    // The F3 view (dodger map, planned path, planner route, action tint, HP) tells a CPU side
    // from a person, and a survey is blind: no overlay in a survey clip.
    if (req.survey) this.mv.setOverlays({ wave: false, cpu: false });
    this.ui.setVisible(false);
    this.thin.setVisible(false);
    this.banner.setVisible(false);
    this.mv.setHint('');
    game.loop.sleep();
    let t = performance.now();
    try {
      const res = await exportClip(
        {
          canvas,
          render: (frame) => {
            const mv = this.mv!;
            if (frame === req.range.start) this.startClipAt(frame);
            else if (frame !== p.frame + 1 || !this.advanceOne()) p.seek(frame); // (frames come in order)
            if (mv.cpuOn) this.observeCpu();
            mv.draw(p.state, FPS);
            t += STEP_MS;
            game.step(t, STEP_MS);
            // Read right after the render, before the browser composites (and may clear) it.
            ctx.drawImage(game.canvas, rect.x, rect.y, rect.w, rect.h, 0, 0, rect.w, rect.h);
            onFrame?.(ctx, frame, { wave: mv.waveOn, cpu: mv.cpuOn });
          },
        },
        { range: req.range, format: req.format, codec: support.codec, onProgress: progress, signal },
      );
      const mimeType = res.mimeType;
      const blob = new Blob([res.bytes.buffer as ArrayBuffer], { type: mimeType });
      let info: ClipInfo | null = null;
      if (this.entryId) {
        const lib = await ReplayLibrary.open();
        info = await lib.addClip({ replayId: this.entryId, format: req.format, codec: res.codec, mimeType, startFrame: req.range.start, endFrame: req.range.end, field: req.field, width: res.width, height: res.height, fps: FPS, survey: req.survey }, blob);
      }
      return { info, blob, filename: this.clipFileName(req.range, req.field, req.format, req.survey), elapsed: res.elapsed, bytes: res.bytes, codec: res.codec };
    } finally {
      game.loop.wake();
      this.exporting = false;
      this.mv.setSurvey(wasSurvey);
      this.mv.setOverlays(overlays);
      this.mv.setHint(PAD_HINT);
      this.banner.setVisible(!!this.message);
      p.seek(resume);
      this.mv.resetVisuals(p.state);
      this.redraw();
    }
  }

  // ── for tests (test-hook.ts) ──

  get info(): { loaded: boolean; frame: number; frames: number; lastFrame: number; playing: boolean; speed: number; survey: boolean; overlays: { wave: boolean; cpu: boolean }; hash: string | null; marks: number; indexed: boolean; keyframeInterval: number; lastSeekSteps: number; desync: { frame: number; message: string } | null; error: string | null; title: string; id: string | null } {
    const p = this.player;
    return {
      loaded: !!p,
      frame: p?.frame ?? -1,
      frames: p?.frames ?? 0,
      lastFrame: p?.lastFrame ?? 0,
      playing: this.playing,
      speed: this.speed,
      survey: this.survey,
      overlays: { wave: this.mv?.waveOn ?? false, cpu: this.mv?.cpuOn ?? false },
      hash: p ? hashState(p.state) : null,
      marks: p?.marks.length ?? 0,
      indexed: this.indexed,
      keyframeInterval: p?.keyframeInterval ?? 0,
      lastSeekSteps: p?.lastSeekSteps ?? 0,
      desync: p?.desync ? { frame: p.desync.frame, message: p.desync.message } : null,
      error: !p && this.centre?.visible && this.centre.text.startsWith('This replay cannot') ? this.centre.text : null,
      title: this.replay ? displayName({ name: '', meta: metaFromHeader(this.replay) }) : '',
      id: this.entryId,
    };
  }
}

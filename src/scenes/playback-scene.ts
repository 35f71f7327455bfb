// Watching a replay: re-simulates it with ReplayPlayer (keyframe seeks) and draws it with the
// match's own FieldView / Hud (through MatchView). Space play/pause, −/+ speed 0.25×–8×,
// ←/→ seek 1 s (Shift 10 s), , and . step one frame while paused, a timeline with hits and
// kills (click or drag to seek), H survey mode, F2 the maze wave field, F3 a CPU side's view, C clip to video,
// Esc back to the Replays scene. Gamepad: A or Start play/pause, ←/→ seek 1 s (repeats when held),
// ↑/↓ speed, B back. A desync stops playback at its frame with a message.
// Split by job: the transport (play, speed, seeks, steps) is src/playback/transport.ts (Node
// tests), the timeline widget src/ui/timeline.ts, clips src/scenes/playback-clips.ts.
import Phaser from 'phaser';
import { UI } from '../art/palette';
import { sfx } from '../audio/sfx';
import type { ClipRequest } from '../ui/clip-dialog';
import { decodeReplay, ReplayPlayer, type Replay } from '../replay';
import { CpuShadow } from '../playback/cpu-shadow';
import { barVisible, fitHelp, SPEEDS as TRANSPORT_SPEEDS, Transport } from '../playback/transport';
import { crc32 } from '../replay/crc32';
import { FPS } from '../sim/constants';
import { hashState } from '../sim/hash';
import { ReplayLibrary } from '../storage/replay-library';
import { displayName, fileStem, formatFrames, metaFromHeader, type ClipInfo } from '../storage/replay-meta';
import { t } from '../i18n/i18n';
import { errorWords, playerWords } from '../ui/replay-words';
import { addBackdrop } from '../views/backdrop';
import { FIELD_TOP, GAME_H, GAME_W } from '../views/layout';
import { FIELD_H } from '../sim/constants';
import { MatchView } from '../views/match-view';
import type { MenuCommand } from '../input/menu-pad-nav';
import { published as hook } from './scene-state';
import { keyOnce } from '../ui/key-once';
import { onPadCommands } from '../ui/pad-commands';
import { TimelineBar } from '../ui/timeline';
import { setText, textStyle } from '../views/text';
import { PlaybackClips, type ClipFrameHook } from './playback-clips';

export type { ClipFrameHook } from './playback-clips';

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

export const SPEEDS = TRANSPORT_SPEEDS;
/** The control panel sits below the fields: it never covers them, paused or not. */
export const PANEL_Y = FIELD_TOP + FIELD_H;
const BAR_X = 20;
const BAR_W = GAME_W - 40;
const BAR_Y = PANEL_Y + 5;
const BAR_H = 8;
const STATUS_Y = BAR_Y + BAR_H + 5;
const STATUS_SIZE = 11;
/** The gamepad's controls, shown between the fields while a gamepad is connected (not in clips). */
const padHintText = () => t('playback.padHint');
/** Help texts for the status line, longest first: the longest that fits beside the status shows. */
const helpTexts = () => [t('playback.help.long'), t('playback.help.medium'), t('playback.help.short')];

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
  private transport: Transport | null = null;
  private clips: PlaybackClips | null = null;
  /** Per side: the CPU re-run alongside the replay (F3 overlays), or null. */
  private shadows: (CpuShadow | null)[] = [];
  private mv: MatchView | null = null;
  private entryId: string | null = null;
  private stem = 'twinfield-replay';
  /** Identifies the replay's bytes (size and CRC) for neutral survey clip names. */
  private replayKey = '';
  private survey = false;
  private indexed = false;
  private lastInput = 0;
  private message = '';
  private padShown: boolean | null = null;
  private ui!: Phaser.GameObjects.Container;
  private timeline!: TimelineBar;
  private thin!: Phaser.GameObjects.Graphics;
  private status!: Phaser.GameObjects.Text;
  private help!: Phaser.GameObjects.Text;
  private helpWidths: { text: string; width: number }[] = [];
  private banner!: Phaser.GameObjects.Text;
  private centre!: Phaser.GameObjects.Text;
  private backdrop: { update: (f: number) => void } | null = null;
  private t = 0;
  /** Bumped on every start and shutdown: a load that finishes for an older start is dropped. */
  private generation = 0;
  /** The replay could not be loaded (the centre text says why). */
  private failed = false;

  constructor() {
    super('playback');
  }

  init(d: PlaybackData): void {
    this.data_ = d ?? {};
    this.replay = null;
    this.player = null;
    this.transport = null;
    this.clips = null;
    this.mv = null;
    this.entryId = d?.id ?? null;
    this.survey = d?.survey ?? surveyFromUrl();
    this.indexed = false;
    this.message = '';
    this.padShown = null;
    this.shadows = [];
    this.failed = false;
    this.generation++;
  }

  create(): void {
    this.backdrop = addBackdrop(this);
    this.centre = this.add
      .text(GAME_W / 2, GAME_H / 2, t('playback.loading'), textStyle(22, UI.dim, { align: 'center', wordWrap: { width: 760 } }))
      .setOrigin(0.5);
    hook.playback = this;
    this.events.once('shutdown', () => {
      this.generation++;
      if (hook.playback === this) hook.playback = null;
      this.clips?.close();
      this.mv?.destroy();
      if (!this.game.loop.running) this.game.loop.wake();
    });
    const kb = this.input.keyboard!;
    kb.on(
      'keydown-ESC',
      keyOnce(() => this.back()),
    );
    onPadCommands(this, (c) => this.pad(c));
    void this.loadReplay();
  }

  private get exporting(): boolean {
    return this.clips?.exporting ?? false;
  }

  private get dialogOpen(): boolean {
    return this.clips?.dialogOpen ?? false;
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
        if (!this.data_.id) throw new Error(t('playback.noReplay'));
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
      this.failed = true;
      this.centre.setText(t('playback.cannotPlay', { why: errorWords(e) })).setColor('#ff8090');
    }
  }

  /** Whether a gamepad is connected now (its help shows only then). */
  private padConnected(): boolean {
    const g = this.input.gamepad;
    return !!g && g.enabled && g.getAll().some((p) => p.connected);
  }

  private padHint(): string {
    return this.padConnected() && !this.survey ? padHintText() : '';
  }

  private build(): void {
    const r = this.replay!;
    const p = this.player!;
    this.centre.setVisible(false);
    const meta = metaFromHeader(r);
    const names = r.sides.map((s, i) =>
      t('playback.side', { name: playerWords(meta, i), who: s.human ? t('replays.who.human') : t('replays.who.cpu') }),
    );
    const mv = (this.mv = new MatchView(this, p.state, names, { survey: this.survey, fps: false }));
    // The HUD's hint line (the match's 'Esc pause'): the gamepad's controls while one is connected.
    this.padShown = this.padConnected();
    mv.setHint(this.padHint());
    // The CPU sides re-run alongside the replay (exact from frame 0; afresh after a seek) for F3.
    this.shadows = CpuShadow.forReplay(r);
    mv.addCpuOverlays(
      this,
      this.shadows.map((s) => s?.controller ?? null),
      'pbdodgemap',
    );
    this.transport = new Transport(p, {
      advance: () => this.advanceOne(),
      jumped: () => this.mv?.resetVisuals(p.state),
      desync: () => this.showDesync(),
    });
    this.clips = new PlaybackClips(this.clipHost());
    // The control bar: a panel below the fields with the timeline and a status line.
    this.ui = this.add.container(0, 0);
    const panel = this.add.rectangle(0, PANEL_Y, GAME_W, GAME_H - PANEL_Y, 0x05020e, 1).setOrigin(0);
    this.timeline = new TimelineBar(this, { x: BAR_X, y: BAR_Y, w: BAR_W, h: BAR_H }, p.frames, (f) => this.seekTo(f));
    this.status = this.add.text(BAR_X, STATUS_Y, '', textStyle(STATUS_SIZE));
    this.help = this.add.text(GAME_W - BAR_X, STATUS_Y, '', textStyle(STATUS_SIZE, UI.dim)).setOrigin(1, 0);
    this.helpWidths = helpTexts().map((text) => ({ text, width: this.help.setText(text).width }));
    this.ui.add([panel, ...this.timeline.objects, this.status, this.help]);
    this.thin = this.add.graphics();
    this.banner = this.add
      .text(
        GAME_W / 2,
        250,
        '',
        textStyle(20, '#ffffff', { align: 'center', backgroundColor: '#120a2aee', padding: { x: 16, y: 10 }, wordWrap: { width: 700 } }),
      )
      .setOrigin(0.5)
      .setVisible(false);
    mv.overlayLayer.add([this.ui, this.thin, this.banner]);
    this.input.on('pointermove', () => this.poke());
    this.drawTimeline();

    const kb = this.input.keyboard!;
    const K = Phaser.Input.Keyboard.KeyCodes;
    for (const k of [K.SPACE, K.LEFT, K.RIGHT, K.F2, K.F3]) kb.addKey(k);
    // keyOnce: a tap on a slow frame would otherwise be handled twice (two frame steps, two seeks).
    kb.on(
      'keydown',
      keyOnce((e: KeyboardEvent) => this.key(e)),
    );
    this.lastInput = this.time.now;
    this.redraw();
  }

  private clipHost() {
    const scene = this;
    return {
      get game() {
        return scene.game;
      },
      get player() {
        return scene.player!;
      },
      get mv() {
        return scene.mv!;
      },
      get sides() {
        return scene.replay!.sides.length;
      },
      get shadows() {
        return scene.shadows;
      },
      get entryId() {
        return scene.entryId;
      },
      get stem() {
        return scene.stem;
      },
      get replayKey() {
        return scene.replayKey;
      },
      get survey() {
        return scene.survey;
      },
      advanceOne: () => this.advanceOne(),
      observeCpu: () => this.observeCpu(),
      setExporting: (on: boolean) => {
        if (on) {
          this.transport?.pause();
          this.ui.setVisible(false);
          this.thin.setVisible(false);
          this.banner.setVisible(false);
        } else this.banner.setVisible(!!this.message);
      },
      redraw: () => this.redraw(),
      padHint: () => this.padHint(),
    };
  }

  private key(e: KeyboardEvent): void {
    if (this.exporting || this.dialogOpen || !this.player || !this.transport) return;
    this.poke();
    sfx.unlock();
    const tr = this.transport;
    switch (e.key) {
      case ' ':
        this.togglePlay();
        break;
      case '+':
      case '=':
        tr.faster();
        break;
      case '-':
      case '_':
        tr.slower();
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
        tr.seekBy((e.key === 'ArrowLeft' ? -1 : 1) * (e.shiftKey ? 10 : 1) * FPS);
        break;
      case '.':
      case ',':
        if (!tr.stepFrame(e.key === '.' ? 1 : -1)) this.flash(t('playback.flash.pauseToStep'));
        break;
      case 'Home':
        tr.seekTo(0);
        break;
      case 'End':
        tr.seekTo(this.player.lastFrame);
        break;
      case 'h':
      case 'H':
        this.setSurvey(!this.survey);
        break;
      case 'c':
      case 'C':
        tr.pause();
        this.clips!.open();
        break;
      case 'm':
      case 'M':
        sfx.toggleMute();
        break;
      case 'F2':
        if (this.survey) this.flash(t('playback.flash.overlaysOff'));
        else if (!this.mv!.toggleWave()) this.flash(t('playback.flash.waveMazeOnly'));
        break;
      case 'F3':
        if (this.survey) this.flash(t('playback.flash.overlaysOff'));
        else if (!this.mv!.toggleCpu()) this.flash(t('playback.flash.noCpuSide'));
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
    if (c === 'back') {
      this.back();
      return;
    }
    const tr = this.transport;
    if (!tr) return;
    this.poke();
    if (c === 'confirm' || c === 'start') this.togglePlay();
    else if (c === 'left' || c === 'right') tr.seekBy(c === 'left' ? -FPS : FPS);
    else if (c === 'up') tr.faster();
    else if (c === 'down') tr.slower();
    this.redraw();
  }

  /** Survey mode: no names, frame rate or hints, and no debug overlays (F3 tells a CPU side from a person). */
  setSurvey(on: boolean): void {
    this.survey = on;
    this.mv?.setSurvey(on);
    if (on) this.mv?.setOverlays({ wave: false, cpu: false });
    this.mv?.setHint(this.padHint());
    this.flash(on ? t('playback.flash.surveyOn') : t('playback.flash.surveyOff'));
  }

  private flash(text: string, ms = 1800): void {
    if (this.message || !this.banner) return; // a desync message stays
    this.banner.setText(text).setVisible(true).setAlpha(1);
    this.tweens.killTweensOf(this.banner);
    this.tweens.add({
      targets: this.banner,
      alpha: 0,
      delay: ms,
      duration: 300,
      onComplete: () => !this.message && this.banner.setVisible(false),
    });
  }

  private poke(): void {
    this.lastInput = this.time.now;
  }

  togglePlay(): void {
    this.transport?.togglePlay();
  }

  get speed(): number {
    return this.transport?.speed ?? 1;
  }

  setSpeed(x: number): void {
    this.transport?.setSpeed(x);
  }

  /** Seeks (clamped; stops at a desync). Returns the frame reached. */
  seekTo(frame: number): number {
    if (!this.transport) return -1;
    const f = this.transport.seekTo(frame);
    this.redraw();
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
    if (s.exact) return t('playback.flash.cpuExact');
    return t('playback.flash.cpuRecomputed', { frame: s.since });
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
    this.transport?.pause();
    this.message = t('playback.desync', { frame: d.frame, time: formatFrames(d.frame), actual: d.actual, expected: d.expected });
    this.banner.setText(this.message).setVisible(true).setAlpha(1).setColor('#ff8090');
    this.tweens.killTweensOf(this.banner);
  }

  private drawTimeline(): void {
    const p = this.player!;
    this.timeline.draw(p.indexedFrames, p.desync?.frame ?? null, p.marks);
  }

  private redraw(): void {
    const p = this.player;
    const tr = this.transport;
    if (!p || !this.mv || !tr) return;
    if (this.mv.cpuOn) this.observeCpu();
    this.mv.draw(p.state, this.exporting ? FPS : this.game.loop.actualFps);
    this.timeline.drawHead(p.frame);
    const flags = [
      this.survey ? t('playback.flags.survey') : '',
      this.mv.cpuOn ? (this.shadows.find((x) => x)?.exact ? t('playback.flags.cpuExact') : t('playback.flags.cpuRecomputed')) : '',
    ].filter(Boolean);
    setText(this.status, tr.status(flags));
    // The help takes the room the status leaves: a shorter text, or none, never an overlap.
    setText(this.help, fitHelp(this.status.width, BAR_W, this.helpWidths));
    const thin = this.thin;
    thin.clear();
    thin.fillStyle(0xffd24a, 0.8).fillRect(0, GAME_H - 3, (p.frame / Math.max(1, p.frames)) * GAME_W, 3);
  }

  override update(_time: number, delta: number): void {
    const p = this.player;
    // While a clip renders, the backdrop follows the sim frame (not how long the page has run).
    this.backdrop?.update(this.exporting && p ? p.frame : this.t++);
    const tr = this.transport;
    if (!p || !tr || this.exporting) return;
    if (!this.indexed) {
      this.indexed = p.index(4000);
      this.drawTimeline();
      if (p.desync && !this.message && this.indexed) this.flash(t('playback.flash.desyncAhead', { frame: p.desync.frame }), 4000);
    } else if (this.timeline.stale(p.marks)) this.drawTimeline();
    tr.tick(delta);
    const pad = this.padConnected();
    if (pad !== this.padShown) {
      this.padShown = pad;
      this.mv!.setHint(this.padHint());
    }
    const show = barVisible({
      playing: tr.playing,
      dragging: this.timeline.dragging,
      dialogOpen: this.dialogOpen,
      sinceInputMs: this.time.now - this.lastInput,
    });
    this.ui.setVisible(show);
    this.thin.setVisible(!show);
    this.redraw();
  }

  // ── clips (playback-clips.ts) ──

  /** A clip's file name (see PlaybackClips.fileName). */
  clipFileName(...a: Parameters<PlaybackClips['fileName']>): string {
    return this.clips?.fileName(...a) ?? '';
  }

  /** Exports a clip (see PlaybackClips.export). */
  async exportClip(
    req: ClipRequest,
    progress: (d: number, t: number) => void,
    signal?: AbortSignal,
    onFrame?: ClipFrameHook,
  ): Promise<{ info: ClipInfo | null; blob: Blob; filename: string; elapsed: number; bytes: Uint8Array; codec: string }> {
    if (!this.clips || !this.player || !this.mv) throw new Error('no replay is loaded');
    return this.clips.export(req, progress, signal, onFrame);
  }

  // ── for tests (test-hook.ts) ──

  get info(): {
    panelTop: number;
    statusRight: number;
    helpLeft: number;
    padHint: boolean;
    loaded: boolean;
    frame: number;
    frames: number;
    lastFrame: number;
    playing: boolean;
    speed: number;
    survey: boolean;
    overlays: { wave: boolean; cpu: boolean };
    hash: string | null;
    marks: number;
    indexed: boolean;
    keyframeInterval: number;
    lastSeekSteps: number;
    desync: { frame: number; message: string } | null;
    error: string | null;
    title: string;
    id: string | null;
  } {
    const p = this.player;
    return {
      panelTop: PANEL_Y,
      statusRight: this.status ? this.status.x + this.status.width : 0,
      helpLeft: this.help?.text ? this.help.x - this.help.width : GAME_W,
      padHint: this.padHint() !== '',
      loaded: !!p,
      frame: p?.frame ?? -1,
      frames: p?.frames ?? 0,
      lastFrame: p?.lastFrame ?? 0,
      playing: this.transport?.playing ?? false,
      speed: this.speed,
      survey: this.survey,
      overlays: { wave: this.mv?.waveOn ?? false, cpu: this.mv?.cpuOn ?? false },
      hash: p ? hashState(p.state) : null,
      marks: p?.marks.length ?? 0,
      indexed: this.indexed,
      keyframeInterval: p?.keyframeInterval ?? 0,
      lastSeekSteps: p?.lastSeekSteps ?? 0,
      desync: p?.desync ? { frame: p.desync.frame, message: p.desync.message } : null,
      error: !p && this.failed && this.centre?.visible ? this.centre.text : null,
      title: this.replay ? displayName({ name: '', meta: metaFromHeader(this.replay) }) : '',
      id: this.entryId,
    };
  }
}

// The music player (issue 25; src/audio/music.ts holds the game's instance). The tracks are files (public/media/music/, rendered
// from assets/music/ by build:assets) listed by media/music.json; they are loaded after the title is
// up (never in the first-load pack), the title track and the jingles first, any other track when it
// is first played. A looped track plays its intro once and then its loop region gaplessly: two Phaser
// sounds of the same file, the intro marker now and the loop marker (Phaser's own gapless marker
// loop) scheduled on the audio clock at the loop start. Crossfades, a softer level while paused, the
// BGM level, the SFX level (sfx.ts) and suppression during study clips are here.
import { clamp01, readVolume, type Remember, sfx } from './sfx';
import {
  type JingleName,
  MUSIC_MANIFEST_URL,
  type MusicEntry,
  type MusicManifest,
  type MusicName,
  musicKey,
  TRACK_NAMES,
  type TrackName,
} from './music-names';

export * from './music-names';

/** The part of a Phaser sound this uses (a fake in unit tests). */
export interface MusicSound {
  readonly key: string;
  readonly isPlaying: boolean;
  loop: boolean;
  volume: number;
  addMarker(marker: { name: string; start: number; duration: number; config?: { loop?: boolean } }): boolean;
  play(marker?: string, config?: { volume?: number; loop?: boolean; delay?: number }): boolean;
  stop(): boolean;
  destroy(): void;
  once(event: 'complete', fn: () => void): unknown;
  /** When it starts on the audio clock (Phaser's WebAudioSound), seconds. */
  readonly startTime?: number;
  /** Phaser marks a destroyed sound (its audio nodes are gone: setting its volume throws). */
  readonly pendingRemove?: boolean;
}

/** Sets a sound's volume unless Phaser has destroyed it meanwhile (a scene change, a freed pack). */
function setVolume(s: MusicSound, v: number): void {
  if (!s.pendingRemove) s.volume = v;
}

/** The part of Phaser's sound manager this uses. */
export interface MusicOut {
  locked: boolean;
  add(key: string): MusicSound;
  /** The audio clock (Web Audio); absent in Phaser's HTML5 audio and no-audio managers. */
  readonly context?: { readonly currentTime: number };
}

/** Loads what the player needs (Phaser's loader in the game; a fake in tests). */
export interface MusicSource {
  manifest(): Promise<MusicManifest>;
  /** Makes the decoded audio of `names` available to `add` (resolves when it is). */
  audio(entries: { key: string; url: string }[]): Promise<void>;
  /** Frees a track's decoded audio (a minute of 48 kHz stereo is ≈ 21 MB). */
  release?(key: string): void;
}

export type MusicFormat = 'ogg' | 'mp3';

/** Opus in Ogg where the browser can play it, else the MP3 file. */
export function pickFormat(canPlayType: (mime: string) => string): MusicFormat {
  return canPlayType('audio/ogg; codecs="opus"') !== '' ? 'ogg' : 'mp3';
}

export const BGM_VOLUME_KEY = 'twinfield.bgmVolume';
/** Level of the music while the game is paused: −12 dB. */
export const PAUSED_GAIN = 10 ** (-12 / 20);
/** Level of the music under a jingle: −18 dB. */
export const DUCK_GAIN = 10 ** (-18 / 20);
export const DEFAULT_FADE_S = 0.8;

interface Playing {
  name: TrackName;
  sounds: MusicSound[];
  /** Fade gain 0–1 and where it goes. */
  gain: number;
  from: number;
  to: number;
  t0: number;
  dur: number;
  /** Stopped and destroyed when its fade-out ends. */
  dying: boolean;
}

interface Clock {
  now(): number;
  /** Calls `fn` about every `ms` until the returned stop function is called. */
  every(fn: () => void, ms: number): () => void;
}

const browserClock: Clock = {
  now: () => performance.now(),
  every: (fn, ms) => {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
};

function browserStorage(): Remember | null {
  try {
    return (globalThis as { localStorage?: Remember }).localStorage ?? null;
  } catch {
    return null;
  }
}

export class Music {
  private out: MusicOut | null = null;
  private source: MusicSource | null = null;
  private manifestData: MusicManifest | null = null;
  private loaded = new Set<MusicName>();
  private loading = new Map<MusicName, Promise<void>>();
  private tracks: Playing[] = [];
  private jingleSound: MusicSound | null = null;
  private wanted: TrackName | null = null;
  private pausedNow = false;
  private suppressedNow = false;
  private ducked = false;
  private bgm: number;
  private stopTimer: (() => void) | null = null;
  private loadPromise: Promise<void> | null = null;
  /** The last load failed (its scene stopped mid-load, a file missing): the next `load` tries again. */
  private loadFailed = false;
  /** The last load has finished (either way), and the scene whose loader it used. */
  private loadSettled = false;
  private loadScene: unknown = null;

  constructor(
    private readonly store: Remember | null = browserStorage(),
    private readonly clock: Clock = browserClock,
  ) {
    this.bgm = readVolume(store, BGM_VOLUME_KEY);
  }

  /** Connects a sound manager and a loader (what `load(scene)` does with Phaser's). */
  attach(out: MusicOut, source: MusicSource): Promise<void> {
    this.out = out;
    this.source = source;
    this.loadFailed = false;
    this.loadSettled = false;
    const p = source.manifest().then(async (m) => {
      this.manifestData = m;
      await this.ensure(['title', 'win', 'lose', 'result']);
    });
    this.loadPromise = p;
    p.then(
      () => {
        if (this.loadPromise === p) this.loadSettled = true;
      },
      () => {
        if (this.loadPromise !== p) return;
        this.loadSettled = true;
        this.loadFailed = true;
      },
    );
    return p;
  }

  /**
   * Loads the music after the title has appeared: the manifest, the title track and the jingles, in the
   * format this browser plays (`scene.sound`, `scene.load`). Resolves when they are ready.
   */
  load(scene: PhaserLikeScene): Promise<void> {
    // Files load through the loader of a scene that is running now: a scene's loader stops with it, so
    // a load still under way in another scene's loader (the title, left at once) starts again here.
    const same = this.loadPromise && this.out === scene.sound && !this.loadFailed;
    if (same && (this.loadSettled || this.loadScene === scene)) {
      this.source = phaserSource(scene);
      return this.loadPromise!;
    }
    this.loadScene = scene;
    this.loading.clear(); // what was under way went through the other scene's loader
    const p = this.attach(scene.sound as unknown as MusicOut, phaserSource(scene));
    // Its scene stopping (or restarting: the same Scene object) ends the load now, not a few ticks later.
    scene.events.once('shutdown', () => {
      if (this.loadPromise === p && !this.loadSettled) this.loadFailed = true;
    });
    return p;
  }

  get ready(): boolean {
    return this.manifestData !== null;
  }

  get manifest(): MusicManifest | null {
    return this.manifestData;
  }

  /** The track playing (or fading in), null when none. */
  get current(): TrackName | null {
    const t = this.tracks.find((p) => !p.dying);
    return t ? t.name : null;
  }

  /** Sounds of the live tracks (for the e2e test hook and tests). */
  get sounds(): readonly MusicSound[] {
    return this.tracks.flatMap((t) => t.sounds);
  }

  private async ensure(names: MusicName[]): Promise<void> {
    const m = this.manifestData;
    const src = this.source;
    if (!m || !src) return;
    const format = this.format;
    const todo = names.filter((n) => !this.loaded.has(n) && !this.loading.has(n));
    if (todo.length) {
      const p = src.audio(todo.map((n) => ({ key: musicKey(n), url: m.tracks[n][format] }))).then(
        () => {
          for (const n of todo) {
            this.loaded.add(n);
            this.loading.delete(n);
          }
        },
        (err: unknown) => {
          for (const n of todo) this.loading.delete(n); // not loaded: a later call tries again
          throw err;
        },
      );
      for (const n of todo) this.loading.set(n, p);
    }
    await Promise.all(names.map((n) => this.loading.get(n)));
  }

  /** Which file of each track is loaded (set before `attach`/`load`; default: what the browser plays). */
  format: MusicFormat = pickFormat((mime) => {
    try {
      return document.createElement('audio').canPlayType(mime);
    } catch {
      return '';
    }
  });

  /** Plays `track` (looped), crossfading from the one playing over `fade` seconds (default 0.8). */
  play(track: TrackName, opts: { fade?: number } = {}): void {
    this.wanted = track;
    const fade = opts.fade ?? DEFAULT_FADE_S;
    if (this.current === track) return;
    if (this.suppressedNow || !this.out || !this.manifestData) return;
    if (!this.loaded.has(track)) {
      void this.ensure([track]).then(
        () => {
          if (this.wanted === track && this.current !== track) this.play(track, opts);
        },
        () => undefined, // its scene stopped mid-load: the next scene's play tries again
      );
      return;
    }
    this.fadeOutAll(fade);
    const entry = this.manifestData.tracks[track];
    const p: Playing = { name: track, sounds: [], gain: 0, from: 0, to: 1, t0: this.clock.now(), dur: fade, dying: false };
    if (fade <= 0) p.gain = 1;
    this.tracks.push(p);
    p.sounds = this.startSounds(track, entry, this.level(p));
    this.runFades();
  }

  private startSounds(name: MusicName, e: MusicEntry, volume: number): MusicSound[] {
    const out = this.out!;
    const key = musicKey(name);
    if (!e.loop) return [];
    // the decoded file may begin with the encoder's delay: every marker moves by it
    const off = e.offset?.[this.format] ?? 0;
    // the loop sound is added first so sound.get(key) finds the one that keeps playing
    const loop = out.add(key);
    loop.addMarker({ name: 'loop', start: off + e.loop.start, duration: e.loop.end - e.loop.start, config: { loop: true } });
    if (e.loop.start <= 0) {
      loop.play('loop', { volume, loop: true });
      return [loop];
    }
    const intro = out.add(key);
    intro.addMarker({ name: 'intro', start: off, duration: e.loop.start });
    intro.once('complete', () => intro.destroy());
    // Phaser schedules `delay` from the audio clock as it reads it inside play(), and that clock moves
    // during a task (Chromium: 11.6 ms between two calls under load), so the loop's delay is taken from
    // the intro's actual start and checked; a miss (the clock ticked between the two reads) is redone.
    for (let attempt = 0; ; attempt++) {
      intro.play('intro', { volume });
      const introAt = intro.startTime;
      const ctx = out.context;
      const delay = ctx && introAt !== undefined ? introAt + e.loop.start - ctx.currentTime : e.loop.start;
      loop.play('loop', { volume, loop: true, delay });
      if (!ctx || loop.startTime === undefined || introAt === undefined || attempt >= 3) break;
      if (Math.abs(loop.startTime - introAt - e.loop.start) < 1e-6) break;
      loop.stop();
      intro.stop();
    }
    return [loop, intro];
  }

  private fadeOutAll(fade: number): void {
    for (const t of this.tracks) {
      if (t.dying) continue;
      t.dying = true;
      t.from = t.gain;
      t.to = 0;
      t.t0 = this.clock.now();
      t.dur = fade;
    }
  }

  /** The volume of a track's sounds now. */
  private level(t: Playing): number {
    if (this.suppressedNow) return 0;
    return this.bgm * t.gain * (this.pausedNow ? PAUSED_GAIN : 1) * (this.ducked ? DUCK_GAIN : 1);
  }

  /** Advances the fades to the clock's time (called by the clock while a fade runs; tests call it). */
  tick(): void {
    const now = this.clock.now();
    for (const t of this.tracks) {
      const k = t.dur <= 0 ? 1 : Math.min(1, (now - t.t0) / (t.dur * 1000));
      t.gain = t.from + (t.to - t.from) * k;
    }
    const gone = this.tracks.filter((t) => t.dying && t.gain <= 0);
    for (const t of gone) {
      for (const s of t.sounds) this.kill(s);
      // a match theme is freed once it has faded out; the title and select themes come back often
      if (t.name !== 'title' && t.name !== 'select' && !this.tracks.some((o) => o !== t && o.name === t.name)) {
        this.source?.release?.(musicKey(t.name));
        this.loaded.delete(t.name);
      }
    }
    this.tracks = this.tracks.filter((t) => !gone.includes(t));
    this.applyVolumes();
    if (!this.fading() && this.stopTimer) {
      this.stopTimer();
      this.stopTimer = null;
    }
  }

  private kill(s: MusicSound): void {
    s.stop();
    s.destroy();
  }

  private fading(): boolean {
    return this.tracks.some((t) => t.gain !== t.to);
  }

  private runFades(): void {
    this.tick();
    if (this.fading() && !this.stopTimer) this.stopTimer = this.clock.every(() => this.tick(), 30);
  }

  private applyVolumes(): void {
    for (const t of this.tracks) {
      const v = this.level(t);
      for (const s of t.sounds) setVolume(s, v);
    }
  }

  /** Plays a jingle once; the music is ducked under it, then comes back (`resume`) or is stopped. */
  jingle(name: JingleName, opts: { resume?: boolean } = {}): void {
    if (this.suppressedNow || !this.out || !this.loaded.has(name)) return;
    const resume = opts.resume ?? true;
    if (this.jingleSound) this.kill(this.jingleSound);
    if (!resume) this.stop(0.3);
    this.ducked = resume;
    this.applyVolumes();
    const s = this.out.add(musicKey(name));
    this.jingleSound = s;
    s.once('complete', () => {
      if (this.jingleSound !== s) return;
      s.destroy();
      this.jingleSound = null;
      this.ducked = false;
      this.applyVolumes();
    });
    const off = this.manifestData?.tracks[name].offset?.[this.format] ?? 0;
    s.addMarker({ name: 'jingle', start: off, duration: this.manifestData!.tracks[name].duration });
    s.play('jingle', { volume: this.suppressedNow ? 0 : this.bgm });
  }

  /** A softer level (−12 dB) while the game is paused. */
  setPaused(paused: boolean): void {
    this.pausedNow = paused;
    this.applyVolumes();
  }

  get paused(): boolean {
    return this.pausedNow;
  }

  /** Nothing plays while suppressed (a study clip); the wanted track starts again afterwards. */
  suppress(on: boolean): void {
    if (on === this.suppressedNow) return;
    this.suppressedNow = on;
    if (on) {
      const wanted = this.wanted;
      for (const t of this.tracks) for (const s of t.sounds) this.kill(s);
      this.tracks = [];
      if (this.jingleSound) this.kill(this.jingleSound);
      this.jingleSound = null;
      this.ducked = false;
      this.wanted = wanted;
    } else if (this.wanted) this.play(this.wanted, { fade: DEFAULT_FADE_S });
  }

  get suppressed(): boolean {
    return this.suppressedNow;
  }

  /** Fades the music out over `fade` seconds and forgets it. */
  stop(fade = DEFAULT_FADE_S): void {
    this.wanted = null;
    this.fadeOutAll(fade);
    this.runFades();
  }

  /** The music's level, 0–1 (remembered between visits). */
  get bgmVolume(): number {
    return this.bgm;
  }

  set bgmVolume(v: number) {
    this.bgm = clamp01(v);
    try {
      this.store?.setItem(BGM_VOLUME_KEY, String(this.bgm));
    } catch {
      // not remembered
    }
    this.applyVolumes();
    if (this.jingleSound) setVolume(this.jingleSound, this.bgm);
  }

  /** The sound effects' level, 0–1 (sfx.ts keeps it). */
  get sfxVolume(): number {
    return sfx.volume;
  }

  set sfxVolume(v: number) {
    sfx.volume = v;
  }
}

/** What `load` needs of a Phaser scene (typed loosely so this module needs no Phaser import). */
export interface PhaserLikeScene {
  sound: unknown;
  load: {
    audio(key: string, url: string): unknown;
    once(event: string, fn: (...a: unknown[]) => void): unknown;
    on(event: string, fn: (...a: unknown[]) => void): unknown;
    off(event: string, fn: (...a: unknown[]) => void): unknown;
    start(): void;
    isLoading(): boolean;
  };
  cache: { audio: { exists(key: string): boolean; remove(key: string): unknown } };
  events: { once(event: string, fn: () => void): unknown; off(event: string, fn: () => void): unknown };
}

/** Where public/ is served (as character-art.ts: built chunks live one folder below it). */
function publicRoot(): string {
  const env = (import.meta as ImportMeta & { env?: { DEV?: boolean } }).env;
  return env?.DEV ? '/' : new URL(/* @vite-ignore */ '../', import.meta.url).href;
}

function phaserSource(scene: PhaserLikeScene): MusicSource {
  const root = publicRoot();
  return {
    manifest: async () => {
      const res = await fetch(root + MUSIC_MANIFEST_URL);
      if (!res.ok) throw new Error(`music: ${MUSIC_MANIFEST_URL}: HTTP ${res.status}`);
      return (await res.json()) as MusicManifest;
    },
    audio: (entries) =>
      new Promise<void>((resolve, reject) => {
        const todo = entries.filter((e) => !scene.cache.audio.exists(e.key));
        if (todo.length === 0) return resolve();
        const keys = new Set(todo.map((e) => e.key));
        const failed: string[] = [];
        const onError = (file: unknown): void => {
          const f = file as { key?: string };
          if (f.key && keys.has(f.key)) failed.push(f.key);
        };
        // A scene's loader stops with its scene: loading given up, said (the next scene loads again).
        const onShutdown = (): void => {
          scene.load.off('loaderror', onError);
          scene.load.off('complete', onComplete);
          reject(new Error('music: loading stopped with its scene'));
        };
        scene.events.once('shutdown', onShutdown);
        const onComplete = (): void => {
          const left = todo.filter((e) => !scene.cache.audio.exists(e.key));
          if (left.length > 0 && !failed.length && scene.load.isLoading()) {
            scene.load.once('complete', onComplete);
            return;
          }
          scene.events.off('shutdown', onShutdown);
          scene.load.off('loaderror', onError);
          if (left.length === 0) resolve();
          else reject(new Error(`music: could not load ${left.map((e) => e.url).join(', ')}`));
        };
        scene.load.on('loaderror', onError);
        scene.load.once('complete', onComplete);
        // Absolute URLs: a loader's base URL may be set meanwhile (character-art.ts sets it while its
        // pack loads), and a root-relative '/media/…' behind a base of '/' would become '//media/…'.
        for (const e of todo) scene.load.audio(e.key, new URL(root + e.url, document.baseURI).href);
        if (!scene.load.isLoading()) scene.load.start();
      }),
    release: (key) => {
      if (scene.cache.audio.exists(key)) scene.cache.audio.remove(key);
    },
  };
}

/** Which theme a match plays: the maze theme on maze stages, the final theme for the story's last boss,
 * else one of the three versus themes chosen by the two characters (or the seed without them). */
export function versusTrack(config: {
  maze?: boolean;
  finalBoss?: boolean;
  characters?: readonly (string | null | undefined)[];
  seed?: number;
}): TrackName {
  if (config.finalBoss) return 'final';
  if (config.maze) return 'maze';
  const names = (config.characters ?? []).filter((c): c is string => typeof c === 'string' && c.length > 0);
  let h = 0;
  if (names.length) {
    // order-free, so the same pair hears the same theme whichever side each is on
    for (const n of [...names].sort()) for (let i = 0; i < n.length; i++) h = (Math.imul(h, 31) + n.charCodeAt(i)) >>> 0;
  } else h = (config.seed ?? 0) >>> 0;
  const versus = TRACK_NAMES.filter((t) => t.startsWith('versus-'));
  return versus[h % versus.length]!;
}

// window.__twinfield: a small, stable surface for end-to-end tests (ours and other people's)
// to drive and observe the game. It reads what the scenes publish (scene-state.ts) and never changes
// the rules. Only the e2e build has it: main.ts loads this module when Vite's mode is 'e2e'
// (`vite build --mode e2e`, as tests/e2e/global-setup.ts builds); the production build has no hook.
import type Phaser from 'phaser';
import { createController } from '../controllers/registry';
import { createMatch, hashState, MatchRunner, type Checksum, type MatchConfig } from '../sim';
import type { HudSnapshot } from '../views/hud';
import type { MatchView } from '../views/match-view';
import type { MatchSetup } from './match-setup';
import type { PresetEditorInfo } from './presets-scene';
import { Menu } from '../ui/menu';
import { replayHookApi } from './replay-hook';
import { attract, forgetTitleChoices, type TitlePage } from './title-scene';
import { forgetRecordStudy } from '../storage/record-study';
import { settings, type Settings } from '../storage/settings';
import { forgetAdaptive, loadAdaptive } from '../storage/adaptive-store';
import type { AdaptiveState } from '../cpu/presets/adaptive';
import { loadPlannerLab, PLANNER_LAB, loadPresetsScene, PRESETS } from './lazy-scenes';
import { published as hook } from './scene-state';
import { selectInfo, selectSettings } from './select-state';

export interface StartOptions {
  seed: number;
  p1?: string;
  p2?: string;
  stages?: MatchConfig['stages'];
  /** Maze stages: first maze of the rotation (a catalog name or gen:SEED). */
  maze?: string;
  mode?: MatchConfig['mode'];
  difficulty?: MatchConfig['difficulty'];
  timeLimit?: number;
  lives?: number;
  /** Roster ids (default: the neutral ship). */
  p1Character?: string;
  p2Character?: string;
  finalBoss?: boolean;
}

function setupFrom(o: StartOptions): MatchSetup {
  const config: MatchSetup['config'] = {
    seed: o.seed,
    stages: o.stages ?? 'open',
    mode: o.mode ?? 'versus',
    difficulty: o.difficulty ?? 'normal',
  };
  if (o.timeLimit !== undefined) config.timeLimit = o.timeLimit;
  if (o.lives !== undefined) config.lives = o.lives;
  if (o.maze !== undefined) config.maze = o.maze;
  if (o.p1Character !== undefined) config.p1Character = o.p1Character;
  if (o.p2Character !== undefined) config.p2Character = o.p2Character;
  if (o.finalBoss !== undefined) config.finalBoss = o.finalBoss;
  return { config, p1: o.p1 ?? 'human', p2: o.p2 ?? 'cpu:normal' };
}

function makeApi(game: Phaser.Game) {
  const api = {
    get ready() {
      return hook.ready;
    },
    scene(): string | null {
      const active = game.scene.getScenes(true);
      return active.length ? active[active.length - 1]!.scene.key : null;
    },
    frame(): number {
      return hook.live ? hook.live.state.frame : -1;
    },
    hash(): string | null {
      return hook.live ? hashState(hook.live.state) : null;
    },
    checksums(): Checksum[] {
      return hook.live ? hook.live.runner.checksums.slice() : [];
    },
    /** Every visible text of the active scenes (menus, HUD, banners), for assertions. */
    texts(): string[] {
      const out: string[] = [];
      const visit = (list: Phaser.GameObjects.GameObject[], visible: boolean): void => {
        for (const o of list) {
          const v = visible && (o as unknown as { visible?: boolean }).visible !== false;
          if (o.type === 'Text' && v) out.push((o as Phaser.GameObjects.Text).text);
          const children = (o as unknown as { list?: Phaser.GameObjects.GameObject[] }).list;
          if (Array.isArray(children)) visit(children, v);
        }
      };
      for (const s of game.scene.getScenes(true)) visit(s.children.list, true);
      return out;
    },
    /** A plain summary of the running match for assertions. */
    state() {
      const s = hook.live?.state;
      if (!s) return null;
      return {
        frame: s.frame,
        result: s.result,
        sides: s.sides.map((d) => ({
          x: d.ship.x,
          y: d.ship.y,
          lives: d.ship.lives,
          score: d.score,
          gauge: d.gauge,
          bullets: d.bullets.count,
          enemies: d.enemies.count,
          hits: d.hits,
          kills: d.kills,
          charge: d.ship.charge,
        })),
      };
    },
    /** The running match's setup: config (seed, stages, maze, difficulty…) and controller specs. */
    setup(): MatchSetup | null {
      const s = hook.live?.setup;
      return s ? JSON.parse(JSON.stringify(s)) : null;
    },
    /** What the match HUD shows (scores, life icons, gauge segments…), with the frame it shows. */
    hud(): HudSnapshot | null {
      return hook.live?.hud?.() ?? null;
    },
    /** The menus of active scenes that take input now: their rows as shown and the selected row. */
    menus(): { scene: string; rows: string[]; selected: number }[] {
      return [...Menu.live].filter((m) => m.isActive).map((m) => m.describe());
    },
    /** The Adaptive difficulty's state as saved in this browser (a fresh one when none is saved). */
    adaptive(): AdaptiveState {
      return loadAdaptive();
    },
    /**
     * A fresh title screen, as on the first visit (other scenes stopped; settings, opened study and
     * adaptive state forgotten), on its main menu or on `page` (Versus: START on Player vs CPU).
     */
    toTitle(page: TitlePage = 'main'): void {
      selectSettings.skip = true;
      forgetTitleChoices(page);
      forgetRecordStudy();
      forgetAdaptive();
      const sm = game.scene;
      for (const s of sm.getScenes(false)) {
        const k = s.scene.key;
        if (k !== 'title' && (sm.isActive(k) || sm.isPaused(k) || sm.isSleeping(k))) s.scene.stop();
      }
      // Stopping and starting one scene in the same tick leaves it stopped: a running title restarts.
      if (sm.isActive('title') || sm.isPaused('title')) sm.getScene('title')!.scene.restart();
      else sm.start('title');
    },
    /** Changes saved settings as Options would (e.g. { highContrastBullets: true }); read by the next scene built. */
    setSettings(patch: Partial<Settings>): void {
      settings.set(patch);
    },
    /**
     * Title START goes through the character select (on) or straight to a neutral match (off: what
     * every fresh title of this hook does, so the older title-flow tests keep their matches).
     */
    characterSelect(on: boolean): void {
      selectSettings.skip = !on;
    },
    /**
     * Attract mode after `ms` untouched on the title (Infinity: never — what this hook sets at install,
     * so tests that wait on the title never meet a demo).
     */
    attractAfter(ms: number): void {
      attract.afterMs = ms;
    },
    /** The character select while it is open: the step, the focused choice, the picks made so far. */
    select(): { step: number; focus: string; picks: string[] } | null {
      return selectInfo.open ? { step: selectInfo.step, focus: selectInfo.focus, picks: selectInfo.picks.slice() } : null;
    },
    /** The running match's characters, one id per side (as SideState.character). */
    characters(): string[] {
      return hook.live ? hook.live.state.sides.map((d) => d.character.id) : [];
    },
    /** The running match's attack banners per field (EX, spell, Boss Attack, BOSS PHASE; '' for none). */
    banners(): string[] {
      const m = game.scene.getScene('match') as unknown as { mv?: MatchView } | null;
      return hook.live && m?.mv ? m.mv.bannerTexts() : [];
    },
    startMatch(o: StartOptions): void {
      for (const s of game.scene.getScenes(true)) if (s.scene.key !== 'match') s.scene.stop();
      game.scene.start('match', setupFrom(o));
    },
    /** Opens the preset editor (src/scenes/presets-scene.ts), stopping whatever runs. */
    async openPresets(): Promise<void> {
      await loadPresetsScene(game);
      for (const s of game.scene.getScenes(true)) if (s.scene.key !== PRESETS) s.scene.stop();
      game.scene.start(PRESETS);
    },
    /** The preset editor's state (null when it is not running). */
    presets(): PresetEditorInfo | null {
      return hook.presets?.describe() ?? null;
    },
    /** Plays the running preset editor's previews on to `frame` at once. */
    advancePresetsTo(frame: number): PresetEditorInfo | null {
      hook.presets?.advancePreviewTo(frame);
      return hook.presets?.describe() ?? null;
    },
    /** Imports preset files into the running editor (as the file picker would), by name and text. */
    async importPresets(files: { name: string; text: string }[]): Promise<string> {
      const ed = hook.presets;
      if (!ed) throw new Error('the preset editor is not running');
      await ed.importFiles(files.map((f) => new File([f.text], f.name, { type: 'application/json' })));
      return ed.describe().status;
    },
    /** Opens the Planner lab (src/scenes/planner-lab-scene.ts), stopping whatever runs. */
    async openPlannerLab(): Promise<void> {
      await loadPlannerLab(game);
      // Stop the others; the lab itself restarts (a queued stop of the lab would land after the start).
      for (const s of game.scene.getScenes(true)) if (s.scene.key !== PLANNER_LAB) s.scene.stop();
      game.scene.start(PLANNER_LAB);
    },
    /**
     * Drops the running match view's particles and screen shake, which fade per drawn frame, and its
     * banners and HUD pops, which fade in real time, so a screenshot does not depend on the frame
     * rate. Returns false when no match view runs.
     */
    resetVisuals(): boolean {
      const f = hook.live?.resetVisuals;
      f?.();
      return !!f;
    },
    /** Plays n frames of the running match at once (screenshots of late, busy moments). */
    advance(n: number): number {
      const live = hook.live;
      if (!live) return -1;
      for (let i = 0; i < n && live.runner.tick(); i++);
      return live.state.frame;
    },
    /** Runs a match to `frames` synchronously in this page (same code as Node, no drawing). */
    simulate(o: StartOptions & { frames: number }): { frame: number; hash: string; checksums: Checksum[] } {
      const setup = setupFrom(o);
      const state = createMatch(setup.config);
      const ctl = [createController(setup.p1)];
      if (state.sides.length > 1) ctl.push(createController(setup.p2));
      const runner = new MatchRunner(state, ctl);
      runner.runUntil(o.frames);
      return { frame: state.frame, hash: hashState(state), checksums: runner.checksums };
    },
  };
  // Replays, playback and clips (replay-hook.ts).
  return Object.assign(
    api,
    replayHookApi(game, () => hook.live?.runner ?? null),
  );
}

/** What `window.__twinfield` offers (end-to-end tests type their page calls with it). */
export type TwinfieldApi = ReturnType<typeof makeApi>;

/** Sets window.__twinfield and window.__twinfield_game (the Phaser game, for tests that look inside). */
export function installHook(game: Phaser.Game): void {
  const g = globalThis as { __twinfield?: TwinfieldApi; __twinfield_game?: Phaser.Game };
  selectSettings.skip = true;
  attract.afterMs = Number.POSITIVE_INFINITY;
  g.__twinfield = makeApi(game);
  g.__twinfield_game = game;
}

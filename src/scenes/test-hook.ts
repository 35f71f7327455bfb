// window.__twinfield: a small, stable surface for end-to-end tests (ours and other people's)
// to drive and observe the game. It reads the running match; it never changes the rules.
import type Phaser from 'phaser';
import { createController } from '../controllers/registry';
import { createMatch, hashState, MatchRunner, type Checksum, type MatchConfig, type MatchState } from '../sim';
import type { HudSnapshot } from '../views/hud';
import type { MatchSetup } from './match-setup';
import { Menu } from '../ui/menu';
import { replayHookApi } from './replay-hook';

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
}

interface Live {
  state: MatchState;
  runner: MatchRunner;
  /** How the match was started (seed, stages, maze, controllers, difficulty); absent for other runners. */
  setup?: MatchSetup;
  /** What the HUD shows now. */
  hud?: () => HudSnapshot;
  /** Drops the view's particles and screen shake (MatchView.resetVisuals). */
  resetVisuals?: () => void;
}

export const hook = {
  ready: false,
  game: null as Phaser.Game | null,
  live: null as Live | null,
};

function setupFrom(o: StartOptions): MatchSetup {
  const config: MatchSetup['config'] = { seed: o.seed, stages: o.stages ?? 'open', mode: o.mode ?? 'versus', difficulty: o.difficulty ?? 'normal' };
  if (o.timeLimit !== undefined) config.timeLimit = o.timeLimit;
  if (o.lives !== undefined) config.lives = o.lives;
  if (o.maze !== undefined) config.maze = o.maze;
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
        sides: s.sides.map((d) => ({ x: d.ship.x, y: d.ship.y, lives: d.ship.lives, score: d.score, gauge: d.gauge, bullets: d.bullets.count, enemies: d.enemies.count, hits: d.hits, kills: d.kills, charge: d.ship.charge })),
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
    startMatch(o: StartOptions): void {
      for (const s of game.scene.getScenes(true)) if (s.scene.key !== 'match') s.scene.stop();
      game.scene.start('match', setupFrom(o));
    },
    /** Opens the Planner lab (src/scenes/planner-lab-scene.ts), stopping whatever runs. */
    openPlannerLab(): void {
      for (const s of game.scene.getScenes(true)) s.scene.stop();
      game.scene.start('planner-lab');
    },
    /**
     * Drops the running match view's particles and screen shake, which fade per drawn frame, so a
     * screenshot does not depend on the frame rate. Returns false when no match view runs.
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
  return Object.assign(api, replayHookApi(game, () => hook.live?.runner ?? null));
}

/** What `window.__twinfield` offers (end-to-end tests type their page calls with it). */
export type TwinfieldApi = ReturnType<typeof makeApi>;

export function installHook(game: Phaser.Game): void {
  hook.game = game;
  (globalThis as { __twinfield?: TwinfieldApi }).__twinfield = makeApi(game);
}

// One unit of preset evaluation, run on one seed: a versus match of the preset against an opponent
// on a stage preset, a practice drill (one field, infinite lives) on a stage preset, or a ladder
// match (a reference player or a CPU preset against a difficulty pair's CPU on the pair's stage).
// Jobs are plain JSON (presets and reference players included), so worker threads can run them;
// results carry the evaluated side's hits, survival time and human-likeness metrics (src/metrics).
import { ReferenceController, type ReferencePlayer } from '../controllers/reference';
import { CpuController } from '../cpu/cpu-controller';
import type { DodgePreset } from '../cpu/presets';
import { humanLikeness, SideRecorder, type HumanLikeness } from '../metrics';
import { makeConfig, stageConfig } from '../sim/config';
import { FPS } from '../sim/constants';
import type { Controller } from '../sim/controller';
import { createMatch } from '../sim/match';
import { MatchRunner } from '../sim/runner';
import type { MatchState } from '../sim/state';
import type { StagePreset } from '../sim/stage-preset';

export interface VersusJob {
  kind: 'versus';
  seed: number;
  cpu: DodgePreset;
  opponent: DodgePreset;
  stage: StagePreset;
}

export interface DrillJob {
  kind: 'drill';
  seed: number;
  cpu: DodgePreset;
  stage: StagePreset;
  /** Drill length in seconds. */
  seconds: number;
}

/**
 * The evaluated side of a ladder match: a reference player modelled on a person (its full
 * parameters, so a reference read from a .json file plays in a worker too) or a CPU preset (the
 * frozen `novice` of the old ladder).
 */
export type LadderPlayer = { kind: 'reference'; reference: ReferencePlayer } | { kind: 'cpu'; cpu: DodgePreset };

/** A versus match of the player (side seed % 2) against a difficulty pair's CPU on the pair's stage. */
export interface LadderJob {
  kind: 'ladder';
  seed: number;
  player: LadderPlayer;
  /** The difficulty pair's name (what the ladder groups results by). */
  pair: string;
  /** The pair's CPU preset. */
  opponent: DodgePreset;
  /** The pair's stage preset. */
  stage: StagePreset;
}

export type EvalJob = VersusJob | DrillJob | LadderJob;

export interface JobResult {
  kind: EvalJob['kind'];
  seed: number;
  /** The evaluated side's name: its CPU preset, or in a ladder match the player (reference or CPU preset). */
  cpu: string;
  stage: string;
  /** Versus and ladder: the opponent's preset name; drills: null. */
  opponent: string | null;
  /** Which side the evaluated side played (versus and ladder alternate by seed: seed % 2). */
  side: number;
  frames: number;
  /** Versus and ladder: 1 won, 0.5 draw, 0 lost; drills: null. */
  won: number | null;
  /** Lives the evaluated side lost. */
  hits: number;
  /** Seconds until the evaluated side's last life was lost, or the match's length if it never was. */
  survival: number;
  metrics: HumanLikeness;
}

/** One ladder match, from the player's point of view (JobResult's fields are the player's). */
export interface LadderMatch extends JobResult {
  kind: 'ladder';
  pair: string;
  /** What the player was: a reference player or a CPU preset. */
  playerKind: LadderPlayer['kind'];
  winner: 'player' | 'cpu' | 'draw';
  /** 'ko': a side ran out of lives (both, on one frame, is a KO too); 'limit': the time limit. */
  ended: 'ko' | 'limit';
  /** The player lost its last life (then `survival` is when); false: it was alive at the end. */
  out: boolean;
  /** Lives the pair's CPU lost. */
  cpuHits: number;
}

export interface Played {
  state: MatchState;
  /** Frame the evaluated side lost its last life, −1 never. */
  outAt: number;
  /** The evaluated side's human-likeness metrics (null when not recorded). */
  metrics: HumanLikeness | null;
}

/**
 * Runs a match to its end (or an hour of play when it has no time limit), watching side `side`;
 * with `record` its inputs and positions are kept for the human-likeness metrics (the editor's
 * quick figures skip that).
 */
export function playMatch(state: MatchState, controllers: Controller[], side: number, record = true): Played {
  const runner = new MatchRunner(state, controllers);
  const limit = state.config.timeLimit > 0 ? state.config.timeLimit : 3600 * FPS;
  const rec = record ? new SideRecorder(state, side, limit + 1) : null;
  let outAt = -1;
  while (!runner.finished && state.frame < limit) {
    runner.tick();
    rec?.record(state, runner.inputs(side)[state.frame - 1]!);
    if (outAt < 0 && state.sides[side]!.ship.lives <= 0) outAt = state.frame;
  }
  return { state, outAt, metrics: rec ? humanLikeness(rec.log) : null };
}

/** 1 won, 0.5 draw (or no result), 0 lost, for side `side`. */
export function wonBy(state: MatchState, side: number): number {
  const r = state.result;
  return !r || r.winner === null ? 0.5 : r.winner === side ? 1 : 0;
}

/** The controller of a ladder player (a reference player or a CPU preset). */
export function playerController(p: LadderPlayer): Controller {
  return p.kind === 'reference' ? new ReferenceController(p.reference) : new CpuController(p.cpu, { versus: true });
}

function runLadderJob(job: LadderJob): LadderMatch {
  const state = createMatch(makeConfig({ seed: job.seed, mode: 'versus', ...stageConfig(job.stage) }));
  const side = job.seed % 2;
  const me = playerController(job.player);
  const cpu = new CpuController(job.opponent);
  const { outAt, metrics } = playMatch(state, side === 0 ? [me, cpu] : [cpu, me], side);
  const won = wonBy(state, side);
  return {
    kind: 'ladder',
    seed: job.seed,
    cpu: job.player.kind === 'reference' ? job.player.reference.name : job.player.cpu.name,
    stage: job.stage.name,
    opponent: job.opponent.name,
    side,
    frames: state.frame,
    won,
    hits: state.sides[side]!.hits,
    survival: (outAt >= 0 ? outAt : state.frame) / FPS,
    metrics: metrics!,
    pair: job.pair,
    playerKind: job.player.kind,
    winner: won === 1 ? 'player' : won === 0 ? 'cpu' : 'draw',
    ended: state.result?.reason === 'lives' ? 'ko' : 'limit',
    out: outAt >= 0,
    cpuHits: state.sides[1 - side]!.hits,
  };
}

/** Runs one job to its end (the match's result, or the drill's length). Deterministic. */
export function runJob(job: LadderJob): LadderMatch;
export function runJob(job: EvalJob): JobResult;
export function runJob(job: EvalJob): JobResult {
  if (job.kind === 'ladder') return runLadderJob(job);
  const versus = job.kind === 'versus';
  const config = makeConfig({
    seed: job.seed,
    mode: versus ? 'versus' : 'practice',
    ...stageConfig(job.stage),
    ...(versus ? {} : { infiniteLives: true, timeLimit: job.seconds * FPS }),
  });
  const state = createMatch(config);
  const side = versus ? job.seed % 2 : 0;
  const me = new CpuController(job.cpu, { versus });
  const controllers = versus ? (side === 0 ? [me, new CpuController(job.opponent)] : [new CpuController(job.opponent), me]) : [me];
  const { outAt, metrics } = playMatch(state, controllers, side);
  return {
    kind: job.kind,
    seed: job.seed,
    cpu: job.cpu.name,
    stage: job.stage.name,
    opponent: versus ? job.opponent.name : null,
    side,
    frames: state.frame,
    won: versus ? wonBy(state, side) : null,
    hits: state.sides[side]!.hits,
    survival: (outAt >= 0 ? outAt : state.frame) / FPS,
    metrics: metrics!,
  };
}

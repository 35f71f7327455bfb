// One unit of preset evaluation, run on one seed: a versus match of the preset against an opponent
// on a stage preset, or a practice drill (one field, infinite lives) on a stage preset. Jobs are
// plain JSON (presets included), so worker threads can run them; results carry the CPU side's
// hits, survival time and human-likeness metrics (src/metrics).
import { CpuController } from '../cpu/cpu-controller';
import type { DodgePreset } from '../cpu/presets';
import { humanLikeness, SideRecorder, type HumanLikeness } from '../metrics';
import { makeConfig, stageConfig } from '../sim/config';
import { FPS } from '../sim/constants';
import { createMatch } from '../sim/match';
import { MatchRunner } from '../sim/runner';
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

export type EvalJob = VersusJob | DrillJob;

export interface JobResult {
  kind: EvalJob['kind'];
  seed: number;
  cpu: string;
  stage: string;
  /** Versus: the opponent's preset name; drills: null. */
  opponent: string | null;
  /** Which side the evaluated CPU played (versus alternates by seed: seed % 2). */
  side: number;
  frames: number;
  /** Versus: 1 won, 0.5 draw, 0 lost; drills: null. */
  won: number | null;
  hits: number;
  /** Seconds until the CPU's last life was lost, or the match's length if it never was. */
  survival: number;
  metrics: HumanLikeness;
}

/** Runs one job to its end (the match's result, or the drill's length). Deterministic. */
export function runJob(job: EvalJob): JobResult {
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
  const runner = new MatchRunner(state, controllers);
  const limit = config.timeLimit > 0 ? config.timeLimit : 3600 * FPS;
  const rec = new SideRecorder(state, side, limit + 1);
  let dead = -1;
  while (!runner.finished && state.frame < limit) {
    runner.tick();
    rec.record(state, runner.inputs(side)[state.frame - 1]!);
    if (dead < 0 && state.sides[side]!.ship.lives <= 0) dead = state.frame;
  }
  const r = state.result;
  const won = !versus ? null : !r || r.winner === null ? 0.5 : r.winner === side ? 1 : 0;
  return {
    kind: job.kind,
    seed: job.seed,
    cpu: job.cpu.name,
    stage: job.stage.name,
    opponent: versus ? job.opponent.name : null,
    side,
    frames: state.frame,
    won,
    hits: state.sides[side]!.hits,
    survival: (dead >= 0 ? dead : state.frame) / FPS,
    metrics: humanLikeness(rec.log),
  };
}

// The preset editor's live preview, without drawing: the edited CPU plays one field of the edited
// stage on a fixed seed (a practice match with infinite lives, so every hit is counted and the run
// goes on), and the human-likeness metrics of what it did so far (src/metrics) are read out. An edit
// builds a new preview from frame 0 on the same seed, so two presets compare on the same bullets.
import { CpuController } from '../cpu/cpu-controller';
import type { DodgePreset } from '../cpu/presets';
import { humanLikeness, type HumanLikeness, SideRecorder } from '../metrics';
import { makeConfig, stageConfig } from '../sim/config';
import { FPS } from '../sim/constants';
import { hashState } from '../sim/hash';
import { createMatch } from '../sim/match';
import { MatchRunner } from '../sim/runner';
import type { StagePreset } from '../sim/stage-preset';

/** How long one preview runs before it starts again from frame 0 (the recorder's capacity). */
export const PREVIEW_SECONDS = 120;

export interface PreviewOptions {
  seed: number;
  /** 'open' stages (default) or 'maze' stages. */
  stages?: 'open' | 'maze';
}

export class LivePreview {
  readonly runner: MatchRunner;
  readonly cpu: CpuController;
  private recorder: SideRecorder;

  constructor(
    readonly preset: DodgePreset,
    readonly stage: StagePreset,
    readonly opts: PreviewOptions,
  ) {
    const config = makeConfig({
      ...stageConfig(stage),
      seed: opts.seed,
      mode: 'practice',
      stages: opts.stages ?? 'open',
      infiniteLives: true,
      timeLimit: 0,
    });
    const state = createMatch(config);
    this.cpu = new CpuController(preset, { versus: false });
    this.runner = new MatchRunner(state, [this.cpu]);
    this.recorder = new SideRecorder(state, 0, PREVIEW_SECONDS * FPS);
  }

  get frame(): number {
    return this.runner.state.frame;
  }

  /** Whether the preview has played its whole length (the scene then starts a new one). */
  get done(): boolean {
    return this.frame >= PREVIEW_SECONDS * FPS || this.runner.finished;
  }

  /** Plays one frame and records it; false once done. */
  tick(): boolean {
    if (this.done) return false;
    const s = this.runner.state;
    this.runner.tick();
    this.recorder.record(s, this.runner.inputs(0)[s.frame - 1]!);
    return !this.done;
  }

  /** The metrics of the frames played so far (null fields: no data yet). */
  readouts(): HumanLikeness {
    return humanLikeness(this.recorder.log);
  }

  /** The state hash now: a restarted preview on another preset shows a different one. */
  hash(): string {
    return hashState(this.runner.state);
  }
}

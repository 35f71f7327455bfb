// The preset editor's "vs references" figure in a Web Worker (src/scenes/vs-references-worker.ts):
// started for the edited CPU and stage presets, restarted (the old worker terminated) when they
// change, read out as it progresses. The same presets give the same figure, so a finished figure is
// kept and shown again at once when the presets come back (a slider moved back).
import type { DodgePreset } from '../cpu/presets';
import {
  REFERENCE_SPECS,
  VS_REFERENCE_SEEDS,
  type VsReferenceOptions,
  type VsReferenceProgress,
  type VsReferenceResult,
  vsReferenceJobs,
  vsReferencesText,
} from '../preset-eval/vs-references';
import type { StagePreset } from '../sim/stage-preset';

/** What the worker posts: one match's result, or why it stopped. */
export type VsReferenceMessage = { result: VsReferenceResult } | { error: string };

/** Finished figures kept (by presets and options). */
const KEEP = 16;

export class VsReferences {
  private worker: Worker | null = null;
  private key = '';
  private readonly finished = new Map<string, VsReferenceResult[]>();
  private startedAt = 0;
  progress: VsReferenceProgress = { specs: REFERENCE_SPECS, seeds: VS_REFERENCE_SEEDS, results: [] };
  /** Milliseconds the last figure computed here took (null: none yet, or it came from the kept ones). */
  lastMs: number | null = null;

  constructor(
    /** Called whenever the figure or its progress changes. */
    private readonly changed: () => void,
    private options: VsReferenceOptions = {},
  ) {}

  get done(): boolean {
    return this.progress.error !== undefined || this.progress.results.length >= this.progress.specs.length * this.progress.seeds;
  }

  text(layout: 'line' | 'column' = 'line'): string {
    return vsReferencesText(this.progress, layout);
  }

  /** Seeds, references and match length (tests keep them small); computes again on the next start. */
  setOptions(o: VsReferenceOptions): void {
    this.options = o;
    this.key = '';
  }

  /** Computes the figure for these presets, unless it is already computed or under way. */
  start(cpu: DodgePreset, stage: StagePreset): void {
    const key = JSON.stringify([cpu, stage, this.options]);
    if (key === this.key) return;
    this.stop();
    this.key = key;
    const specs = this.options.specs ?? REFERENCE_SPECS;
    const seeds = this.options.seeds ?? VS_REFERENCE_SEEDS;
    const base = { specs, seeds, ...(this.options.seconds ? { seconds: this.options.seconds } : {}) };
    const kept = this.finished.get(key);
    if (kept) {
      this.progress = { ...base, results: kept };
      this.lastMs = null;
      this.changed();
      return;
    }
    const results: VsReferenceResult[] = [];
    this.progress = { ...base, results };
    this.startedAt = performance.now();
    try {
      const worker = new Worker(new URL('./vs-references-worker.ts', import.meta.url), { type: 'module', name: 'vs-references' });
      worker.addEventListener('message', (e: MessageEvent<VsReferenceMessage>) => {
        if (this.worker !== worker) return;
        if ('error' in e.data) return this.fail(e.data.error);
        results.push(e.data.result);
        if (this.done) this.finish(key, results);
        this.changed();
      });
      worker.addEventListener('error', (e) => {
        if (this.worker === worker) this.fail(e.message || 'the worker stopped');
      });
      worker.postMessage({ jobs: vsReferenceJobs(cpu, stage, this.options) });
      this.worker = worker;
    } catch (e) {
      this.fail((e as Error).message);
    }
    this.changed();
  }

  private finish(key: string, results: VsReferenceResult[]): void {
    this.lastMs = performance.now() - this.startedAt;
    this.finished.set(key, results);
    if (this.finished.size > KEEP) this.finished.delete(this.finished.keys().next().value!);
    this.worker?.terminate();
    this.worker = null;
  }

  private fail(why: string): void {
    console.error(`vs references: ${why}`);
    this.progress = { ...this.progress, error: `not computed (${why})` };
    this.worker?.terminate();
    this.worker = null;
    this.changed();
  }

  /** Ends the computation under way (the scene leaves, or the presets changed). */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.key = '';
  }
}

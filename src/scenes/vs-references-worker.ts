// Web Worker entry of the preset editor's "vs references" figure (src/preset-eval/vs-references.ts):
// runs the matches it is sent one after another and posts each result as it comes, so the editor's
// preview never waits for them. The editor terminates the worker when the presets change.
import { runVsReference, type VsReferenceJob } from '../preset-eval/vs-references';
import type { VsReferenceMessage } from './vs-references';

addEventListener('message', (e: MessageEvent<{ jobs: VsReferenceJob[] }>) => {
  try {
    for (const job of e.data.jobs) postMessage({ result: runVsReference(job) } satisfies VsReferenceMessage);
  } catch (err) {
    postMessage({ error: (err as Error).message } satisfies VsReferenceMessage);
  }
});

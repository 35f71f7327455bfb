// Worker thread of the hostile-input suite (tools.test.ts): runs one tool's main(argv, io) per
// message, so the suite can hold each case to a time and memory budget it enforces (a case that
// overruns is terminated with its thread: a synchronous runaway cannot hang the suite). The
// messages `spin`, `grow` and `buffers` run away on purpose, to prove that the budgets are enforced.
import { parentPort, workerData } from 'node:worker_threads';
import type { ToolMain } from '../../src/cli/common';

// Loaded at start (workerData.preload: a case's time is then the tool's alone), or on first use (a
// worker that only proves the budgets starts at once).
const TOOLS: Record<string, () => Promise<{ main: ToolMain }>> = {
  plan: () => import('../../src/cli/plan'),
  chase: () => import('../../src/cli/chase'),
  dodge: () => import('../../src/cli/dodge'),
  match: () => import('../../src/cli/match'),
  replay: () => import('../../src/cli/replay'),
  metrics: () => import('../../src/cli/metrics'),
  'eval-dodge': () => import('../../src/cli/eval-dodge'),
};

export type CaseRequest =
  | { id: number; tool: string; args: string[] }
  | { id: number; tool: 'ping' | 'spin' | 'grow' | 'buffers'; args: [] };
export interface CaseReply {
  id: number;
  status: number;
  stdout: string;
  stderr: string;
}

parentPort!.on('message', async (m: CaseRequest) => {
  if (m.tool === 'ping') {
    parentPort!.postMessage({ id: m.id, status: 0, stdout: '', stderr: '' } satisfies CaseReply);
    return;
  }
  if (m.tool === 'spin') for (;;); // a synchronous runaway: only terminate() ends it
  if (m.tool === 'grow') {
    const keep: number[][] = [];
    for (;;) keep.push(new Array(1 << 20).fill(keep.length)); // past the heap limit
  }
  if (m.tool === 'buffers') {
    // Resident memory outside the heap, up to 1 GiB (a cap, should the budget fail), then wait to be ended.
    const keep: Buffer[] = [];
    for (let i = 0; i < 32; i++) keep.push(Buffer.alloc(32 << 20, 1));
    for (;;);
  }
  // What the tool writes is kept (as bufferIo does; not imported, so a worker starts without the tools).
  const io = {
    out: '',
    err: '',
    stdout: (t: string) => void (io.out += t),
    stderr: (t: string) => void (io.err += t),
  };
  let status: number;
  try {
    status = await (await TOOLS[m.tool]!()).main(m.args, io);
  } catch (e) {
    // main never throws (defineTool turns everything into an exit code): a test failure, not a tool's.
    status = -1;
    io.stderr(`main threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
  parentPort!.postMessage({ id: m.id, status, stdout: io.out, stderr: io.err } satisfies CaseReply);
});
if ((workerData as { preload?: boolean } | undefined)?.preload) await Promise.all(Object.values(TOOLS).map((load) => load()));
parentPort!.postMessage('ready');

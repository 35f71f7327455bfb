// Node-only replay plumbing for the headless tools: reading and atomically writing replay files,
// and the `replay:FILE` controller kind. The browser bundle never imports this module (the
// pure code is in ./index).
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { ControllerSpecError, registerController } from '../controllers/registry';
import { ReplayInputController } from './controller';
import { ReplayError } from './errors';
import { decodeReplay, MAX_REPLAY_BYTES, type Replay } from './format';

/** Reads and decodes a replay file; every failure is a ReplayError whose message starts with the path. */
export function readReplayFile(path: string): Replay {
  const bytes = readReplayBytes(path);
  try {
    return decodeReplay(bytes);
  } catch (e) {
    if (e instanceof ReplayError) throw new ReplayError(e.message, path);
    throw e;
  }
}

/** Reads a replay file's bytes (not decoded); a missing, unreadable or oversized file is a ReplayError. */
export function readReplayBytes(path: string): Uint8Array {
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new ReplayError('is a directory, not a replay file', path);
    if (st.size > MAX_REPLAY_BYTES) throw new ReplayError(`too large to be a replay (${st.size} bytes, the limit is ${MAX_REPLAY_BYTES})`, path);
    const buf = readFileSync(path);
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  } catch (e) {
    if (e instanceof ReplayError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new ReplayError(`cannot read file (${code === 'ENOENT' ? 'no such file' : code ?? (e as Error).message})`, path);
  }
}

/** Writes `bytes` to `path` through a temporary file in the same directory and a rename. */
export function writeFileAtomic(path: string, bytes: Uint8Array): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, bytes, { flush: true });
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    const code = (e as NodeJS.ErrnoException).code;
    throw new ReplayError(`cannot write file (${code ?? (e as Error).message})`, path);
  }
}

const SIDE_SUFFIX = /#p([12])$/;

registerController(
  'replay',
  "replay:FILE[#p1|#p2] — plays the recorded inputs of the side it is placed on (or of p1/p2) from a replay file (Node tools only)",
  (arg, spec) => {
    if (!arg) throw new ControllerSpecError(`controller '${spec}': replay needs a file, e.g. replay:match.twrp`);
    const m = SIDE_SUFFIX.exec(arg);
    const file = m ? arg.slice(0, -3) : arg;
    const fixedSide = m ? Number(m[1]) - 1 : null;
    let r: Replay;
    try {
      r = readReplayFile(file);
    } catch (e) {
      throw new ControllerSpecError(`controller '${spec}': ${(e as Error).message}`);
    }
    if (fixedSide !== null && fixedSide >= r.sides.length) throw new ControllerSpecError(`controller '${spec}': ${file} has only ${r.sides.length} side(s)`);
    const pick = (side: number) => Math.min(fixedSide ?? side, r.inputs.length - 1);
    const byside = r.inputs.map((inp, i) => new ReplayInputController(inp, spec, r.sides[i]!.human));
    // The side is known only in decide(): `human` reports the side last played (recorders read it at the end).
    let last = fixedSide ?? 0;
    return {
      spec,
      get human() {
        return r.sides[last]!.human;
      },
      decide: (state, side) => {
        last = pick(side);
        return byside[last]!.decide(state);
      },
    };
  },
);

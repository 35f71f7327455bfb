// Node-only replay plumbing for the headless tools: reading and atomically writing replay files,
// and the `replay:FILE` controller kind. The browser bundle never imports this module (the
// pure code is in ./index).
import { closeSync, constants, fstatSync, openSync, readSync, renameSync, rmSync, type Stats, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { ControllerSpecError, registerController } from '../controllers/registry';
import { ReplayInputController } from '../replay/controller';
import { ReplayError } from '../replay/errors';
import { MAX_REPLAY_BYTES, type Replay } from '../replay/format';
import { decodePlayable } from '../replay/playable';
import { isBundle, MAX_IMPORT_BYTES, readBundleEntries } from '../storage/bundle';

/** What kind of non-regular file `st` describes, in words. */
function specialKind(st: Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return st.isSocket() ? 'a socket' : 'special';
}

/**
 * Reads a replay file whose inputs this build can play: one of another sim version is refused with
 * both versions named (its inputs were recorded against other rules), also when its header has a
 * field this build does not know.
 */
export function readPlayableReplayFile(path: string): Replay {
  return decodePlayable(readReplayBytes(path), path);
}

/** One replay of a file: the file itself, or an entry of a bundle (a view into the file's bytes). */
export interface ReplayItem {
  /** How messages name it: `FILE` or `FILE, replay 2 of 5 "name"`. */
  label: string;
  /** The library's name of a bundle entry; null for a replay file. */
  name: string | null;
  bytes: Uint8Array;
}

/**
 * The replays of a file, not decoded: a replay file is one, a bundle (.twrb) gives each entry (its
 * structure and entry data checked here; an empty bundle gives none). Read with a bounded reader:
 * bundles up to MAX_IMPORT_BYTES, single replays up to MAX_REPLAY_BYTES.
 */
export function readReplayItems(file: string): { bundle: boolean; items: ReplayItem[] } {
  const bytes = readFileBounded(file, MAX_IMPORT_BYTES, (msg) => new ReplayError(msg, file), 'a replay bundle');
  if (!isBundle(bytes)) {
    if (bytes.length > MAX_REPLAY_BYTES)
      throw new ReplayError(`too large to be a replay (${bytes.length} bytes, the limit is ${MAX_REPLAY_BYTES})`, file);
    return { bundle: false, items: [{ label: file, name: null, bytes }] };
  }
  let entries: ReturnType<typeof readBundleEntries>;
  try {
    entries = readBundleEntries(bytes, file, false);
  } catch (e) {
    throw new ReplayError(`${(e as Error).message} (a replay bundle, .twrb)`);
  }
  const n = entries.length;
  return {
    bundle: true,
    items: entries.map((e, i) => ({ label: `${file}, replay ${i + 1} of ${n} ${JSON.stringify(e.name)}`, name: e.name, bytes: e.bytes })),
  };
}

/** Reads a replay file's bytes (not decoded); a missing, unreadable or oversized file is a ReplayError. */
export function readReplayBytes(path: string): Uint8Array {
  return readFileBounded(path, MAX_REPLAY_BYTES, (msg) => new ReplayError(msg, path), 'a replay');
}

/**
 * Reads at most `limit` bytes of a regular file, whatever size the OS reports (a /proc file says 0):
 * reading stops one byte past the limit and that is an error. A FIFO, device, socket or directory
 * is refused before reading (opened non-blocking, so a FIFO with no writer does not hang).
 * Every failure is `makeError(reason)`, the reason without the path.
 */
export function readFileBounded(path: string, limit: number, makeError: (reason: string) => Error, what = 'read'): Uint8Array {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw makeError(`cannot read file (${code === 'ENOENT' ? 'no such file' : (code ?? (e as Error).message)})`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw makeError('is a directory, not a file');
    if (!st.isFile()) throw makeError(`is not a regular file (${specialKind(st)}); give a file`);
    const tooLarge = (n: string) => makeError(`too large to be ${what === 'read' ? 'read' : what} (${n} bytes, the limit is ${limit})`);
    if (st.size > limit) throw tooLarge(String(st.size));
    const buf = new Uint8Array(Math.min(limit + 1, Math.max(st.size + 1, 64 * 1024)));
    let n = 0;
    let grown = buf;
    for (;;) {
      if (n === grown.length) {
        if (grown.length > limit) break;
        const next = new Uint8Array(Math.min(limit + 1, grown.length * 2));
        next.set(grown);
        grown = next;
      }
      let got: number;
      try {
        got = readSync(fd, grown, n, grown.length - n, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        throw makeError(`cannot read file (${code ?? (e as Error).message})`);
      }
      if (got === 0) break;
      n += got;
    }
    if (n > limit) throw tooLarge(`more than ${limit}`);
    return grown.subarray(0, n);
  } finally {
    closeSync(fd);
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
  'replay:FILE[#p1|#p2] — plays the recorded inputs of the side it is placed on (or of p1/p2) from a replay file (Node tools only)',
  (arg, spec) => {
    if (!arg) throw new ControllerSpecError(`controller '${spec}': replay needs a file, e.g. replay:match.twrp`);
    const m = SIDE_SUFFIX.exec(arg);
    const file = m ? arg.slice(0, -3) : arg;
    const fixedSide = m ? Number(m[1]) - 1 : null;
    let r: Replay;
    try {
      r = readPlayableReplayFile(file);
    } catch (e) {
      throw new ControllerSpecError(`controller '${spec}': ${(e as Error).message}`);
    }
    if (fixedSide !== null && fixedSide >= r.sides.length)
      throw new ControllerSpecError(`controller '${spec}': ${file} has only ${r.sides.length} side(s)`);
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

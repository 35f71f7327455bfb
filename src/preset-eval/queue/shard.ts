// Static shards: the same work as the queue for clusters without Redis. `--shard i/N` runs the jobs
// i−1, i−1+N, i−1+2N, … (round-robin, so every slice gets its share of each kind and seed) and writes
// them to a part file; `presets merge` checks the parts make up the whole run exactly once and builds
// the report from them, the same as the one-machine run's.
import { reviveExact } from './codec';
import type { PoolResult } from './pool-job';

export const PART_FORMAT = 'twinfield-presets-part';
export const PART_VERSION = 1;

export interface Shard {
  /** 1-based slice number, as Vitest's `--shard`. */
  index: number;
  count: number;
}

/** "i/N" with 1 ≤ i ≤ N ≤ 10000; null when it is not one. */
export function parseShard(text: string): Shard | null {
  const m = /^([0-9]{1,5})\/([0-9]{1,5})$/.exec(text);
  if (!m) return null;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index >= 1 && count <= 10000 && index <= count ? { index, count } : null;
}

/** The job indices of slice `s` of `total` jobs. */
export function shardIndices(total: number, s: Shard): number[] {
  const out: number[] = [];
  for (let i = s.index - 1; i < total; i += s.count) out.push(i);
  return out;
}

/** What a part file holds: the parsed arguments of the run, which slice, and its results by job index. */
export interface PartFile {
  format: typeof PART_FORMAT;
  version: typeof PART_VERSION;
  /** The run's command line (without --shard, --out, --workers, --json): merge parses it again. */
  argv: string[];
  /** SIM_VERSION of the rules the results were played by. */
  sim: number;
  shard: [number, number];
  /** Jobs of the whole run and their digest (pool-job.ts jobsDigest). */
  jobs: number;
  digest: string;
  /** Wall time and workers of this part (for the throughput line only). */
  seconds: number;
  workers: number;
  results: [number, PoolResult][];
}

/** Thrown for a part file that is not one or does not fit the others; the tool turns it into exit 2. */
export class PartError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'PartError';
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Checks the shape of one parsed part file (`name` goes into the messages). */
export function readPart(value: unknown, name: string): PartFile {
  const bad = (what: string) => new PartError(`${name}: not a presets part file (${what})`);
  if (!isObject(value) || value.format !== PART_FORMAT) throw bad(`format is not '${PART_FORMAT}'`);
  if (value.version !== PART_VERSION) throw bad(`version ${String(value.version)}, this tool reads ${PART_VERSION}`);
  const a = value.argv;
  if (!Array.isArray(a) || a.length === 0 || !a.every((p) => typeof p === 'string')) throw bad('argv');
  if (typeof value.sim !== 'number') throw bad('sim');
  const sh = value.shard;
  if (!Array.isArray(sh) || sh.length !== 2 || parseShard(`${String(sh[0])}/${String(sh[1])}`) === null) throw bad('shard');
  const jobs = value.jobs;
  if (typeof jobs !== 'number' || !Number.isInteger(jobs) || jobs < 0) throw bad('jobs');
  if (typeof value.digest !== 'string' || !/^[0-9a-f]{64}$/.test(value.digest)) throw bad('digest');
  if (typeof value.seconds !== 'number' || typeof value.workers !== 'number') throw bad('seconds/workers');
  const shard = { index: sh[0] as number, count: sh[1] as number };
  const want = shardIndices(jobs, shard);
  const rs = value.results;
  if (!Array.isArray(rs) || rs.length !== want.length) throw bad(`results: ${want.length} expected`);
  rs.forEach((r, k) => {
    if (!Array.isArray(r) || r.length !== 2 || r[0] !== want[k] || !isObject(r[1])) throw bad(`results[${k}]`);
  });
  return reviveExact<PartFile>(value);
}

/**
 * The results of the whole run in job order from parts of one run (same arguments, jobs and N),
 * each slice exactly once.
 */
export function mergeParts(parts: readonly { name: string; part: PartFile }[]): PoolResult[] {
  if (parts.length === 0) throw new PartError('merge needs at least one part file');
  const first = parts[0]!.part;
  const key = (p: PartFile) => JSON.stringify([p.argv, p.sim, p.jobs, p.digest, p.shard[1]]);
  const seen = new Map<number, string>();
  for (const { name, part } of parts) {
    if (key(part) !== key(first))
      throw new PartError(`${name}: from another run than ${parts[0]!.name} (arguments, rules, jobs or shard count differ)`);
    const other = seen.get(part.shard[0]);
    if (other !== undefined) throw new PartError(`${name}: shard ${part.shard[0]}/${part.shard[1]} again (also ${other})`);
    seen.set(part.shard[0], name);
  }
  const missing = Array.from({ length: first.shard[1] }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) throw new PartError(`missing shard(s) ${missing.map((i) => `${i}/${first.shard[1]}`).join(', ')}`);
  const results: PoolResult[] = new Array(first.jobs);
  for (const { part } of parts) for (const [i, r] of part.results) results[i] = r;
  return results;
}

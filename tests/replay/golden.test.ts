// Golden replays (tests/fixtures/replays/, recorded by `npm run -s golden:record`): each must
// re-simulate exactly in this build. A replay made by another sim version, or one whose
// re-simulation drifts, fails with "rules changed: bump SIM_VERSION and re-record".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DODGE_PRESETS } from '../../src/cpu/presets';
import { decodeReplay, ReplayError, verifyReplay, type Replay } from '../../src/replay';
import { SIM_VERSION } from '../../src/sim/config';
import { ROSTER } from '../../src/sim/characters';

const DIR = 'tests/fixtures/replays';
const RERECORD = 'rules changed: bump SIM_VERSION and re-record (npm run -s golden:record)';

interface Manifest {
  sim: number;
  frames: number;
  replays: { file: string; covers: string[]; p1: string; p2: string; config: { stages?: string } }[];
}

const manifest = JSON.parse(readFileSync(join(DIR, 'golden.json'), 'utf8')) as Manifest;

/** Decodes a golden replay; a file this build no longer reads (its config changed shape) fails with the instruction. */
function load(file: string): Replay {
  const bytes = readFileSync(join(DIR, file));
  try {
    return decodeReplay(bytes);
  } catch (e) {
    if (!(e instanceof ReplayError)) throw e;
    const sim = decodeHeaderSim(bytes);
    return expect.fail(`${file}: recorded by sim ${sim}, no longer decodes in this build (sim ${SIM_VERSION}: ${e.message}): ${RERECORD}`);
  }
}

/** The sim version a replay's header states (read without validating the rest). */
function decodeHeaderSim(bytes: Uint8Array): number | string {
  try {
    const h = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
    return (JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + h))) as { sim: number }).sim;
  } catch {
    return '?';
  }
}

/** Null when the golden replay still holds, else the message the test fails with. */
function goldenProblem(file: string, r: Replay): string | null {
  if (r.simVersion !== SIM_VERSION) return `${file}: recorded by sim ${r.simVersion}, this build is sim ${SIM_VERSION}: ${RERECORD}`;
  const v = verifyReplay(r);
  if (v.ok) return null;
  const at = v.firstBadFrame !== null ? ` at frame ${v.firstBadFrame}` : '';
  return `${file}: does not re-simulate${at} (${v.reason}; recorded ${v.expected}, now ${v.actual}): ${RERECORD}`;
}

describe('golden replays', () => {
  it('cover the open and maze stages, every CPU preset and a human-input match', () => {
    const covers = new Set(manifest.replays.flatMap((g) => g.covers));
    expect(covers.has('open') && covers.has('maze') && covers.has('human') && covers.has('lee')).toBe(true);
    for (const p of DODGE_PRESETS) expect(covers.has(`preset:${p.name}`), `no golden replay for preset ${p.name}: ${RERECORD}`).toBe(true);
    for (const id of ROSTER) expect(covers.has(`character:${id}`), `no golden replay for character ${id}: ${RERECORD}`).toBe(true);
    expect(covers.has('final-boss')).toBe(true);
    const maze = manifest.replays.find((g) => g.covers.includes('maze'))!;
    expect(load(maze.file).config.stages).toBe('maze');
    const human = manifest.replays.find((g) => g.covers.includes('human'))!;
    expect(load(human.file).sides[0]!.human).toBe(true);
  });

  for (const g of manifest.replays) {
    it(`${g.file} re-simulates in this build`, () => {
      const r = load(g.file);
      expect(r.frames).toBe(manifest.frames);
      for (const c of g.covers.filter((c) => c.startsWith('preset:')))
        expect(r.sides.some((s) => s.controller === `cpu:${c.slice(7)}` && s.preset !== null)).toBe(true);
      const problem = goldenProblem(g.file, r);
      if (problem) expect.fail(problem);
    });
  }

  it('names a drifted replay and a replay of another sim version with the re-record instruction', () => {
    const r = load(manifest.replays[0]!.file);
    const drifted = {
      ...r,
      checksums: r.checksums.map((c, i) => (i === 3 ? { ...c, hash: c.hash.replace(/^./, (d) => (d === '0' ? '1' : '0')) } : c)),
    };
    expect(goldenProblem('x.twrp', drifted)).toMatch(
      /^x\.twrp: does not re-simulate at frame 240 .*rules changed: bump SIM_VERSION and re-record/,
    );
    expect(goldenProblem('x.twrp', { ...r, simVersion: SIM_VERSION + 1 })).toBe(
      `x.twrp: recorded by sim ${SIM_VERSION + 1}, this build is sim ${SIM_VERSION}: ${RERECORD}`,
    );
  });
});

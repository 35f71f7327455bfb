// Figures for docs/study.md ("Package"): the paper's study (template, 16 clips of 30 s) built as a
// package — its size, and `study build` time (median of --runs, a fresh page build each time, and
// with --page-from, the clips alone). The human clips are STAND-INS (`study stand-in`: seeded random
// inputs with the study's exact config, CPU-marked, accepted with --stand-ins) because no real
// recordings ship with the project: sizes of real human clips differ a little (their inputs compress
// differently).
//
//   npx tsx scripts/study-figures.ts [--dir DIR] [--runs 3]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bufferIo } from '../src/cli/common';
import { recordMain } from '../src/cli/study';
import { buildMain } from '../src/cli/study-build';
import { recordStandIn } from '../src/cli/study-stand-in';
import { encodeReplay } from '../src/replay';
import { checkStudy } from '../src/study/schema';
import { paperStudyInput } from '../src/study/template';

const { values } = parseArgs({ options: { dir: { type: 'string' }, runs: { type: 'string' } } });
const dir = resolve(values.dir ?? 'test-artifacts/study-figures');
const runs = Math.max(1, Number(values.runs ?? 3));
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, 'recordings'), { recursive: true });
const input = paperStudyInput();
const study = checkStudy(input, 'template paper');
const studyPath = join(dir, 'study.json');
writeFileSync(studyPath, JSON.stringify(input, null, 2));
for (const p of study.players.filter((x) => x.source === 'human')) {
  for (const [i, file] of p.replays!.entries()) {
    const variant = /-([a-z])\.twrp$/.exec(file)![1]!;
    writeFileSync(join(dir, file), encodeReplay(recordStandIn(study, p.id, variant, `random:${i + 1}`, '2026-01-01T00:00:00.000Z')));
  }
}
const rec = bufferIo();
const t0 = performance.now();
if ((await recordMain([studyPath, '--stand-ins', '--json'], rec)) !== 0) throw new Error(rec.err);
console.log(`study record (CPU clips): ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function build(
  out: string,
  extra: string[],
): Promise<{ seconds: { total: number; clips: number; page: number }; bytes: { clips: number; total: number; files: number } }> {
  const io = bufferIo();
  if ((await buildMain([studyPath, '--out', out, '--stand-ins', '--json', ...extra], io)) !== 0) throw new Error(io.err);
  return JSON.parse(io.out.trim().split('\n').at(-1)!);
}
const fresh = [];
for (let i = 0; i < runs; i++) fresh.push(await build(join(dir, `package${i}`), []));
const reused = [];
for (let i = 0; i < runs; i++) reused.push(await build(join(dir, `reuse${i}`), ['--page-from', join(dir, 'package0', 'site')]));
const b = fresh[0]!.bytes;
const result = {
  clips: 16,
  clipBytes: b.clips,
  clipBytesEach: Math.round(b.clips / 16),
  siteBytes: b.total,
  siteFiles: b.files,
  buildSecondsMedian: median(fresh.map((r) => r.seconds.total)),
  pageSecondsMedian: median(fresh.map((r) => r.seconds.page)),
  clipsSecondsMedian: median(fresh.map((r) => r.seconds.clips)),
  reusedPageBuildSecondsMedian: median(reused.map((r) => r.seconds.total)),
  runs,
};
console.log(JSON.stringify(result));

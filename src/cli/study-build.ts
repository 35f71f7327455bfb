// `study build study.json --out DIR`: the blinded package for raters. OUT/site/ is the static folder
// to serve (the rater page as index.html, the game's media, manifest.json, clips/), OUT/key.json
// says which player made each clip and is never served. Every clip must exist and verify first
// (`study record` makes the CPU ones); a missing or bad clip stops the build, all of them listed.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { buildPackage, type BuildInput, type ClipSource } from '../study/build';
import { clipFrames, drillConfig, resolveClips } from './study-recordings';
import { parseStudy, type Study } from '../study/schema';
import { defineTool, UsageError } from './common';
import { buildRaterPage, listFiles, writePackage } from './study-site';

export const BUILD_OPTIONS = [
  { name: 'out', kind: 'string', help: 'the package folder (site/ and key.json go in it)' },
  { name: 'clips', kind: 'string', help: "the CPU clips' folder, as given to study record (default: clips/ beside the study file)" },
  { name: 'page-from', kind: 'string', help: 'reuse the rater page of an earlier package (its site/ folder) instead of building it again' },
  {
    name: 'video',
    kind: 'flag',
    help: 'also render every clip as WebM and MP4 (site/video/, headless Chromium + mediabunny) for other survey platforms',
  },
] as const;

/** The build's input from a study and its resolved clips (throws UsageError listing every missing or bad clip). */
export function studyBuildInput(study: Study, studyPath: string, clipsDir: string): BuildInput {
  const clips = resolveClips(study, { folder: clipsDir, studyPath, record: false });
  const bad = clips.filter((c) => c.status === 'missing' || c.status === 'bad' || !c.replay);
  if (bad.length)
    throw new UsageError(
      `${studyPath}: ${bad.length} clip(s) missing or bad: ${bad.map((c) => c.problem ?? `${c.playerId}/${c.variant}`).join('; ')}`,
    );
  const byKey = new Map(clips.map((c) => [`${c.playerId}/${c.variant}`, c]));
  const src = (playerId: string, variant: string): ClipSource => {
    const c = byKey.get(`${playerId}/${variant}`)!;
    return { playerId, variant, replayFile: c.name ?? relative(dirname(studyPath), c.file!), replay: c.replay! };
  };
  const { start, frames } = clipFrames(study);
  return {
    seed: study.id,
    title: study.title,
    languages: study.languages,
    clipStart: start,
    clipFrames: frames,
    sets: study.sets.map((st) => ({ a: src(st.a, st.variants[0]), b: src(st.b, st.variants[1]) })),
    groups: study.groups.map((g) => ({ id: g.id, orders: g.orders })),
    questions: study.questions,
    practice: { seconds: study.practice.seconds, config: drillConfig(study, study.drill.variants[0]!) },
    answers: { postUrl: study.answers.postUrl, jatos: false },
  };
}

export const buildMain = defineTool(
  {
    name: 'study build',
    usage: 'npm run -s study -- build STUDY.json --out DIR [--clips DIR] [--page-from DIR] [--json]',
    summary:
      'Writes the blinded rater package: DIR/site/ (serve it as it is: rater page, clips, manifest) and DIR/key.json (which ' +
      'player made each clip; keep it, never serve it). ' +
      'Clips are replays drawn by the game in one neutral look; ids and file names are opaque. Add ?view=researcher to the page ' +
      'address for the researcher page.',
    options: BUILD_OPTIONS,
    positional: [1, 1],
  },
  async ({ opts, positional }, _json, out) => {
    const studyPath = positional[0]!;
    if (!opts.out) throw new UsageError('--out DIR is required (the package folder)');
    const outDir = resolve(opts.out);
    let text: string;
    try {
      text = readFileSync(studyPath, 'utf8');
    } catch (e) {
      throw new UsageError(`${studyPath}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
    const study = parseStudy(text, studyPath);
    const clipsDir = opts.clips ?? join(dirname(resolve(studyPath)), 'clips');
    const pageFrom = opts['page-from'] ? resolve(opts['page-from']) : null;
    if (pageFrom && !existsSync(join(pageFrom, 'index.html')))
      throw new UsageError(`--page-from ${opts['page-from']}: no index.html there (give an earlier package's site/ folder)`);
    if (pageFrom && resolve(pageFrom) === join(outDir, 'site')) throw new UsageError('--page-from must not be the package being built');
    const t0 = performance.now();
    const input = studyBuildInput(study, studyPath, clipsDir);
    const pkg = buildPackage(input, (done, total) => out.warn(`clips ${done}/${total}`));
    const t1 = performance.now();
    const site = join(outDir, 'site');
    mkdirSync(outDir, { recursive: true });
    if (pageFrom) {
      rmSync(site, { recursive: true, force: true });
      cpSync(pageFrom, site, { recursive: true, filter: (p) => !/[\\/](clips|manifest\.json)$/.test(p.slice(pageFrom.length)) });
    } else await buildRaterPage(site);
    const t2 = performance.now();
    writePackage(pkg, outDir, site);
    const video = opts.video ? await (await import('./study-video')).renderVideos(site, ['webm', 'mp4'], (l) => out.warn(l)) : null;
    const files = listFiles(site);
    const sum = (pred: (p: string) => boolean) => files.filter((f) => pred(f.path)).reduce((a, f) => a + f.bytes, 0);
    const clipBytes = sum((p) => p.startsWith('clips/'));
    const videoBytes = sum((p) => p.startsWith('video/'));
    const videoNote = video ? `${video.files.length} files, ${(videoBytes / 1024 / 1024).toFixed(2)} MiB` : '';
    const total = sum(() => true);
    const seconds = { clips: (t1 - t0) / 1000, page: (t2 - t1) / 1000, total: (performance.now() - t0) / 1000 };
    out.log(
      `${relative(process.cwd(), site) || site}: ${pkg.manifest.clips.length} clips (${(clipBytes / 1024).toFixed(1)} KiB), ` +
        `${files.length} files, ${(total / 1024 / 1024).toFixed(2)} MiB in all`,
      `${relative(process.cwd(), join(outDir, 'key.json'))}: the key (do not serve it)`,
      `built in ${seconds.total.toFixed(1)} s (clips ${seconds.clips.toFixed(1)} s, page ${seconds.page.toFixed(1)} s` +
        `${pageFrom ? ', reused' : ''}${video ? `, videos ${video.seconds.toFixed(1)} s: ${videoNote}` : ''})`,
    );
    return {
      out: outDir,
      site,
      key: join(outDir, 'key.json'),
      studyId: pkg.manifest.studyId,
      clips: pkg.manifest.clips.length,
      bytes: { clips: clipBytes, video: videoBytes, total, files: files.length },
      seconds: { ...seconds, video: video?.seconds ?? 0 },
      videos: video?.files ?? [],
      pageReused: pageFrom !== null,
    };
  },
);

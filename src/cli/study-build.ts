// `study build study.json --out DIR`: the blinded package for raters. OUT/site/ is the static folder
// to serve (the rater page as index.html, the game's media, manifest.json, clips/), OUT/key.json
// says which player made each clip and is never served. Every clip must exist and verify first
// (`study record` makes the CPU ones); a missing or bad clip stops the build, all of them listed.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { buildPackage, canonicalJson, type BuildInput, type ClipSource } from '../study/build';
import { clipFrames, drillConfig, resolveClips } from './study-recordings';
import { parseStudy, type Study } from '../study/schema';
import { defineTool, UsageError } from './common';
import { buildRaterPage, listFiles, readPageFiles, writePackage } from './study-site';
import { buildJzip } from '../study/jatos/jzip';
import { pick } from '../study/manifest';

export const BUILD_OPTIONS = [
  { name: 'out', kind: 'string', help: 'the package folder (site/ and key.json go in it)' },
  { name: 'clips', kind: 'string', help: "the CPU clips' folder, as given to study record (default: clips/ beside the study file)" },
  { name: 'page-from', kind: 'string', help: 'reuse the rater page of an earlier package (its site/ folder) instead of building it again' },
  {
    name: 'video',
    kind: 'flag',
    help: 'also render every clip as WebM and MP4 (site/video/, headless Chromium + mediabunny) for other survey platforms',
  },
  {
    name: 'video-fps',
    kind: 'int',
    help:
      'frames per second of the --video files: 60 (every sim frame, what the rater page shows) or 30 (half the render time; ' +
      "a CPU's one-frame jitter, one of the things raters judge, is then only half there)",
    default: 60,
    min: 30,
    max: 60,
  },
  {
    name: 'jatos',
    kind: 'flag',
    help: 'also write DIR/<study>.jzip: the package as a JATOS study archive (import it in JATOS; docs/study-jatos.md)',
  },
  {
    name: 'stand-ins',
    kind: 'flag',
    help: "accept CPU-played stand-ins (study stand-in) as human players' clips; key.json marks them standIn",
  },
] as const;

/** The build's input from a study and its resolved clips (throws UsageError listing every missing or bad clip). */
export function studyBuildInput(
  study: Study,
  studyPath: string,
  clipsDir: string,
  opts: { standIns?: boolean; pageFiles?: ReadonlyMap<string, Uint8Array> } = {},
): BuildInput {
  const clips = resolveClips(study, { folder: clipsDir, studyPath, record: false, standIns: opts.standIns });
  const bad = clips.filter((c) => c.status === 'missing' || c.status === 'bad' || !c.replay);
  if (bad.length)
    throw new UsageError(
      `${studyPath}: ${bad.length} clip(s) missing or bad: ${bad.map((c) => c.problem ?? `${c.playerId}/${c.variant}`).join('; ')}`,
    );
  const byKey = new Map(clips.map((c) => [`${c.playerId}/${c.variant}`, c]));
  const src = (playerId: string, variant: string): ClipSource => {
    const c = byKey.get(`${playerId}/${variant}`)!;
    const replayFile = c.name ?? relative(dirname(studyPath), c.file!);
    const label = study.players.find((p) => p.id === playerId)?.label;
    return { playerId, variant, replayFile, replay: c.replay!, ...(c.standIn ? { standIn: true } : {}), ...(label ? { label } : {}) };
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
    consent: study.consent,
    debrief: study.debrief,
    contact: study.contact,
    setOrder: study.setOrder,
    attention: study.attention,
    prolific: study.prolific,
    recording: {
      practice: study.recording.practice,
      configs: Object.fromEntries(recordedVariants(study).map((v) => [v, drillConfig(study, v) as Record<string, unknown>])),
    },
    studyJson: canonicalJson(study),
    pageFiles: opts.pageFiles,
  };
}

/** The drill variants a person records on the recording page: those of the sets with a human player. */
export function recordedVariants(study: Study): string[] {
  const human = new Set(study.players.filter((p) => p.source === 'human').map((p) => p.id));
  const used = new Set(study.sets.filter((s) => human.has(s.a) || human.has(s.b)).flatMap((s) => s.variants));
  return study.drill.variants.filter((v) => used.has(v));
}

export const buildMain = defineTool(
  {
    name: 'study build',
    usage:
      'npm run -s study -- build STUDY.json --out DIR [--clips DIR] [--page-from DIR] [--stand-ins] ' +
      '[--video [--video-fps 60|30]] [--jatos] [--json]',
    summary:
      'Writes the blinded rater package: DIR/site/ (serve it as it is: rater page, clips, manifest) and DIR/key.json (which ' +
      'player made each clip; keep it, never serve it). ' +
      'Clips are replays drawn by the game in one neutral look; ids and file names are opaque. Every clip must have the ' +
      "study's exact config; the package's fingerprint (study, clips, key, page) goes into the manifest, every answer and the key. " +
      'Add ?view=researcher to the page address for the researcher page.',
    options: BUILD_OPTIONS,
    positional: [1, 1],
  },
  async ({ opts, positional }, _json, out) => {
    const studyPath = positional[0]!;
    if (!opts.out) throw new UsageError('--out DIR is required (the package folder)');
    const fps = opts['video-fps'];
    if (fps !== 60 && fps !== 30) throw new UsageError(`--video-fps ${fps}: give 60 or 30 (the sim runs at 60 frames a second)`);
    if (!opts.video && fps !== 60) throw new UsageError('--video-fps needs --video');
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
    // Every clip is checked before anything is written (a missing or bad clip stops the build).
    const input = studyBuildInput(study, studyPath, clipsDir, { standIns: opts['stand-ins'] });
    const site = join(outDir, 'site');
    mkdirSync(outDir, { recursive: true });
    // The page first: its files are part of the fingerprint.
    if (pageFrom) {
      rmSync(site, { recursive: true, force: true });
      cpSync(pageFrom, site, { recursive: true, filter: (p) => !/[\\/](clips|video|manifest\.json)$/.test(p.slice(pageFrom.length)) });
    } else await buildRaterPage(site);
    const t1 = performance.now();
    input.pageFiles = readPageFiles(site);
    const pkg = buildPackage(input, (done, total) => out.warn(`clips ${done}/${total}`));
    const t2 = performance.now();
    writePackage(pkg, outDir, site);
    const standIns = Object.values(pkg.key).filter((e) => e.standIn);
    if (standIns.length)
      out.warn(
        `stand-ins used for ${standIns.length} human clip(s): ` +
          `${standIns.map((e) => `${e.playerId} ${e.variant} (${e.replayFile})`).join(', ')}; ` +
          'key.json marks them standIn: true',
      );
    const video = opts.video
      ? await (await import('./study-video')).renderVideos(site, ['webm', 'mp4'], (l) => out.warn(l), { fps })
      : null;
    const files = listFiles(site);
    let jzip: string | null = null;
    if (opts.jatos) {
      const siteFiles = new Map(files.map((f) => [f.path, new Uint8Array(readFileSync(join(site, f.path)))]));
      const z = buildJzip(siteFiles, {
        id: pkg.manifest.studyId,
        title: pick(pkg.manifest.title, 'en') || study.id,
        fingerprint: pkg.fingerprint,
        // Prolific's completion URL as JATOS's end redirect too (the page redirects itself first when it can).
        endRedirectUrl: study.prolific?.completionUrl ?? prolificUrl(study.prolific?.completionCode) ?? null,
      });
      jzip = join(outDir, z.name);
      writeFileSync(jzip, z.bytes);
      out.warn(
        `${relative(process.cwd(), jzip)}: JATOS study archive (${z.entries.length} entries, ${(z.bytes.length / 1024).toFixed(0)} KiB)`,
      );
    }
    const sum = (pred: (p: string) => boolean) => files.filter((f) => pred(f.path)).reduce((a, f) => a + f.bytes, 0);
    const clipBytes = sum((p) => p.startsWith('clips/'));
    const videoBytes = sum((p) => p.startsWith('video/'));
    const videoNote = video ? `${video.files.length} files, ${(videoBytes / 1024 / 1024).toFixed(2)} MiB` : '';
    const total = sum(() => true);
    const seconds = { page: (t1 - t0) / 1000, clips: (t2 - t1) / 1000, total: (performance.now() - t0) / 1000 };
    out.log(
      `${relative(process.cwd(), site) || site}: ${pkg.manifest.clips.length} clips (${(clipBytes / 1024).toFixed(1)} KiB), ` +
        `${files.length} files, ${(total / 1024 / 1024).toFixed(2)} MiB in all`,
      `${relative(process.cwd(), join(outDir, 'key.json'))}: the key (do not serve it); fingerprint ${pkg.fingerprint}`,
      `built in ${seconds.total.toFixed(1)} s (clips ${seconds.clips.toFixed(1)} s, page ${seconds.page.toFixed(1)} s` +
        `${pageFrom ? ', reused' : ''}${video ? `, videos ${video.seconds.toFixed(1)} s: ${videoNote}` : ''})`,
    );
    return {
      out: outDir,
      site,
      key: join(outDir, 'key.json'),
      studyId: pkg.manifest.studyId,
      fingerprint: pkg.fingerprint,
      standIns: standIns.map((e) => ({ player: e.playerId, variant: e.variant, replayFile: e.replayFile })),
      clips: pkg.manifest.clips.length,
      bytes: { clips: clipBytes, video: videoBytes, total, files: files.length },
      seconds: { ...seconds, video: video?.seconds ?? 0 },
      videos: video?.files ?? [],
      pageReused: pageFrom !== null,
      jzip,
    };
  },
);

/** Prolific's completion address for a completion code (the study file may give the whole URL instead). */
function prolificUrl(code: string | undefined): string | null {
  return code ? `https://app.prolific.com/submissions/complete?cc=${encodeURIComponent(code)}` : null;
}

// `npm run -s study -- <template|record|stand-in|build|analyze|simulate> ...`: the human-likeness study
// (seed 004 §4.2) from the study file to the paper's tables. docs/study.md walks through it.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { humanLikeness, replayLogs, type HumanLikeness } from '../metrics';
import { readPlayableReplayFile, writeFileAtomic } from './replay-files';
import { analyze, checkFingerprints, formatAnalysis, type PlayerInfo } from '../study/analyze';
import { answersToCsv, mergeParticipants, parseAnswers, type Participant } from '../study/answers';
import { keyFileText, parseKeyFile, type ClipKey } from '../study/key';
import { resolveClips } from './study-recordings';
import { canonicalJson } from '../study/build';
import { sha256Hex } from '../json/sha256';
import { buildReport } from '../study/report';
import { parseStudy, type Study } from '../study/schema';
import { simulateAnswers, simulatedKey } from '../study/simulate';
import { paperStudy, TEMPLATES } from '../study/template';
import { defineTool, processIo, readTextFile, reportError, runIfEntry, UsageError, type ToolIo, type ToolMain } from './common';
import './preset-files'; // lets a player's source name a CPU preset file (cpu:FILE.json)

async function readStudy(path: string): Promise<Study> {
  return parseStudy(await readTextFile(path), path);
}

function writeText(path: string, text: string): void {
  const dir = dirname(resolve(path));
  if (!existsSync(dir)) throw new UsageError(`${path}: the directory ${dir} does not exist`);
  if (existsSync(path) && statSync(path).isDirectory()) throw new UsageError(`${path}: is a directory`);
  writeFileAtomic(path, new TextEncoder().encode(text));
}

// ---------------------------------------------------------------- template
export const templateMain = defineTool(
  {
    name: 'study template',
    usage: `npm run -s study -- template ${Object.keys(TEMPLATES).join('|')} [--out FILE] [--json]`,
    summary:
      "Prints a study file: 'paper' is seed 004's design (5 players, 8 sets, groups A/B in opposite orders, 5-point scales, 3 " +
      'min practice, 30 s clips). Edit it and give it to study record / build.',
    options: [{ name: 'out', kind: 'string', help: 'write the study file here instead of printing it' }],
    positional: [1, 1],
  },
  ({ opts, positional }, json, out) => {
    const name = positional[0]!;
    const make = Object.hasOwn(TEMPLATES, name) ? TEMPLATES[name] : undefined;
    if (!make) throw new UsageError(`unknown template '${name}' (templates: ${Object.keys(TEMPLATES).join(', ')})`);
    const text = `${JSON.stringify(make(), null, 2)}\n`;
    parseStudy(text, `template ${name}`); // the template is a valid study
    if (opts.out) {
      writeText(opts.out, text);
      if (!json) out.log(`${opts.out}: study template '${name}'`);
      return { template: name, out: opts.out };
    }
    if (!json) out.log(text.trimEnd());
    return { template: name, study: JSON.parse(text) as object };
  },
);

// ---------------------------------------------------------------- record
export const recordMain = defineTool(
  {
    name: 'study record',
    usage: 'npm run -s study -- record STUDY.json [--clips DIR] [--from OUT|DB|ZIP] [--force] [--stand-ins] [--json]',
    summary:
      'Plays every CPU clip of the study headless (its drill variant, seed and preset) into DIR/<player>-<variant>.twrp, ' +
      'keeping good ones already there, and checks every human clip: the right drill, variant and seed, exactly the ' +
      "study's config, long enough, a person's recording (human), tagged with this study and player, not used for another " +
      'player, and it re-simulates. Lists exactly which human clips are missing; exit 1 when any clip is missing or bad.',
    options: [
      { name: 'clips', kind: 'string', help: "the CPU clips' folder (default: clips/ beside the study file)" },
      { name: 'force', kind: 'flag', help: 'record CPU clips again even when good ones exist (with --from: replace human clip files)' },
      {
        name: 'from',
        kind: 'string',
        help:
          "take human clips from remote recordings: the study server's package folder (its study.sqlite) or the dashboard's " +
          'replays.zip; each is written to the file players[].replays lists for it',
      },
      { name: 'stand-ins', kind: 'flag', help: "accept CPU-played stand-ins (study stand-in) as human players' clips" },
    ],
    positional: [1, 1],
  },
  async ({ opts, positional }, json, out) => {
    const studyPath = positional[0]!;
    const study = await readStudy(studyPath);
    const folder = opts.clips ?? join(dirname(resolve(studyPath)), 'clips');
    if (existsSync(folder) && !statSync(folder).isDirectory()) throw new UsageError(`--clips ${folder}: not a directory`);
    mkdirSync(folder, { recursive: true });
    const t0 = performance.now();
    // Loaded only when asked for: it brings the server's database driver.
    const rr = opts.from ? await import('./study-remote-recordings') : null;
    const remote =
      rr && opts.from ? rr.takeRemoteRecordings(study, studyPath, rr.readRemoteRecordings(resolve(opts.from)), opts.force) : [];
    for (const r of remote) out.warn(`remote ${r.status.padEnd(7)} ${r.player} variant ${r.variant}: ${r.note}`);
    const clips = resolveClips(study, {
      folder,
      studyPath,
      record: true,
      force: opts.force,
      standIns: opts['stand-ins'],
      date: new Date().toISOString(),
      onClip: (c, done, total) => out.warn(`clip ${done}/${total}: ${c.playerId} ${c.variant} ${c.status}`),
    });
    const seconds = (performance.now() - t0) / 1000;
    const bad = clips.filter((c) => c.status === 'missing' || c.status === 'bad');
    const standIns = clips.filter((c) => c.standIn && c.status === 'ok');
    if (standIns.length)
      out.warn(
        `stand-ins used for ${standIns.length} human clip(s): ${standIns.map((c) => `${c.playerId} ${c.variant} (${c.name})`).join(', ')}`,
      );
    if (!json) {
      for (const c of clips)
        out.log(
          `${c.status.padEnd(8)} ${c.kind.padEnd(5)} ${c.playerId} variant ${c.variant} (sets ` +
            `${c.sets.join(', ')})${c.standIn ? ' [stand-in]' : ''}${c.file ? `: ${relative(process.cwd(), c.file)}` : ''}` +
            `${c.problem ? ` — ${c.problem}` : ''}`,
        );
      out.log(
        bad.length ? `${bad.length} of ${clips.length} clips missing or bad` : `all ${clips.length} clips ready (${seconds.toFixed(1)} s)`,
      );
    }
    if (bad.length) out.exitCode = 1;
    return {
      study: study.id,
      folder: resolve(folder),
      seconds,
      ready: clips.length - bad.length,
      total: clips.length,
      clips: clips.map((c) => ({
        player: c.playerId,
        variant: c.variant,
        sets: c.sets,
        kind: c.kind,
        status: c.status,
        file: c.file,
        standIn: c.standIn ?? false,
        problem: c.problem ?? null,
      })),
      missing: bad.map((c) => ({ player: c.playerId, variant: c.variant, sets: c.sets, problem: c.problem ?? null })),
      remote,
    };
  },
);

// ---------------------------------------------------------------- analyze
interface SiteClip {
  id: string;
  file: string;
  start: number;
  end: number;
}

/** The metrics of every clip of the package (from OUT/site/manifest.json beside the key), or null without one. */
function clipMetrics(keyPath: string, key: ClipKey, warn: (s: string) => void): Record<string, HumanLikeness> | null {
  const site = join(dirname(resolve(keyPath)), 'site');
  const manifestPath = join(site, 'manifest.json');
  if (!existsSync(manifestPath)) {
    warn(`no ${manifestPath}: clip metrics skipped`);
    return null;
  }
  let clips: SiteClip[];
  try {
    clips = (JSON.parse(readFileSync(manifestPath, 'utf8')) as { clips: SiteClip[] }).clips;
    if (!Array.isArray(clips)) throw new Error('clips is not a list');
  } catch (e) {
    throw new UsageError(`${manifestPath}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const out: Record<string, HumanLikeness> = {};
  for (const c of clips) {
    if (!key[c.id]) continue;
    const file = join(site, c.file);
    const log = replayLogs(readPlayableReplayFile(file))[0]!;
    out[c.id] = humanLikeness(log, { from: c.start, to: c.end });
  }
  return out;
}

function defaultLabels(key: ClipKey, study: Study | null): PlayerInfo[] | undefined {
  if (study) return study.players.map((p) => ({ id: p.id, label: p.label }));
  const paper = paperStudy();
  const ids = new Set(Object.values(key).map((e) => e.playerId));
  if ([...ids].every((id) => paper.players.some((p) => p.id === id)))
    return paper.players.filter((p) => ids.has(p.id)).map((p) => ({ id: p.id, label: p.label }));
  return undefined;
}

export const analyzeMain = defineTool(
  {
    name: 'study analyze',
    usage:
      'npm run -s study -- analyze DATA... [--key FILE] [--study FILE] [--out DIR] [--complete-only] [--exclude-failed-attention] [--json]',
    summary:
      'Merges answer files (JSON or CSV exports of the rater page; the same participant in two files counts once) and prints ' +
      "Table 2 (relative), Table 3 (absolute: n, mean, SD, 95 % CI) and Fig. 7 beside the paper's numbers, per-set Wilcoxon " +
      "signed-rank tests and order effects, results per experience group, the free-text reasons per player and the clips' " +
      'metrics with their rank correlation with the ratings, clips that played slowed and failed attention checks. Answers ' +
      "of another package (their fingerprint is not the key's) are refused. --out DIR writes fig7.svg, table2.svg, metrics.svg, " +
      'report.html and analysis.json.',
    options: [
      {
        name: 'key',
        kind: 'string',
        help: "the package's key.json (default: key.json beside the first DATA file, or in its parent folder)",
      },
      { name: 'study', kind: 'string', help: 'the study file, for player labels and order (default: the paper labels when the ids match)' },
      { name: 'out', kind: 'string', help: 'write the figures (SVG), the HTML report and analysis.json into this folder' },
      { name: 'complete-only', kind: 'flag', help: 'only participants who finished (default: every answered set counts)' },
      { name: 'exclude-failed-attention', kind: 'flag', help: 'leave out participants who failed an attention check' },
    ],
    positional: [1, 1000],
  },
  async ({ opts, positional }, json, out) => {
    const t0 = performance.now();
    const first = resolve(positional[0]!);
    const keyPath = opts.key ?? [join(dirname(first), 'key.json'), join(dirname(dirname(first)), 'key.json')].find((p) => existsSync(p));
    if (!keyPath)
      throw new UsageError(`no key.json beside ${positional[0]} or in its parent folder; give the package's key with --key FILE`);
    const keyFile = parseKeyFile(await readTextFile(keyPath), keyPath);
    const key = keyFile.clips;
    const lists: Participant[][] = [];
    for (const p of positional) {
      const ps = parseAnswers(await readTextFile(p, 64 * 1024 * 1024), p);
      checkFingerprints(ps, keyFile.fingerprint, p);
      lists.push(ps);
    }
    const participants = mergeParticipants(lists);
    const study = opts.study ? await readStudy(opts.study) : null;
    const metrics = clipMetrics(keyPath, key, (s) => out.warn(s));
    const a = analyze({
      participants,
      key,
      players: defaultLabels(key, study),
      clipMetrics: metrics ?? undefined,
      completeOnly: opts['complete-only'],
      excludeFailedAttention: opts['exclude-failed-attention'],
    });
    if (a.standIns.length)
      out.warn(
        `warning: ${a.standIns.length} clip(s) of human players are CPU-played stand-ins ` +
          `(${[...new Set(a.standIns.map((x) => x.player))].join(', ')})`,
      );
    if (a.attention.excluded) out.warn(`${a.attention.excluded} participant(s) excluded for failed attention checks`);
    let files: string[] = [];
    if (opts.out) {
      mkdirSync(opts.out, { recursive: true });
      const rep = await buildReport(
        a,
        study ? `${study.title.en ?? study.title.ja ?? study.id} — results` : 'Human-likeness study — results',
      );
      const write = (name: string, text: string) => {
        writeFileAtomic(join(opts.out!, name), new TextEncoder().encode(text));
        files.push(join(opts.out!, name));
      };
      write('fig7.svg', rep['fig7.svg']);
      write('table2.svg', rep['table2.svg']);
      if (rep['metrics.svg']) write('metrics.svg', rep['metrics.svg']);
      write('report.html', rep['report.html']);
      write('analysis.json', `${JSON.stringify(a, null, 2)}\n`);
      files = files.map((f) => relative(process.cwd(), f));
    }
    const seconds = (performance.now() - t0) / 1000;
    if (!json) {
      out.log(formatAnalysis(a));
      if (files.length) out.log('', `wrote ${files.join(', ')}`);
      out.log(`analysed in ${seconds.toFixed(2)} s`);
    }
    return { ...a, key: keyPath, fingerprint: keyFile.fingerprint, files, seconds };
  },
);

// ---------------------------------------------------------------- simulate
export const simulateMain = defineTool(
  {
    name: 'study simulate',
    usage: 'npm run -s study -- simulate STUDY.json --raters N --seed S --out FILE [--key FILE] [--json]',
    summary:
      "Writes synthetic answers (JSON, or CSV when FILE ends in .csv) in exactly the rater page's format, with a known effect: " +
      "each player's true mean absolute score is the paper's Table 3 (others spread over 2–4), relative means are 3 + " +
      "0.75·(difference). With --key, clip ids are the package's; without, a matching key is written beside FILE as key.json.",
    options: [
      { name: 'raters', kind: 'int', help: 'number of synthetic raters', default: 30, min: 1, max: 100000 },
      { name: 'seed', kind: 'int', help: 'random seed', default: 1 },
      { name: 'out', kind: 'string', help: 'answers file to write (.json or .csv)' },
      { name: 'key', kind: 'string', help: "a built package's key.json (clip ids); default: write a matching key.json beside --out" },
    ],
    positional: [1, 1],
  },
  async ({ opts, positional }, json, out) => {
    const study = await readStudy(positional[0]!);
    if (!opts.out) throw new UsageError('--out FILE is required');
    if (opts.raters < 1 || opts.raters > 100000) throw new UsageError(`--raters must be 1..100000, got ${opts.raters}`);
    if (opts.seed < 0) throw new UsageError(`--seed must be ≥ 0, got ${opts.seed}`);
    const keyFile = opts.key ? parseKeyFile(await readTextFile(opts.key), opts.key) : null;
    const key = keyFile?.clips ?? simulatedKey(study);
    // Without a package, the simulated key gets a fingerprint of the study and its ids.
    const fingerprint = keyFile ? keyFile.fingerprint : sha256Hex(canonicalJson({ study, key })).slice(0, 16);
    const ps = simulateAnswers(study, { raters: opts.raters, seed: opts.seed, key, fingerprint });
    const text = /\.csv$/i.test(opts.out) ? answersToCsv(ps) : `${JSON.stringify(ps, null, 2)}\n`;
    writeText(opts.out, text);
    let keyOut: string | null = null;
    if (!opts.key) {
      keyOut = join(dirname(resolve(opts.out)), 'key.json');
      writeText(keyOut, keyFileText(fingerprint!, key));
    }
    if (!json)
      out.log(
        `${opts.out}: ${ps.length} synthetic raters, ${ps.length * study.sets.length} answered ` +
          `sets${keyOut ? `; key ${relative(process.cwd(), keyOut)}` : ''}`,
      );
    return { out: opts.out, raters: ps.length, trials: ps.length * study.sets.length, key: keyOut ?? opts.key, fingerprint };
  },
);

// ---------------------------------------------------------------- dispatch
const SUBCOMMANDS: Record<string, () => Promise<ToolMain>> = {
  template: async () => templateMain,
  record: async () => recordMain,
  'stand-in': async () => (await import('./study-stand-in')).standInMain,
  build: async () => (await import('./study-build')).buildMain,
  'import-jatos': async () => (await import('./study-import-jatos')).importJatosMain,
  serve: async () => (await import('./study-serve')).serveMain,
  analyze: async () => analyzeMain,
  simulate: async () => simulateMain,
};

const HELP = `usage: npm run -s study -- <command> [args] [--json]
The human-likeness study (seed 004 §4.2; docs/study.md).
commands:
  template paper [--out FILE]                 print the paper's study file
  record STUDY.json [--clips DIR]             record the CPU clips, check the human ones
  stand-in STUDY.json --player ID --as SPEC   stand-in clips for a human player (the study's exact config)
  build STUDY.json --out DIR                  the blinded rater package (DIR/site/) and its key [--jatos]
  import-jatos RESULTS.zip --out DIR          JATOS's results export -> answers.json and replays/
  serve OUT [--port P]                        the study server: the package online, answers in OUT/study.sqlite
  analyze DATA... [--key FILE] [--out DIR]    Tables 2–3, Fig. 7, tests, metrics, report
  simulate STUDY.json --raters N --seed S --out FILE   synthetic answers with a known effect
Run a command with --help for its options.
`;

export async function main(argv: string[], io: ToolIo = processIo): Promise<number> {
  const cmd = argv[0];
  if (cmd === undefined)
    return reportError(new UsageError(`missing command (commands: ${Object.keys(SUBCOMMANDS).join(', ')}; see --help)`), io);
  if (cmd === '--help' || cmd === '-h' || cmd === 'help') {
    io.stdout(HELP);
    return 0;
  }
  const sub = Object.hasOwn(SUBCOMMANDS, cmd) ? SUBCOMMANDS[cmd] : undefined;
  if (!sub) return reportError(new UsageError(`unknown command '${cmd}' (commands: ${Object.keys(SUBCOMMANDS).join(', ')})`), io);
  return (await sub())(argv.slice(1), io);
}

await runIfEntry(import.meta.url, main);

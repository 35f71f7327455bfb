// `npm run -s study -- <template|record|build|analyze|simulate> ...`: the human-likeness study
// (seed 004 §4.2) from the study file to the paper's tables. docs/study.md walks through it.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { humanLikeness, replayLogs, type HumanLikeness } from '../metrics';
import { readPlayableReplayFile, writeFileAtomic } from './replay-files';
import { analyze, formatAnalysis, type PlayerInfo } from '../study/analyze';
import { answersToCsv, mergeParticipants, parseAnswers, type Participant } from '../study/answers';
import { parseKey, type ClipKey } from '../study/key';
import { resolveClips } from './study-recordings';
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
    usage: 'npm run -s study -- record STUDY.json [--clips DIR] [--force] [--json]',
    summary:
      'Plays every CPU clip of the study headless (its drill variant, seed and preset) into DIR/<player>-<variant>.twrp, ' +
      'keeping good ones already there, and checks every human clip: the right drill, variant and seed, long enough, and it ' +
      're-simulates. Lists exactly which human clips are missing; exit 1 when any clip is missing or bad.',
    options: [
      { name: 'clips', kind: 'string', help: "the CPU clips' folder (default: clips/ beside the study file)" },
      { name: 'force', kind: 'flag', help: 'record CPU clips again even when good ones exist' },
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
    const clips = resolveClips(study, {
      folder,
      studyPath,
      record: true,
      force: opts.force,
      date: new Date().toISOString(),
      onClip: (c, done, total) => out.warn(`clip ${done}/${total}: ${c.playerId} ${c.variant} ${c.status}`),
    });
    const seconds = (performance.now() - t0) / 1000;
    const bad = clips.filter((c) => c.status === 'missing' || c.status === 'bad');
    if (!json) {
      for (const c of clips)
        out.log(
          `${c.status.padEnd(8)} ${c.kind.padEnd(5)} ${c.playerId} variant ${c.variant} (sets ` +
            `${c.sets.join(', ')})${c.file ? `: ${relative(process.cwd(), c.file)}` : ''}${c.problem ? ` — ${c.problem}` : ''}`,
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
        problem: c.problem ?? null,
      })),
      missing: bad.map((c) => ({ player: c.playerId, variant: c.variant, sets: c.sets, problem: c.problem ?? null })),
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
    usage: 'npm run -s study -- analyze DATA... [--key FILE] [--study FILE] [--out DIR] [--complete-only] [--json]',
    summary:
      'Merges answer files (JSON or CSV exports of the rater page; the same participant in two files counts once) and prints ' +
      "Table 2 (relative), Table 3 (absolute: n, mean, SD, 95 % CI) and Fig. 7 beside the paper's numbers, per-set Wilcoxon " +
      "signed-rank tests and order effects, results per experience group, the free-text reasons per player and the clips' " +
      'metrics with their rank correlation with the ratings. --out DIR writes fig7.svg, table2.svg, metrics.svg, report.html and ' +
      'analysis.json.',
    options: [
      {
        name: 'key',
        kind: 'string',
        help: "the package's key.json (default: key.json beside the first DATA file, or in its parent folder)",
      },
      { name: 'study', kind: 'string', help: 'the study file, for player labels and order (default: the paper labels when the ids match)' },
      { name: 'out', kind: 'string', help: 'write the figures (SVG), the HTML report and analysis.json into this folder' },
      { name: 'complete-only', kind: 'flag', help: 'only participants who finished (default: every answered set counts)' },
    ],
    positional: [1, 1000],
  },
  async ({ opts, positional }, json, out) => {
    const t0 = performance.now();
    const lists: Participant[][] = [];
    for (const p of positional) lists.push(parseAnswers(await readTextFile(p, 64 * 1024 * 1024), p));
    const participants = mergeParticipants(lists);
    const first = resolve(positional[0]!);
    const keyPath = opts.key ?? [join(dirname(first), 'key.json'), join(dirname(dirname(first)), 'key.json')].find((p) => existsSync(p));
    if (!keyPath)
      throw new UsageError(`no key.json beside ${positional[0]} or in its parent folder; give the package's key with --key FILE`);
    const key = parseKey(await readTextFile(keyPath), keyPath);
    const study = opts.study ? await readStudy(opts.study) : null;
    const metrics = clipMetrics(keyPath, key, (s) => out.warn(s));
    const a = analyze({
      participants,
      key,
      players: defaultLabels(key, study),
      clipMetrics: metrics ?? undefined,
      completeOnly: opts['complete-only'],
    });
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
    return { ...a, key: keyPath, files, seconds };
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
    const key = opts.key ? parseKey(await readTextFile(opts.key), opts.key) : simulatedKey(study);
    const ps = simulateAnswers(study, { raters: opts.raters, seed: opts.seed, key });
    const text = /\.csv$/i.test(opts.out) ? answersToCsv(ps) : `${JSON.stringify(ps, null, 2)}\n`;
    writeText(opts.out, text);
    let keyOut: string | null = null;
    if (!opts.key) {
      keyOut = join(dirname(resolve(opts.out)), 'key.json');
      writeText(keyOut, `${JSON.stringify(key, null, 2)}\n`);
    }
    if (!json)
      out.log(
        `${opts.out}: ${ps.length} synthetic raters, ${ps.length * study.sets.length} answered ` +
          `sets${keyOut ? `; key ${relative(process.cwd(), keyOut)}` : ''}`,
      );
    return { out: opts.out, raters: ps.length, trials: ps.length * study.sets.length, key: keyOut ?? opts.key };
  },
);

// ---------------------------------------------------------------- dispatch
const SUBCOMMANDS: Record<string, () => Promise<ToolMain>> = {
  template: async () => templateMain,
  record: async () => recordMain,
  build: async () => (await import('./study-build')).buildMain,
  analyze: async () => analyzeMain,
  simulate: async () => simulateMain,
};

const HELP = `usage: npm run -s study -- <command> [args] [--json]
The human-likeness study (seed 004 §4.2; docs/study.md).
commands:
  template paper [--out FILE]                 print the paper's study file
  record STUDY.json [--clips DIR]             record the CPU clips, check the human ones
  build STUDY.json --out DIR                  the blinded rater package (DIR/site/) and its key
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

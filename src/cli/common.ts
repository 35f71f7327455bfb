// Shared plumbing for every headless tool, so they all follow DESIGN.md's conventions:
// `--help` explains, `--json` prints one JSON object as the last stdout line, and bad input
// exits with code 2 and a single `error:` line on stderr.
//
// A tool module is importable: it exports `main(argv, io)` (built by `defineTool`) and runs itself
// only when it is the entry script (`runIfEntry`), so tests call `main` in-process:
//
//   export const main = defineTool({ name, usage, summary, options: [...] }, async (args, json, io) => {
//     io.log('human-readable line');
//     return { some: 'json' };          // printed as the last stdout line with --json
//   });
//   await runIfEntry(import.meta.url, main);
import { realpathSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs as nodeParseArgs } from 'node:util';
import { parseJsonText as parseJson } from '../json/parse-json-text';
import { decodeUtf8Text, escapeControls } from '../json/utf8';
import { readFileBounded } from './replay-files';

/** An error caused by the user's input (argument, file, field). Tools turn it into exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export type OptionKind = 'flag' | 'string' | 'int' | 'number';

export interface OptionSpec {
  /** Long name without dashes, e.g. `seed` for `--seed`. */
  readonly name: string;
  /** Flags take no value; everything else takes exactly one. */
  readonly kind: OptionKind;
  readonly help: string;
  readonly default?: string | number | boolean;
  /** Numbers: the smallest and largest value taken (inputs that drive time or memory are bounded). */
  readonly min?: number;
  readonly max?: number;
  /** Tools with subcommands: the ones this option works with; given with another, it is refused. */
  readonly commands?: readonly string[];
  /** An option without which this one does nothing: given alone, it is refused. */
  readonly needs?: string;
  /** Options that would make this one do nothing (or it them): given together, they are refused. */
  readonly excludes?: readonly string[];
}

export interface ToolSpec<O extends readonly OptionSpec[] = readonly OptionSpec[]> {
  name: string;
  usage: string;
  summary: string;
  options: O;
  /** How many positional arguments: [min, max]. */
  positional?: readonly [number, number];
  /**
   * The subcommands, when the first positional argument is one: any other word is refused as an
   * unknown command before the options are checked against it.
   */
  commands?: readonly string[];
}

type ValueOf<K extends OptionKind> = K extends 'flag' ? boolean : K extends 'string' ? string : number;

/** The option values a spec yields: defaults and flags are always present, other options may be absent. */
export type OptsOf<O extends readonly OptionSpec[]> = {
  [S in O[number] as S['name']]: S extends { default: string | number | boolean }
    ? ValueOf<S['kind']>
    : S['kind'] extends 'flag'
      ? boolean
      : ValueOf<S['kind']> | undefined;
} & { json: boolean; help: boolean };

export interface ParsedArgs<O extends readonly OptionSpec[] = readonly OptionSpec[]> {
  opts: OptsOf<O>;
  positional: string[];
}

/** Where a tool writes: `stdout`/`stderr` take text as is (no newline added). */
export interface ToolIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** What a tool body writes through: whole lines, and the exit code to end with (default 0). */
export interface ToolOutput {
  /** One line (or several joined) to stdout. */
  log(...lines: string[]): void;
  /** One line to stderr (warnings; errors are thrown as UsageError instead). */
  warn(line: string): void;
  /** Exit code when the body returns normally (e.g. 1 for a failed verification). */
  exitCode: number;
}

export type ToolBody<O extends readonly OptionSpec[]> = (
  args: ParsedArgs<O>,
  json: boolean,
  out: ToolOutput,
) => Promise<object | undefined> | object | undefined;

/** A tool's entry point: parses argv (without node and script), runs, returns the exit code. */
export type ToolMain = (argv: string[], io?: ToolIo) => Promise<number>;

/** The process's own stdout/stderr; a write that fails ends the process (see onOutputError). */
export const processIo: ToolIo = {
  stdout: (text) => writeTo('stdout', text),
  stderr: (text) => writeTo('stderr', text),
};

function writeTo(stream: 'stdout' | 'stderr', text: string): void {
  try {
    process[stream].write(text);
  } catch (e) {
    endOnOutputError(stream, e);
  }
}

/** Exit code of a tool whose output could not be written (other than a closed pipe): as for a file it cannot read. */
export const OUTPUT_ERROR_EXIT = 2;

/**
 * What a tool does when writing its stdout or stderr fails. A closed pipe (EPIPE: `tool | head -1`)
 * ends it quietly with the exit code it has so far (0 while it runs). Any other failure (ENOSPC on
 * /dev/full, EIO, …) ends it with exit code 2, after one `error:` line on stderr when stdout was the
 * one that failed (when stderr failed, nothing more can be said). Never a stack trace.
 */
export function onOutputError(
  stream: 'stdout' | 'stderr',
  e: unknown,
  exit: (code: number) => void,
  writeStderr: (text: string) => void,
  codeSoFar = 0,
): void {
  const err = e as NodeJS.ErrnoException | undefined;
  if (err?.code === 'EPIPE') {
    exit(codeSoFar);
    return;
  }
  if (stream === 'stdout') {
    const why = err?.message ?? String(e);
    try {
      writeStderr(`error: cannot write to stdout (${escapeControls(oneLine(why))})\n`);
    } catch {
      // stderr is gone too: the exit code is all that is left.
    }
  }
  exit(OUTPUT_ERROR_EXIT);
}

function endOnOutputError(stream: 'stdout' | 'stderr', e: unknown): void {
  const so = typeof process.exitCode === 'number' ? process.exitCode : 0;
  onOutputError(
    stream,
    e,
    (code) => process.exit(code),
    (text) => writeSync(2, text),
    so,
  );
}

/** An io that keeps what is written (for tests and for tools that call other tools). */
export function bufferIo(): ToolIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout(text: string) {
      io.out += text;
    },
    stderr(text: string) {
      io.err += text;
    },
  };
  return io;
}

const BUILTIN: readonly OptionSpec[] = [
  { name: 'json', kind: 'flag', help: 'print one JSON object as the last line of stdout' },
  { name: 'help', kind: 'flag', help: 'show this help' },
];

export function helpText(spec: ToolSpec): string {
  const lines = [`usage: ${spec.usage}`, '', spec.summary, '', 'options:'];
  for (const o of [...spec.options, ...BUILTIN]) {
    const left = o.kind === 'flag' ? `--${o.name}` : `--${o.name} <${o.kind === 'string' ? 'value' : o.kind}>`;
    const def = o.default !== undefined ? ` (default ${String(o.default)})` : '';
    lines.push(`  ${left.padEnd(28)} ${o.help}${def}`);
  }
  lines.push('', 'Each option may be given once. Arguments after `--` are taken as they are (e.g. a file named -x).');
  return lines.join('\n');
}

/**
 * Parses argv (without node and script) with node:util's parseArgs. Throws UsageError on anything it
 * does not understand: an unknown option, a missing or malformed value, an option given twice, a
 * flag given a value, too few or too many positional arguments.
 */
export function parseArgs<const O extends readonly OptionSpec[]>(spec: ToolSpec<O>, argv: readonly string[]): ParsedArgs<O> {
  const byName = new Map<string, OptionSpec>();
  for (const o of [...spec.options, ...BUILTIN]) byName.set(o.name, o);
  // node's parseArgs refuses `--seed -5` as ambiguous; a value option always takes the next
  // argument unless that is another long option, so join the pair into `--seed=-5` first.
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      args.push(...argv.slice(i));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = a.slice(2, eq >= 0 ? eq : undefined);
      const o = byName.get(name);
      if (!o) throw new UsageError(`unknown option --${name} (see --help)`);
      if (o.kind === 'flag') {
        if (eq >= 0) throw new UsageError(`option --${name} takes no value`);
      } else if (eq < 0) {
        const next = argv[i + 1];
        if (next === undefined || next.startsWith('--')) throw new UsageError(`option --${name} needs a value`);
        args.push(`--${name}=${next}`);
        i++;
        continue;
      }
    } else if (a.startsWith('-') && a !== '-' && !/^-\d/.test(a)) {
      throw new UsageError(`unknown option ${a} (options are long, e.g. --help; put a file named like this after --)`);
    }
    args.push(a);
  }
  const config: Record<string, { type: 'string' | 'boolean'; multiple: true }> = {};
  for (const o of byName.values()) config[o.name] = { type: o.kind === 'flag' ? 'boolean' : 'string', multiple: true };
  let parsed: ReturnType<typeof nodeParseArgs<{ args: string[]; options: typeof config; strict: true; allowPositionals: true }>>;
  try {
    parsed = nodeParseArgs({ args, options: config, strict: true, allowPositionals: true });
  } catch (e) {
    throw new UsageError(String((e as Error).message).split('\n')[0]!);
  }
  const opts: Record<string, string | number | boolean | undefined> = {};
  for (const o of byName.values()) {
    const given = parsed.values[o.name];
    if (given === undefined) {
      opts[o.name] = o.default ?? (o.kind === 'flag' ? false : undefined);
      continue;
    }
    if (given.length > 1) throw new UsageError(`option --${o.name} given ${given.length} times (give it once)`);
    const raw = given[0]!;
    if (typeof raw === 'boolean') opts[o.name] = raw;
    else opts[o.name] = optionValue(o, raw);
  }
  const positional = parsed.positionals;
  if (!opts.help) {
    const [min, max] = spec.positional ?? [0, 0];
    if (positional.length < min) throw new UsageError(`missing argument (usage: ${spec.usage})`);
    if (positional.length > max) throw new UsageError(`unexpected argument '${positional[max]}' (usage: ${spec.usage})`);
    const cmd = positional[0];
    if (spec.commands && cmd !== undefined && !spec.commands.includes(cmd))
      throw new UsageError(`unknown command '${cmd}' (commands: ${spec.commands.join(', ')})`);
    checkContext(spec, (name) => parsed.values[name] !== undefined, positional[0]);
  }
  return { opts: opts as OptsOf<O>, positional };
}

/** Refuses an option given where it would do nothing: another subcommand, without the option it needs, or beside one that excludes it. */
function checkContext(spec: ToolSpec, given: (name: string) => boolean, command: string | undefined): void {
  for (const o of spec.options) {
    if (!given(o.name)) continue;
    if (o.commands && command !== undefined && !o.commands.includes(command))
      throw new UsageError(`option --${o.name} does nothing with '${command}' (it is for ${o.commands.map((c) => `'${c}'`).join(', ')})`);
    if (o.needs !== undefined && !given(o.needs)) throw new UsageError(`option --${o.name} does nothing without --${o.needs}`);
    const other = o.excludes?.find(given);
    if (other !== undefined) throw new UsageError(`options --${o.name} and --${other} do not go together (one would be ignored)`);
  }
}

/** Largest integer an `int` option takes: beyond 2^53 neighbouring integers collapse into one double. */
const MAX_INT_OPTION = Number.MAX_SAFE_INTEGER;

function optionValue(o: OptionSpec, raw: string): string | number {
  if (o.kind === 'int') {
    if (!/^-?\d+$/.test(raw)) throw new UsageError(`option --${o.name}: '${raw}' is not a whole number`);
    const n = Number(raw);
    if (!Number.isSafeInteger(n)) throw new UsageError(`option --${o.name}: ${raw} is out of range (the limit is ±${MAX_INT_OPTION})`);
    return inRange(o, n);
  }
  if (o.kind === 'number') {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) throw new UsageError(`option --${o.name}: '${raw}' is not a number`);
    return inRange(o, n);
  }
  return raw;
}

/** The option's own bounds, when its spec gives them. */
function inRange(o: OptionSpec, n: number): number {
  if (o.min !== undefined && n < o.min) throw new UsageError(`option --${o.name}: ${n} is below the limit ${o.min}`);
  if (o.max !== undefined && n > o.max) throw new UsageError(`option --${o.name}: ${n} is above the limit ${o.max}`);
  return n;
}

/** Builds a tool's `main(argv, io)` from its spec and body. */
export function defineTool<const O extends readonly OptionSpec[]>(spec: ToolSpec<O>, body: ToolBody<O>): ToolMain {
  return async (argv, io = processIo) => {
    // Control characters (ESC, CR, C1, …) never reach the terminal: text from files may hold them.
    const out: ToolOutput = {
      log: (...lines) => io.stdout(`${escapeControls(lines.join('\n'), true)}\n`),
      warn: (line) => io.stderr(`${escapeControls(line, true)}\n`),
      exitCode: 0,
    };
    try {
      const args = parseArgs(spec, argv);
      if (args.opts.help) {
        io.stdout(`${helpText(spec)}\n`);
        return 0;
      }
      const json = args.opts.json === true;
      const result = await body(args, json, out);
      // JSON escapes C0 itself; DEL, C1 and bidirectional controls become \\u escapes too (still the same JSON).
      if (json && result !== undefined) io.stdout(`${escapeControls(JSON.stringify(result), true)}\n`);
      return out.exitCode;
    } catch (e) {
      return reportError(e, io);
    }
  };
}

/** Writes the one `error:` line for a thrown error and returns the exit code (2 for input errors, 1 for bugs). */
export function reportError(e: unknown, io: ToolIo): number {
  // Messages quote file contents: control characters are escaped so the line stays one harmless line.
  const line = (s: string) => escapeControls(oneLine(s));
  if (isUserError(e)) {
    io.stderr(`error: ${line(e.message)}\n`);
    return 2;
  }
  if (
    e instanceof RangeError &&
    /call stack|Invalid (typed )?array length|Invalid string length|Array buffer allocation/i.test(e.message)
  ) {
    // An input that slipped past the limits; still one line, still the user's input.
    io.stderr(`error: input too large to process (${line(e.message)})\n`);
    return 2;
  }
  const msg = e instanceof Error ? e.message : String(e);
  io.stderr(`error: internal error: ${line(msg)} (a bug; set TWINFIELD_DEBUG=1 for the stack)\n`);
  if (process.env.TWINFIELD_DEBUG === '1' && e instanceof Error && e.stack) io.stderr(`${e.stack}\n`);
  return 1;
}

function isUserError(e: unknown): e is Error {
  return e instanceof UsageError || (e instanceof Error && (e as { userFacing?: boolean }).userFacing === true);
}

const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ');

/** True when `moduleUrl` (a module's import.meta.url) is the script node was started with. */
export function isEntry(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/**
 * Runs `main` on the process's arguments when the module is the entry script: sets the exit code,
 * ends quietly when stdout is closed early (`tool ... | head -1`) and with one `error:` line and exit
 * code 2 when its output cannot be written (`tool ... > /dev/full`): onOutputError.
 */
export async function runIfEntry(moduleUrl: string, main: ToolMain): Promise<void> {
  if (!isEntry(moduleUrl)) return;
  // Write errors of the process's streams arrive as events (after the write returned).
  process.stdout.on('error', (e) => endOnOutputError('stdout', e));
  process.stderr.on('error', (e) => endOnOutputError('stderr', e));
  process.exitCode = await main(process.argv.slice(2));
}

/** Median of a non-empty list (the mean of the middle two for even lengths). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of an empty list');
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Progress on stderr for long work, so stdout stays clean for --json: a live counter on a terminal,
 * whole lines every 10 % otherwise, or through `warn` (a tool's own stderr, e.g. in tests) when given.
 */
export function progress(label: string, done: number, total: number, warn?: (line: string) => void): void {
  if (warn || (!process.stderr.isTTY && process.env.TWINFIELD_PROGRESS !== '1')) {
    // Still show coarse progress in logs (every 10%) so long CI runs are not silent.
    const step = Math.max(1, Math.floor(total / 10));
    if (done % step !== 0 && done !== total) return;
    if (warn) warn(`${label}: ${done}/${total}`);
    else process.stderr.write(`${label}: ${done}/${total}\n`);
    return;
  }
  process.stderr.write(`\r${label}: ${done}/${total}${done === total ? '\n' : ''}`);
}

/** Largest text file a tool reads (instances, scenarios, mazes, preset files): 4 MiB. */
export const MAX_TEXT_FILE_BYTES = 4 * 1024 * 1024;

/**
 * Reads a UTF-8 text file of at most `limit` bytes; a missing, unreadable, oversized or non-regular
 * file (FIFO, device, directory) or invalid UTF-8 is a UsageError naming it. A byte-order mark is dropped.
 */
export async function readTextFile(path: string, limit = MAX_TEXT_FILE_BYTES): Promise<string> {
  return readTextFileSync(path, limit);
}

/** readTextFile, synchronous (for code that cannot wait, e.g. controller factories). */
export function readTextFileSync(path: string, limit = MAX_TEXT_FILE_BYTES): string {
  const bytes = readFileBounded(path, limit, (msg) => new UsageError(`${path}: ${msg}`));
  return decodeUtf8Text(bytes, path, (where, reason) => new UsageError(`${where}: ${reason}`));
}

/** Parses JSON text, turning a syntax error into a UsageError naming the file, line and column. */
export function parseJsonText(text: string, path: string): unknown {
  return parseJson(text, path, (where, reason) => new UsageError(`${where}: ${reason}`));
}

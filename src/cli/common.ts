// Shared plumbing for every headless tool, so they all follow DESIGN.md's conventions:
// `--help` explains, `--json` prints one JSON object as the last stdout line, and bad input
// exits with code 2 and a single `error:` line on stderr.
import { parseJsonText as parseJson } from '../json/parse-json-text';

/** An error caused by the user's input (argument, file, field). Tools turn it into exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface OptionSpec {
  /** Long name without dashes, e.g. `seed` for `--seed`. */
  name: string;
  /** Flags take no value; everything else takes exactly one. */
  kind: 'flag' | 'string' | 'int' | 'number';
  help: string;
  default?: string | number | boolean;
}

export interface ToolSpec {
  name: string;
  usage: string;
  summary: string;
  options: OptionSpec[];
  /** How many positional arguments: [min, max]. */
  positional?: [number, number];
}

export interface ParsedArgs {
  opts: Record<string, string | number | boolean | undefined>;
  positional: string[];
}

export function helpText(spec: ToolSpec): string {
  const lines = [`usage: ${spec.usage}`, '', spec.summary, '', 'options:'];
  const all = [...spec.options, { name: 'json', kind: 'flag', help: 'print one JSON object as the last line of stdout' }, { name: 'help', kind: 'flag', help: 'show this help' }];
  for (const o of all) {
    const left = o.kind === 'flag' ? `--${o.name}` : `--${o.name} <${o.kind === 'string' ? 'value' : o.kind}>`;
    const def = 'default' in o && o.default !== undefined ? ` (default ${String(o.default)})` : '';
    lines.push(`  ${left.padEnd(28)} ${o.help}${def}`);
  }
  return lines.join('\n');
}

/** Parses argv (without node and script). Throws UsageError on anything it does not understand. */
export function parseArgs(spec: ToolSpec, argv: string[]): ParsedArgs {
  const opts: ParsedArgs['opts'] = {};
  const positional: string[] = [];
  const byName = new Map(spec.options.map((o) => [o.name, o]));
  byName.set('json', { name: 'json', kind: 'flag', help: '' });
  byName.set('help', { name: 'help', kind: 'flag', help: '' });
  for (const o of spec.options) if (o.default !== undefined) opts[o.name] = o.default;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') continue;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.slice(2, eq >= 0 ? eq : undefined);
    const o = byName.get(name);
    if (!o) throw new UsageError(`unknown option --${name} (see --help)`);
    if (o.kind === 'flag') {
      if (eq >= 0) throw new UsageError(`option --${name} takes no value`);
      opts[name] = true;
      continue;
    }
    const raw = eq >= 0 ? a.slice(eq + 1) : argv[++i];
    if (raw === undefined) throw new UsageError(`option --${name} needs a value`);
    if (o.kind === 'int') {
      if (!/^-?\d+$/.test(raw)) throw new UsageError(`option --${name}: '${raw}' is not a whole number`);
      opts[name] = Number(raw);
    } else if (o.kind === 'number') {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) throw new UsageError(`option --${name}: '${raw}' is not a number`);
      opts[name] = n;
    } else opts[name] = raw;
  }
  if (!opts.help && spec.positional) {
    const [min, max] = spec.positional;
    if (positional.length < min) throw new UsageError(`missing argument (usage: ${spec.usage})`);
    if (positional.length > max) throw new UsageError(`unexpected argument '${positional[max]}' (usage: ${spec.usage})`);
  } else if (!spec.positional && positional.length > 0) {
    throw new UsageError(`unexpected argument '${positional[0]}' (usage: ${spec.usage})`);
  }
  return { opts, positional };
}

/**
 * Runs a tool's main with the conventions applied. `main` returns the JSON object to print
 * with --json (or undefined), and prints its human-readable output itself when not --json.
 */
export async function runTool(
  spec: ToolSpec,
  main: (args: ParsedArgs, json: boolean) => Promise<object | undefined> | object | undefined,
  argv: string[] = process.argv.slice(2),
): Promise<void> {
  let args: ParsedArgs;
  try {
    args = parseArgs(spec, argv);
  } catch (e) {
    return failWith(e);
  }
  if (args.opts.help) {
    process.stdout.write(helpText(spec) + '\n');
    return;
  }
  const json = args.opts.json === true;
  try {
    const out = await main(args, json);
    if (json && out !== undefined) process.stdout.write(JSON.stringify(out) + '\n');
  } catch (e) {
    failWith(e);
  }
}

function failWith(e: unknown): void {
  if (e instanceof UsageError || (e instanceof Error && (e as { userFacing?: boolean }).userFacing)) {
    process.stderr.write(`error: ${e.message.replace(/\n/g, ' ')}\n`);
    process.exitCode = 2;
    return;
  }
  throw e;
}

/** Median of a non-empty list (the mean of the middle two for even lengths). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of an empty list');
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Progress on stderr for long work, so stdout stays clean for --json. Silent when not a TTY unless forced. */
export function progress(label: string, done: number, total: number): void {
  if (!process.stderr.isTTY && process.env.TWINFIELD_PROGRESS !== '1') {
    // Still show coarse progress in logs (every 10%) so long CI runs are not silent.
    const step = Math.max(1, Math.floor(total / 10));
    if (done % step !== 0 && done !== total) return;
    process.stderr.write(`${label}: ${done}/${total}\n`);
    return;
  }
  process.stderr.write(`\r${label}: ${done}/${total}${done === total ? '\n' : ''}`);
}

/** Reads a text file, turning a missing/unreadable file into a UsageError naming it. */
export async function readTextFile(path: string): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`${path}: cannot read file (${code ?? (e as Error).message})`);
  }
}

/** Parses JSON text, turning a syntax error into a UsageError naming the file, line and column. */
export function parseJsonText(text: string, path: string): unknown {
  return parseJson(text, path, (where, reason) => new UsageError(`${where}: ${reason}`));
}

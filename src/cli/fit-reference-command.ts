// `presets fit-reference REPLAY... --out FILE`: fits a reference player to recorded play
// (src/preset-eval/fit-reference/) and writes it as a reference .json. The presets tool
// (presets.ts) takes this command's options and calls cmdFitReference.
import { statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { presetName } from '../sim/preset-schema';
import { fitReference, type FitSource, type FittedField } from '../preset-eval/fit-reference';
import type { ReplaySide } from '../replay/format';
import { decodePlayable } from '../replay/playable';
import { FPS } from '../sim/constants';
import { progress, UsageError, type ToolOutput } from './common';
import { loadReferencePlayer } from './preset-files';
import { readReplayItems, writeFileAtomic, type ReplayItem } from './replay-files';

/** The command's own options, for the presets tool's spec (--out is shared with calibrate). */
export const FIT_REFERENCE_OPTIONS = [
  {
    name: 'side',
    kind: 'string',
    help: 'fit-reference: the sides to fit: human (the sides a person played), p1, p2 or all',
    default: 'human',
    commands: ['fit-reference'],
  },
  {
    name: 'base',
    kind: 'string',
    help: 'fit-reference: the reference (built-in name or .json) whose values the fields not fitted keep',
    default: 'casual',
    commands: ['fit-reference'],
  },
  {
    name: 'name',
    kind: 'string',
    help: "fit-reference: the fitted reference's name (default: from the --out file's name)",
    commands: ['fit-reference'],
  },
] as const;

export interface FitReferenceArgs {
  opts: { side: string; base: string; name?: string; out?: string };
  positional: string[];
}

const SIDE_MODES = ['human', 'p1', 'p2', 'all'] as const;
/** Frames (both passes) from which progress goes to stderr. */
const PROGRESS_FRAMES = 2 * 36000;

interface Item {
  item: ReplayItem;
  sides: number[];
  frames: number;
}

function wantedSides(mode: string, sides: readonly ReplaySide[]): number[] {
  const all = sides.map((_, i) => i);
  if (mode === 'human') return all.filter((i) => sides[i]!.human);
  if (mode === 'p1') return [0];
  if (mode === 'p2') return sides.length > 1 ? [1] : [];
  return all;
}

/** The name of the written reference: --name, or the --out file's name made into one. */
function referenceName(given: string | undefined, out: string): string {
  if (given !== undefined) {
    if (!presetName.safeParse(given).success)
      throw new UsageError(`option --name: '${given}' must be lower-case letters, digits and dashes, starting with a letter (at most 40)`);
    return given;
  }
  const stem = basename(out)
    .replace(/\.json$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '')
    .slice(0, 40);
  return stem.length > 0 && presetName.safeParse(stem).success ? stem : 'fitted';
}

/** Refuses an --out that could not be written, before any work. */
function checkOut(out: string | undefined): string {
  if (out === undefined || out === '') throw new UsageError('fit-reference needs --out FILE (where the fitted reference .json goes)');
  const dir = dirname(out);
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new UsageError(`option --out: ${out}: no such directory '${dir}'`);
  }
  if (!isDir) throw new UsageError(`option --out: ${out}: '${dir}' is not a directory`);
  try {
    if (statSync(out).isDirectory()) throw new UsageError(`option --out: ${out} is a directory; give a file name`);
  } catch (e) {
    if (e instanceof UsageError) throw e;
  }
  return out;
}

const cell = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

export function cmdFitReference(args: FitReferenceArgs, json: boolean, out: ToolOutput): object {
  const { opts } = args;
  const files = args.positional.slice(1);
  if (files.length === 0) throw new UsageError('fit-reference needs at least one REPLAY (.twrp, or a .twrb bundle)');
  const mode = opts.side;
  if (!(SIDE_MODES as readonly string[]).includes(mode)) throw new UsageError(`option --side: '${mode}' is not ${SIDE_MODES.join(', ')}`);
  const file = checkOut(opts.out);
  const name = referenceName(opts.name, file);
  const base = loadReferencePlayer(opts.base);
  // Every replay read and decoded before any re-simulation: a bad file fails at once.
  const items: Item[] = [];
  for (const f of files) {
    const { items: found } = readReplayItems(f);
    for (const item of found) {
      const r = decodePlayable(item.bytes, item.label);
      items.push({ item, sides: wantedSides(mode, r.sides), frames: r.frames });
    }
  }
  const used = items.filter((x) => x.sides.length > 0);
  if (used.length === 0) {
    const these = items.length === 1 ? 'the replay' : `the ${items.length} replays`;
    if (mode === 'human')
      throw new UsageError(
        `no human side in ${these} (every side is a CPU or a reference model); pass --side p1, p2 or all to fit one anyway`,
      );
    throw new UsageError(`no side ${mode} in ${these} (a practice replay has only p1)`);
  }
  const total = 2 * used.reduce((n, x) => n + x.frames, 0);
  let done = 0;
  const show = total >= PROGRESS_FRAMES;
  const sources = function* (): Generator<FitSource> {
    for (const x of used) yield { replay: decodePlayable(x.item.bytes, x.item.label), sides: x.sides, label: x.item.label };
  };
  const t0 = performance.now();
  const fit = fitReference(base, sources, {
    name,
    label: `${name} (fitted)`.slice(0, 40),
    onReplay: (_pass, k) => {
      done += used[k - 1]!.frames;
      if (show) progress('fit-reference', done, total, (l) => out.warn(l));
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  writeFileAtomic(file, new TextEncoder().encode(`${JSON.stringify(fit.player, null, 2)}\n`));
  const m = fit.measured;
  if (!json) {
    const sidesText = `${m.sides} side${m.sides === 1 ? '' : 's'} of ${m.replays} replay${m.replays === 1 ? '' : 's'}`;
    out.log(`fitted ${name} to ${sidesText} (${(m.seconds / 60).toFixed(1)} min, ${m.decisions} decisions); base ${fit.base}`);
    out.log(`  ${'field'.padEnd(15)} ${'fitted'.padStart(6)} ${'base'.padStart(6)}  how`);
    for (const [k, f] of Object.entries(fit.fields) as [FittedField, (typeof fit.fields)[FittedField]][])
      out.log(
        `  ${k.padEnd(15)} ${cell(f.value).padStart(6)} ${cell(f.base).padStart(6)}  ${f.identified ? '' : '(not identified) '}${f.note}`,
      );
    const pct = (v: number | null) => (v === null ? '—' : `${(100 * v).toFixed(0)} %`);
    const num = (v: number | null, d: number) => (v === null ? '—' : v.toFixed(d));
    out.log(
      `measured: ${num(m.dir_changes_per_s, 2)} direction changes/s, mean clearance ${num(m.mean_clearance, 1)}, focus ` +
        `${pct(m.focus_share)}, shot ${pct(m.shot_share)} of the time; the rating picks the new move at ` +
        `${pct(fit.agreement.exact)} of ${m.decisions} decisions (chance ${pct(fit.agreement.chance)})`,
    );
    out.log(`wrote ${file} (play it as human:${file}) in ${seconds.toFixed(1)} s`);
  }
  return {
    file,
    name,
    base: fit.base,
    player: fit.player,
    fields: fit.fields,
    measured: m,
    agreement: fit.agreement,
    frames_per_s: (m.seconds * FPS) / Math.max(seconds, 1e-9),
    seconds,
  };
}

// Which replay file is each clip of a study, recording the CPU clips headless and checking the human
// ones. Node-side (reads and writes files, like src/cli/replay-files.ts); the rater page never imports it.
// A clip is (player, drill variant): a CPU plays each variant once, into FOLDER/<player>-<variant>.twrp;
// a human clip is the first replay listed for the player that plays that drill variant (the study's
// drill and seed) long enough, and re-simulates exactly.
// Every clip must have exactly the study's config of its variant (clip-config.ts), carry the study's
// tag (`extra.study` id and player), and no replay may serve two players. A human player's clip must
// be marked human (a person's recording) unless stand-ins are allowed (`--stand-ins`; `study stand-in`
// makes them, CPU-marked and tagged `extra.standIn`).
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { createController } from '../controllers/registry';
import { encodeReplay, replayFromRunner, verifyReplay, type Replay } from '../replay';
import { readPlayableReplayFile, writeFileAtomic } from './replay-files';
import { clipFrames, drillConfig, FPS } from '../study/drill-config';
import { createMatch } from '../sim/match';
import { MatchRunner } from '../sim/runner';
import type { Study, StudyPlayer } from '../study/schema';
import { clipNeeds, type ClipNeed } from '../study/clip-needs';
import { clipConfigProblem } from '../study/clip-config';
import { sha256Hex } from '../json/sha256';
import { opaqueId } from '../study/manifest';

export { clipFrames, drillConfig, FPS } from '../study/drill-config';

export { clipNeeds, type ClipNeed } from '../study/clip-needs';

/** Why a replay cannot be the clip of `variant` in this study (checks the header only), or null. */
export function clipHeaderProblem(r: Replay, study: Study, variant: string): string | null {
  const c = r.config;
  if (r.sides.length !== 1) return `has ${r.sides.length} sides; a study clip is a single-field drill`;
  if (c.stages !== 'drill') return `is a '${c.stages}' stage, not a drill`;
  if (c.drill !== study.drill.name) return `is drill '${c.drill}', the study uses '${study.drill.name}'`;
  if (c.drillVariant !== variant) return `is variant '${c.drillVariant}', the clip needs '${variant}'`;
  if (c.seed !== study.drill.seed) return `has seed ${c.seed}, the study's drill.seed is ${study.drill.seed}`;
  const cfg = clipConfigProblem(c as unknown as Record<string, unknown>, study, variant);
  if (cfg) return `has ${cfg.replace(/^config\.(\S+) is /, 'config.$1 ')}`;
  const { end } = clipFrames(study);
  if (r.frames < end)
    return `is ${(r.frames / FPS).toFixed(1)} s long; the clip needs ${(end / FPS).toFixed(1)} s (clip.start + clip.seconds)`;
  return null;
}

/** The replay's `extra.study` tag as written by Record for a study, study record and study stand-in. */
export function studyTagOf(r: Replay): { id?: unknown; player?: unknown } | null {
  const t = (r.extra as { study?: unknown } | undefined)?.study;
  return t !== null && typeof t === 'object' ? (t as { id?: unknown; player?: unknown }) : null;
}

/** Why the replay's study tag does not name this study and player, or null. */
export function tagProblem(r: Replay, study: Study, playerId: string): string | null {
  const t = studyTagOf(r);
  if (!t) return "has no extra.study tag (record it with the game's Record for a study, or make a stand-in with study stand-in)";
  // Recordings made on the package's own recording page carry the package's opaque study id.
  if (t.id !== study.id && t.id !== opaqueId(study.id, 'study', 10))
    return `is tagged extra.study.id ${JSON.stringify(t.id)}; this study's id is '${study.id}'`;
  if (t.player !== playerId) return `is tagged extra.study.player ${JSON.stringify(t.player)}; it is listed for player '${playerId}'`;
  return null;
}

/** Header check plus a full re-simulation; null when the replay is a good clip. */
export function clipProblem(r: Replay, study: Study, variant: string): string | null {
  const h = clipHeaderProblem(r, study, variant);
  if (h) return h;
  const v = verifyReplay(r);
  if (!v.ok) return `does not re-simulate in this build: ${v.reason} at frame ${v.firstBadFrame}`;
  return null;
}

/** The controller spec of a CPU player (a preset file is resolved against the study file's folder). */
export function cpuSpec(p: StudyPlayer, studyDir: string): string {
  if (p.source.startsWith('cpu:')) return p.source;
  return `cpu:${isAbsolute(p.source) ? p.source : join(studyDir, p.source)}`;
}

/**
 * Plays a CPU clip headless: the drill variant to the clip's end (or the drill's end), tagged
 * with the study and player in `extra.study`.
 */
export function recordCpuClip(study: Study, player: StudyPlayer, variant: string, studyDir: string, date: string): Replay {
  const state = createMatch(drillConfig(study, variant));
  const runner = new MatchRunner(state, [createController(cpuSpec(player, studyDir))]);
  runner.runUntil(Number.MAX_SAFE_INTEGER);
  return replayFromRunner(runner, { date, extra: { study: { id: study.id, player: player.id, drill: study.drill.name, variant } } });
}

export type ClipStatus = 'recorded' | 'kept' | 'ok' | 'missing' | 'bad';

export interface ClipFile extends ClipNeed {
  /** The replay file of the clip (absolute), or null when a human clip has none. */
  file: string | null;
  /** As the study file (or the folder layout) names it, for messages and key.json. */
  name: string | null;
  status: ClipStatus;
  /** What is wrong or missing (status missing / bad). */
  problem?: string;
  replay?: Replay;
  /** A CPU-marked stand-in used for a human player's clip (only with standIns). */
  standIn?: boolean;
}

export interface RecordOptions {
  /** Folder of the CPU clips (created when a clip is recorded). */
  folder: string;
  /** The study file's path (human replays and preset files are relative to its folder). */
  studyPath: string;
  /** Record CPU clips even when a good one is already in the folder. */
  force?: boolean;
  /** Record missing CPU clips (false: only report them, as build does). */
  record?: boolean;
  date?: string;
  /** Accept CPU-marked replays (stand-ins) as human players' clips. */
  standIns?: boolean;
  onClip?: (c: ClipFile, done: number, total: number) => void;
}

/** The CPU clip's file in the folder. */
export function cpuClipName(playerId: string, variant: string): string {
  return `${playerId}-${variant}.twrp`;
}

function readOrProblem(file: string): { replay?: Replay; problem?: string } {
  try {
    return { replay: readPlayableReplayFile(file) };
  } catch (e) {
    return { problem: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Resolves every clip of the study to its replay: CPU clips from `folder` (recorded when missing,
 * stale or `force`, if `record`), human clips from the player's `replays` (checked). Never throws for
 * a bad or missing clip: each gets status and problem, so the caller can list them all.
 */
export function resolveClips(study: Study, opts: RecordOptions): ClipFile[] {
  const studyDir = dirname(resolve(opts.studyPath));
  const needs = clipNeeds(study);
  const out: ClipFile[] = [];
  const date = opts.date ?? '2000-01-01T00:00:00.000Z';
  for (const n of needs) {
    const p = study.players[n.playerIndex]!;
    let c: ClipFile;
    if (n.kind === 'cpu') {
      const name = cpuClipName(n.playerId, n.variant);
      const file = join(resolve(opts.folder), name);
      let status: ClipStatus = 'missing';
      let problem: string | undefined = `not recorded yet (${file}); run study record`;
      let replay: Replay | undefined;
      if (existsSync(file) && !opts.force) {
        const r = readOrProblem(file);
        const why = r.replay
          ? (clipProblem(r.replay, study, n.variant) ??
            (r.replay.sides[0]!.controller !== cpuSpec(p, studyDir)
              ? `was played by ${r.replay.sides[0]!.controller}, the player is ${cpuSpec(p, studyDir)}`
              : tagProblem(r.replay, study, n.playerId)))
          : r.problem!;
        if (why === null) {
          status = 'kept';
          problem = undefined;
          replay = r.replay;
        } else {
          status = 'bad';
          problem = `${file} ${why}`;
        }
      }
      if (status !== 'kept' && opts.record) {
        try {
          mkdirSync(resolve(opts.folder), { recursive: true });
          replay = recordCpuClip(study, p, n.variant, studyDir, date);
          writeFileAtomic(file, encodeReplay(replay));
          status = 'recorded';
          problem = undefined;
        } catch (e) {
          status = 'bad';
          problem = `players[${n.playerIndex}].source '${p.source}': ${e instanceof Error ? e.message : String(e)}`;
        }
      }
      c = { ...n, file, name, status, problem, replay };
    } else {
      const listed = p.replays ?? [];
      const tried: string[] = [];
      const absent: string[] = [];
      let found: { file: string; name: string; replay: Replay } | null = null;
      for (const [i, name] of listed.entries()) {
        const file = isAbsolute(name) ? name : join(studyDir, name);
        if (!existsSync(file)) {
          absent.push(name);
          continue;
        }
        const r = readOrProblem(file);
        if (!r.replay) {
          tried.push(`players[${n.playerIndex}].replays[${i}] ${r.problem}`);
          continue;
        }
        const side = r.replay.sides[0];
        const h =
          clipHeaderProblem(r.replay, study, n.variant) ??
          tagProblem(r.replay, study, n.playerId) ??
          (side && !side.human && !opts.standIns
            ? `is CPU-played (human: false, controller ${side.controller}` +
              `${standInOf(r.replay) ? `, a stand-in by ${standInOf(r.replay)}` : ''}); ` +
              "a human player's clip must be a person's recording (give --stand-ins to accept stand-ins)"
            : null);
        if (h) {
          tried.push(`players[${n.playerIndex}].replays[${i}] ${name} ${h}`);
          continue;
        }
        found = { file, name, replay: r.replay };
        break;
      }
      const what = `human clip '${n.playerId}' on drill ${study.drill.name} variant ${n.variant} (sets ${n.sets.join(', ')})`;
      if (absent.length) tried.push(`players[${n.playerIndex}].replays not found: ${absent.join(', ')}`);
      if (!found) {
        c = {
          ...n,
          file: null,
          name: null,
          status: 'missing',
          problem:
            `${what}: missing; record it in the game (Practice → Record for a study) and list it in ` +
            `players[${n.playerIndex}].replays${tried.length ? ` — ${tried.join('; ')}` : ''}`,
        };
      } else {
        const v = verifyReplay(found.replay);
        c = v.ok
          ? { ...n, file: found.file, name: found.name, status: 'ok', replay: found.replay, standIn: !found.replay.sides[0]!.human }
          : {
              ...n,
              file: found.file,
              name: found.name,
              status: 'bad',
              problem: `${what}: ${found.name} does not re-simulate in this build: ${v.reason} at frame ${v.firstBadFrame}`,
            };
      }
    }
    out.push(c);
    opts.onClip?.(c, out.length, needs.length);
  }
  refuseShared(out);
  return out;
}

/** The spec that played a stand-in (`extra.standIn`), or null. */
export function standInOf(r: Replay): string | null {
  const s = (r.extra as { standIn?: unknown } | undefined)?.standIn;
  return typeof s === 'string' ? s : null;
}

/** The play itself (config and inputs), whatever the header says: two files with the same play are one replay. */
function playHash(r: Replay): string {
  const parts = [JSON.stringify(r.config), ...r.inputs.map((i) => Array.from(i).join(','))];
  return sha256Hex(parts.join('\n'));
}

/** Marks bad every clip whose replay file, or whose play, also serves another player. */
function refuseShared(clips: ClipFile[]): void {
  const groups = new Map<string, ClipFile[]>();
  for (const c of clips) {
    if (!c.replay || c.status === 'bad' || c.status === 'missing') continue;
    for (const k of [`file:${c.file}`, `play:${playHash(c.replay)}`]) {
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k)!.push(c);
    }
  }
  for (const [k, cs] of groups) {
    const players = [...new Set(cs.map((c) => c.playerId))];
    if (players.length < 2) continue;
    const files = [...new Set(cs.map((c) => c.name ?? c.file))];
    const what = k.startsWith('file:') ? `the same replay file ${files[0]}` : `the same play (config and inputs) in ${files.join(' and ')}`;
    for (const c of cs) {
      if (c.status === 'bad') continue;
      c.status = 'bad';
      c.problem =
        `${c.playerId} variant ${c.variant}: ${what} is given for players ${players.map((p) => `'${p}'`).join(' and ')}; ` +
        'each player needs its own recording';
    }
  }
}

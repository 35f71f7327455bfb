// Which replay file is each clip of a study, recording the CPU clips headless and checking the human
// ones. Node-side (reads and writes files, like src/cli/replay-files.ts); the rater page never imports it.
// A clip is (player, drill variant): a CPU plays each variant once, into FOLDER/<player>-<variant>.twrp;
// a human clip is the first replay listed for the player that plays that drill variant (the study's
// drill and seed) long enough, and re-simulates exactly.
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
  const { end } = clipFrames(study);
  if (r.frames < end)
    return `is ${(r.frames / FPS).toFixed(1)} s long; the clip needs ${(end / FPS).toFixed(1)} s (clip.start + clip.seconds)`;
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
              : null))
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
        const h = clipHeaderProblem(r.replay, study, n.variant);
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
          ? { ...n, file: found.file, name: found.name, status: 'ok', replay: found.replay }
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
  return out;
}

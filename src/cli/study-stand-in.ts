// `study stand-in STUDY.json --player ID --as SPEC [--out DIR]`: stand-in clips for a human player
// while no person's recordings exist. For every drill variant the player's sets need, SPEC (a
// reference player such as human:skilled or human:newcomer, or a CPU such as cpu:novice) plays the
// study's exact clip config (drillConfig: the same config as every other clip, so nothing on the
// rater page tells a stand-in from a CPU clip) into the file the study's `replays` list names for
// that variant (or DIR/<player>-<variant>.twrp with --out). Each replay is tagged
// `extra.study {id, player, drill, variant}` and `extra.standIn: SPEC` and marked CPU-played
// (human: false): `study record` and `study build` take it for a human player only with --stand-ins,
// and key.json marks its clips standIn. A file that exists and is not a stand-in (a person's
// recording) is never overwritten.
import { existsSync, mkdirSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { createController } from '../controllers/registry';
import { encodeReplay, replayFromRunner, type Replay } from '../replay';
import { createMatch } from '../sim/match';
import { MatchRunner } from '../sim/runner';
import { clipNeeds } from '../study/clip-needs';
import { drillConfig } from '../study/drill-config';
import { parseStudy, type Study } from '../study/schema';
import { defineTool, readTextFile, UsageError } from './common';
import { readPlayableReplayFile, writeFileAtomic } from './replay-files';
import { standInOf } from './study-recordings';
import './preset-files'; // cpu:FILE.json

/** Plays a stand-in clip of `variant`: the study's exact config, SPEC's inputs, tagged and CPU-marked. */
export function recordStandIn(study: Study, playerId: string, variant: string, spec: string, date: string): Replay {
  const runner = new MatchRunner(createMatch(drillConfig(study, variant)), [createController(spec)]);
  runner.runUntil(Number.MAX_SAFE_INTEGER);
  const r = replayFromRunner(runner, {
    date,
    names: [`stand-in ${spec}`],
    extra: { study: { id: study.id, player: playerId, drill: study.drill.name, variant }, standIn: spec },
  });
  r.sides[0] = { ...r.sides[0]!, human: false };
  return r;
}

/** Where the stand-in of (player, variant) goes: the listed replay named …<variant>.twrp, or OUT/<player>-<variant>.twrp. */
export function standInTargets(
  study: Study,
  studyPath: string,
  playerId: string,
  outDir: string | null,
): { variant: string; sets: number[]; file: string; name: string }[] {
  const pi = study.players.findIndex((p) => p.id === playerId);
  if (pi < 0)
    throw new UsageError(`--player '${playerId}': the study has no such player (players: ${study.players.map((p) => p.id).join(', ')})`);
  const p = study.players[pi]!;
  if (p.source !== 'human')
    throw new UsageError(`--player '${playerId}': players[${pi}] is a CPU player (${p.source}); study record records its clips`);
  const needs = clipNeeds(study).filter((n) => n.playerId === playerId);
  if (needs.length === 0) throw new UsageError(`--player '${playerId}': no set of the study shows this player`);
  const studyDir = dirname(resolve(studyPath));
  const listed = p.replays ?? [];
  return needs.map((n) => {
    if (outDir) {
      const file = join(resolve(outDir), `${playerId}-${n.variant}.twrp`);
      return { variant: n.variant, sets: n.sets, file, name: relative(studyDir, file) };
    }
    const hits = listed.filter((name) => new RegExp(`(^|[-_./])${n.variant}\\.twrp$`, 'i').test(basename(name)));
    if (hits.length !== 1)
      throw new UsageError(
        `players[${pi}].replays: ${hits.length ? `${hits.length} files` : 'no file'} named …-${n.variant}.twrp ` +
          `for variant ${n.variant} ` +
          `(listed: ${listed.join(', ') || 'none'}); give --out DIR and list the files written in players[${pi}].replays`,
      );
    const name = hits[0]!;
    return { variant: n.variant, sets: n.sets, file: isAbsolute(name) ? name : join(studyDir, name), name };
  });
}

export const standInMain = defineTool(
  {
    name: 'study stand-in',
    usage: 'npm run -s study -- stand-in STUDY.json --player ID --as SPEC [--out DIR] [--json]',
    summary:
      "Records stand-in clips for a human player with the study's exact clip config: SPEC (human:skilled, human:newcomer, " +
      'cpu:novice, …) plays every drill variant the player needs, into the files players[].replays names for them (or ' +
      'DIR/<player>-<variant>.twrp). They are tagged extra.study and extra.standIn and marked CPU-played: study record and ' +
      'build accept them only with --stand-ins. A person’s recording already there is never overwritten.',
    options: [
      { name: 'player', kind: 'string', help: 'the human player (its id in the study file)' },
      { name: 'as', kind: 'string', help: 'the controller that plays the stand-in: human:REF, cpu:PRESET, random:SEED, scripted, …' },
      { name: 'out', kind: 'string', help: "write DIR/<player>-<variant>.twrp instead of the study file's replays list" },
    ],
    positional: [1, 1],
  },
  async ({ opts, positional }, json, out) => {
    const studyPath = positional[0]!;
    if (!opts.player) throw new UsageError('--player ID is required (a human player of the study)');
    if (!opts.as) throw new UsageError('--as SPEC is required (e.g. human:skilled, human:newcomer, cpu:novice)');
    const study = parseStudy(await readTextFile(studyPath), studyPath);
    try {
      createController(opts.as);
    } catch (e) {
      throw new UsageError(`--as ${opts.as}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const targets = standInTargets(study, studyPath, opts.player, opts.out ?? null);
    // Refuse before writing anything: never overwrite a replay that is not a stand-in.
    for (const t of targets) {
      if (!existsSync(t.file)) continue;
      let old: Replay | null = null;
      try {
        old = readPlayableReplayFile(t.file);
      } catch {
        old = null;
      }
      if (!old || !standInOf(old))
        throw new UsageError(
          `${t.name}: exists and is not a stand-in (${old ? "a person's recording?" : 'not a readable replay'}); not overwritten — ` +
            'move it away or give --out DIR',
        );
    }
    const date = new Date().toISOString();
    const written: { variant: string; sets: number[]; file: string; frames: number }[] = [];
    for (const t of targets) {
      const r = recordStandIn(study, opts.player, t.variant, opts.as, date);
      mkdirSync(dirname(t.file), { recursive: true });
      writeFileAtomic(t.file, encodeReplay(r));
      written.push({ variant: t.variant, sets: t.sets, file: t.file, frames: r.frames });
      if (!json) out.log(`${t.name}: stand-in ${opts.as} for ${opts.player} variant ${t.variant} (sets ${t.sets.join(', ')})`);
    }
    if (!json) {
      if (opts.out) out.log(`list these files in the study file's replays for ${opts.player}`);
      out.log('stand-ins are CPU-played: give --stand-ins to study record and study build');
    }
    return { study: study.id, player: opts.player, as: opts.as, files: written };
  },
);

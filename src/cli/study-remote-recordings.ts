// Remote recordings into a study's human clips (`study record --from`): the replays people played
// on the recording page and the study server accepted (OUT/study.sqlite, or the dashboard's
// replays.zip export), picked per human player and drill variant — the newest one that passes every
// check of a human clip — and written where the study file's `replays` list expects them. A file
// already there is kept unless --force; nothing is written for a clip no recording fits.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { decodeReplay, type Replay } from '../replay';
import { listRecordings } from '../server/replays';
import type { Study } from '../study/schema';
import { UsageError } from './common';
import { writeFileAtomic } from './replay-files';
import { clipProblem, tagProblem } from './study-recordings';
import { standInTargets } from './study-stand-in';

export interface RemoteRecording {
  /** Where it came from, for messages: `study.sqlite#ID` or `replays.zip:recording/….twrp`. */
  where: string;
  player: string;
  variant: string;
  uploadedAt: string;
  bytes: Uint8Array;
}

interface ZipIndex {
  replays: { file: string; kind: string; player: string | null; variant: string | null; uploadedAt: string }[];
}

/** Every recording in a study database (a .sqlite file or the package folder holding study.sqlite) or a replays.zip export. */
export function readRemoteRecordings(path: string): RemoteRecording[] {
  if (!existsSync(path)) throw new UsageError(`--from ${path}: no such file or folder`);
  const db = statSync(path).isDirectory() ? join(path, 'study.sqlite') : path;
  if (db.endsWith('.zip')) return fromZip(db);
  if (!existsSync(db)) throw new UsageError(`--from ${path}: no study.sqlite there (give the package folder study serve used)`);
  let all: ReturnType<typeof listRecordings>;
  try {
    all = listRecordings(db);
  } catch (e) {
    throw new UsageError(`--from ${db}: not a study server database (${e instanceof Error ? e.message : String(e)})`);
  }
  return [...all.values()].flat().map((r) => ({
    where: `${db}#${r.id}`,
    player: r.player,
    variant: r.variant,
    uploadedAt: r.uploadedAt,
    bytes: r.bytes,
  }));
}

function fromZip(path: string): RemoteRecording[] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(readFileSync(path)));
  } catch (e) {
    throw new UsageError(`--from ${path}: not a zip file (${e instanceof Error ? e.message : String(e)})`);
  }
  const idx = files['index.json'];
  if (!idx) throw new UsageError(`--from ${path}: no index.json inside (give the replays.zip the study server's dashboard exports)`);
  let index: ZipIndex;
  try {
    index = JSON.parse(new TextDecoder().decode(idx)) as ZipIndex;
    if (!Array.isArray(index.replays)) throw new Error('no replays list');
  } catch (e) {
    throw new UsageError(`--from ${path}: index.json: ${e instanceof Error ? e.message : String(e)}`);
  }
  const out: RemoteRecording[] = [];
  for (const [i, r] of index.replays.entries()) {
    if (r.kind !== 'recording') continue;
    const bytes = files[r.file];
    if (!bytes || !r.player || !r.variant)
      throw new UsageError(`--from ${path}: index.json replays[${i}]: ${!bytes ? `${r.file} is not in the zip` : 'no player or variant'}`);
    out.push({ where: `${path}:${r.file}`, player: r.player, variant: r.variant, uploadedAt: r.uploadedAt, bytes });
  }
  return out;
}

export interface RemotePick {
  player: string;
  variant: string;
  /** The file written (or kept). */
  file: string;
  status: 'written' | 'kept' | 'none';
  /** The recording used, or why none fitted. */
  note: string;
}

/**
 * For every clip of a human player: the newest recording of that player and variant that is a good
 * human clip of this study, written to the file the study lists for it (kept when it exists, unless `force`).
 */
export function takeRemoteRecordings(study: Study, studyPath: string, recs: RemoteRecording[], force = false): RemotePick[] {
  const picks: RemotePick[] = [];
  for (const p of study.players.filter((x) => x.source === 'human')) {
    for (const t of standInTargets(study, studyPath, p.id, null)) {
      const mine = recs
        .filter((r) => r.player === p.id && r.variant === t.variant)
        .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
      if (existsSync(t.file) && !force) {
        picks.push({ player: p.id, variant: t.variant, file: t.file, status: 'kept', note: `${t.name} exists (--force replaces it)` });
        continue;
      }
      const why: string[] = [];
      let chosen: { rec: RemoteRecording; replay: Replay } | null = null;
      for (const rec of mine) {
        let replay: Replay;
        try {
          replay = decodeReplay(rec.bytes);
        } catch (e) {
          why.push(`${rec.where} does not decode (${e instanceof Error ? e.message : String(e)})`);
          continue;
        }
        const problem =
          (replay.sides[0]?.human ? null : 'is not marked as a person’s play') ??
          tagProblem(replay, study, p.id) ??
          clipProblem(replay, study, t.variant);
        if (problem) why.push(`${rec.where} ${problem}`);
        else {
          chosen = { rec, replay };
          break;
        }
      }
      if (!chosen) {
        const note = mine.length ? `no recording fits: ${why.join('; ')}` : 'no recording of this player and variant';
        picks.push({ player: p.id, variant: t.variant, file: t.file, status: 'none', note });
        continue;
      }
      writeFileAtomic(t.file, chosen.rec.bytes);
      picks.push({
        player: p.id,
        variant: t.variant,
        file: t.file,
        status: 'written',
        note: `from ${chosen.rec.where} (${chosen.rec.uploadedAt})`,
      });
    }
  }
  return picks;
}

// What `study build` puts in a package, computed without touching the disk (the CLI writes it):
//  - site/manifest.json: the rater page's manifest (manifest.ts), clips named by opaque ids;
//  - site/clips/<id>.twrp: each clip's replay, blinded: cut to the clip's end, re-simulated for
//    fresh checksums, and every field that could tell who played (controller, human flag, name,
//    preset, date, game version, result, extra) set to one constant for all clips;
//  - key.json (never served): clip id -> player, set, variant and the source replay file;
//  - a fingerprint of the whole package (the study file, every clip, the key and the page's files),
//    written into the manifest (so into every answer) and the key: `analyze` refuses answers of
//    another package, even one built from a changed study with the same id.
// Ids are seeded from the study (opaqueId), so building the same study twice gives the same
// package, and nothing of the player, preset or set can be read from them.
import { encodeReplay, type Replay } from '../replay';
import { hashState } from '../sim/hash';
import { createMatch, step } from '../sim/match';
import { CHECKSUM_INTERVAL, type Checksum } from '../sim/runner';
import type { ClipKey } from './key';
import { type LangText, type Lang, MANIFEST_FORMAT, MANIFEST_VERSION, type Manifest, opaqueId, parseManifest } from './manifest';
import { Sha256 } from '../json/sha256';

/** One clip to package: which player and drill variant, and the replay that shows it. */
export interface ClipSource {
  playerId: string;
  variant: string;
  /** The source replay's path (goes to key.json only). */
  replayFile: string;
  replay: Replay;
  /** A CPU-played stand-in for a human player's clip (`study stand-in`, accepted with --stand-ins). */
  standIn?: boolean;
  /** The player's label in the study file (goes to key.json only: the researcher's tables use it). */
  label?: string;
}

export interface BuildInput {
  /** Seeds the opaque ids (e.g. the study file's id and title): same study, same ids. */
  seed: string;
  title: LangText;
  languages: Lang[];
  /** First frame and length of every clip (frames). */
  clipStart: number;
  clipFrames: number;
  /** The sets in order; `a` and `b` are the pair as the study file lists it. */
  sets: { a: ClipSource; b: ClipSource }[];
  /** Each group's order per set ('AB': a first). */
  groups: { id: string; orders: ('AB' | 'BA')[] }[];
  questions: Manifest['questions'];
  practice: { seconds: number; config: Record<string, unknown> };
  answers: { postUrl: string | null; jatos: boolean };
  consent: Manifest['consent'];
  debrief: Manifest['debrief'];
  contact: string;
  setOrder: Manifest['setOrder'];
  attention: Manifest['attention'];
  prolific: Manifest['prolific'];
  /** Whether the practice play is recorded, and the match config of every drill variant of the study. */
  recording: Manifest['recording'];
  /** The study file as canonical JSON (canonicalJson of the parsed study): part of the fingerprint. */
  studyJson: string;
  /**
   * The page's files (site/ but manifest.json, clips/ and video/: path -> bytes), part of the
   * fingerprint; the CLI builds the page first and reads them. Tests may leave them out.
   */
  pageFiles?: ReadonlyMap<string, Uint8Array>;
}

export type KeyEntry = ClipKey[string];

export interface BuiltPackage {
  manifest: Manifest;
  key: Record<string, KeyEntry>;
  /** The package's fingerprint (16 hex digits), also in the manifest and the key file. */
  fingerprint: string;
  /** Files of site/ besides the page itself: path relative to site/ -> bytes. */
  files: Map<string, Uint8Array>;
}

export class BuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BuildError';
  }
}

/** What every blinded clip says about its player: the same for all. */
export const BLIND_SIDE = { controller: 'clip', human: false, name: '', preset: null } as const;
export const BLIND_DATE = '2000-01-01T00:00:00.000Z';
export const BLIND_GAME_VERSION = '0';

/**
 * The replay cut to `frames` frames with neutral metadata. Re-simulates it to compute the checksums
 * of the cut and to check the original's checksums on the way (a replay that does not verify is
 * refused, naming `where`).
 */
export function blindReplay(r: Replay, frames: number, where: string): Replay {
  if (r.frames < frames)
    throw new BuildError(
      `${where}: the replay has ${r.frames} frames (${(r.frames / 60).toFixed(1)} s); the clip needs ${frames} ` +
        `(${(frames / 60).toFixed(1)} s)`,
    );
  if (r.sides.length !== 1) throw new BuildError(`${where}: a study clip shows one field; this replay has ${r.sides.length} sides`);
  const s = createMatch(r.config);
  const want = new Map(r.checksums.map((c) => [c.frame, c.hash]));
  const checksums: Checksum[] = [];
  const inp = r.inputs[0]!;
  while (s.frame < frames) {
    const f = s.frame;
    step(s, inp[f]!, 0);
    if (s.frame === f) throw new BuildError(`${where}: the match ended at frame ${f}, before the clip's end (${frames})`);
    if (s.frame % CHECKSUM_INTERVAL === 0) {
      const h = hashState(s);
      const w = want.get(s.frame);
      if (w !== undefined && w !== h)
        throw new BuildError(
          `${where}: desync at frame ${s.frame}: the replay does not re-simulate in this build (checksum ${h}, recorded ${w})`,
        );
      checksums.push({ frame: s.frame, hash: h });
    }
  }
  return {
    simVersion: r.simVersion,
    gameVersion: BLIND_GAME_VERSION,
    date: BLIND_DATE,
    config: { ...r.config },
    sides: [{ ...BLIND_SIDE }],
    frames,
    result: null,
    inputs: [inp.slice(0, frames)],
    checksums,
    finalHash: hashState(s),
    extra: {},
  };
}

export function buildPackage(input: BuildInput, onProgress?: (done: number, total: number) => void): BuiltPackage {
  const { clipStart, clipFrames } = input;
  if (!Number.isInteger(clipStart) || clipStart < 0) throw new BuildError(`clip start must be a whole frame ≥ 0, got ${clipStart}`);
  if (!Number.isInteger(clipFrames) || clipFrames <= 0)
    throw new BuildError(`clip length must be a whole number of frames > 0, got ${clipFrames}`);
  for (const g of input.groups) {
    if (g.orders.length !== input.sets.length)
      throw new BuildError(`group ${g.id}: ${g.orders.length} orders for ${input.sets.length} sets`);
  }
  const end = clipStart + clipFrames;
  const files = new Map<string, Uint8Array>();
  const key: Record<string, KeyEntry> = {};
  const clips: Manifest['clips'] = [];
  const slot: { a: string; b: string }[] = [];
  const total = input.sets.length * 2;
  let done = 0;
  input.sets.forEach((set, i) => {
    const ids = { a: '', b: '' };
    for (const k of ['a', 'b'] as const) {
      const src = set[k];
      const id = opaqueId(input.seed, `set ${i + 1} ${k}`);
      if (key[id]) throw new BuildError(`two clips got the id ${id}; change the study's title or id`);
      const blinded = blindReplay(src.replay, end, `set ${i + 1} (${k === 'a' ? 'first' : 'second'} of the pair): ${src.replayFile}`);
      const file = `clips/${opaqueId(input.seed, `file ${id}`, 16)}.twrp`;
      files.set(file, encodeReplay(blinded));
      key[id] = { playerId: src.playerId, set: i + 1, variant: src.variant, replayFile: src.replayFile };
      if (src.standIn) key[id].standIn = true;
      if (src.label) key[id].label = src.label;
      clips.push({ id, file, start: clipStart, end });
      ids[k] = id;
      onProgress?.(++done, total);
    }
    slot.push(ids);
  });
  // Listed by id, so the order of the list says nothing about players or sets.
  clips.sort((x, y) => x.id.localeCompare(y.id));
  const fingerprint = packageFingerprint({ studyJson: input.studyJson, clips: files, key, page: input.pageFiles ?? new Map() });
  const manifest = parseManifest(
    {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      studyId: opaqueId(input.seed, 'study', 10),
      title: input.title,
      languages: input.languages,
      clipFrames,
      clips,
      groups: input.groups.map((g) => ({
        id: g.id,
        sets: slot.map((ids, i) => {
          const order = g.orders[i]!;
          return { set: i + 1, order, first: order === 'AB' ? ids.a : ids.b, second: order === 'AB' ? ids.b : ids.a };
        }),
      })),
      questions: input.questions,
      practice: input.practice,
      answers: input.answers,
      fingerprint,
      consent: input.consent,
      debrief: input.debrief,
      contact: input.contact,
      setOrder: input.setOrder,
      attention: input.attention,
      prolific: input.prolific,
      recording: input.recording,
    },
    'the built manifest',
  );
  files.set('manifest.json', new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`));
  return { manifest, key, fingerprint, files };
}

/** JSON with every object's keys sorted (the same value gives the same text, whatever its key order). */
export function canonicalJson(v: unknown): string {
  const sort = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(sort);
    if (x !== null && typeof x === 'object')
      return Object.fromEntries(
        Object.keys(x)
          .sort()
          .filter((k) => (x as Record<string, unknown>)[k] !== undefined)
          .map((k) => [k, sort((x as Record<string, unknown>)[k])]),
      );
    return x;
  };
  return JSON.stringify(sort(v));
}

/**
 * The package fingerprint: the first 16 hex digits of SHA-256 over the canonical study JSON, every
 * file of site/ the build writes besides the manifest (the blinded clips; path and bytes), the key
 * (canonical JSON) and the page's files (path and bytes), each part framed with its name and length.
 */
export function packageFingerprint(parts: {
  studyJson: string;
  clips: ReadonlyMap<string, Uint8Array>;
  key: ClipKey;
  page: ReadonlyMap<string, Uint8Array>;
}): string {
  const h = new Sha256();
  const enc = new TextEncoder();
  const part = (name: string, bytes: Uint8Array) => {
    h.update(`${name}\u0000${bytes.length}\u0000`);
    h.update(bytes);
  };
  part('study', enc.encode(parts.studyJson));
  for (const [path, bytes] of [...parts.clips].filter(([p]) => p !== 'manifest.json').sort((a, b) => a[0].localeCompare(b[0])))
    part(`site/${path}`, bytes);
  part('key', enc.encode(canonicalJson(parts.key)));
  for (const [path, bytes] of [...parts.page].sort((a, b) => a[0].localeCompare(b[0]))) part(`page/${path}`, bytes);
  return h.hex().slice(0, 16);
}

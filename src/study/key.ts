// The clip key (OUT/key.json, written by `study build`, never served): which player made each clip,
// and the package's fingerprint. `study analyze` reads it to unblind the answers and refuses answers
// given to another package. Pure.
//
// key.json (version 2): { format: 'twinfield-study-key', version: 2, fingerprint, clips: { clipId -> entry } }.
// An older key (version 1: the clipId -> entry object alone) is still read, with fingerprint null.
import { z } from 'zod';
import { fieldPath, jsonErrorWhere } from './schema';

export const KEY_FORMAT = 'twinfield-study-key';
export const KEY_VERSION = 2;

export const KeyEntrySchema = z.object({
  playerId: z.string().min(1),
  /** 1-based set number. */
  set: z.number().int().positive(),
  variant: z.string().min(1),
  /** The source replay the clip was cut from (as the study file names it). */
  replayFile: z.string().min(1),
  /** A stand-in (`study stand-in`, CPU-played) used for a human player's clip (`--stand-ins`). */
  standIn: z.boolean().optional(),
  /** The player's label in the study file, for tables read without it (the server's dashboard). */
  label: z.string().min(1).optional(),
});
export type ClipKeyEntry = z.infer<typeof KeyEntrySchema>;

/** clipId -> entry. */
export const ClipKeySchema = z.record(
  z.string().regex(/^[a-z0-9]{6,32}$/, 'a clip id is 6–32 lowercase letters and digits'),
  KeyEntrySchema,
);
export type ClipKey = z.infer<typeof ClipKeySchema>;

export const KeyFileSchema = z.strictObject({
  format: z.literal(KEY_FORMAT),
  version: z.literal(KEY_VERSION),
  fingerprint: z.string().regex(/^[0-9a-f]{16}$/, 'must be 16 hex digits'),
  clips: ClipKeySchema,
});

/** A key as read: its clips and the package fingerprint (null: an older key, from before fingerprints). */
export interface KeyFile {
  fingerprint: string | null;
  clips: ClipKey;
}

export class KeyError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'KeyError';
  }
}

/** key.json's text for a built package. */
export function keyFileText(fingerprint: string, clips: ClipKey): string {
  return `${JSON.stringify({ format: KEY_FORMAT, version: KEY_VERSION, fingerprint, clips }, null, 2)}\n`;
}

/** Reads key.json (version 2, or an older version-1 key without a fingerprint); errors name the file and field. */
export function parseKeyFile(text: string, path: string): KeyFile {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new KeyError(`${path}${jsonErrorWhere(text, e)}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const fail = (p: PropertyKey[], m: string): never => {
    throw new KeyError(`${path}: ${p.length ? `${fieldPath(p)}: ` : ''}${m}`);
  };
  let out: KeyFile;
  if (v !== null && typeof v === 'object' && 'format' in v) {
    const o = v as { format: unknown; version: unknown };
    if (o.format !== KEY_FORMAT) fail(['format'], `must be '${KEY_FORMAT}', got ${JSON.stringify(o.format)}`);
    if (o.version !== KEY_VERSION)
      fail(['version'], `this build reads key version ${KEY_VERSION} (and the older unversioned key), got ${JSON.stringify(o.version)}`);
    const r = KeyFileSchema.safeParse(v);
    if (!r.success) {
      const i = r.error.issues[0]!;
      return fail(i.path, i.message);
    }
    out = { fingerprint: r.data.fingerprint, clips: r.data.clips };
  } else {
    const r = ClipKeySchema.safeParse(v);
    if (!r.success) {
      const i = r.error.issues[0]!;
      return fail(
        i.path,
        `${i.message} (not a key of this build: it reads '${KEY_FORMAT}' version ${KEY_VERSION}, or the older key ` +
          'that maps clip ids to entries)',
      );
    }
    out = { fingerprint: null, clips: r.data };
  }
  if (Object.keys(out.clips).length === 0) throw new KeyError(`${path}: the key lists no clips`);
  return out;
}

/** The key's clips (either version). */
export function parseKey(text: string, path: string): ClipKey {
  return parseKeyFile(text, path).clips;
}

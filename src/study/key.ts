// The clip key (OUT/key.json, written by `study build`, never served): which player made each clip.
// `study analyze` reads it to unblind the answers. Pure.
import { z } from 'zod';
import { fieldPath, jsonErrorWhere } from './schema';

export const KeyEntrySchema = z.object({
  playerId: z.string().min(1),
  /** 1-based set number. */
  set: z.number().int().positive(),
  variant: z.string().min(1),
  /** The source replay the clip was cut from (as the study file names it). */
  replayFile: z.string().min(1),
});
export type ClipKeyEntry = z.infer<typeof KeyEntrySchema>;

/** clipId -> entry. */
export const ClipKeySchema = z.record(
  z.string().regex(/^[a-z0-9]{6,32}$/, 'a clip id is 6–32 lowercase letters and digits'),
  KeyEntrySchema,
);
export type ClipKey = z.infer<typeof ClipKeySchema>;

export class KeyError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'KeyError';
  }
}

export function parseKey(text: string, path: string): ClipKey {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new KeyError(`${path}${jsonErrorWhere(text, e)}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const r = ClipKeySchema.safeParse(v);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new KeyError(`${path}: ${fieldPath(i.path)}: ${i.message}`);
  }
  if (Object.keys(r.data).length === 0) throw new KeyError(`${path}: the key lists no clips`);
  return r.data;
}

// The manifest of a built study package (OUT/site/manifest.json): everything the rater page needs
// and nothing that tells who played a clip. Clips are named by opaque ids (seeded from the study,
// see opaqueId); which player a clip is lives only in OUT/key.json, which is never served.
// Pure: the build writes it, the page reads it, tests check both.
import { z } from 'zod';

export const MANIFEST_FORMAT = 'twinfield-study-site';
export const MANIFEST_VERSION = 2;
export const LANGS = ['ja', 'en'] as const;
export type Lang = (typeof LANGS)[number];

const langText = z.object({ ja: z.string().optional(), en: z.string().optional() });
export type LangText = z.infer<typeof langText>;

const clipId = z.string().regex(/^[a-z0-9]{6,32}$/, 'an opaque id of 6–32 lowercase letters and digits');

const scale = z.object({
  /** Points on the scale (the paper: 5). */
  points: z.number().int().min(2).max(11),
  prompt: langText,
  /** One label per point (or only the two ends: then two labels). */
  anchors: z.object({ ja: z.array(z.string()).optional(), en: z.array(z.string()).optional() }),
});
export type ScaleSpec = z.infer<typeof scale>;

export const ManifestSchema = z
  .object({
    format: z.literal(MANIFEST_FORMAT),
    version: z.literal(MANIFEST_VERSION),
    /** Opaque id of the study (written into every answer as studyId). */
    studyId: z.string().min(1).max(80),
    title: langText,
    languages: z.array(z.enum(LANGS)).min(1),
    /** Length of every clip in frames (60 per second); every clip is exactly this long. */
    clipFrames: z.number().int().positive(),
    clips: z
      .array(
        z.object({
          id: clipId,
          file: z.string().regex(/^clips\/[a-z0-9]+\.twrp$/),
          start: z.number().int().min(0),
          end: z.number().int().positive(),
          video: z.object({ webm: z.string().optional(), mp4: z.string().optional() }).optional(),
        }),
      )
      .min(1),
    groups: z
      .array(
        z.object({
          id: z.string().regex(/^[A-Za-z0-9]{1,8}$/),
          sets: z.array(z.object({ set: z.number().int().positive(), order: z.enum(['AB', 'BA']), first: clipId, second: clipId })).min(1),
        }),
      )
      .min(1),
    questions: z.object({ absolute: scale, relative: scale, reason: z.object({ prompt: langText }) }),
    practice: z.object({
      /** Seconds the rater plays the drill before the clips (0: no practice). */
      seconds: z.number().min(0).max(3600),
      /** The drill's match config (a normal MatchConfig, checked by makeConfig on the page). */
      config: z.record(z.string(), z.unknown()),
    }),
    answers: z.object({ postUrl: z.string().url().nullable(), jatos: z.boolean() }),
    /**
     * Hash of the package's content (study file, clips, key, page): written into every answer and
     * the key, so `analyze` refuses answers given to a different package. 16 hex digits.
     */
    fingerprint: z.string().regex(/^[0-9a-f]{16}$/, '16 hex digits'),
    consent: z.object({ text: langText, minutes: z.number().positive() }),
    debrief: langText,
    contact: z.string(),
    /** 'latin': the sets in the order of a balanced Latin square row (per participant). */
    setOrder: z.enum(['fixed', 'latin']),
    attention: z.array(
      z.object({
        afterSet: z.number().int().min(1),
        prompt: langText,
        options: z.object({ ja: z.array(z.string()).optional(), en: z.array(z.string()).optional() }),
        answer: z.number().int().min(0),
      }),
    ),
    prolific: z.object({ completionCode: z.string().optional(), completionUrl: z.string().url().optional() }).nullable(),
    recording: z.object({
      /** Record the rater's practice play and send it with the answers. */
      practice: z.boolean(),
      /** Drill variant -> the exact match config of that variant's clips (remote recording plays these). */
      configs: z.record(z.string(), z.record(z.string(), z.unknown())),
    }),
  })
  .superRefine((m, ctx) => {
    const ids = new Set(m.clips.map((c) => c.id));
    if (ids.size !== m.clips.length) ctx.addIssue({ code: 'custom', path: ['clips'], message: 'clip ids must be unique' });
    for (const [gi, g] of m.groups.entries()) {
      for (const [si, s] of g.sets.entries()) {
        for (const k of ['first', 'second'] as const)
          if (!ids.has(s[k])) ctx.addIssue({ code: 'custom', path: ['groups', gi, 'sets', si, k], message: `unknown clip '${s[k]}'` });
      }
    }
    for (const [i, a] of m.attention.entries())
      if (a.afterSet > (m.groups[0]?.sets.length ?? 0))
        ctx.addIssue({ code: 'custom', path: ['attention', i, 'afterSet'], message: 'after a set the study does not have' });
    for (const [i, c] of m.clips.entries())
      if (c.end - c.start !== m.clipFrames)
        ctx.addIssue({ code: 'custom', path: ['clips', i], message: `must be clipFrames (${m.clipFrames}) long, is ${c.end - c.start}` });
  });

export type Manifest = z.infer<typeof ManifestSchema>;
export type ManifestClip = Manifest['clips'][number];
export type ManifestSet = Manifest['groups'][number]['sets'][number];

export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

/** Validates a parsed manifest; throws ManifestError naming `where` and the first bad field. */
export function parseManifest(json: unknown, where = 'manifest.json'): Manifest {
  const r = ManifestSchema.safeParse(json);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const path = issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
  throw new ManifestError(`${where}: ${path || '(top level)'}: ${issue.message}`);
}

/** The text in `lang`, else in the other language, else ''. */
export function pick(t: LangText | undefined, lang: Lang): string {
  if (!t) return '';
  return t[lang] ?? t[lang === 'ja' ? 'en' : 'ja'] ?? '';
}

/**
 * A random-looking id made only from `seed` and `what` (two 32-bit FNV-1a variants over the UTF-8
 * text, base 36). The same study always gets the same ids; nothing of `what` can be read back.
 */
export function opaqueId(seed: string, what: string, length = 12): string {
  const bytes = new TextEncoder().encode(`${seed}\u0000${what}`);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ bytes.length;
  for (const b of bytes) {
    h1 = Math.imul(h1 ^ b, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ ((b + 0x9e) & 0xff), 0x5bd1e995) >>> 0;
    h2 ^= h2 >>> 15;
  }
  // Final avalanche so that near-identical inputs give unrelated ids; more words for longer ids.
  const mix = (h: number, k: number) => {
    let x = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35 ^ k) >>> 0;
    return (x ^ (x >>> 16)) >>> 0;
  };
  let out = '';
  for (let k = 0; out.length < length - 1; k++)
    out += mix(h1 + k, h2 ^ k)
      .toString(36)
      .padStart(7, '0');
  // Ids start with a letter (safe everywhere a name is expected).
  return `c${out.slice(0, length - 1)}`;
}

/**
 * The group a new participant joins: the one asked for (URL ?group=), when it exists; otherwise the
 * one with the fewest participants so far (`counts`, e.g. those run on this machine), ties broken
 * by the pid so two machines starting at once do not both pick the first group.
 */
export function assignGroup(
  m: Manifest,
  asked: string | null,
  counts: Record<string, number>,
  pid: string,
): { group: string; how: 'url' | 'balanced' } {
  const ids = m.groups.map((g) => g.id);
  if (asked) {
    const hit = ids.find((g) => g.toLowerCase() === asked.toLowerCase());
    if (hit) return { group: hit, how: 'url' };
  }
  const least = Math.min(...ids.map((g) => counts[g] ?? 0));
  const tied = ids.filter((g) => (counts[g] ?? 0) === least);
  let h = 0;
  for (let i = 0; i < pid.length; i++) h = (h * 31 + pid.charCodeAt(i)) >>> 0;
  return { group: tied[h % tied.length]!, how: 'balanced' };
}

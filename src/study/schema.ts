// The study file (study.json): one human-likeness study (seed 004 §4.2) — who plays, on which drill
// variant, which clips are paired, the two counterbalanced groups, the questions, the practice and
// clip lengths, and where answers go. Pure; `parseStudy` names the file and the field of any error.
import { z } from 'zod';
import { DRILLS } from '../sim/drill';
import { DEFAULT_CONSENT } from './texts';

export const STUDY_FORMAT = 'twinfield-study';
export const STUDY_VERSION = 1;
export const STUDY_LANGS = ['ja', 'en'] as const;
export type StudyLang = (typeof STUDY_LANGS)[number];

const langText = z.strictObject({ ja: z.string().max(2000).optional(), en: z.string().max(2000).optional() });
export type StudyText = z.infer<typeof langText>;

const ident = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be lower-case letters, digits and dashes, starting with a letter (at most 40)');

/** `cpu:PRESET` (a built-in or library preset), a CPU preset file (`*.json`, relative to the study file), or `human`. */
const source = z.string().refine((s) => s === 'human' || /^cpu:[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(s) || /\.json$/i.test(s), {
  message: "must be 'cpu:PRESET', a CPU preset file ending in .json, or 'human'",
});

const player = z
  .strictObject({
    id: ident,
    /** For the researcher (tables, report); never shown to raters. */
    label: z.string().min(1).max(80),
    source,
    /** Human players: the replay files to use (relative to the study file), at least one per drill variant used. */
    replays: z.array(z.string().min(1)).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.source === 'human' && (!p.replays || p.replays.length === 0))
      ctx.addIssue({
        code: 'custom',
        path: ['replays'],
        message: 'a \'human\' player needs the replay files to use (replays: ["file.twrp", ...])',
      });
    if (p.source !== 'human' && p.replays !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['replays'],
        message: 'only human players list replays (CPU clips are recorded by study record)',
      });
  });
export type StudyPlayer = z.infer<typeof player>;

const scale = z.strictObject({
  /** Points on the scale (the paper: 5). */
  points: z.number().int().min(2).max(11),
  prompt: langText,
  /** Per language: one label per point, or only the two ends. */
  anchors: z.strictObject({ ja: z.array(z.string().max(200)).optional(), en: z.array(z.string().max(200)).optional() }),
});
export type StudyScale = z.infer<typeof scale>;

const set = z.strictObject({
  /** The pair as listed: group orders say which of the two is shown first ('AB': a first). */
  a: ident,
  b: ident,
  /** The drill variant of each clip: [variant of a, variant of b]. */
  variants: z.tuple([z.string().min(1), z.string().min(1)]),
});
export type StudySet = z.infer<typeof set>;

/**
 * An instructed-response item (Prolific allows these: "select 'Strongly agree'"), shown after set
 * `afterSet`; `answer` is the index of the option asked for. Flagged in `analyze`, optionally excluded.
 */
const attention = z.strictObject({
  afterSet: z.number().int().min(1),
  prompt: langText,
  options: z.strictObject({ ja: z.array(z.string().min(1).max(200)).optional(), en: z.array(z.string().min(1).max(200)).optional() }),
  answer: z.number().int().min(0),
});
export type StudyAttention = z.infer<typeof attention>;

export const StudySchema = z
  .strictObject({
    format: z.literal(STUDY_FORMAT),
    version: z.literal(STUDY_VERSION),
    /** Short id of the study (seeds the package's opaque ids). */
    id: ident,
    title: langText,
    languages: z.array(z.enum(STUDY_LANGS)).min(1).max(2),
    players: z.array(player).min(2),
    drill: z.strictObject({
      /** A drill of src/sim/drill.ts. */
      name: z.string(),
      /** The match seed of every clip (the drill's script is fixed; the seed drives random patterns). */
      seed: z.number().int().min(0).max(0xffffffff),
      /** The variants this study uses (each a variant of the drill). */
      variants: z.array(z.string().min(1)).min(1),
    }),
    sets: z.array(set).min(1).max(64),
    groups: z
      .array(
        z.strictObject({
          id: z.string().regex(/^[A-Za-z0-9]{1,8}$/, 'must be 1–8 letters or digits'),
          orders: z.array(z.enum(['AB', 'BA'])),
        }),
      )
      .min(1)
      .max(8),
    questions: z.strictObject({ absolute: scale, relative: scale, reason: z.strictObject({ prompt: langText }) }),
    practice: z.strictObject({ seconds: z.number().min(0).max(3600) }),
    clip: z.strictObject({
      /** Seconds of each clip shown (the paper: about 30). */
      seconds: z.number().positive().max(600),
      /** Seconds of the drill skipped before the clip starts (default 0). */
      start: z.number().min(0).max(600).default(0),
    }),
    answers: z.strictObject({ postUrl: z.string().url().nullable().default(null) }).default({ postUrl: null }),
    /** What the rater agrees to, and how long the whole study takes (shown on the welcome page). */
    consent: z.strictObject({ text: langText, minutes: z.number().positive().max(600) }).default(DEFAULT_CONSENT),
    /** Shown on the end page (what the study was about); empty: none. */
    debrief: langText.default({}),
    /** The researcher's contact, shown on the consent and end pages; empty: none. */
    contact: z.string().max(300).default(''),
    /** 'fixed': every rater sees the sets in file order; 'latin': a balanced Latin square row per rater. */
    setOrder: z.enum(['fixed', 'latin']).default('fixed'),
    attention: z.array(attention).max(8).default([]),
    /** Prolific: where a finished participant is sent (a completion code, or a full URL). */
    prolific: z
      .strictObject({
        completionCode: z
          .string()
          .regex(/^[A-Za-z0-9]{1,40}$/, 'must be 1–40 letters or digits')
          .optional(),
        completionUrl: z.string().url().optional(),
      })
      .nullable()
      .default(null),
    /** Record the rater's practice play (with their consent) and keep it with the answers. */
    recording: z.strictObject({ practice: z.boolean() }).default({ practice: true }),
  })
  .superRefine((s, ctx) => {
    const ids = new Map<string, number>();
    s.players.forEach((p, i) => {
      if (ids.has(p.id))
        ctx.addIssue({ code: 'custom', path: ['players', i, 'id'], message: `'${p.id}' is used twice (also players[${ids.get(p.id)}])` });
      ids.set(p.id, i);
    });
    const drill = Object.hasOwn(DRILLS, s.drill.name) ? DRILLS[s.drill.name] : undefined;
    if (!drill)
      ctx.addIssue({
        code: 'custom',
        path: ['drill', 'name'],
        message: `must be one of ${Object.keys(DRILLS).join(', ')}, got '${s.drill.name}'`,
      });
    else {
      s.drill.variants.forEach((v, i) => {
        if (!Object.hasOwn(drill.variants, v))
          ctx.addIssue({
            code: 'custom',
            path: ['drill', 'variants', i],
            message: `drill '${drill.name}' has variants ${Object.keys(drill.variants).join(', ')}, got '${v}'`,
          });
      });
      const end = Math.round((s.clip.start + s.clip.seconds) * 60);
      if (end > drill.frames)
        ctx.addIssue({
          code: 'custom',
          path: ['clip', 'seconds'],
          message: `start + seconds = ${(end / 60).toFixed(1)} s is longer than drill '${drill.name}' (${drill.frames / 60} s)`,
        });
    }
    s.sets.forEach((st, i) => {
      for (const k of ['a', 'b'] as const)
        if (!ids.has(st[k]))
          ctx.addIssue({
            code: 'custom',
            path: ['sets', i, k],
            message: `unknown player '${st[k]}' (players: ${[...ids.keys()].join(', ')})`,
          });
      if (st.a === st.b)
        ctx.addIssue({ code: 'custom', path: ['sets', i, 'b'], message: `a set pairs two different players, got '${st.a}' twice` });
      st.variants.forEach((v, j) => {
        if (!s.drill.variants.includes(v))
          ctx.addIssue({
            code: 'custom',
            path: ['sets', i, 'variants', j],
            message: `'${v}' is not one of the study's drill.variants (${s.drill.variants.join(', ')})`,
          });
      });
    });
    const gids = new Set<string>();
    s.groups.forEach((g, i) => {
      if (gids.has(g.id)) ctx.addIssue({ code: 'custom', path: ['groups', i, 'id'], message: `group '${g.id}' is listed twice` });
      gids.add(g.id);
      if (g.orders.length !== s.sets.length)
        ctx.addIssue({
          code: 'custom',
          path: ['groups', i, 'orders'],
          message: `needs one order per set: ${s.sets.length}, got ${g.orders.length}`,
        });
    });
    s.attention.forEach((a, i) => {
      if (a.afterSet > s.sets.length)
        ctx.addIssue({
          code: 'custom',
          path: ['attention', i, 'afterSet'],
          message: `there are ${s.sets.length} sets, got ${a.afterSet}`,
        });
      for (const lang of s.languages) {
        const o = a.options[lang];
        const path = ['attention', i];
        if (!o || o.length < 2)
          ctx.addIssue({ code: 'custom', path: [...path, 'options', lang], message: 'needs at least 2 options in every study language' });
        else if (a.answer >= o.length)
          ctx.addIssue({
            code: 'custom',
            path: [...path, 'answer'],
            message: `must be an option's index (0–${o.length - 1}), got ${a.answer}`,
          });
      }
    });
    if (s.prolific && !s.prolific.completionCode && !s.prolific.completionUrl)
      ctx.addIssue({ code: 'custom', path: ['prolific'], message: 'needs completionCode or completionUrl' });
    for (const [k, q] of [
      ['absolute', s.questions.absolute],
      ['relative', s.questions.relative],
    ] as const) {
      for (const lang of STUDY_LANGS) {
        const a = q.anchors[lang];
        if (a && a.length !== 2 && a.length !== q.points)
          ctx.addIssue({
            code: 'custom',
            path: ['questions', k, 'anchors', lang],
            message: `needs ${q.points} labels (one per point) or 2 (the ends), got ${a.length}`,
          });
      }
    }
  });

export type Study = z.infer<typeof StudySchema>;
/** A study as written (defaults not yet filled). */
export type StudyInput = z.input<typeof StudySchema>;

export class StudyError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'StudyError';
  }
}

/** `players[2].source` from a zod path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out || '(top level)';
}

/** Line and column of a JSON.parse error position, if the engine reports one. */
export function jsonErrorWhere(text: string, e: unknown): string {
  const m = /position (\d+)/.exec(e instanceof Error ? e.message : '');
  if (!m) return '';
  const pos = Number(m[1]);
  const before = text.slice(0, pos).split('\n');
  return `:${before.length}:${before[before.length - 1]!.length + 1}`;
}

/** Checks a parsed value; throws StudyError `PATH: field: reason` on the first problem. */
export function checkStudy(value: unknown, path: string): Study {
  const r = StudySchema.safeParse(value);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new StudyError(`${path}: ${fieldPath(i.path)}: ${i.message}`);
  }
  return r.data;
}

/** Parses a study file's text; errors name the file (with line:column for bad JSON) and the field. */
export function parseStudy(text: string, path: string): Study {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new StudyError(`${path}${jsonErrorWhere(text, e)}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  return checkStudy(v, path);
}

/** The players of each set in the order a group sees them. */
export function setOrder(
  s: Study,
  group: string,
  set: number,
): { first: string; second: string; firstVariant: string; secondVariant: string } {
  const g = s.groups.find((x) => x.id === group);
  if (!g) throw new StudyError(`unknown group '${group}'`);
  const st = s.sets[set]!;
  return g.orders[set] === 'AB'
    ? { first: st.a, second: st.b, firstVariant: st.variants[0], secondVariant: st.variants[1] }
    : { first: st.b, second: st.a, firstVariant: st.variants[1], secondVariant: st.variants[0] };
}

/** How often each player appears over all sets. */
export function appearances(s: Study): Map<string, number> {
  const n = new Map(s.players.map((p) => [p.id, 0]));
  for (const st of s.sets) for (const id of [st.a, st.b]) n.set(id, (n.get(id) ?? 0) + 1);
  return n;
}

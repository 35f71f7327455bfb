// The `.jas` file of a JATOS study archive (`.jzip`): the study's properties as JSON, next to the
// study assets folder in the zip. This schema is what JATOS 3.x reads on "Import study"; every
// rule below is one JATOS applies, so an archive that passes here is not refused for its .jas.
//
// Sources (JATOS/JATOS on GitHub at 3.10.4; "version": "3" is also what the repository's test archive
// test/resources/potato_compass.jzip, exported with a 2021 JATOS, carries):
//  - modules/common/app/utils/common/JsonUtils.java `studyAsJsonForIO`: the envelope
//    `{ "version": String(Study.SERIAL_VERSION), "data": study }`, `data.componentList` (all
//    components) and `data.batchList` (the default batch only);
//  - modules/common/app/models/common/{Study,Component,Batch}.java: the fields in the JsonForIO view
//    (Study.SERIAL_VERSION = 3; `jsonData` is the name older 3.x releases write and read, and newer
//    ones still accept it as an alias of studyInput / componentInput / batchInput, so it is used here);
//  - modules/gui/app/services/gui/StudyDeserializer.java: reads `version` (must be <= 3) and `data`;
//  - modules/gui/app/services/gui/ImportExportService.java: exactly one .jas at the top of the zip,
//    at most one folder (the study assets, moved to `dirName`);
//  - modules/gui/app/models/gui/{Study,Component,Batch}Properties.java `validate()`: title 1–255
//    chars, no HTML in texts, `dirName` without characters of IOUtils.REGEX_ILLEGAL_IN_FILENAME and
//    not a reserved name, `htmlFilePath` matching `^[\w\d_-][\w\d/_-]*\.[\w\d_-]+$`, inputs valid
//    JSON, batch limits >= 1, worker types known (models/common/workers/*Worker.java WORKER_TYPE);
//  - the documentation's JSON schema and example: JATOS/JATOS_docs
//    docs/References_Configs_and_JATOS_API/JATOS-Study-Archive-JZIP.md (www.jatos.org/JATOS-Study-Archive-JZIP.html).
// Pure; no JATOS server exists on this machine, so this schema is the check (tests/study/jatos).
import { z } from 'zod';

/** Study.SERIAL_VERSION of JATOS 3.x, written as a string as JATOS does. */
export const JAS_VERSION = '3';

/** Worker types JATOS knows (models/common/workers/*Worker.java WORKER_TYPE). */
export const JATOS_WORKER_TYPES = [
  'Jatos',
  'PersonalSingle',
  'PersonalMultiple',
  'GeneralSingle',
  'GeneralMultiple',
  'MT',
  'MTSandbox',
] as const;
export type JatosWorkerType = (typeof JATOS_WORKER_TYPES)[number];

/** Study assets folder names JATOS refuses (StudyProperties.INVALID_DIR_NAMES). */
export const JATOS_RESERVED_DIR_NAMES = ['jatos', 'publix', 'public', 'assets', 'study_assets_root', 'study_assets'] as const;

/** IOUtils.REGEX_ILLEGAL_IN_FILENAME, in JavaScript: characters a dirName (and an uploaded result file's name) must not have. */
export const JATOS_ILLEGAL_IN_FILENAME = /[\s*?"\\\0/,`<>|:~!§$%&^°]/;

/** ComponentProperties' htmlFilePath rule (Java's \w is ASCII [A-Za-z0-9_]). */
export const JATOS_HTML_PATH = /^[A-Za-z0-9_-][A-Za-z0-9_/-]*\.[A-Za-z0-9_-]+$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * JATOS checks texts with Jsoup.isValid(text, Safelist.none()): any tag or comment is refused. Near
 * enough in JavaScript: no `<` that starts a tag, end tag, comment or declaration.
 */
export function hasHtml(s: string): boolean {
  return /<[A-Za-z!/?]/.test(s);
}

const noHtml = z.string().refine((s) => !hasHtml(s), 'no HTML allowed (JATOS refuses tags in study texts)');
const title = noHtml.refine((s) => s.trim().length > 0, 'must not be empty').refine((s) => s.length <= 255, 'at most 255 characters');

/** A JSON input (study / component / batch input): null, or a string that parses as JSON. */
const jsonInput = z
  .string()
  .refine((s) => {
    if (s === '') return true;
    try {
      JSON.parse(s);
      return true;
    } catch {
      return false;
    }
  }, 'must be valid JSON text')
  .nullable();

const limit = z.number().int().min(1).nullable();

export const JasComponentSchema = z.strictObject({
  uuid: z.string().regex(UUID, 'a UUID (8-4-4-4-12 lower-case hex digits)'),
  title,
  htmlFilePath: z
    .string()
    .max(255)
    .regex(JATOS_HTML_PATH, 'a path inside the study assets folder like index.html or dir/page.html (letters, digits, _ - /)'),
  reloadable: z.boolean(),
  active: z.boolean(),
  comments: noHtml.nullable(),
  jsonData: jsonInput,
});
export type JasComponent = z.infer<typeof JasComponentSchema>;

export const JasBatchSchema = z
  .strictObject({
    uuid: z.string().regex(UUID, 'a UUID (8-4-4-4-12 lower-case hex digits)'),
    title,
    active: z.boolean(),
    maxActiveMembers: limit,
    maxTotalMembers: limit,
    maxTotalWorkers: limit,
    allowedWorkerTypes: z.array(z.enum(JATOS_WORKER_TYPES)).min(1),
    comments: noHtml.nullable(),
    jsonData: jsonInput,
  })
  .superRefine((b, ctx) => {
    if (b.maxTotalMembers !== null && b.maxActiveMembers !== null && b.maxTotalMembers < b.maxActiveMembers)
      ctx.addIssue({ code: 'custom', path: ['maxTotalMembers'], message: 'must be at least maxActiveMembers' });
    if (new Set(b.allowedWorkerTypes).size !== b.allowedWorkerTypes.length)
      ctx.addIssue({ code: 'custom', path: ['allowedWorkerTypes'], message: 'each worker type once' });
  });
export type JasBatch = z.infer<typeof JasBatchSchema>;

export const JasStudySchema = z
  .strictObject({
    uuid: z.string().regex(UUID, 'a UUID (8-4-4-4-12 lower-case hex digits)'),
    title,
    description: noHtml.nullable(),
    groupStudy: z.boolean(),
    linearStudy: z.boolean(),
    allowPreview: z.boolean(),
    dirName: z
      .string()
      .min(1)
      .max(255)
      .refine((s) => !JATOS_ILLEGAL_IN_FILENAME.test(s), 'letters, digits, _ - . only (JATOS refuses spaces and / \\ : * ? etc.)')
      .refine((s) => !(JATOS_RESERVED_DIR_NAMES as readonly string[]).includes(s), `not one of ${JATOS_RESERVED_DIR_NAMES.join(', ')}`),
    comments: noHtml.nullable(),
    jsonData: jsonInput,
    endRedirectUrl: noHtml.nullable(),
    studyEntryMsg: noHtml.refine((s) => new TextEncoder().encode(s).length <= 1000, 'at most 1000 bytes').nullable(),
    componentList: z.array(JasComponentSchema).min(1),
    /** JATOS exports only the default batch; on import the first batch becomes the study's batch. */
    batchList: z.array(JasBatchSchema).min(1),
  })
  .superRefine((s, ctx) => {
    const ids = s.componentList.map((c) => c.uuid);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['componentList'], message: 'component uuids must differ' });
  });
export type JasStudy = z.infer<typeof JasStudySchema>;

export const JasSchema = z.strictObject({
  version: z.literal(JAS_VERSION),
  data: JasStudySchema,
});
export type Jas = z.infer<typeof JasSchema>;

/** Validates a parsed .jas; throws an Error `WHERE: data.componentList[0].htmlFilePath: reason` for the first problem. */
export function parseJas(v: unknown, where = 'study.jas'): Jas {
  const r = JasSchema.safeParse(v);
  if (r.success) return r.data;
  const i = r.error.issues[0]!;
  let path = '';
  for (const p of i.path) path += typeof p === 'number' ? `[${p}]` : `${path ? '.' : ''}${String(p)}`;
  throw new Error(`${where}: ${path || '(top level)'}: ${i.message}`);
}

// A JATOS study archive (`.jzip`) of a built study package: the zip JATOS's "Import study" takes.
// Layout (JATOS/JATOS modules/gui/app/services/gui/ImportExportService.java, and
// www.jatos.org/JATOS-Study-Archive-JZIP.html):
//   <dirName>.jas        the study's properties (jas-schema.ts)
//   <dirName>/...        the study assets: the package's site/ folder as it is (index.html, the
//                        game's assets, manifest.json, clips/)
// One study, one component (the rater page, site/index.html), one default batch with no limits;
// group balancing is the page's job (jatos.batchSession), so the batch needs nothing more.
// The study, component and batch UUIDs are name-based (RFC 4122 version 5) from the study id, so a
// rebuilt package is imported over the same JATOS study ("overwrite") instead of becoming a second one.
// Pure and deterministic: the same files and study give the same bytes.
import { type Zippable, zipSync } from 'fflate';
import { type Jas, JAS_VERSION, type JatosWorkerType, JATOS_ILLEGAL_IN_FILENAME, hasHtml, parseJas } from './jas-schema';

/** The page inside the study assets folder (site/index.html of the package). */
export const JATOS_PAGE = 'index.html';
/** Worker types of the default batch: every study link kind a researcher or Prolific uses (not MTurk). */
export const DEFAULT_WORKER_TYPES: JatosWorkerType[] = ['Jatos', 'PersonalSingle', 'PersonalMultiple', 'GeneralSingle', 'GeneralMultiple'];
/**
 * Every zip entry gets this time, so an archive depends only on its content (zip times are local
 * time: noon UTC keeps the date the same in every time zone).
 */
const ZIP_TIME = '2000-01-01T12:00:00Z';
/** Already compressed formats: stored, not deflated again. */
const STORED = /\.(png|jpe?g|gif|webp|ogg|mp3|m4a|webm|mp4|woff2?|zip|gz)$/i;

export class JzipError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'JzipError';
  }
}

export interface JzipStudy {
  /**
   * Seeds the UUIDs and the folder name: the same id always gives the same JATOS study. Use the
   * package's opaque study id (manifest.studyId): it is already in the page, so it tells a rater nothing.
   */
  id: string;
  /** The study's title in JATOS (researchers see it; no HTML, at most 255 characters). */
  title: string;
  /** The package fingerprint (manifest.fingerprint): written into the description and comments. */
  fingerprint?: string;
  description?: string;
  /** Study assets folder name in JATOS (default `twinfield_<id>`). */
  dirName?: string;
  /** Where JATOS sends the participant after jatos.endStudy (e.g. a Prolific completion URL); default none. */
  endRedirectUrl?: string | null;
  /** Study input (jatos.studyJsonInput in the page); default none. */
  studyInput?: unknown;
  /** Batch input (jatos.batchJsonInput); default none. */
  batchInput?: unknown;
  /** Limits of the default batch (JATOS: null = no limit); default none. */
  batch?: { maxTotalWorkers?: number | null; maxActiveMembers?: number | null; maxTotalMembers?: number | null };
  /** Study link kinds allowed in the default batch; default DEFAULT_WORKER_TYPES. */
  workerTypes?: JatosWorkerType[];
}

export interface Jzip {
  /** The archive's bytes (write them as `name`). */
  bytes: Uint8Array;
  /** Suggested file name: `<dirName>.jzip`. */
  name: string;
  jas: Jas;
  /** The .jas entry's name (at the top of the zip). */
  jasName: string;
  dirName: string;
  /** Every zip entry, in order (the .jas first, then `<dirName>/<site path>` sorted). */
  entries: string[];
}

// ---- name-based UUIDs (RFC 4122 §4.3, version 5: SHA-1) ----

function sha1(bytes: Uint8Array): Uint8Array {
  const ml = bytes.length;
  const padded = new Uint8Array((((ml + 8) >> 6) + 1) << 6);
  padded.set(bytes);
  padded[ml] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor((ml * 8) / 2 ** 32));
  view.setUint32(padded.length - 4, (ml * 8) >>> 0);
  let h0 = 0x67452301;
  let h1 = 0xefcdab89;
  let h2 = 0x98badcfe;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0;
  const w = new Uint32Array(80);
  const rotl = (x: number, n: number) => ((x << n) | (x >>> (32 - n))) >>> 0;
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 80; i++) w[i] = rotl(w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!, 1);
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let i = 0; i < 80; i++) {
      let f: number;
      let k: number;
      if (i < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (i < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (i < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      const t = (rotl(a, 5) + (f >>> 0) + e + k + w[i]!) >>> 0;
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = t;
    }
    h0 = (h0 + a) >>> 0;
    h1 = (h1 + b) >>> 0;
    h2 = (h2 + c) >>> 0;
    h3 = (h3 + d) >>> 0;
    h4 = (h4 + e) >>> 0;
  }
  const out = new Uint8Array(20);
  const ov = new DataView(out.buffer);
  [h0, h1, h2, h3, h4].forEach((h, i) => ov.setUint32(i * 4, h));
  return out;
}

/** RFC 4122's URL namespace. */
const URL_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/** The version 5 (SHA-1, name-based) UUID of `name` in `namespace` (RFC 4122 §4.3). */
export function uuidV5(name: string, namespace = URL_NAMESPACE): string {
  const ns = namespace.replace(/-/g, '');
  const nsBytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) nsBytes[i] = Number.parseInt(ns.slice(i * 2, i * 2 + 2), 16);
  const nameBytes = new TextEncoder().encode(name);
  const all = new Uint8Array(16 + nameBytes.length);
  all.set(nsBytes);
  all.set(nameBytes, 16);
  const h = sha1(all).slice(0, 16);
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = [...h].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The UUIDs of a study's JATOS study, its component and its default batch (stable per study id). */
export function jatosUuids(studyId: string): { study: string; component: string; batch: string } {
  const base = `twinfield:jatos:${studyId}`;
  return { study: uuidV5(`${base}:study`), component: uuidV5(`${base}:component:rater`), batch: uuidV5(`${base}:batch:default`) };
}

/** The default study assets folder name of a study id (letters, digits, _ - . only). */
export function jatosDirName(studyId: string): string {
  return `twinfield_${studyId.replace(/[^A-Za-z0-9_.-]/g, '-')}`.slice(0, 100);
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

/** The .jas content of a study (validated against jas-schema.ts; throws JzipError naming the field). */
export function jatosStudy(study: JzipStudy): Jas {
  if (!study.id) throw new JzipError('jzip: the study id is empty');
  const uuids = jatosUuids(study.id);
  const dirName = study.dirName ?? jatosDirName(study.id);
  if (JATOS_ILLEGAL_IN_FILENAME.test(dirName))
    throw new JzipError(`jzip: dirName '${dirName}': JATOS refuses spaces and / \\ : * ? " < > | etc.`);
  const fp = study.fingerprint ? ` Package fingerprint ${study.fingerprint}.` : '';
  const description =
    study.description ??
    `Twinfield human-likeness rater page (study ${study.id}), made by \`npm run -s study -- build --jatos\`.${fp} ` +
      'Results: export a JATOS Results Archive and run `npm run -s study -- import-jatos`.';
  for (const [field, text] of [
    ['title', study.title],
    ['description', description],
    ['endRedirectUrl', study.endRedirectUrl ?? ''],
  ] as const)
    if (hasHtml(text)) throw new JzipError(`jzip: ${field} '${text}': JATOS refuses HTML tags in it`);
  const jas = {
    version: JAS_VERSION,
    data: {
      uuid: uuids.study,
      title: study.title,
      description,
      groupStudy: false,
      linearStudy: false,
      allowPreview: false,
      dirName,
      comments: study.fingerprint ? `fingerprint ${study.fingerprint}` : null,
      jsonData: json(study.studyInput),
      endRedirectUrl: study.endRedirectUrl ?? null,
      studyEntryMsg: null,
      componentList: [
        {
          uuid: uuids.component,
          title: 'Rater page',
          htmlFilePath: JATOS_PAGE,
          // The page resumes where the participant was after a reload (its state is the last record).
          reloadable: true,
          active: true,
          comments: null,
          jsonData: null,
        },
      ],
      batchList: [
        {
          uuid: uuids.batch,
          title: 'Default',
          active: true,
          maxActiveMembers: study.batch?.maxActiveMembers ?? null,
          maxTotalMembers: study.batch?.maxTotalMembers ?? null,
          maxTotalWorkers: study.batch?.maxTotalWorkers ?? null,
          allowedWorkerTypes: study.workerTypes ?? DEFAULT_WORKER_TYPES,
          comments: null,
          jsonData: json(study.batchInput),
        },
      ],
    },
  };
  try {
    return parseJas(jas, `${dirName}.jas`);
  } catch (e) {
    throw new JzipError(`jzip: ${(e as Error).message}`);
  }
}

/** Checks a site path (relative to site/): forward slashes, no empty, `.` or `..` segment, not absolute. */
function checkSitePath(p: string): void {
  if (p === '' || p.startsWith('/') || p.includes('\\') || p.split('/').some((s) => s === '' || s === '.' || s === '..'))
    throw new JzipError(`jzip: site file '${p}': not a relative path inside site/`);
}

/**
 * The .jzip of a built package: `site` is every file of OUT/site/ (path relative to site/ with
 * forward slashes -> bytes; must hold index.html), `study` says which study it is.
 */
export function buildJzip(site: ReadonlyMap<string, Uint8Array> | Readonly<Record<string, Uint8Array>>, study: JzipStudy): Jzip {
  const files = site instanceof Map ? [...site.entries()] : Object.entries(site as Record<string, Uint8Array>);
  if (files.length === 0) throw new JzipError("jzip: no site files (give every file of the package's site/ folder)");
  for (const [p] of files) {
    checkSitePath(p);
    // JATOS answers these paths itself (modules/publix/app/controllers/publix/StudyAssets.scala viaStudyPath).
    if (p === 'jatos.js' || p === 'jatos.min.js' || p.includes('jatos-publix'))
      throw new JzipError(`jzip: site file '${p}': JATOS serves its own file at that path, so this one would never load; rename it`);
  }
  if (!files.some(([p]) => p === JATOS_PAGE))
    throw new JzipError(`jzip: the site has no ${JATOS_PAGE} (the rater page); is this a package's site/ folder?`);
  const jas = jatosStudy(study);
  const dirName = jas.data.dirName;
  const jasName = `${dirName}.jas`;
  const zippable: Zippable = {};
  const entries = [jasName];
  zippable[jasName] = [new TextEncoder().encode(`${JSON.stringify(jas, null, 2)}\n`), { level: 6, mtime: ZIP_TIME }];
  for (const [p, bytes] of files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const name = `${dirName}/${p}`;
    entries.push(name);
    zippable[name] = [bytes, { level: STORED.test(p) ? 0 : 6, mtime: ZIP_TIME }];
  }
  return { bytes: zipSync(zippable), name: `${dirName}.jzip`, jas, jasName, dirName, entries };
}

// The JATOS study archive: the .jas against the schema taken from JATOS's source, the zip's layout
// as JATOS's importer reads it (ImportExportService: one .jas at the top, one folder: the study
// assets), stable UUIDs. No JATOS server exists here: these checks stand in for "Import study".
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { JasSchema, parseJas } from '../../../src/study/jatos/jas-schema';
import { buildJzip, DEFAULT_WORKER_TYPES, jatosStudy, jatosUuids, uuidV5 } from '../../../src/study/jatos/jzip';

const enc = (s: string) => new TextEncoder().encode(s);

function site(): Map<string, Uint8Array> {
  return new Map([
    ['index.html', enc('<!doctype html><title>x</title><script src="./assets/main.js"></script>')],
    ['assets/main.js', enc('console.log(1)')],
    ['assets/font.woff2', new Uint8Array([1, 2, 3, 4, 5])],
    ['manifest.json', enc('{"studyId":"cstudy0001"}')],
    ['clips/caaaaaa.twrp', new Uint8Array(300).map((_, i) => (i * 7) & 0xff)],
    ['clips/cbbbbbb.twrp', new Uint8Array(200).map((_, i) => (i * 13) & 0xff)],
  ]);
}

const STUDY = { id: 'cstudy0001', title: 'Human-likeness of play', fingerprint: '0123456789abcdef' };

/** The reference: RFC 4122 §4.3 with node's SHA-1. */
function refUuidV5(name: string, ns: string): string {
  const h = createHash('sha1')
    .update(Buffer.from(ns.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

describe('uuidV5', () => {
  it('is RFC 4122 version 5 (the RFC namespace example and node:crypto SHA-1 agree)', () => {
    const DNS = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
    expect(uuidV5('www.example.com', DNS)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    const names = ['', 'a', 'twinfield:jatos:cstudy0001:study', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), '日本語'.repeat(40)];
    for (const name of names) expect(uuidV5(name)).toBe(refUuidV5(name, '6ba7b811-9dad-11d1-80b4-00c04fd430c8'));
  });

  it('gives each study its own stable UUIDs', () => {
    const a = jatosUuids('cstudy0001');
    expect(jatosUuids('cstudy0001')).toEqual(a);
    const b = jatosUuids('cstudy0002');
    expect(new Set([a.study, a.component, a.batch, b.study, b.component, b.batch]).size).toBe(6);
  });
});

describe('buildJzip', () => {
  it('writes a .jas valid against the schema, with the page as the one component', () => {
    const z = buildJzip(site(), STUDY);
    const entries = unzipSync(z.bytes);
    const jas = parseJas(JSON.parse(new TextDecoder().decode(entries[z.jasName])), z.jasName);
    expect(JasSchema.safeParse(jas).success).toBe(true);
    expect(jas).toEqual(z.jas);
    expect(jas.version).toBe('3');
    expect(jas.data.uuid).toBe(jatosUuids(STUDY.id).study);
    expect(jas.data.title).toBe(STUDY.title);
    expect(jas.data.dirName).toBe('twinfield_cstudy0001');
    expect(jas.data.comments).toContain(STUDY.fingerprint);
    expect(jas.data.groupStudy).toBe(false);
    expect(jas.data.componentList).toHaveLength(1);
    const c = jas.data.componentList[0]!;
    expect(c).toMatchObject({ htmlFilePath: 'index.html', reloadable: true, active: true, uuid: jatosUuids(STUDY.id).component });
    // The page is where htmlFilePath says, inside the study assets folder.
    expect(new TextDecoder().decode(entries[`${jas.data.dirName}/${c.htmlFilePath}`])).toContain('<!doctype html>');
    // One default batch, no limits, the usual link types.
    expect(jas.data.batchList).toEqual([
      {
        uuid: jatosUuids(STUDY.id).batch,
        title: 'Default',
        active: true,
        maxActiveMembers: null,
        maxTotalMembers: null,
        maxTotalWorkers: null,
        allowedWorkerTypes: DEFAULT_WORKER_TYPES,
        comments: null,
        jsonData: null,
      },
    ]);
  });

  it('holds every site file under dirName, byte for byte, and nothing else but the .jas', () => {
    const files = site();
    const z = buildJzip(files, STUDY);
    const entries = unzipSync(z.bytes);
    const names = Object.keys(entries);
    expect(names).toEqual(z.entries);
    expect(names[0]).toBe('twinfield_cstudy0001.jas');
    expect(z.name).toBe('twinfield_cstudy0001.jzip');
    // What ImportExportService needs: exactly one .jas at the top and exactly one top-level folder.
    expect(names.filter((n) => !n.includes('/') && n.endsWith('.jas'))).toHaveLength(1);
    expect(new Set(names.filter((n) => n.includes('/')).map((n) => n.split('/')[0]))).toEqual(new Set([z.dirName]));
    expect(names).toHaveLength(files.size + 1);
    for (const [p, bytes] of files) expect(entries[`${z.dirName}/${p}`], p).toEqual(bytes);
  });

  it('is deterministic and keeps the UUID across rebuilds with new content', () => {
    const a = buildJzip(site(), STUDY);
    expect(buildJzip(site(), STUDY).bytes).toEqual(a.bytes);
    const changed = site();
    changed.set('clips/caaaaaa.twrp', new Uint8Array([9, 9, 9]));
    const b = buildJzip(changed, { ...STUDY, fingerprint: 'fedcba9876543210' });
    expect(b.bytes).not.toEqual(a.bytes);
    expect(b.jas.data.uuid).toBe(a.jas.data.uuid);
    expect(b.jas.data.dirName).toBe(a.jas.data.dirName);
    expect(buildJzip(site(), { ...STUDY, id: 'cother0001' }).jas.data.uuid).not.toBe(a.jas.data.uuid);
  });

  it('passes options through: redirect URL, inputs, batch limits, worker types', () => {
    const jas = jatosStudy({
      ...STUDY,
      endRedirectUrl: 'https://app.prolific.com/submissions/complete?cc=C123',
      studyInput: { twinfield: 1 },
      batchInput: { groups: ['A', 'B'] },
      batch: { maxTotalWorkers: 40 },
      workerTypes: ['GeneralSingle'],
    });
    expect(jas.data.endRedirectUrl).toBe('https://app.prolific.com/submissions/complete?cc=C123');
    expect(JSON.parse(jas.data.jsonData!)).toEqual({ twinfield: 1 });
    expect(JSON.parse(jas.data.batchList[0]!.jsonData!)).toEqual({ groups: ['A', 'B'] });
    expect(jas.data.batchList[0]).toMatchObject({ maxTotalWorkers: 40, maxTotalMembers: null, allowedWorkerTypes: ['GeneralSingle'] });
  });

  it('refuses what JATOS would refuse, naming it', () => {
    const noPage = site();
    noPage.delete('index.html');
    expect(() => buildJzip(noPage, STUDY)).toThrow(/no index\.html/);
    expect(() => buildJzip(new Map(), STUDY)).toThrow(/no site files/);
    expect(() => buildJzip(new Map([...site(), ['../evil.js', enc('')]]), STUDY)).toThrow(/'\.\.\/evil\.js': not a relative path/);
    expect(() => buildJzip(new Map([...site(), ['jatos.js', enc('')]]), STUDY)).toThrow(/'jatos\.js': JATOS serves its own file/);
    expect(() => buildJzip(site(), { ...STUDY, title: 'A <b>bold</b> study' })).toThrow(/title .*HTML/);
    expect(() => buildJzip(site(), { ...STUDY, title: '' })).toThrow(/data\.title: must not be empty/);
    expect(() => buildJzip(site(), { ...STUDY, dirName: 'my study' })).toThrow(/dirName 'my study'/);
    expect(() => buildJzip(site(), { ...STUDY, dirName: 'assets' })).toThrow(/data\.dirName: not one of/);
    expect(() => buildJzip(site(), { ...STUDY, batch: { maxTotalWorkers: 0 } })).toThrow(/batchList\[0\]\.maxTotalWorkers/);
  });
});

describe('JasSchema', () => {
  const good = () => JSON.parse(JSON.stringify(jatosStudy(STUDY)));
  const cases: [string, (j: ReturnType<typeof good>) => void, RegExp][] = [
    ['version 4', (j) => (j.version = '4'), /^x\.jas: version: /],
    ['a numeric version', (j) => (j.version = 3), /^x\.jas: version: /],
    ['a page path with a space', (j) => (j.data.componentList[0].htmlFilePath = 'my page.html'), /componentList\[0\]\.htmlFilePath/],
    ['a page path without extension', (j) => (j.data.componentList[0].htmlFilePath = 'index'), /componentList\[0\]\.htmlFilePath/],
    ['a reserved dirName', (j) => (j.data.dirName = 'study_assets'), /data\.dirName: not one of/],
    ['a dirName with a slash', (j) => (j.data.dirName = 'a/b'), /data\.dirName: letters/],
    ['HTML in the description', (j) => (j.data.description = '<script>x</script>'), /data\.description: no HTML/],
    ['study input that is not JSON', (j) => (j.data.jsonData = '{a:'), /data\.jsonData: must be valid JSON/],
    ['an unknown worker type', (j) => (j.data.batchList[0].allowedWorkerTypes = ['Robot']), /allowedWorkerTypes\[0\]/],
    [
      'total members below active members',
      (j) => {
        j.data.batchList[0].maxActiveMembers = 5;
        j.data.batchList[0].maxTotalMembers = 2;
      },
      /batchList\[0\]\.maxTotalMembers: must be at least maxActiveMembers/,
    ],
    ['no component', (j) => (j.data.componentList = []), /data\.componentList/],
    ['no batch', (j) => (j.data.batchList = []), /data\.batchList/],
    ['a bad UUID', (j) => (j.data.uuid = 'not-a-uuid'), /data\.uuid: a UUID/],
    ['an unknown field', (j) => (j.data.colour = 'red'), /data: /],
    ['a 256-character title', (j) => (j.data.title = 'x'.repeat(256)), /data\.title: at most 255/],
  ];
  it.each(cases)('refuses %s', (_, change, message) => {
    const j = good();
    expect(() => parseJas(j, 'x.jas')).not.toThrow();
    change(j);
    expect(() => parseJas(j, 'x.jas')).toThrow(message);
  });
});

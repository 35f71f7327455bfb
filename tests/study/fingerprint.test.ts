// The package fingerprint (study, clips, key, page) and the key file that carries it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { studyBuildInput } from '../../src/cli/study-build';
import { recordStandIn } from '../../src/cli/study-stand-in';
import { encodeReplay } from '../../src/replay';
import { buildPackage, canonicalJson, packageFingerprint } from '../../src/study/build';
import { drillConfig } from '../../src/study/drill-config';
import { keyFileText, parseKey, parseKeyFile } from '../../src/study/key';
import { checkStudy } from '../../src/study/schema';
import { paperStudyInput } from '../../src/study/template';

const dir = mkdtempSync(join(tmpdir(), 'twf-study-fp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('packageFingerprint', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  const base = {
    studyJson: canonicalJson({ id: 's', b: 1, a: [1, 2] }),
    clips: new Map([['clips/c1.twrp', enc('clip one')]]),
    key: { cabcdef: { playerId: 'p', set: 1, variant: 'a', replayFile: 'p.twrp' } },
    page: new Map([['index.html', enc('<html>')]]),
  };

  it('is 16 hex digits, the same for the same content whatever the key order, and changes with every part', () => {
    const fp = packageFingerprint(base);
    expect(fp).toMatch(/^[0-9a-f]{16}$/);
    expect(canonicalJson({ a: [1, 2], b: 1, id: 's' })).toBe(base.studyJson);
    expect(packageFingerprint({ ...base, studyJson: canonicalJson({ a: [1, 2], id: 's', b: 1 }) })).toBe(fp);
    const changed = [
      { ...base, studyJson: canonicalJson({ id: 's', b: 2, a: [1, 2] }) },
      { ...base, clips: new Map([['clips/c1.twrp', enc('clip 0ne')]]) },
      { ...base, clips: new Map([['clips/c2.twrp', enc('clip one')]]) },
      { ...base, key: { cabcdef: { ...base.key.cabcdef, playerId: 'q' } } },
      { ...base, page: new Map([['index.html', enc('<html> ')]]) },
      { ...base, page: new Map() },
    ];
    for (const c of changed) expect(packageFingerprint(c)).not.toBe(fp);
  });
});

describe('key.json', () => {
  const clips = { cabcdef: { playerId: 'p', set: 1, variant: 'a', replayFile: 'p.twrp', standIn: true } };

  it('carries the fingerprint and reads back; an older key (clip ids to entries) reads with fingerprint null', () => {
    expect(parseKeyFile(keyFileText('0123456789abcdef', clips), 'key.json')).toEqual({ fingerprint: '0123456789abcdef', clips });
    expect(parseKeyFile(JSON.stringify(clips), 'old.json')).toEqual({ fingerprint: null, clips });
    expect(parseKey(keyFileText('0123456789abcdef', clips), 'key.json')).toEqual(clips);
  });

  it('a key of another version, a bad fingerprint or no clips is refused naming the file and field', () => {
    const v = JSON.parse(keyFileText('0123456789abcdef', clips));
    expect(() => parseKeyFile(JSON.stringify({ ...v, version: 3 }), 'k.json')).toThrow(
      'k.json: version: this build reads key version 2 (and the older unversioned key), got 3',
    );
    expect(() => parseKeyFile(JSON.stringify({ ...v, fingerprint: 'xyz' }), 'k.json')).toThrow(
      'k.json: fingerprint: must be 16 hex digits',
    );
    expect(() => parseKeyFile(JSON.stringify({ ...v, clips: {} }), 'k.json')).toThrow('k.json: the key lists no clips');
    expect(() => parseKeyFile('{"c1": 3}', 'k.json')).toThrow(/^k\.json: c1: .*not a key of this build/);
  });
});

describe('studyBuildInput and buildPackage (manifest v2)', () => {
  const study = checkStudy(
    {
      ...paperStudyInput(),
      players: [
        { id: 'ann', label: 'Ann', source: 'human', replays: ['ann-a.twrp', 'ann-b.twrp'] },
        { id: 'bob', label: 'Bob', source: 'human', replays: ['bob-a.twrp', 'bob-b.twrp'] },
      ],
      sets: [
        { a: 'ann', b: 'bob', variants: ['a', 'b'] },
        { a: 'bob', b: 'ann', variants: ['a', 'b'] },
      ],
      groups: [
        { id: 'A', orders: ['AB', 'AB'] },
        { id: 'B', orders: ['BA', 'BA'] },
      ],
      clip: { seconds: 2, start: 1 },
      contact: 'lab@example.org',
      setOrder: 'latin',
      prolific: { completionCode: 'C0DE42' },
      attention: [{ afterSet: 1, prompt: { en: 'Pick B', ja: 'Bを' }, options: { en: ['A', 'B'], ja: ['A', 'B'] }, answer: 1 }],
      recording: { practice: false },
    },
    'fp.json',
  );
  const studyPath = join(dir, 'fp.json');
  writeFileSync(studyPath, JSON.stringify(study));
  for (const [who, spec] of [
    ['ann', 'idle'],
    ['bob', 'random:2'],
  ] as const)
    for (const v of ['a', 'b'])
      writeFileSync(join(dir, `${who}-${v}.twrp`), encodeReplay(recordStandIn(study, who, v, spec, '2026-01-01T00:00:00Z')));
  const input = studyBuildInput(study, studyPath, join(dir, 'clips'), { standIns: true });
  const pkg = buildPackage(input);

  it("fills every manifest v2 field from the study, recording.configs the study's config of every variant a human plays", () => {
    const m = pkg.manifest;
    expect(m.version).toBe(2);
    expect(m.consent).toEqual(study.consent);
    expect(m.debrief).toEqual(study.debrief);
    expect(m.contact).toBe('lab@example.org');
    expect(m.setOrder).toBe('latin');
    expect(m.attention).toEqual(study.attention);
    expect(m.prolific).toEqual({ completionCode: 'C0DE42' });
    expect(m.recording.practice).toBe(false);
    // Only the variants of sets with a human player are recorded (both players here play a and b).
    expect(study.drill.variants).toEqual(['a', 'b', 'c', 'd']);
    expect(Object.keys(m.recording.configs)).toEqual(['a', 'b']);
    for (const v of ['a', 'b']) expect(m.recording.configs[v]).toEqual(drillConfig(study, v));
    expect(m.fingerprint).toBe(pkg.fingerprint);
    expect(Object.values(pkg.key).every((e) => e.standIn === true)).toBe(true);
  });

  it('the fingerprint changes with the study, a clip and the page, and not otherwise', () => {
    expect(buildPackage(studyBuildInput(study, studyPath, join(dir, 'clips'), { standIns: true })).fingerprint).toBe(pkg.fingerprint);
    const other = checkStudy({ ...study, contact: 'other@example.org' }, 'fp.json');
    expect(buildPackage(studyBuildInput(other, studyPath, join(dir, 'clips'), { standIns: true })).fingerprint).not.toBe(pkg.fingerprint);
    const page = new Map([['index.html', new TextEncoder().encode('<html>')]]);
    expect(buildPackage({ ...input, pageFiles: page }).fingerprint).not.toBe(pkg.fingerprint);
    const clip = { ...input.sets[0]!.a, replay: recordStandIn(study, 'ann', 'a', 'random:7', '2026-01-01T00:00:00Z') };
    expect(buildPackage({ ...input, sets: [{ ...input.sets[0]!, a: clip }, input.sets[1]!] }).fingerprint).not.toBe(pkg.fingerprint);
  });
});

// The study server's HTTP contract (src/study/protocol.ts) through fastify's inject: join and
// resume, group balance and Latin-square rows, record validation, replays, researcher routes,
// limits and what is never served.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { createStudyServer, type StudyServer } from '../../src/server/app';
import { openDb } from '../../src/server/db';
import { listRecordings } from '../../src/server/replays';
import { analyze } from '../../src/study/analyze';
import { parseAnswersCsv, parseAnswersJson, type Participant } from '../../src/study/answers';
import { stepsFor, type ParticipantRecord } from '../../src/study/flow';
import { JoinResponseSchema, ServerInfoSchema, UploadResponseSchema } from '../../src/study/protocol';
import { drillReplay, LABELS, makePackage, recordsThroughStudy, type TestPackage } from './fixture';

const RT = 'researcher-token-1';
const REC = 'record-token-12345';
let open: { s: StudyServer; p: TestPackage }[] = [];

async function start(opts: Parameters<typeof makePackage>[0] = {}, rateLimit = 0) {
  const p = makePackage(opts);
  const s = await createStudyServer({ out: p.dir, researcherToken: RT, recordToken: REC, rateLimit });
  open.push({ s, p });
  return { s, p };
}

afterEach(async () => {
  for (const { s, p } of open) {
    await s.close();
    rmSync(p.dir, { recursive: true, force: true });
  }
  open = [];
});

const join_ = (s: StudyServer, body: Record<string, unknown>) =>
  s.app.inject({ method: 'POST', url: '/api/participants', payload: { pid: null, lang: 'en', group: null, prolific: null, ...body } });
const put = (s: StudyServer, pid: string, record: unknown) =>
  s.app.inject({ method: 'PUT', url: `/api/participants/${pid}`, payload: { record } });
const upload = (s: StudyServer, query: string, bytes: Uint8Array, token: string | null = REC) =>
  s.app.inject({
    method: 'POST',
    url: `/api/replays?${query}`,
    headers: { 'content-type': 'application/octet-stream', ...(token ? { 'x-record-token': token } : {}) },
    payload: Buffer.from(bytes),
  });

async function joined(s: StudyServer, pid: string, extra: Record<string, unknown> = {}): Promise<ParticipantRecord> {
  const r = await join_(s, { pid, ...extra });
  expect(r.statusCode, r.body).toBe(201);
  return JoinResponseSchema.parse(r.json()).record as unknown as ParticipantRecord;
}

describe('study server: participants', () => {
  it('answers api/info with the package', async () => {
    const { s, p } = await start();
    const info = ServerInfoSchema.parse((await s.app.inject({ url: '/api/info' })).json());
    expect(info).toEqual({ server: 'twinfield-study', studyId: p.manifest.studyId, fingerprint: p.manifest.fingerprint });
  });

  it('joins a new participant, makes a pid when none is given, and resumes a known one', async () => {
    const { s, p } = await start();
    const rec = await joined(s, 'alice', { lang: 'ja', prolific: { pid: 'P1', studyId: 'S1', sessionId: 'X1' } });
    expect(rec.answer).toMatchObject({ pid: 'alice', lang: 'ja', studyId: p.manifest.studyId, fingerprint: p.manifest.fingerprint });
    expect(rec.answer.prolific).toEqual({ pid: 'P1', studyId: 'S1', sessionId: 'X1' });
    expect(rec.groupHow).toBe('server');
    const again = await join_(s, { pid: 'alice' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ record: rec, resumed: true });
    const anon = await join_(s, {});
    expect(anon.statusCode).toBe(201);
    expect(anon.json().record.answer.pid).toMatch(/^p[0-9a-f]{16}$/);
    expect((await s.app.inject({ url: '/api/participants/alice' })).json()).toEqual({ record: rec });
    expect((await s.app.inject({ url: '/api/participants/nobody' })).statusCode).toBe(404);
  });

  it('balances groups over everyone, takes the URL group, and gives Latin-square rows in join order', async () => {
    const { s } = await start({ setOrder: 'latin', groups: ['A', 'B', 'C'] });
    const url = await joined(s, 'u0', { group: 'c' });
    expect([url.answer.group, url.groupHow]).toEqual(['C', 'url']);
    const recs = await Promise.all(Array.from({ length: 29 }, (_, i) => joined(s, `p${i}`)));
    const byGroup: Record<string, number[]> = {};
    for (const r of [url, ...recs]) (byGroup[r.answer.group] ??= []).push(r.answer.orderRow);
    expect(Object.keys(byGroup).sort()).toEqual(['A', 'B', 'C']);
    for (const rows of Object.values(byGroup)) {
      expect(rows).toHaveLength(10);
      // 4 sets: rows 0,1,2,3,0,1,… in the order participants joined the group.
      expect(rows).toEqual(rows.map((_, i) => i % 4));
    }
    const bad = await join_(s, { pid: 'x', group: 'Z' });
    expect(bad.json().record.answer.group).toMatch(/^[ABC]$/);
  });

  it('refuses a bad join request in plain words', async () => {
    const { s } = await start();
    const r = await join_(s, { pid: 'bad pid!' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatch(/^join request: pid: /);
    const notJson = await s.app.inject({
      method: 'POST',
      url: '/api/participants',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toMatch(/not valid JSON/);
  });

  it('stores each step, never goes back, and logs a resend once', async () => {
    const { s, p } = await start();
    const rec = await joined(s, 'bob');
    const recs = recordsThroughStudy(p.manifest, rec, 1);
    for (const r of recs.slice(0, 10)) expect((await put(s, 'bob', r)).json()).toEqual({ progress: r.progress });
    // A late resend of step 4 does not take the record back; a resend of step 10 is not a duplicate.
    expect((await put(s, 'bob', recs[3])).json()).toEqual({ progress: 10 });
    expect((await put(s, 'bob', recs[9])).json()).toEqual({ progress: 10 });
    expect((await s.app.inject({ url: '/api/participants/bob' })).json().record).toEqual(recs[9]);
    const log = s.ctx.db.prepare('SELECT progress FROM steps WHERE pid = ? ORDER BY progress').all('bob') as { progress: number }[];
    expect(log.map((x) => x.progress)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('refuses records that do not fit, naming the field', async () => {
    const { s, p } = await start();
    const rec = await joined(s, 'carol');
    const steps = stepsFor(p.manifest, rec.answer.group, rec.answer.orderRow);
    const cases: [unknown, number, RegExp][] = [
      [{ ...rec, answer: { ...rec.answer, pid: 'dave' } }, 409, /record\.answer\.pid: is 'dave', but this is participant 'carol'/],
      [{ ...rec, answer: { ...rec.answer, fingerprint: 'ffffffffffffffff' } }, 409, /record\.answer\.fingerprint/],
      [{ ...rec, answer: { ...rec.answer, studyId: 'other' } }, 409, /record\.answer\.studyId/],
      [{ ...rec, answer: { ...rec.answer, group: rec.answer.group === 'A' ? 'B' : 'A' } }, 409, /record\.answer\.group/],
      [{ ...rec, progress: steps.length + 1 }, 409, /record\.progress: is \d+, but group . has only \d+ steps/],
      [{ ...rec, progress: -1 }, 400, /record\.progress: /],
      [{ ...rec, answer: { ...rec.answer, demographics: { experience: 'lots' } } }, 400, /record\.answer\.demographics\.experience/],
      [
        {
          ...rec,
          answer: { ...rec.answer, trials: [{ ...recordsThroughStudy(p.manifest, rec, 1).at(-1)!.answer.trials[0]!, first: 'cxxxxxx' }] },
        },
        409,
        /record\.answer\.trials\[0\]: set 1 of group/,
      ],
    ];
    for (const [body, status, msg] of cases) {
      const r = await put(s, 'carol', body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(r.json().error).toMatch(msg);
    }
    const noWrap = await s.app.inject({ method: 'PUT', url: '/api/participants/carol', payload: rec });
    expect(noWrap.json().error).toMatch(/the body must be \{ "record"/);
    expect((await put(s, 'erin', rec)).statusCode).toBe(404);
    // Nothing refused was stored.
    expect((await s.app.inject({ url: '/api/participants/carol' })).json().record).toEqual(rec);
  });
});

describe('study server: replays', () => {
  it('stores a practice replay of a known participant that re-simulates', async () => {
    const { s } = await start();
    await joined(s, 'frank');
    const bytes = drillReplay('a', 300);
    const r = await upload(s, 'pid=frank&kind=practice', bytes, null);
    expect(r.statusCode, r.body).toBe(201);
    const up = UploadResponseSchema.parse(r.json());
    expect(up.frames).toBe(300);
    // The same bytes again (a retried send) are one replay.
    expect((await upload(s, 'pid=frank&kind=practice', bytes, null)).json()).toEqual(up);
    expect(s.ctx.db.prepare('SELECT COUNT(*) AS n FROM replays').get()).toEqual({ n: 1 });
    // A later practice round plays the next seed: taken too; a recording must still have the study's seed.
    expect((await upload(s, 'pid=frank&kind=practice&round=2', drillReplay('a', 120, { seed: 5 }), null)).statusCode).toBe(201);
    expect((await upload(s, 'kind=recording&player=expert&variant=a', drillReplay('a', 120, { seed: 5 }))).statusCode).toBe(422);
    const unknown = await upload(s, 'pid=ghost&kind=practice', bytes, null);
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, expect.stringMatching(/participant 'ghost' has not joined/)]);
  });

  it('takes a recording only with the token, a player and the variant whose config it has', async () => {
    const { s, p } = await start();
    const b = drillReplay('b', 240);
    expect((await upload(s, 'kind=recording&player=expert&variant=b', b, null)).statusCode).toBe(403);
    expect((await upload(s, 'kind=recording&player=expert&variant=b', b, 'wrong-token-xyz')).statusCode).toBe(403);
    const miss = await upload(s, 'kind=recording&variant=b', b);
    expect([miss.statusCode, miss.json().error]).toEqual([400, expect.stringMatching(/\?player= is required/)]);
    const badVariant = await upload(s, 'kind=recording&player=expert&variant=z', b);
    expect(badVariant.json().error).toMatch(/\?variant= must be one of this study's drill variants \(a, b\)/);
    const wrong = await upload(s, 'kind=recording&player=expert&variant=a', b);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatch(/config\.drillVariant is "b", the study's variant 'a' config has "a"/);
    const seed = await upload(s, 'kind=recording&player=expert&variant=b', drillReplay('b', 240, { seed: 9 }));
    expect(seed.json().error).toMatch(/config\.seed is 9/);
    const cpu = await upload(s, 'kind=recording&player=expert&variant=b', drillReplay('b', 240, { human: false }));
    expect(cpu.json().error).toMatch(/played by a CPU/);
    const ok = await upload(s, 'kind=recording&player=expert&variant=b', b);
    expect(ok.statusCode, ok.body).toBe(201);
    const ok2 = await upload(s, 'kind=recording&player=beginner&variant=a', drillReplay('a', 180));
    expect(ok2.statusCode).toBe(201);
    const recs = listRecordings(p.dir + '/study.sqlite');
    expect([...recs.keys()].sort()).toEqual(['beginner', 'expert']);
    expect(recs.get('expert')!.map((r) => [r.variant, r.frames, r.bytes.length])).toEqual([['b', 240, b.length]]);
  });

  it('refuses a broken or tampered replay with the reason', async () => {
    const { s } = await start();
    await joined(s, 'gina');
    const junk = await upload(s, 'pid=gina&kind=practice', new TextEncoder().encode('hello'), null);
    expect([junk.statusCode, junk.json().error]).toEqual([422, expect.stringMatching(/^the replay: /)]);
    // Flip one input byte near the end of the body (before the checksums): the CRC catches it.
    const bytes = drillReplay('a', 300).slice();
    bytes[bytes.length - 40] ^= 0x01;
    const bad = await upload(s, 'pid=gina&kind=practice', bytes, null);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toMatch(/the replay/);
    const empty = await s.app.inject({
      method: 'POST',
      url: '/api/replays?pid=gina&kind=practice',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(empty.statusCode).toBe(400);
    const big = await upload(s, 'pid=gina&kind=practice', new Uint8Array(3 * 1024 * 1024), null);
    expect([big.statusCode, big.json().error]).toEqual([413, expect.stringMatching(/larger than this server takes/)]);
    expect(s.ctx.db.prepare('SELECT COUNT(*) AS n FROM replays').get()).toEqual({ n: 0 });
  });
});

describe('study server: researcher', () => {
  it('needs the token', async () => {
    const { s } = await start();
    for (const url of ['/researcher/', '/api/researcher/summary', '/api/researcher/answers.csv', '/api/researcher/replays.zip']) {
      const r = await s.app.inject({ url });
      expect(r.statusCode, url).toBe(403);
      expect(r.json().error).toMatch(/token/);
      expect((await s.app.inject({ url: `${url}?token=nope` })).statusCode).toBe(403);
    }
    const page = await s.app.inject({ url: `/researcher/?token=${RT}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Table 3');
    const bearer = await s.app.inject({ url: '/api/researcher/summary', headers: { authorization: `Bearer ${RT}` } });
    expect(bearer.statusCode).toBe(200);
  });

  it("shows progress per group and the analysis's tables from the data so far; exports mark unfinished participants", async () => {
    const { s, p } = await start();
    const finished: ParticipantRecord[] = [];
    for (let i = 0; i < 6; i++) {
      const rec = await joined(s, `r${i}`);
      const recs = recordsThroughStudy(p.manifest, rec, i);
      // r4 stops after 14 steps (2 sets rated), r5 right after joining.
      const upTo = i === 4 ? 14 : i === 5 ? 0 : recs.length;
      for (const r of recs.slice(0, upTo)) expect((await put(s, `r${i}`, r)).statusCode).toBe(200);
      finished.push(upTo ? recs[upTo - 1]! : rec);
    }
    const sum = (await s.app.inject({ url: `/api/researcher/summary?token=${RT}` })).json();
    expect([sum.participants, sum.finished]).toEqual([6, 4]);
    const started = sum.groups.reduce((n: number, g: { started: number }) => n + g.started, 0);
    expect(started).toBe(6);
    const at = (g: { byStep: { step: string; n: number }[] }, step: string) => g.byStep.find((x) => x.step === step)?.n ?? 0;
    expect(sum.groups.reduce((n: number, g: never) => n + at(g, 'done'), 0)).toBe(4);
    expect(sum.groups.reduce((n: number, g: never) => n + at(g, 'welcome'), 0)).toBe(1);
    // The same numbers as analyze() on the stored answers (every answered set counts).
    const want = analyze({ participants: finished.filter((r) => r.answer.trials.length).map((r) => r.answer as Participant), key: p.key });
    expect(sum.analysis.players).toEqual(JSON.parse(JSON.stringify(want.players)));
    // The tables name players by the study's labels (from the key), not their ids.
    expect(new Set(sum.analysis.players.map((x: { label: string }) => x.label))).toEqual(new Set(LABELS));
    expect(sum.analysis.relative).toEqual(JSON.parse(JSON.stringify(want.relative)));
    expect(sum.analysis.trials).toBe(4 * 4 + 2);

    const json = (await s.app.inject({ url: `/api/researcher/answers.json?token=${RT}` })).json();
    expect(json).toHaveLength(6);
    expect(json.map((x: { pid: string; finished: boolean }) => [x.pid, x.finished])).toEqual([
      ['r0', true],
      ['r1', true],
      ['r2', true],
      ['r3', true],
      ['r4', false],
      ['r5', false],
    ]);
    // `study analyze` reads the JSON export as it is.
    const jsonText = (await s.app.inject({ url: `/api/researcher/answers.json?token=${RT}` })).body;
    expect(parseAnswersJson(jsonText, 'answers.json').map((x) => x.trials.length)).toEqual([4, 4, 4, 4, 2, 0]);
    const csv = await s.app.inject({ url: `/api/researcher/answers.csv?token=${RT}` });
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename=".*-answers\.csv"/);
    const back = parseAnswersCsv(csv.body, 'answers.csv');
    expect(back.map((x) => [x.pid, x.trials.length, x.finishedAt === null])).toEqual([
      ['r0', 4, false],
      ['r1', 4, false],
      ['r2', 4, false],
      ['r3', 4, false],
      ['r4', 2, true],
    ]);
    // The formula-looking reason came back as given.
    expect(back[0]!.trials[0]!.reasonRelative).toBe('=sum(1)');
  });

  it('zips every replay with an index', async () => {
    const { s } = await start();
    await joined(s, 'hal');
    const a = drillReplay('a', 200);
    const b = drillReplay('b', 220);
    expect((await upload(s, 'pid=hal&kind=practice', a, null)).statusCode).toBe(201);
    expect((await upload(s, 'kind=recording&player=expert&variant=b', b)).statusCode).toBe(201);
    const r = await s.app.inject({ url: `/api/researcher/replays.zip?token=${RT}` });
    expect(r.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(r.rawPayload));
    const index = JSON.parse(strFromU8(files['index.json']!));
    expect(index.replays.map((x: { kind: string; file: string; frames: number }) => [x.kind, x.frames])).toEqual(
      expect.arrayContaining([
        ['practice', 200],
        ['recording', 220],
      ]),
    );
    for (const x of index.replays as { file: string; bytes: number }[]) expect(files[x.file]!.length).toBe(x.bytes);
    expect(Buffer.from(files[index.replays.find((x: { kind: string }) => x.kind === 'recording').file]!)).toEqual(Buffer.from(b));
  });
});

describe('study server: site and limits', () => {
  it('serves site/ and never the key or the database', async () => {
    const { s } = await start();
    const home = await s.app.inject({ url: '/' });
    expect([home.statusCode, home.body]).toEqual([200, expect.stringContaining('rater page')]);
    expect((await s.app.inject({ url: '/manifest.json' })).statusCode).toBe(200);
    for (const url of ['/key.json', '/../key.json', '/%2e%2e/key.json', '/study.sqlite', '/..%2fkey.json', '/site/index.html']) {
      const r = await s.app.inject({ url });
      expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(r.body).not.toContain('playerId');
    }
  });

  it('limits the size of JSON bodies and the rate per address', async () => {
    const { s } = await start({}, 5);
    const big = await s.app.inject({
      method: 'POST',
      url: '/api/participants',
      payload: { pid: 'x', lang: 'en', group: null, prolific: null, pad: 'x'.repeat(1_100_000) },
    });
    expect([big.statusCode, big.json().error]).toEqual([413, expect.stringMatching(/larger than this server takes/)]);
    // Files of the site are not counted (a page load fetches many).
    for (let i = 0; i < 8; i++) expect((await s.app.inject({ url: '/manifest.json' })).statusCode).toBe(200);
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await s.app.inject({ url: '/api/info' })).statusCode;
    const r = await s.app.inject({ url: '/api/info' });
    expect([last, r.statusCode]).toEqual([429, 429]);
    expect(r.json().error).toMatch(/too many requests from this address \(5 a minute\)/);
  });

  it('keeps the schema version and reopens an existing database', async () => {
    const { s, p } = await start();
    await joined(s, 'ivy');
    await s.close();
    open = open.filter((x) => x.s !== s);
    const s2 = await createStudyServer({ out: p.dir, researcherToken: RT });
    open.push({ s: s2, p });
    expect(s2.ctx.db.pragma('user_version', { simple: true })).toBe(1);
    expect(s2.ctx.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(s2.ctx.db.pragma('synchronous', { simple: true })).toBe(2);
    expect((await join_(s2, { pid: 'ivy' })).json().resumed).toBe(true);
  });

  it('refuses a database from a newer server', async () => {
    const p = makePackage();
    const db = openDb(join(p.dir, 'study.sqlite'));
    db.pragma('user_version = 99');
    db.close();
    await expect(createStudyServer({ out: p.dir })).rejects.toThrow(/schema version 99, newer than this server knows \(1\)/);
    rmSync(p.dir, { recursive: true, force: true });
  });
});

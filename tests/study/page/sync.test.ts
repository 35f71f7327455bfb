// Finding the study server beside the page (GET api/info) and what the page refuses to run against.
import { describe, expect, it } from 'vitest';
import { buildPackage } from '../../../src/study/build';
import { SERVER_NAME } from '../../../src/study/protocol';
import { newRecord } from '../../../src/study/flow';
import { recordLine } from '../../../src/study/jatos/lines';
import { detectServer, FingerprintError, plainRecord } from '../../../src/study/page/sync';
import { paperInput } from './fixtures';

const m = buildPackage(paperInput(60)).manifest;
const BASE = 'http://127.0.0.1:9/study/';

function fakeFetch(reply: () => Response | Promise<Response>): typeof fetch & { urls: string[] } {
  const urls: string[] = [];
  const f = (async (u: string | URL | Request) => {
    urls.push(String(u));
    return reply();
  }) as typeof fetch & { urls: string[] };
  f.urls = urls;
  return f;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('detectServer', () => {
  it('finds the server of this package at api/info beside the page', async () => {
    const f = fakeFetch(() => json({ server: SERVER_NAME, studyId: m.studyId, fingerprint: m.fingerprint }));
    expect(await detectServer(m, BASE, f)).toEqual({ server: SERVER_NAME, studyId: m.studyId, fingerprint: m.fingerprint });
    expect(f.urls).toEqual([`${BASE}api/info`]);
  });

  it('is null on a static host: 404, an HTML fallback page, someone else’s JSON, no connection', async () => {
    expect(
      await detectServer(
        m,
        BASE,
        fakeFetch(() => new Response('nope', { status: 404 })),
      ),
    ).toBeNull();
    expect(
      await detectServer(
        m,
        BASE,
        fakeFetch(() => new Response('<!doctype html><p>index</p>')),
      ),
    ).toBeNull();
    expect(
      await detectServer(
        m,
        BASE,
        fakeFetch(() => json({ ok: true })),
      ),
    ).toBeNull();
    const down = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await detectServer(m, BASE, down)).toBeNull();
    expect(down.urls).toHaveLength(2); // tried once more
  });

  it('refuses a server that runs another package, in plain words', async () => {
    const other = fakeFetch(() => json({ server: SERVER_NAME, studyId: m.studyId, fingerprint: '0123456789abcdef' }));
    const e = await detectServer(m, BASE, other).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(FingerprintError);
    expect((e as Error).message).toMatch(/the study server runs 0123456789abcdef.*tell the researcher/);
  });
});

describe('records leaving the page', () => {
  it('drop the local store’s own fields, and a JATOS line is exactly one JSON object and a newline', () => {
    const rec = newRecord(m, 'p1', 'A', 'url', 'en', '2026-11-27T10:00:00.000Z');
    const stored = { ...rec, key: `${m.studyId}/p1`, studyId: m.studyId, updatedAt: 'now' };
    expect(plainRecord(stored)).toEqual(rec);
    const line = recordLine(rec);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({ twinfield: 1, kind: 'record', record: rec });
    expect(line.startsWith('{"twinfield":1,"kind":"record","record":{')).toBe(true);
  });
});

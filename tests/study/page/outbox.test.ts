// The outbox (fake-indexeddb): the latest unsent record per participant, replays kept apart, retries
// with backoff, a refusal dropped with its reason, what an earlier visit left resent on reopen, and
// the database upgrade from version 1 keeping every participant.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { buildPackage } from '../../../src/study/build';
import { newRecord, type ParticipantRecord } from '../../../src/study/flow';
import { backoffMs, mergeItem, Outbox, type OutboxItem, permanentStatus, SendError, type Transport } from '../../../src/study/page/outbox';
import { AnswerStore, STUDY_DB } from '../../../src/study/page/store';
import { paperInput } from './fixtures';

const m0 = buildPackage(paperInput(60)).manifest;

let n = 0;
/** A study id of its own per test (one fake database for the whole file). */
function study(): typeof m0 {
  return { ...m0, studyId: `outbox-${++n}` };
}

function rec(m: typeof m0, pid: string, progress: number): ParticipantRecord {
  return { ...newRecord(m, pid, 'A', 'url', 'en', '2026-11-27T10:00:00.000Z'), progress };
}

/** A transport that fails while `down` is set, records what it got, and refuses what `refuse` says. */
function fakeTransport() {
  const got: OutboxItem[] = [];
  const t = {
    down: false,
    refuse: null as string | null,
    got,
    async send(item: OutboxItem) {
      if (t.refuse) throw new SendError(t.refuse, true);
      if (t.down) throw new SendError('no connection');
      got.push(structuredClone(item));
    },
  };
  return t satisfies Transport;
}

/** Timers the test fires by hand. */
function manualTimers() {
  const timers: { cb: () => void; ms: number }[] = [];
  return {
    timers,
    setTimer: (cb: () => void, ms: number) => {
      const t = { cb, ms };
      timers.push(t);
      return t;
    },
    clearTimer: (t: unknown) => {
      const i = timers.indexOf(t as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
    fire() {
      const all = timers.splice(0);
      for (const t of all) t.cb();
    },
  };
}

const idle = async (box: Outbox) => {
  // let the pass (IndexedDB round trips) finish
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 2));
    if (!box.status().sending) await new Promise((r) => setTimeout(r, 2));
  }
};

describe('outbox rules', () => {
  it('backs off 1 s, 2 s, 4 s … to at most a minute, and tells refusals from passing trouble', () => {
    expect([1, 2, 3, 4, 7, 20].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000]);
    expect([400, 403, 404, 409, 413, 422].every(permanentStatus)).toBe(true);
    expect([408, 429, 500, 502, 503].some(permanentStatus)).toBe(false);
  });

  it('a newer record replaces an older one, never the other way round, and keeps the first unsent step', () => {
    const m = study();
    const item = (progress: number, seq: number): OutboxItem => ({
      key: 'k',
      studyId: m.studyId,
      pid: 'p',
      kind: 'record',
      target: 'server',
      seq,
      record: rec(m, 'p', progress),
      unsentFrom: progress,
      attempts: 0,
      nextAt: 0,
      lastError: null,
      createdAt: '',
    });
    const a = { ...item(3, 1), attempts: 2 };
    const b = mergeItem(a, item(5, 2))!;
    expect(b.record!.progress).toBe(5);
    expect(b.unsentFrom).toBe(3);
    expect(b.attempts).toBe(2);
    expect(mergeItem(b, item(4, 3))).toBeNull();
    expect(mergeItem(undefined, item(1, 4))!.unsentFrom).toBe(1);
  });
});

describe('Outbox', () => {
  it('sends each saved record at once and forgets it once acknowledged', async () => {
    const m = study();
    const store = await AnswerStore.open();
    const t = fakeTransport();
    const acks: OutboxItem[] = [];
    const box = new Outbox(store, m.studyId, t, { onAck: (i) => acks.push(i) });
    await box.start();
    await box.putRecord(rec(m, 'p1', 1), 'server');
    expect(await box.settle('p1', 5000)).toBe(true);
    expect(t.got.map((i) => i.record!.progress)).toEqual([1]);
    expect(acks).toHaveLength(1);
    expect(await store.outboxList(m.studyId)).toEqual([]);
    expect(box.status()).toMatchObject({ answers: 0, replays: 0 });
    box.stop();
    store.close();
  });

  it('while the other side is down: keeps only the latest record, counts the unsent steps, retries with backoff', async () => {
    const m = study();
    const store = await AnswerStore.open();
    const t = fakeTransport();
    t.down = true;
    const clock = { now: 1_000_000 };
    const timers = manualTimers();
    const box = new Outbox(store, m.studyId, t, { now: () => clock.now, ...timers });
    await box.start();
    for (let p = 1; p <= 3; p++) await box.putRecord(rec(m, 'p1', p), 'server');
    await box.putReplay(m.studyId, 'p1', 'practice-p1.twrp', new Uint8Array([1, 2, 3]), 'server', 'pid=p1&kind=practice');
    await idle(box);
    const stored = await store.outboxList(m.studyId);
    expect(stored.filter((i) => i.kind === 'record').map((i) => i.record!.progress)).toEqual([3]);
    expect(stored.filter((i) => i.kind === 'replay')).toHaveLength(1);
    const s = box.status();
    expect(s).toMatchObject({ answers: 3, replays: 1, lastError: 'no connection' });
    // A retry is scheduled (not sent before its time).
    expect(timers.timers.length).toBe(1);
    expect(timers.timers[0]!.ms).toBeGreaterThanOrEqual(1000);
    t.down = false;
    clock.now += 120_000;
    timers.fire();
    expect(await box.settle('p1', 5000)).toBe(true);
    // The record went before the replay; the stale progress 1 and 2 were never sent on their own.
    expect(t.got.map((i) => i.kind)).toEqual(['record', 'replay']);
    expect(t.got[0]!.record!.progress).toBe(3);
    expect(Array.from(t.got[1]!.bytes!)).toEqual([1, 2, 3]);
    box.stop();
    store.close();
  });

  it('resends on reopen what an earlier visit left unsent', async () => {
    const m = study();
    const s1 = await AnswerStore.open();
    const down = fakeTransport();
    down.down = true;
    const b1 = new Outbox(s1, m.studyId, down, { ...manualTimers() });
    await b1.start();
    await b1.putRecord(rec(m, 'p2', 7), 'jatos');
    await idle(b1);
    b1.stop();
    s1.close();
    // The page is opened again (a reload, the next day):
    const s2 = await AnswerStore.open();
    const up = fakeTransport();
    const b2 = new Outbox(s2, m.studyId, up);
    expect((await s2.outboxList(m.studyId)).map((i) => i.record!.progress)).toEqual([7]);
    await b2.start();
    expect(await b2.settle(undefined, 5000)).toBe(true);
    expect(up.got.map((i) => [i.target, i.record!.progress])).toEqual([['jatos', 7]]);
    b2.stop();
    s2.close();
  });

  it('drops a refused item with its reason (a resend cannot help) and keeps the answers', async () => {
    const m = study();
    const store = await AnswerStore.open();
    const t = fakeTransport();
    t.refuse = 'replay: the replay does not verify';
    const box = new Outbox(store, m.studyId, t, { ...manualTimers() });
    await box.start();
    const r = rec(m, 'p3', 2);
    await store.save(r, false, 'now');
    await box.putReplay(m.studyId, 'p3', 'practice-p3.twrp', new Uint8Array([9]), 'server', 'pid=p3&kind=practice');
    expect(await box.settle('p3', 5000)).toBe(true);
    expect(box.status().refused).toEqual([{ kind: 'replay', reason: 'replay: the replay does not verify' }]);
    expect(await store.outboxList(m.studyId)).toEqual([]);
    expect((await store.get(m.studyId, 'p3'))!.progress).toBe(2);
    box.stop();
    store.close();
  });

  it('an acknowledgement of an older version does not remove a newer one queued meanwhile', async () => {
    const m = study();
    const store = await AnswerStore.open();
    let release: () => void = () => {};
    const got: number[] = [];
    const slow: Transport = {
      send: (item) =>
        new Promise<void>((resolve) => {
          got.push(item.record!.progress);
          release = resolve;
        }),
    };
    const box = new Outbox(store, m.studyId, slow, { ...manualTimers() });
    await box.start();
    await box.putRecord(rec(m, 'p4', 1), 'server');
    await new Promise((r) => setTimeout(r, 20));
    await box.putRecord(rec(m, 'p4', 2), 'server'); // saved while 1 is on its way
    release();
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(await box.settle('p4', 5000)).toBe(true);
    expect(got).toEqual([1, 2]);
    box.stop();
    store.close();
  });
});

describe('AnswerStore upgrade', () => {
  it('opens a version 1 database as version 2 with every participant kept and an empty outbox', async () => {
    // A fresh database name: the version 1 layout as the page wrote it before the outbox.
    const { IDBFactory } = await import('fake-indexeddb');
    const fresh = new IDBFactory();
    const saved = globalThis.indexedDB;
    globalThis.indexedDB = fresh;
    try {
      const m = study();
      const v1 = await openDB(STUDY_DB, 1, {
        upgrade(d) {
          d.createObjectStore('participants', { keyPath: 'key' }).createIndex('studyId', 'studyId');
          d.createObjectStore('current');
        },
      });
      const r = rec(m, 'old', 9);
      await v1.put('participants', { ...r, key: AnswerStore.key(m.studyId, 'old'), studyId: m.studyId, updatedAt: 'then' });
      await v1.put('current', 'old', m.studyId);
      v1.close();
      const store = await AnswerStore.open();
      expect((await store.get(m.studyId, 'old'))!.progress).toBe(9);
      expect(await store.current(m.studyId)).toBe('old');
      expect(await store.outboxList(m.studyId)).toEqual([]);
      store.close();
    } finally {
      globalThis.indexedDB = saved;
    }
  });
});

// The IndexedDB answer store (fake-indexeddb): whole records per participant, several per machine,
// the "current" participant a reload resumes, and nothing lost when a save replaces a record.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newRecord } from '../../../src/study/flow';
import { AnswerStore } from '../../../src/study/page/store';
import { buildPackage } from '../../../src/study/build';
import { paperInput } from './fixtures';

const m = buildPackage(paperInput(60)).manifest;

describe('AnswerStore', () => {
  it('keeps each participant, points at the unfinished one, and lists them in start order', async () => {
    const store = await AnswerStore.open();
    const a = newRecord(m, 'alice', 'A', 'url', 'en', '2026-11-23T12:00:00.000Z');
    await store.save(a, false, 't1');
    expect(await store.current(m.studyId)).toBe('alice');
    await store.save({ ...a, progress: 5 }, false, 't2');
    expect((await store.get(m.studyId, 'alice'))!.progress).toBe(5);
    await store.save({ ...a, progress: 40, answer: { ...a.answer, finishedAt: 'x' } }, true, 't3');
    expect(await store.current(m.studyId)).toBeNull();
    const b = newRecord(m, 'bob', 'B', 'balanced', 'ja', '2026-11-23T12:30:00.000Z');
    await store.save(b, false, 't4');
    expect(await store.current(m.studyId)).toBe('bob');
    await store.save(newRecord({ ...m, studyId: 'other' }, 'carol', 'A', 'url', 'en', '2026-11-23T11:00:00.000Z'), false, 't5');
    const list = await store.list(m.studyId);
    expect(list.map((p) => p.answer.pid)).toEqual(['alice', 'bob']);
    expect(list[0]!.progress).toBe(40);
    expect((await store.studies()).sort()).toEqual([m.studyId, 'other'].sort());
    await store.clearCurrent(m.studyId);
    expect(await store.current(m.studyId)).toBeNull();
    expect(await store.list(m.studyId)).toHaveLength(2);
    store.close();
  });

  it('finds the same data after closing and opening again (a reload)', async () => {
    const s1 = await AnswerStore.open();
    await s1.save(
      {
        ...newRecord(m, 'dan', 'A', 'url', 'en', '2026-11-23T14:00:00.000Z'),
        progress: 9,
        pending: { absFirst: 4, reasonFirst: 'smooth', rtFirstMs: 900 },
      },
      false,
      't',
    );
    s1.close();
    const s2 = await AnswerStore.open();
    expect(await s2.current(m.studyId)).toBe('dan');
    expect((await s2.get(m.studyId, 'dan'))!.pending).toEqual({ absFirst: 4, reasonFirst: 'smooth', rtFirstMs: 900 });
    s2.close();
  });
});

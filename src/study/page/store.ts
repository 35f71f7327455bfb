// The rater page's answers in IndexedDB (through `idb`): one record per participant, written
// whole after every step in one transaction, so a reload finds everything answered so far and
// the step to resume at. Several participants on one machine each have their own record; the
// "current" pointer says whom a reload without ?pid= resumes. Database and store names say only
// "study answers": nothing about players.
//
// Database 'twinfield-study' version 2 (version 1 had no outbox; the upgrade keeps every participant):
//   participants  key `${studyId}/${pid}`: ParticipantRecord (+ key, studyId, updatedAt)
//   current       key studyId: pid of the participant in progress (deleted when they finish)
//   outbox        key `${studyId}/${kind}/${id}`: what is still to be sent (outbox.ts): the latest
//                 unsent record per participant and each unsent replay upload
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ParticipantRecord } from '../flow';
import type { OutboxItem } from './outbox';

export const STUDY_DB = 'twinfield-study';
export const STUDY_DB_VERSION = 2;

export type StoredParticipant = ParticipantRecord & { key: string; studyId: string; updatedAt: string };

interface StudySchema extends DBSchema {
  participants: { key: string; value: StoredParticipant; indexes: { studyId: string } };
  current: { key: string; value: string };
  outbox: { key: string; value: OutboxItem; indexes: { studyId: string } };
}

export class AnswerStore {
  private constructor(private readonly db: IDBPDatabase<StudySchema>) {}

  static async open(): Promise<AnswerStore> {
    const db = await openDB<StudySchema>(STUDY_DB, STUDY_DB_VERSION, {
      upgrade(d, oldVersion) {
        if (oldVersion < 1) {
          const p = d.createObjectStore('participants', { keyPath: 'key' });
          p.createIndex('studyId', 'studyId');
          d.createObjectStore('current');
        }
        if (oldVersion < 2) d.createObjectStore('outbox', { keyPath: 'key' }).createIndex('studyId', 'studyId');
      },
    });
    return new AnswerStore(db);
  }

  static key(studyId: string, pid: string): string {
    return `${studyId}/${pid}`;
  }

  async get(studyId: string, pid: string): Promise<StoredParticipant | undefined> {
    return this.db.get('participants', AnswerStore.key(studyId, pid));
  }

  /**
   * Saves a participant's record and (in the same transaction) who is current: the resolved
   * promise means it is on disk as far as the browser can tell.
   */
  async save(rec: ParticipantRecord, finished: boolean, now: string): Promise<void> {
    const { studyId, pid } = rec.answer;
    const tx = this.db.transaction(['participants', 'current'], 'readwrite');
    const stored: StoredParticipant = { ...structuredClone(rec), key: AnswerStore.key(studyId, pid), studyId, updatedAt: now };
    await tx.objectStore('participants').put(stored);
    if (finished) {
      if ((await tx.objectStore('current').get(studyId)) === pid) await tx.objectStore('current').delete(studyId);
    } else await tx.objectStore('current').put(pid, studyId);
    await tx.done;
  }

  /** The pid a reload without ?pid= resumes (someone started and has not finished), or null. */
  async current(studyId: string): Promise<string | null> {
    return (await this.db.get('current', studyId)) ?? null;
  }

  /** Forgets who is current (the next person starts fresh; nobody's answers are deleted). */
  async clearCurrent(studyId: string): Promise<void> {
    await this.db.delete('current', studyId);
  }

  /** Every participant of the study run on this machine, oldest first. */
  async list(studyId: string): Promise<StoredParticipant[]> {
    const all = await this.db.getAllFromIndex('participants', 'studyId', studyId);
    return all.sort((a, b) => a.answer.startedAt.localeCompare(b.answer.startedAt) || a.answer.pid.localeCompare(b.answer.pid));
  }

  /** Every study that has answers on this machine. */
  async studies(): Promise<string[]> {
    const all = await this.db.getAll('participants');
    return [...new Set(all.map((p) => p.studyId))].sort();
  }

  /** Marks a participant's data as sent (the record's other fields untouched). */
  async markSent(studyId: string, pid: string): Promise<void> {
    const tx = this.db.transaction('participants', 'readwrite');
    const have = await tx.store.get(AnswerStore.key(studyId, pid));
    if (have && !have.sent) await tx.store.put({ ...have, sent: true });
    await tx.done;
  }

  // ── outbox (outbox.ts decides what goes in; these only keep it) ──

  /**
   * Puts `item` unless the outbox already holds a newer one under its key (a record of higher
   * progress); `merge` sees the item it replaces. Returns what is stored.
   */
  async outboxPut(
    item: OutboxItem,
    merge: (old: OutboxItem | undefined, item: OutboxItem) => OutboxItem | null,
  ): Promise<OutboxItem | null> {
    const tx = this.db.transaction('outbox', 'readwrite');
    const next = merge(await tx.store.get(item.key), item);
    if (next) await tx.store.put(next);
    await tx.done;
    return next;
  }

  /** Removes the item under `key` if it is still the one sent (same seq): a newer one stays. */
  async outboxDone(key: string, seq: number): Promise<void> {
    const tx = this.db.transaction('outbox', 'readwrite');
    const have = await tx.store.get(key);
    if (have && have.seq === seq) await tx.store.delete(key);
    await tx.done;
  }

  /** Updates the retry bookkeeping of an item still there with the same seq. */
  async outboxRetry(key: string, seq: number, patch: Pick<OutboxItem, 'attempts' | 'nextAt' | 'lastError'>): Promise<void> {
    const tx = this.db.transaction('outbox', 'readwrite');
    const have = await tx.store.get(key);
    if (have && have.seq === seq) await tx.store.put({ ...have, ...patch });
    await tx.done;
  }

  async outboxList(studyId: string): Promise<OutboxItem[]> {
    return this.db.getAllFromIndex('outbox', 'studyId', studyId);
  }

  close(): void {
    this.db.close();
  }
}

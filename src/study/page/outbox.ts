// Everything the rater page sends goes through this outbox, kept in IndexedDB (store.ts) beside the
// answers: the latest unsent record per participant (a newer step replaces an older unsent one, the
// record being whole) and each unsent replay upload. It is tried at once, retried with backoff while
// the page is open, and tried again when the page is opened again; an item leaves only when its
// send is acknowledged (or refused for good: a 4xx other than 408/429, kept as a reason to show).
// The local copy of the answers never depends on it. No DOM here: unit-tested in Node.
import type { ParticipantRecord } from '../flow';

/** Where an item goes: the study server, the study file's `answers.postUrl`, or JATOS (jatos.js). */
export type Target = 'server' | 'post' | 'jatos';

export interface OutboxItem {
  /** `${studyId}/record/${pid}` or `${studyId}/replay/${name}`. */
  key: string;
  studyId: string;
  pid: string;
  kind: 'record' | 'replay';
  target: Target;
  /** Grows with every put: a send acknowledges only the version it sent. */
  seq: number;
  /** kind 'record': the whole record, and the progress of the first step not acknowledged yet. */
  record?: ParticipantRecord;
  unsentFrom?: number;
  /** kind 'replay': the .twrp bytes, the file name and the server's query string (kind, pid, …). */
  bytes?: Uint8Array;
  name?: string;
  query?: string;
  attempts: number;
  /** Epoch ms before which it is not tried again. */
  nextAt: number;
  lastError: string | null;
  createdAt: string;
}

/** A failed send; `permanent` when sending it again cannot help (the other side refused it). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}

export interface Transport {
  /** Resolves once the other side has stored the item; throws (SendError or any error) otherwise. */
  send(item: OutboxItem): Promise<void>;
}

export interface OutboxStore {
  outboxPut(item: OutboxItem, merge: (old: OutboxItem | undefined, item: OutboxItem) => OutboxItem | null): Promise<OutboxItem | null>;
  outboxDone(key: string, seq: number): Promise<void>;
  outboxRetry(key: string, seq: number, patch: Pick<OutboxItem, 'attempts' | 'nextAt' | 'lastError'>): Promise<void>;
  outboxList(studyId: string): Promise<OutboxItem[]>;
}

/** Wait before the next try after `attempts` failed ones: 1 s, 2 s, 4 s … at most 60 s. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, Math.min(attempts - 1, 6)));
}

/** Whether an HTTP status means "do not send this again" (a refusal, not a passing trouble). */
export function permanentStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * How a new record item replaces the one already waiting for the same participant: an older
 * record never replaces a newer one; the first unsent step and the retry count carry over.
 */
export function mergeItem(old: OutboxItem | undefined, item: OutboxItem): OutboxItem | null {
  if (old?.kind !== 'record' || item.kind !== 'record') return item;
  if ((old.record?.progress ?? 0) > (item.record?.progress ?? 0)) return null;
  return { ...item, unsentFrom: Math.min(old.unsentFrom ?? Infinity, item.unsentFrom ?? Infinity), attempts: old.attempts };
}

export interface OutboxStatus {
  /** Saved steps not acknowledged yet (over every waiting record). */
  answers: number;
  replays: number;
  /** The last failure's reason, while something waits. */
  lastError: string | null;
  /** Items the other side refused for good (what and why), since the page opened. */
  refused: { kind: OutboxItem['kind']; reason: string }[];
  /** Whether a send is going on right now. */
  sending: boolean;
}

export interface OutboxOptions {
  now?: () => number;
  nowIso?: () => string;
  /** Called with each item once acknowledged. */
  onAck?: (item: OutboxItem) => void;
  setTimer?: (cb: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

export class Outbox {
  private items: OutboxItem[] = [];
  private refused: OutboxStatus['refused'] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private timer: unknown = null;
  private seqNext = 0;
  private sending = false;
  private readonly listeners = new Set<(s: OutboxStatus) => void>();
  private readonly now: () => number;
  private readonly nowIso: () => string;
  private stopped = false;

  constructor(
    private readonly store: OutboxStore,
    readonly studyId: string,
    private readonly transport: Transport,
    private readonly opts: OutboxOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.nowIso = opts.nowIso ?? (() => new Date(this.now()).toISOString());
  }

  /** Loads what an earlier visit left unsent and starts sending it. */
  async start(): Promise<void> {
    this.items = await this.store.outboxList(this.studyId);
    this.seqNext = Math.max(this.now(), ...this.items.map((i) => i.seq + 1));
    // Left by an earlier visit: try now, whatever its backoff said.
    for (const i of this.items) i.nextAt = 0;
    this.emit();
    this.kick();
  }

  /** Stops the retry timer (tests; a page never needs it). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) (this.opts.clearTimer ?? clearTimeout)(this.timer as ReturnType<typeof setTimeout>);
    this.timer = null;
  }

  private nextSeq(): number {
    this.seqNext = Math.max(this.seqNext + 1, this.now());
    return this.seqNext;
  }

  /** Queues a saved record (replacing an older unsent one of the same participant) and sends it. */
  async putRecord(rec: ParticipantRecord, target: Target): Promise<void> {
    const { studyId, pid } = rec.answer;
    await this.put({
      key: `${studyId}/record/${pid}`,
      studyId,
      pid,
      kind: 'record',
      target,
      seq: this.nextSeq(),
      record: structuredClone(rec),
      unsentFrom: rec.progress,
      attempts: 0,
      nextAt: 0,
      lastError: null,
      createdAt: this.nowIso(),
    });
  }

  /** Queues a replay upload (`name` unique per study, e.g. practice-<pid>-1.twrp) and sends it. */
  async putReplay(studyId: string, pid: string, name: string, bytes: Uint8Array, target: Target, query: string): Promise<void> {
    await this.put({
      key: `${studyId}/replay/${name}`,
      studyId,
      pid,
      kind: 'replay',
      target,
      seq: this.nextSeq(),
      bytes: bytes.slice(),
      name,
      query,
      attempts: 0,
      nextAt: 0,
      lastError: null,
      createdAt: this.nowIso(),
    });
  }

  private async put(item: OutboxItem): Promise<void> {
    const stored = await this.store.outboxPut(item, mergeItem);
    if (stored) {
      this.items = this.items.filter((i) => i.key !== stored.key).concat(stored);
      this.emit();
    }
    this.kick();
  }

  /** Tries everything now, whatever its backoff says (the browser is back online). */
  retryNow(): void {
    for (const i of this.items) i.nextAt = 0;
    this.kick();
  }

  /** Sends what is due now (again after the current pass when one is going on). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer !== null) (this.opts.clearTimer ?? clearTimeout)(this.timer as ReturnType<typeof setTimeout>);
    this.timer = null;
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      } else this.schedule();
    });
  }

  /** One pass over the due items: records first (oldest first), then replays. */
  private async pass(): Promise<void> {
    const now = this.now();
    const due = this.items
      .filter((i) => i.nextAt <= now)
      .sort((a, b) => (a.kind === b.kind ? a.seq - b.seq : a.kind === 'record' ? -1 : 1));
    for (const item of due) {
      if (this.stopped) return;
      this.sending = true;
      this.emit();
      try {
        await this.transport.send(item);
        await this.store.outboxDone(item.key, item.seq);
        this.drop(item);
        this.opts.onAck?.(item);
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        if (e instanceof SendError && e.permanent) {
          await this.store.outboxDone(item.key, item.seq);
          this.drop(item);
          this.refused.push({ kind: item.kind, reason });
        } else {
          const patch = { attempts: item.attempts + 1, nextAt: this.now() + backoffMs(item.attempts + 1), lastError: reason };
          await this.store.outboxRetry(item.key, item.seq, patch);
          const live = this.items.find((i) => i.key === item.key && i.seq === item.seq);
          if (live) Object.assign(live, patch);
        }
      } finally {
        this.sending = false;
        this.emit();
      }
    }
  }

  private drop(item: OutboxItem): void {
    this.items = this.items.filter((i) => !(i.key === item.key && i.seq === item.seq));
  }

  private schedule(): void {
    if (this.stopped || this.items.length === 0) return;
    const next = Math.min(...this.items.map((i) => i.nextAt));
    const ms = Math.max(0, next - this.now());
    this.timer = (this.opts.setTimer ?? setTimeout)(() => {
      this.timer = null;
      this.kick();
    }, ms);
  }

  status(pid?: string): OutboxStatus {
    const items = pid === undefined ? this.items : this.items.filter((i) => i.pid === pid);
    let answers = 0;
    for (const i of items)
      if (i.kind === 'record') answers += Math.max(1, (i.record?.progress ?? 0) - (i.unsentFrom ?? i.record?.progress ?? 0) + 1);
    const errs = items.map((i) => i.lastError).filter((e): e is string => e !== null);
    return {
      answers,
      replays: items.filter((i) => i.kind === 'replay').length,
      lastError: errs.at(-1) ?? null,
      refused: this.refused.map((r) => ({ ...r })),
      sending: this.sending,
    };
  }

  /** Calls `cb` now and after every change of status(). */
  subscribe(cb: (s: OutboxStatus) => void): () => void {
    this.listeners.add(cb);
    cb(this.status());
    return () => this.listeners.delete(cb);
  }

  private emit(): void {
    const s = this.status();
    for (const l of this.listeners) l(s);
  }

  /** Whether nothing of `pid` (or nothing at all) waits. */
  empty(pid?: string): boolean {
    return pid === undefined ? this.items.length === 0 : !this.items.some((i) => i.pid === pid);
  }

  /**
   * Resolves true once nothing of `pid` waits (everything acknowledged or refused), false after
   * `timeoutMs` (it keeps trying in the background).
   */
  settle(pid: string | undefined, timeoutMs: number): Promise<boolean> {
    if (this.empty(pid)) return Promise.resolve(true);
    this.kick();
    return new Promise((resolve) => {
      let off = () => {};
      const t = setTimeout(() => {
        off();
        resolve(this.empty(pid));
      }, timeoutMs);
      off = this.subscribe(() => {
        if (!this.empty(pid) || this.sending) return;
        clearTimeout(t);
        queueMicrotask(() => off());
        resolve(true);
      });
    });
  }
}

// Where the rater page's data goes, decided once on load (src/study/protocol.ts has the server's API):
//  - inside JATOS (a /publix/ address or answers.jatos): the page starts in jatos.onLoad; every saved
//    step is appended to the result data, replays uploaded as result files, groups balanced with the
//    batch session, and the run ended with jatos.endStudy only after the data is stored;
//  - with a study server beside the page (GET api/info answers, with this package's fingerprint):
//    participants join / resume through POST api/participants (by pid, on any device) and every
//    saved step is PUT whole;
//  - else with answers.postUrl: the finished participant's answers are POSTed there;
//  - else nothing leaves the browser.
// Every send goes through the outbox (outbox.ts), kept in IndexedDB: retried with backoff while the
// page is open and sent again when it is reopened; a line at the foot of the page says what is not
// sent yet. IndexedDB keeps the local copy in every case. Prolific's ids are recorded and, at the
// end, the participant is sent back to Prolific once the data is stored.
import type { Lang, Manifest } from '../manifest';
import { assignGroup } from '../manifest';
import { JoinResponseSchema, type JoinRequest, PID_RE, type ServerInfo, ServerInfoSchema, UploadResponseSchema } from '../protocol';
import type { Replay } from '../../replay';
import { encodeReplay } from '../../replay';
import { isFinished, type ParticipantRecord, type ProlificIds, stepsFor } from '../flow';
import { SYNC_STRINGS } from './i18n';
import { Outbox, type OutboxStatus, type Target } from './outbox';
import { prolificEnd, prolificFromParams } from './prolific';
import { inJatos, type Jatos, loadJatos, PageTransport } from './send';
import type { AnswerStore } from './store';
import { practiceFileName } from '../jatos/lines';

export type Channel = 'server' | 'jatos' | 'post' | 'local';

/** The package on the page and the one the server runs differ: answers would be credited wrongly. */
export class FingerprintError extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The study server beside the page, or null when there is none (a static host: api/info is
 * missing or not the server's answer). Throws FingerprintError when it runs another package.
 */
export async function detectServer(m: Manifest, base: string, fetchFn: typeof fetch = fetch): Promise<ServerInfo | null> {
  let body: unknown = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const r = await fetchFn(new URL('api/info', base).href, { cache: 'no-store', headers: { accept: 'application/json' } });
      if (!r.ok) return null;
      body = await r.json();
      break;
    } catch {
      // a network hiccup: one more try; a static host answering HTML lands here too (no JSON)
      if (attempt === 0) await sleep(300);
    }
  }
  const info = ServerInfoSchema.safeParse(body);
  if (!info.success) return null;
  if (info.data.fingerprint !== m.fingerprint || info.data.studyId !== m.studyId)
    throw new FingerprintError(
      `this page belongs to study package ${m.fingerprint} but the study server runs ${info.data.fingerprint}` +
        ` (study '${info.data.studyId}'). Reload the page; if this stays, tell the researcher.`,
    );
  return info.data;
}

/** The record without the fields the local store adds (key, studyId, updatedAt). */
export function plainRecord(rec: ParticipantRecord): ParticipantRecord {
  const {
    key: _k,
    studyId: _s,
    updatedAt: _u,
    ...rest
  } = rec as ParticipantRecord & { key?: string; studyId?: string; updatedAt?: string };
  return rest;
}

function checkRecord(x: Record<string, unknown>, m: Manifest): ParticipantRecord {
  const r = x as unknown as ParticipantRecord;
  if (
    typeof r.progress !== 'number' ||
    typeof r.answer?.pid !== 'string' ||
    !PID_RE.test(r.answer.pid) ||
    typeof r.answer.group !== 'string'
  )
    throw new Error('the study server sent a participant record this page cannot read');
  if (!m.groups.some((g) => g.id === r.answer.group))
    throw new Error(`the study server put the participant in group '${r.answer.group}', which this study does not have`);
  return r;
}

export interface SyncOptions {
  manifest: Manifest;
  store: AnswerStore;
  params: URLSearchParams;
  /** A researcher preview: nothing is sent anywhere. */
  preview?: boolean;
  base?: string;
  pathname?: string;
}

export class Sync {
  lang: Lang;
  private statusEl: HTMLElement | null = null;
  private pid: string | null = null;
  private replaysRefused = 0;

  private constructor(
    readonly m: Manifest,
    readonly store: AnswerStore,
    readonly channel: Channel,
    readonly outbox: Outbox | null,
    readonly jatos: Jatos | null,
    readonly info: ServerInfo | null,
    readonly prolific: ProlificIds | null,
    private readonly base: string,
    private readonly params: URLSearchParams,
  ) {
    this.lang = m.languages[0] ?? 'en';
  }

  /**
   * Finds where data goes (in JATOS: after jatos.onLoad) and starts the outbox, which resends
   * whatever an earlier visit left. Throws, in plain words, when the server runs another package
   * or Prolific's ids in the address are broken.
   */
  static async open(o: SyncOptions): Promise<Sync> {
    const { manifest: m, store } = o;
    const base = o.base ?? document.baseURI;
    let prolific = prolificFromParams(o.params);
    let channel: Channel = 'local';
    let jatos: Jatos | null = null;
    let info: ServerInfo | null = null;
    if (!o.preview) {
      if (inJatos(m.answers.jatos, o.pathname ?? location.pathname)) {
        jatos = await loadJatos();
        if (jatos) channel = 'jatos';
        // JATOS keeps the study link's query (Prolific's ids) in jatos.urlQueryParameters, not in the component's address.
        if (jatos?.urlQueryParameters && !prolific) prolific = prolificFromParams(new URLSearchParams(jatos.urlQueryParameters));
      }
      if (channel === 'local') {
        info = await detectServer(m, base);
        if (info) channel = 'server';
        else if (m.answers.postUrl) channel = 'post';
      }
    }
    let outbox: Outbox | null = null;
    let sync: Sync | null = null;
    if (channel !== 'local') {
      outbox = new Outbox(store, m.studyId, new PageTransport({ base, postUrl: m.answers.postUrl, jatos }), {
        onAck: (item) => {
          if (item.kind === 'record' && item.record?.answer.finishedAt) void store.markSent(item.studyId, item.pid).catch(() => {});
        },
      });
      sync = new Sync(m, store, channel, outbox, jatos, info, prolific, base, o.params);
      outbox.subscribe((s) => sync!.showStatus(s));
      await outbox.start();
      const box = outbox;
      window.addEventListener('online', () => box.retryNow());
    }
    sync ??= new Sync(m, store, channel, outbox, jatos, info, prolific, base, o.params);
    document.body.dataset.channel = channel;
    return sync;
  }

  /** The target of this page's sends (null: nothing is sent). */
  private get target(): Target | null {
    return this.channel === 'local' ? null : this.channel;
  }

  // ── joining ──

  /**
   * With a study server: the participant `pid` (the URL's or this machine's current one; null for a
   * new one) joined or resumed through POST api/participants — resumed from the server's copy on
   * any device, or from this machine's when that got further. `askLang` asks a new participant.
   */
  async join(pid: string | null, askLang: () => Promise<Lang>): Promise<ParticipantRecord> {
    const m = this.m;
    const local = pid ? await this.store.get(m.studyId, pid) : undefined;
    let lang: Lang;
    if (local) lang = local.answer.lang;
    else if (pid) {
      const remote = await this.getRemote(pid).catch(() => null);
      if (remote) return this.adopt(remote, null);
      lang = await askLang();
    } else lang = await askLang();
    const req: JoinRequest = {
      pid,
      lang,
      // Someone this machine already started (while the server was out of reach) keeps their group.
      group: local?.answer.group ?? this.groupParam(),
      prolific: local?.answer.prolific ?? this.prolific,
    };
    let lastError = '';
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        const r = await fetch(new URL('api/participants', this.base).href, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(req),
          cache: 'no-store',
        });
        const body = (await r.json().catch(() => ({}))) as Record<string, unknown>;
        if (!r.ok) {
          lastError = typeof body.error === 'string' ? body.error : `HTTP ${r.status}`;
          if (r.status >= 400 && r.status < 500 && r.status !== 408 && r.status !== 429) break;
        } else {
          const res = JoinResponseSchema.parse(body);
          return this.adopt(checkRecord(res.record, m), local ? plainRecord(local) : null);
        }
      } catch (e) {
        lastError = e instanceof Error && e.name !== 'TypeError' ? e.message : 'no connection';
      }
      await sleep(500 * 2 ** attempt);
    }
    // Someone already under way goes on with this machine's copy (the outbox sends it later).
    if (local) {
      await this.saved(plainRecord(local), false);
      return local;
    }
    throw new Error(`the study server could not start this participant (${lastError}). Check the connection and reload the page.`);
  }

  private groupParam(): string | null {
    return this.params.get('group')?.trim().slice(0, 8) || null;
  }

  private async getRemote(pid: string): Promise<ParticipantRecord | null> {
    const r = await fetch(new URL(`api/participants/${encodeURIComponent(pid)}`, this.base).href, { cache: 'no-store' });
    if (!r.ok) return null;
    const body = (await r.json()) as { record?: Record<string, unknown> };
    return body.record ? checkRecord(body.record, this.m) : null;
  }

  /** Keeps the further of the server's and this machine's copy, locally and (if ours is further) on the server. */
  private async adopt(remote: ParticipantRecord, local: ParticipantRecord | null): Promise<ParticipantRecord> {
    let rec = remote;
    if (!rec.answer.prolific && this.prolific) rec = { ...rec, answer: { ...rec.answer, prolific: this.prolific } };
    if (local && local.progress > rec.progress) rec = local;
    const done = isFinished(rec, stepsFor(this.m, rec.answer.group, rec.answer.orderRow));
    await this.store.save(rec, done, new Date().toISOString());
    if (rec === local || rec !== remote) await this.saved(rec, done);
    return rec;
  }

  /**
   * The group of a new participant (no study server): the URL's, else inside JATOS the group with
   * fewest participants over the whole batch (counts kept in the batch session, changed by
   * test-and-set: JATOS refuses a change made on an outdated session, and the page tries again),
   * else — or when the batch session fails — this machine's balance.
   */
  async assignGroup(
    asked: string | null,
    counts: Record<string, number>,
    pid: string,
  ): Promise<{ group: string; how: ParticipantRecord['groupHow'] }> {
    const m = this.m;
    const url = assignGroup(m, asked, counts, pid);
    if (url.how === 'url' || !this.jatos) return url;
    const bs = this.jatos.batchSession;
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const have = bs.get(BATCH_COUNTS);
        const batch: Record<string, number> = have && typeof have === 'object' ? { ...(have as Record<string, number>) } : {};
        const g = assignGroup(m, null, batch, pid);
        batch[g.group] = (batch[g.group] ?? 0) + 1;
        await bs.set(BATCH_COUNTS, batch);
        return { group: g.group, how: 'server' };
      } catch {
        await sleep(150 * (attempt + 1) + Math.random() * 150);
      }
    }
    return url;
  }

  // ── sending ──

  /**
   * Hands a saved record to the outbox (awaited: the outbox entry is on disk before the next screen;
   * the send itself goes on in the background). With only answers.postUrl, only the finished one.
   */
  async saved(rec: ParticipantRecord, finished: boolean): Promise<void> {
    this.pid = rec.answer.pid;
    this.lang = rec.answer.lang;
    const t = this.target;
    if (!t || !this.outbox) return;
    if (t === 'post' && (!finished || rec.sent)) return;
    await this.outbox.putRecord(plainRecord(rec), t);
  }

  /** The rater's practice play (round n of the drill), uploaded when the study records it. */
  async practiceReplay(rec: ParticipantRecord, replay: Replay, round: number): Promise<void> {
    if (!this.m.recording.practice || !this.outbox) return;
    const t = this.target;
    if (t !== 'server' && t !== 'jatos') return;
    const pid = rec.answer.pid;
    const r: Replay = {
      ...replay,
      extra: { ...replay.extra, study: { id: this.m.studyId, fingerprint: this.m.fingerprint, pid, kind: 'practice', round } },
    };
    const name = practiceFileName(pid, round);
    const query = new URLSearchParams({ pid, kind: 'practice', round: String(round) }).toString();
    await this.outbox.putReplay(this.m.studyId, pid, name, encodeReplay(r), t, query);
  }

  // ── the status line ──

  private showStatus(s: OutboxStatus): void {
    if (!this.statusEl) {
      const p = document.createElement('p');
      p.className = 'tf-outbox';
      p.setAttribute('role', 'status');
      p.setAttribute('aria-live', 'polite');
      p.style.cssText =
        'position:fixed;left:8px;bottom:4px;margin:0;font-size:12px;opacity:.75;pointer-events:none;z-index:10;max-width:90vw;';
      document.body.append(p);
      this.statusEl = p;
    }
    const T = SYNC_STRINGS[this.lang];
    const parts: string[] = [];
    if (s.answers > 0 || s.replays > 0) parts.push(T.unsent(s.answers, s.replays));
    // A refused answer is the rater's business; a refused practice replay is the researcher's (logged).
    for (const r of s.refused) if (r.kind === 'record') parts.push(T.refused(r.reason));
    const replaysRefused = s.refused.filter((r) => r.kind === 'replay');
    if (replaysRefused.length > this.replaysRefused) {
      this.replaysRefused = replaysRefused.length;
      document.body.dataset.replaysRefused = String(replaysRefused.length);
      console.warn(`practice replay not accepted: ${replaysRefused.at(-1)!.reason}`);
    }
    this.statusEl.textContent = parts.join(' · ');
    this.statusEl.title = s.lastError ?? '';
    this.statusEl.hidden = parts.length === 0;
    document.body.dataset.unsent = String(s.answers + s.replays);
  }

  // ── the end ──

  /**
   * The end page's part: waits until this participant's data is stored (server or JATOS
   * acknowledged it; with neither, IndexedDB already has it), says so in `el`, then ends the JATOS
   * run or sends a Prolific participant back to Prolific (showing the completion code in `el`).
   */
  async finish(rec: ParticipantRecord, el: HTMLElement, root: HTMLElement): Promise<void> {
    this.lang = rec.answer.lang;
    const T = SYNC_STRINGS[this.lang];
    const pid = rec.answer.pid;
    const say = (text: string, code: string | null = null, url: string | null = null) => {
      el.replaceChildren(text);
      if (code) {
        const c = document.createElement('strong');
        c.className = 'tf-code';
        c.textContent = code;
        el.append(document.createElement('br'), T.code, ' ', c);
      }
      if (url) {
        const a = document.createElement('a');
        a.href = url;
        a.className = 'tf-prolific';
        a.style.color = 'inherit';
        a.textContent = T.backToProlific;
        el.append(document.createElement('br'), a);
      }
    };
    let stored = true;
    if (this.outbox && this.target !== 'post') {
      say(T.sending);
      stored = await this.outbox.settle(pid, 20_000);
      while (!stored) {
        say(T.notYet);
        root.dataset.sent = 'failed';
        stored = await this.outbox.settle(pid, 60_000);
      }
    } else if (this.outbox) {
      // answers.postUrl: the answers are safe in IndexedDB; the POST is tried until it goes.
      stored = await this.outbox.settle(pid, 20_000);
      if (!stored) say(T.notYet);
    }
    root.dataset.sent = stored ? (this.channel === 'local' ? 'none' : 'sent') : 'failed';
    const end = rec.answer.prolific || this.prolific ? prolificEnd(this.m.prolific) : { url: null, code: null };
    if (stored && this.channel !== 'local') say(T.stored, end.code, end.url);
    else if (end.url || end.code) say(this.channel === 'local' ? T.storedHere : T.notYet, end.code, end.url);
    root.dataset.stored = stored ? '1' : '0';
    if (this.jatos) {
      // JATOS shows its own end page (or the study's end redirect); data went first.
      if (end.url) await this.jatos.endStudyAndRedirect(end.url).catch(() => {});
      else await this.jatos.endStudy().catch(() => {});
      return;
    }
    if (end.url && stored) {
      root.dataset.redirect = end.url;
      setTimeout(() => location.assign(end.url!), REDIRECT_MS);
    }
  }

  /** Stops retrying (the page is being left for another view; tests). */
  stop(): void {
    this.outbox?.stop();
  }

  get currentPid(): string | null {
    return this.pid;
  }
}

/** The batch session field with each group's participants so far. */
export const BATCH_COUNTS = 'twinfieldGroupCounts';
/** How long the end page (with the completion code) shows before going back to Prolific. */
export const REDIRECT_MS = 3000;

// ── remote recording uploads ──

export type UploadVerdict =
  | { ok: true; id: string; frames: number }
  | { ok: false; reason: string /** false: the server refused it (422 …); true: it could not be reached */; retry: boolean };

/** POST api/replays?kind=recording&player=&variant= with the recording token; the server's verdict. */
export async function uploadRecording(
  base: string,
  player: string,
  variant: string,
  token: string,
  bytes: Uint8Array,
): Promise<UploadVerdict> {
  const q = new URLSearchParams({ kind: 'recording', player, variant });
  let r: Response;
  try {
    r = await fetch(new URL(`api/replays?${q}`, base).href, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-record-token': token },
      body: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }),
      cache: 'no-store',
    });
  } catch {
    return { ok: false, reason: 'no connection', retry: true };
  }
  const body = (await r.json().catch(() => ({}))) as Record<string, unknown>;
  if (!r.ok)
    return {
      ok: false,
      reason: typeof body.error === 'string' ? body.error : `HTTP ${r.status}`,
      retry: r.status >= 500 || r.status === 429,
    };
  const u = UploadResponseSchema.safeParse(body);
  return u.success ? { ok: true, id: u.data.id, frames: u.data.frames } : { ok: true, id: '', frames: 0 };
}

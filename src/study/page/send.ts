// How the rater page's data leaves the browser (the outbox, outbox.ts, decides when):
//  - the study server (`study serve`, src/study/protocol.ts): PUT api/participants/:pid with the
//    whole record after every step, POST api/replays for replays;
//  - JATOS (the page is a JATOS component; jatos.js is served by JATOS beside the page): one JSON
//    line per saved step through jatos.appendResultData — exactly
//    {"twinfield":1,"kind":"record","record":<ParticipantRecord>} — and replays through
//    jatos.uploadResultFile; `study import-jatos` reads these back;
//  - otherwise the study file's `answers.postUrl`: the finished participant's answers POSTed as JSON.
// Failures are SendErrors (permanent when the other side refused the data); the answers stay in
// IndexedDB whatever happens.
import { type OutboxItem, permanentStatus, SendError, type Transport } from './outbox';
import { recordLine } from '../jatos/lines';

/** The part of jatos.js (JATOS 3.x) the page uses; every call returns a promise. */
export interface Jatos {
  onLoad(cb: () => void): void;
  appendResultData(data: string): Promise<unknown>;
  submitResultData?(data: string): Promise<unknown>;
  uploadResultFile(obj: Blob | string | object, filename: string): Promise<unknown>;
  endStudy(resultData?: string, successful?: boolean, message?: string): Promise<unknown>;
  endStudyAndRedirect(url: string, resultData?: string, successful?: boolean, message?: string): Promise<unknown>;
  batchSession: {
    get(name: string): unknown;
    /** A JSON-patch "add" at /name; with JATOS's batch session versioning it fails when someone else changed the session first. */
    set(name: string, value: unknown): Promise<unknown>;
  };
  urlQueryParameters?: Record<string, string>;
}

function jatosOf(): Jatos | undefined {
  return (window as unknown as { jatos?: Jatos }).jatos;
}

let jatosReady: Promise<Jatos | null> | null = null;

/** Whether the page runs as a JATOS component (a study run address, or the study file says so). */
export function inJatos(manifestSaysJatos: boolean, pathname = location.pathname): boolean {
  return manifestSaysJatos || pathname.includes('/publix/');
}

/**
 * Loads jatos.js from beside the page (as JATOS serves it) and resolves in jatos.onLoad; null
 * when it is not there (the page is not in JATOS) or does not start within `timeoutMs`.
 */
export function loadJatos(timeoutMs = 30_000): Promise<Jatos | null> {
  if (!jatosReady) {
    jatosReady = new Promise((resolve) => {
      const have = jatosOf();
      const ready = (j: Jatos) => {
        const t = setTimeout(() => resolve(null), timeoutMs);
        j.onLoad(() => {
          clearTimeout(t);
          resolve(j);
        });
      };
      if (have) return ready(have);
      const s = document.createElement('script');
      s.src = 'jatos.js';
      s.onload = () => {
        const j = jatosOf();
        if (!j) resolve(null);
        else ready(j);
      };
      s.onerror = () => resolve(null);
      document.head.append(s);
    });
  }
  return jatosReady;
}

/** The reason a failed HTTP response gives ({ error } of the study server), in plain words. */
async function httpError(r: Response, what: string): Promise<SendError> {
  let reason = '';
  try {
    const body = (await r.json()) as { error?: unknown };
    if (typeof body.error === 'string') reason = body.error;
  } catch {
    // not JSON: the status says enough
  }
  return new SendError(`${what}: ${reason || `HTTP ${r.status}`}`, permanentStatus(r.status));
}

async function http(url: string, init: RequestInit, what: string): Promise<Response> {
  let r: Response;
  try {
    r = await fetch(url, { ...init, cache: 'no-store' });
  } catch {
    throw new SendError(`${what}: no connection`);
  }
  if (!r.ok) throw await httpError(r, what);
  return r;
}

export interface TransportConfig {
  /** The page's base URL (api/… is relative to it). */
  base: string;
  postUrl: string | null;
  jatos: Jatos | null;
}

/** Sends outbox items to wherever their target says. */
export class PageTransport implements Transport {
  constructor(private readonly c: TransportConfig) {}

  async send(item: OutboxItem): Promise<void> {
    if (item.target === 'server') {
      if (item.kind === 'record') {
        const url = new URL(`api/participants/${encodeURIComponent(item.pid)}`, this.c.base).href;
        const body = JSON.stringify({ record: item.record });
        await http(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body }, 'answers');
      } else {
        const url = new URL(`api/replays?${item.query ?? ''}`, this.c.base).href;
        const body = new Blob([item.bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' });
        await http(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body }, 'replay');
      }
    } else if (item.target === 'post') {
      if (!this.c.postUrl) throw new SendError('no answers.postUrl on this page');
      if (item.kind !== 'record') return; // a plain POST address takes answers only
      const body = JSON.stringify(item.record!.answer);
      await http(this.c.postUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body }, 'answers');
    } else {
      const j = this.c.jatos;
      if (!j) throw new SendError('JATOS is not available on this page');
      try {
        if (item.kind === 'record') await j.appendResultData(recordLine(item.record!));
        else
          await j.uploadResultFile(
            new Blob([item.bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }),
            item.name ?? 'replay.twrp',
          );
      } catch (e) {
        throw new SendError(`JATOS: ${e instanceof Error ? e.message : typeof e === 'string' ? e : 'the data was not stored'}`);
      }
    }
  }
}

// Optional delivery of a participant's answers: inside JATOS through jatos.js (the page is then a
// JATOS component; jatos.js is served by JATOS beside the page), otherwise a POST of the JSON to
// the URL the study file names. Failures are reported, never fatal: the answers stay in IndexedDB.
import type { ParticipantAnswer } from './flow';

interface Jatos {
  onLoad(cb: () => void): void;
  submitResultData(data: string): Promise<unknown>;
  endStudy?(data?: string): Promise<unknown>;
}

function jatosOf(): Jatos | undefined {
  return (window as unknown as { jatos?: Jatos }).jatos;
}

let jatosReady: Promise<Jatos | null> | null = null;

/** Loads jatos.js from beside the page (as JATOS serves it); null when the page is not in JATOS. */
export function loadJatos(): Promise<Jatos | null> {
  if (!jatosReady) {
    jatosReady = new Promise((resolve) => {
      const s = document.createElement('script');
      s.src = 'jatos.js';
      s.onload = () => {
        const j = jatosOf();
        if (!j) return resolve(null);
        j.onLoad(() => resolve(j));
      };
      s.onerror = () => resolve(null);
      document.head.append(s);
    });
  }
  return jatosReady;
}

export interface SendTarget {
  postUrl: string | null;
  jatos: boolean;
}

/** Sends one participant's answers; resolves to what happened ('none' when nothing is configured). */
export async function sendAnswer(a: ParticipantAnswer, t: SendTarget): Promise<'sent' | 'failed' | 'none'> {
  const body = JSON.stringify(a);
  try {
    if (t.jatos) {
      const j = await loadJatos();
      if (j) {
        await j.submitResultData(body);
        return 'sent';
      }
    }
    if (t.postUrl) {
      const r = await fetch(t.postUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      return r.ok ? 'sent' : 'failed';
    }
    return 'none';
  } catch {
    return 'failed';
  }
}

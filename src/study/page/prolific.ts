// Prolific (https://www.prolific.com): a participant arrives with PROLIFIC_PID, STUDY_ID and
// SESSION_ID in the page's address; they are recorded with the answers, and at the end — once the
// data is stored — the page sends the participant back to Prolific with the study's completion
// code (or the completion URL the study file gives). No DOM here: unit-tested in Node.
import { ProlificSchema } from '../protocol';
import type { ProlificIds } from '../flow';

export const PROLIFIC_COMPLETE = 'https://app.prolific.com/submissions/complete';

/**
 * Prolific's three ids from the URL's query, or null when they are not all there. Ids that are
 * not Prolific's shape (letters and digits) throw: the link was mistyped, and guessing would
 * credit the wrong person.
 */
export function prolificFromParams(params: URLSearchParams): ProlificIds | null {
  const pid = params.get('PROLIFIC_PID')?.trim();
  const studyId = params.get('STUDY_ID')?.trim();
  const sessionId = params.get('SESSION_ID')?.trim();
  if (!pid && !studyId && !sessionId) return null;
  if (!pid || !studyId || !sessionId)
    throw new Error(
      'the address has some of Prolific’s PROLIFIC_PID, STUDY_ID and SESSION_ID but not all three; open the study from Prolific again',
    );
  const r = ProlificSchema.safeParse({ pid, studyId, sessionId });
  if (!r.success) throw new Error('Prolific’s ids in the address are not letters and digits; open the study from Prolific again');
  return r.data;
}

export interface ProlificEnd {
  /** Where to send the participant when done, or null when the study file gives neither code nor URL. */
  url: string | null;
  /** The completion code to show (null when only a URL is given). */
  code: string | null;
}

/** The end of a Prolific run as the study file says: its completion URL, else the standard URL with the code. */
export function prolificEnd(p: { completionCode?: string; completionUrl?: string } | null): ProlificEnd {
  const code = p?.completionCode?.trim() || null;
  if (p?.completionUrl) return { url: p.completionUrl, code };
  if (code) return { url: `${PROLIFIC_COMPLETE}?cc=${encodeURIComponent(code)}`, code };
  return { url: null, code: null };
}

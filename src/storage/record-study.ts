// The study a person records for in the game (title → Record for a study → Open study file…),
// kept in this browser (localStorage) as the file's text, so it survives a reload. A stored text
// that no longer parses is dropped, never half-used.
import { parseStudy, type Study } from '../study/schema';

const KEY = 'twinfield.record-study';

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function store(): KeyValueStore | null {
  return (globalThis as { localStorage?: KeyValueStore }).localStorage ?? null;
}

/** The study opened last, or null (none yet, no storage, or a stored text that no longer parses). */
export function loadRecordStudy(): Study | null {
  const s = store();
  const saved = s?.getItem(KEY);
  if (!saved) return null;
  try {
    const { name, text } = JSON.parse(saved) as { name: string; text: string };
    return parseStudy(text, name);
  } catch {
    s!.removeItem(KEY);
    return null;
  }
}

/**
 * Checks a study file's text (errors name the file and field: StudyError) and, when it is good,
 * keeps it as the study to record for. A bad file changes nothing.
 */
export function saveRecordStudy(text: string, name: string): Study {
  const study = parseStudy(text, name);
  store()?.setItem(KEY, JSON.stringify({ name, text }));
  return study;
}

/** Back to the paper's study (the test hook's fresh title uses it). */
export function forgetRecordStudy(): void {
  store()?.removeItem(KEY);
}

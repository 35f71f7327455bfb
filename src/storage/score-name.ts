// The name a player types for the high-score table. Pure (no browser calls), so the name-entry
// screen and the store (src/storage/high-scores.ts) apply the same rules and Node tests them.

export const DEFAULT_SCORE_NAME = 'PLAYER';
/** Longest name, in characters as the player sees them (a letter with its accents is one). */
export const MAX_SCORE_NAME = 10;
/** Code points a name may hold at most, so ten "characters" cannot carry a pile of accents each. */
const MAX_CODE_POINTS = 3 * MAX_SCORE_NAME;

const SYMBOLS = '.-_!?☆♪';
/** Letters of any script (with their combining marks), decimal digits of any script, space and the symbols. */
const ALLOWED = /^[\p{L}\p{M}\p{Nd} .\-_!?☆♪]$/u;

/** A character as it should appear in a message: printable ones quoted, the rest by code. */
function shown(ch: string): string {
  if (/^[\p{C}\p{Z}]$/u.test(ch)) return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${ch}'`;
}

function graphemes(s: string): number {
  const Seg = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (!Seg) return [...s].length;
  let n = 0;
  for (const _ of new Seg(undefined, { granularity: 'grapheme' }).segment(s)) n++;
  return n;
}

/**
 * The name to store for what the player typed, or `{ error }` saying in plain words what is wrong.
 * NFKC first (full-width 'ＡＢ！' from a Japanese IME becomes 'AB!'), then trimmed, runs of spaces
 * made one; an empty name becomes DEFAULT_SCORE_NAME.
 */
export function cleanScoreName(raw: string): string | { error: string } {
  const name = String(raw).normalize('NFKC').trim().replace(/ {2,}/g, ' ');
  if (name === '') return DEFAULT_SCORE_NAME;
  const bad = [...new Set([...name].filter((ch) => !ALLOWED.test(ch)))];
  if (bad.length > 0) {
    const list = bad.slice(0, 3).map(shown).join(', ');
    return {
      error:
        `The name cannot contain ${list}${bad.length > 3 ? ', …' : ''}. ` + `Use letters, digits, spaces and ${[...SYMBOLS].join(' ')}.`,
    };
  }
  if (/^\p{M}/u.test(name)) return { error: 'The name cannot start with an accent on its own.' };
  const n = graphemes(name);
  if (n > MAX_SCORE_NAME) return { error: `The name is too long: ${n} characters, at most ${MAX_SCORE_NAME}.` };
  if ([...name].length > MAX_CODE_POINTS) return { error: 'The name has too many accents for its length.' };
  return name;
}

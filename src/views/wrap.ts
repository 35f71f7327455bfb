// Line breaking for text that mixes Japanese and Latin. Phaser wraps at spaces only, and Japanese has
// none: a Japanese note would run off the screen. Here Latin words stay whole, a line may break
// between any two Japanese characters, and the rules of Japanese typesetting (kinsoku) keep closing
// punctuation and small kana off the start of a line and opening brackets off its end.

/** Characters that break anywhere: kana, kanji, CJK punctuation and full-width forms. */
const CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;
/** Never at the start of a line. */
const NO_START = new Set([...'、。，．・：；？！ー」』）〕］｝〉》】〙〗ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…‥,.:;?!)]}%']);
/** Never at the end of a line. */
const NO_END = new Set([...'「『（〔［｛〈《【〘〖([{']);

export function hasCjk(s: string): boolean {
  return CJK.test(s);
}

/** A line's pieces: a Latin word with its trailing spaces, or one CJK character. */
function tokens(line: string): string[] {
  const out: string[] = [];
  let word = '';
  for (const ch of line) {
    if (CJK.test(ch)) {
      if (word) out.push(word);
      word = '';
      out.push(ch);
    } else if (ch === ' ') {
      word += ch;
      out.push(word);
      word = '';
    } else word += ch;
  }
  if (word) out.push(word);
  // Kinsoku: glue a no-start token to the one before it, and a no-end token to the one after it.
  const glued: string[] = [];
  for (const tok of out) {
    const prev = glued[glued.length - 1];
    if (prev !== undefined && (NO_START.has(tok[0]!) || NO_END.has(prev[prev.length - 1]!))) glued[glued.length - 1] = prev + tok;
    else glued.push(tok);
  }
  return glued;
}

/** `text` broken into lines no wider than `width` by `measure` (a token wider than a line stays whole). */
export function wrapMixed(text: string, measure: (s: string) => number, width: number): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const tok of tokens(para)) {
      if (line !== '' && measure((line + tok).trimEnd()) > width) {
        lines.push(line.trimEnd());
        line = tok.trimStart();
      } else line += tok;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

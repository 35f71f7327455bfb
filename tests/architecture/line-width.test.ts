// No line over the formatter's width (biome.jsonc lineWidth). Biome wraps code but never a string
// literal or a comment, so this test holds those to the same width.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const WIDTH = 140;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const rel = join(dir, name);
    if (statSync(join(ROOT, rel)).isDirectory()) return sources(rel);
    return /\.(ts|css)$/.test(name) ? [rel] : [];
  });
}

/** "file:line (n chars)" for every line longer than `width`. */
function longLines(files: readonly string[], read: (f: string) => string, width: number): string[] {
  return files.flatMap((f) =>
    read(f)
      .split('\n')
      .flatMap((line, i) => ([...line].length > width ? [`${f}:${i + 1} (${[...line].length} chars)`] : [])),
  );
}

describe('line width', () => {
  it(`no line of src, tests, scripts or assets is over ${WIDTH} characters`, () => {
    const biome = readFileSync(join(ROOT, 'biome.jsonc'), 'utf8');
    expect(biome).toMatch(new RegExp(`"lineWidth":\\s*${WIDTH}\\b`));
    const files = ['src', 'tests', 'scripts', 'assets'].flatMap(sources);
    expect(files.length).toBeGreaterThan(300);
    expect(longLines(files, (f) => readFileSync(join(ROOT, f), 'utf8'), WIDTH)).toEqual([]);
  });

  it('names the file and line of a long one (counting characters, not bytes)', () => {
    const text: Record<string, string> = { 'a.ts': `ok\n${'x'.repeat(141)}\n${'é'.repeat(140)}` };
    expect(longLines(['a.ts'], (f) => text[f]!, 140)).toEqual(['a.ts:2 (141 chars)']);
  });
});

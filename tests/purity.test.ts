// The architecture rule (DESIGN.md): the deterministic core — sim, ai, controllers, replay, metrics,
// presets — never imports Phaser and never touches the browser, the clock, unseeded randomness or the
// engine-dependent Math functions (their last bits may differ between JS engines and would break
// replays across browsers; src/sim/dmath.ts has the project's own). Comments and strings are ignored.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');
const PURE_DIRS = ['src/sim', 'src/ai', 'src/controllers', 'src/replay', 'src/metrics', 'src/presets'];
/**
 * Math members that are exact under IEEE 754 (sqrt and rounding are correctly rounded; imul and clz32
 * are integer operations) or plain constants: everything else is refused.
 */
const MATH_OK = new Set(['sqrt', 'abs', 'floor', 'ceil', 'round', 'min', 'max', 'imul', 'clz32', 'fround', 'trunc', 'sign', 'PI', 'SQRT2', 'SQRT1_2', 'E', 'LN2', 'LN10', 'LOG2E', 'LOG10E']);

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.(ts|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The code with comments and string/template contents blanked (line numbers kept). */
function codeOnly(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, (m) => {
    if (m.startsWith('/')) return m.replace(/[^\n]/g, ' ');
    return m[0] + m.slice(1, -1).replace(/[^\n]/g, ' ') + m.at(-1);
  });
}

/** Every use of something the pure core must not touch, as `line: what`. */
function violations(src: string): string[] {
  const found: string[] = [];
  const lineOf = (i: number) => src.slice(0, i).split('\n').length;
  // Imports are read from the raw text (the module name is a string).
  for (const m of src.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](phaser(?:\/[^'"]*)?)['"]/g)) {
    found.push(`${lineOf(m.index!)}: imports ${m[1]}`);
  }
  const code = codeOnly(src);
  for (const m of code.matchAll(/(?<![.\w$])(window|document|Date|performance|globalThis|navigator|requestAnimationFrame|setTimeout|setInterval)\b/g)) {
    found.push(`${lineOf(m.index!)}: uses ${m[1]}`);
  }
  for (const m of code.matchAll(/\bMath\s*\.\s*([A-Za-z_$][\w$]*)/g)) {
    if (!MATH_OK.has(m[1]!)) found.push(`${lineOf(m.index!)}: uses Math.${m[1]}`);
  }
  for (const m of code.matchAll(/\bMath\s*\[/g)) found.push(`${lineOf(m.index!)}: uses Math[…]`);
  return found;
}

describe('purity of the deterministic core', () => {
  it('the checker finds each forbidden use, and ignores comments and strings', () => {
    const planted = [
      "import Phaser from 'phaser';",
      'const a = Math.sin(x) + Math.cos(x) + Math.atan2(y, x) + Math.pow(2, 3) + Math.hypot(1, 2) + Math.exp(1) + Math.log(2);',
      'const r = Math.random();',
      'const t = Date.now() + performance.now();',
      'window.foo = document.body;',
      'const ok = Math.sqrt(2) + Math.abs(-1) + Math.floor(1.5) + Math.imul(3, 4) + Math.PI;',
      "// Math.sin in a comment, window too\nconst s = 'Math.random() and Date in a string';",
    ].join('\n');
    const v = violations(planted);
    expect(v).toEqual([
      '1: imports phaser',
      '4: uses Date',
      '4: uses performance',
      '5: uses window',
      '5: uses document',
      '2: uses Math.sin',
      '2: uses Math.cos',
      '2: uses Math.atan2',
      '2: uses Math.pow',
      '2: uses Math.hypot',
      '2: uses Math.exp',
      '2: uses Math.log',
      '3: uses Math.random',
    ]);
    expect(violations('x.window = 1; const dateLike = o.Date;')).toEqual([]); // properties are not globals
  });

  it('src/sim, src/ai, src/controllers, src/replay, src/metrics and src/presets use none of them', () => {
    const bad: string[] = [];
    let files = 0;
    for (const dir of PURE_DIRS) {
      for (const file of sources(join(ROOT, dir))) {
        files++;
        for (const v of violations(readFileSync(file, 'utf8'))) bad.push(`${relative(ROOT, file)}:${v}`);
      }
    }
    expect(files).toBeGreaterThan(50);
    expect(bad).toEqual([]);
  });
});

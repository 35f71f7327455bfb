// The architecture rule (DESIGN.md): the deterministic core — sim, ai, controllers, replay, metrics,
// presets — never imports Phaser and never touches the browser, the clock, unseeded randomness or the
// engine-dependent Math functions (their last bits may differ between JS engines and would break
// replays across browsers; src/geom/dmath.ts has the project's own). Comments and strings are ignored.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');
const PURE_DIRS = ['src/geom', 'src/maze', 'src/world', 'src/sim', 'src/cpu', 'src/controllers', 'src/replay', 'src/metrics', 'src/playback', 'src/lab'];
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

/**
 * The code with comments and the text of strings and templates blanked (line numbers kept). A
 * template's `${…}` parts are code and stay (nested templates and strings in them are handled too).
 * Regular-expression literals are read as code: the pure core has none with quotes or backticks.
 */
function codeOnly(src: string): string {
  const out = src.split('');
  const blank = (i: number) => {
    if (out[i] !== '\n') out[i] = ' ';
  };
  // Stack of open contexts: 'code' (top level or inside `${`, with its brace depth) or 'tpl'.
  const stack: { kind: 'code' | 'tpl'; depth: number }[] = [{ kind: 'code', depth: 0 }];
  let i = 0;
  const n = src.length;
  while (i < n) {
    const top = stack[stack.length - 1]!;
    const ch = src[i]!;
    if (top.kind === 'tpl') {
      if (ch === '\\') {
        blank(i);
        if (i + 1 < n) blank(i + 1);
        i += 2;
      } else if (ch === '`') {
        stack.pop();
        i++;
      } else if (ch === '$' && src[i + 1] === '{') {
        stack.push({ kind: 'code', depth: 0 });
        i += 2;
      } else {
        blank(i++);
      }
      continue;
    }
    if (ch === '/' && src[i + 1] === '/') {
      while (i < n && src[i] !== '\n') blank(i++);
    } else if (ch === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      while (i < stop) blank(i++);
    } else if (ch === "'" || ch === '"') {
      i++;
      while (i < n && src[i] !== ch && src[i] !== '\n') {
        if (src[i] === '\\') blank(i++);
        if (i < n) blank(i++);
      }
      i++;
    } else if (ch === '`') {
      stack.push({ kind: 'tpl', depth: 0 });
      i++;
    } else if (ch === '{') {
      top.depth++;
      i++;
    } else if (ch === '}' && top.depth === 0 && stack.length > 1) {
      stack.pop(); // the end of a `${…}`: back in the template
      i++;
    } else {
      if (ch === '}') top.depth--;
      i++;
    }
  }
  return out.join('');
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
  for (const m of code.matchAll(/(?<![.\w$])Math\b\s*(\?\.|\.)?\s*([A-Za-z_$][\w$]*)?/g)) {
    const line = lineOf(m.index!);
    if (m[1] && m[2]) {
      if (!MATH_OK.has(m[2])) found.push(`${line}: uses Math.${m[2]}`);
      continue;
    }
    // Math as a value: destructured (`const { sin } = Math`: each member is checked), or anything
    // else (`Math[k]`, an alias, passing it on), which would hide the member from this check.
    const pattern = /\{([^{}]*)\}\s*=\s*$/.exec(code.slice(0, m.index!));
    if (pattern) {
      for (const part of pattern[1]!.split(',')) {
        const name = part.split(':')[0]!.replace(/=.*$/s, '').trim();
        if (name.startsWith('...')) found.push(`${line}: uses Math as a value (the rest of a destructuring)`);
        else if (name && !MATH_OK.has(name)) found.push(`${line}: uses Math.${name} (destructured)`);
      }
    } else found.push(`${line}: uses Math as a value`);
  }
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

  it('a template\'s ${…} parts are code, and Math cannot be smuggled out by destructuring or aliasing', () => {
    const planted = [
      'const a = `angle ${Math.sin(x)} of ${n}`;',
      'const b = `outer ${f(`inner ${Math.cos(y)} text`)} and ${{ k: Math.exp(1) }.k}`;',
      'const { sin, sqrt: root, ...rest } = Math;',
      'let { floor } = Math; const M = Math; g(Math); h(Math[key]);',
      'const ok = `${Math.sqrt(2)} Math.sin and window in the text ${"Math.tan in a string"}` + `${`${Date.now()}`}`;',
      "const notMath = o.Math.sin(1) + MathUtil.cos(2); // Math.log here is a comment",
    ].join('\n');
    expect(violations(planted)).toEqual([
      '5: uses Date',
      '1: uses Math.sin',
      '2: uses Math.cos',
      '2: uses Math.exp',
      '3: uses Math.sin (destructured)',
      '3: uses Math as a value (the rest of a destructuring)',
      '4: uses Math as a value',
      '4: uses Math as a value',
      '4: uses Math as a value',
    ]);
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

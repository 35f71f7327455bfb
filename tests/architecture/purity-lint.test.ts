// The purity rules are the linter's (biome.jsonc + lint/no-engine-math.grit): these probes show they
// fire in a pure layer and stay quiet in a browser layer, so a broken config cannot pass silently.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome');

/** Lints `code` as if it stood at `path`, with the project's own config, in a scratch copy of the tree's shape. */
function lint(path: string, code: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'twinfield-lint-'));
  try {
    cpSync(join(ROOT, 'biome.jsonc'), join(dir, 'biome.jsonc'));
    cpSync(join(ROOT, 'lint'), join(dir, 'lint'), { recursive: true });
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), code);
    const r = spawnSync(BIOME, ['lint', '--vcs-enabled=false', '--max-diagnostics=100', path], { cwd: dir, encoding: 'utf8' });
    return r.stdout + r.stderr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const PROBE = [
  "import Phaser from 'phaser';",
  'export const a = Math.sin(1) + Math.random() + Math.pow(2, 3);',
  'export const b = Date.now() + performance.now() + window.innerWidth;',
  'export const ok = Math.sqrt(2) + Math.floor(1.5);',
  'export const p = Phaser;',
  '',
].join('\n');

describe('purity lint rules', () => {
  it('refuse Phaser, the clock, the browser and engine-dependent Math in a pure layer', () => {
    const out = lint('src/sim/probe.ts', PROBE);
    expect(out).toContain('Pure layers never import Phaser');
    expect(out.match(/engine-dependent Math/g)?.length).toBe(3); // sin, random, pow; not sqrt/floor
    expect(out).toContain('global variable Date');
    expect(out).toContain('global variable performance');
    expect(out).toContain('global variable window');
  });

  it('refuse Math smuggled out by destructuring, aliasing or passing it around', () => {
    const out = lint(
      'src/cpu/probe.ts',
      'const { sin } = Math;\nconst M = Math;\nexport const v = [sin, M, f(Math), Math.sqrt(4)];\ndeclare function f(x: ' +
        'unknown): number;\n',
    );
    expect(out.match(/use Math only as Math.member/g)?.length).toBe(3);
  });

  it('apply to the pure study core but not to the rater page', () => {
    expect(lint('src/study/analyze-probe.ts', PROBE)).toContain('engine-dependent Math');
    expect(lint('src/study/page/probe.ts', PROBE)).not.toContain('engine-dependent Math');
  });

  it('leave the browser layers alone', () => {
    const out = lint('src/scenes/probe.ts', PROBE);
    expect(out).not.toContain('engine-dependent Math');
    expect(out).not.toContain('Pure layers never import Phaser');
  });
});

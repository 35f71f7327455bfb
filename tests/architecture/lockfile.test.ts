// `npm ci` on a fresh machine refuses a lock file that lacks an entry for any optional dependency
// (the platform binaries of Biome, Rolldown, …), even ones for other platforms. `npm install`
// silently leaves such an entry out when the registry here does not carry that version, so this
// test catches the drift before CI does.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockPackage {
  readonly optionalDependencies?: Readonly<Record<string, string>>;
}

/** Optional dependencies that no lock entry resolves, as "package → dependency". */
function unresolvedOptionals(packages: Readonly<Record<string, LockPackage>>): string[] {
  const missing: string[] = [];
  for (const [where, pkg] of Object.entries(packages)) {
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) {
      // Node resolves from the package's own node_modules up to the root's.
      const candidates: string[] = [];
      let base = where;
      for (;;) {
        candidates.push(`${base === '' ? '' : `${base}/`}node_modules/${dep}`);
        const cut = base.lastIndexOf('node_modules/');
        if (base === '') break;
        base = cut <= 0 ? '' : base.slice(0, cut - 1);
      }
      if (!candidates.some((c) => c in packages)) missing.push(`${where || '(root)'} → ${dep}`);
    }
  }
  return missing;
}

describe('package-lock.json', () => {
  it('has an entry for every optional dependency, so `npm ci` accepts it on a fresh machine', () => {
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, LockPackage>;
    };
    expect(unresolvedOptionals(lock.packages)).toEqual([]);
  });

  it('names an optional dependency the lock does not resolve', () => {
    const packages = {
      '': {},
      'node_modules/@biomejs/biome': { optionalDependencies: { '@biomejs/cli-linux-x64': '1', '@biomejs/cli-win32-x64': '1' } },
      'node_modules/@biomejs/cli-linux-x64': {},
    };
    expect(unresolvedOptionals(packages)).toEqual(['node_modules/@biomejs/biome → @biomejs/cli-win32-x64']);
  });
});

// Writes a built study package to disk: OUT/site/ (the rater page built by Vite from study.html,
// served as index.html, the game's public files, manifest.json and the blinded clips) and
// OUT/key.json beside it (never served). Used by `study build`.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuiltPackage } from '../study/build';
import { keyFileText } from '../study/key';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Builds the rater page (study.html and its code) into `siteDir`, emptying it first. */
export async function buildRaterPage(siteDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    root: PROJECT_ROOT,
    base: './',
    logLevel: 'error',
    build: { outDir: siteDir, emptyOutDir: true },
    // The page alone, whatever entries the project's config lists (the game's index.html too).
    plugins: [
      {
        name: 'twinfield-study-input',
        enforce: 'post',
        config(c) {
          c.build ??= {};
          c.build.rolldownOptions = { ...(c.build.rolldownOptions ?? {}), input: { study: join(PROJECT_ROOT, 'study.html') } };
        },
      },
    ],
  });
  // Served as the folder's index, so the study's address is just the folder.
  renameSync(join(siteDir, 'study.html'), join(siteDir, 'index.html'));
}

/** Writes the package's files into site/ and key.json into `outDir`. */
export function writePackage(pkg: BuiltPackage, outDir: string, siteDir = join(outDir, 'site')): void {
  rmSync(join(siteDir, 'clips'), { recursive: true, force: true });
  for (const [path, bytes] of pkg.files) {
    const to = join(siteDir, path);
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, bytes);
  }
  // The fingerprint and clipId -> entry, as src/study/key.ts reads it.
  writeFileSync(join(outDir, 'key.json'), keyFileText(pkg.fingerprint, pkg.key));
}

/**
 * The page's files in `siteDir` (path -> bytes) for the package fingerprint: everything but
 * manifest.json, clips/ (the build's own) and video/ (rendered from the clips afterwards).
 */
export function readPageFiles(siteDir: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  if (!existsSync(siteDir)) return out;
  for (const f of listFiles(siteDir)) {
    if (f.path === 'manifest.json' || f.path.startsWith('clips/') || f.path.startsWith('video/')) continue;
    out.set(f.path, readFileSync(join(siteDir, f.path)));
  }
  return out;
}

/** Every file under `dir` (paths relative to it, '/'-separated) with its size. */
export function listFiles(dir: string): { path: string; bytes: number }[] {
  const out: { path: string; bytes: number }[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else out.push({ path: relative(dir, p).split('\\').join('/'), bytes: st.size });
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

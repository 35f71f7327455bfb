// A built study package as the server sees it: OUT/site/ (served as it is), its manifest, and
// OUT/key.json (never served; read for the researcher's live tables).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseKeyFile, type ClipKey } from '../study/key';
import { parseManifest, type Manifest } from '../study/manifest';

export interface StudyPackage {
  dir: string;
  site: string;
  manifest: Manifest;
  /** null when OUT/key.json is missing: the dashboard then shows progress only. */
  key: ClipKey | null;
  dbPath: string;
}

export class PackageError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'PackageError';
  }
}

export function loadPackage(out: string): StudyPackage {
  const dir = resolve(out);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new PackageError(`${out}: not a folder (give the OUT of 'study build')`);
  const site = join(dir, 'site');
  const manifestPath = join(site, 'manifest.json');
  if (!existsSync(manifestPath)) throw new PackageError(`${manifestPath}: missing; is ${out} a package built by 'study build'?`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (e) {
    throw new PackageError(`${manifestPath}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  let manifest: Manifest;
  try {
    manifest = parseManifest(json, manifestPath);
  } catch (e) {
    throw new PackageError(`${e instanceof Error ? e.message : String(e)} (rebuild the package with this version's 'study build')`);
  }
  const keyPath = join(dir, 'key.json');
  let key: ClipKey | null = null;
  if (existsSync(keyPath)) {
    const k = parseKeyFile(readFileSync(keyPath, 'utf8'), keyPath);
    // A key of another build would credit the live tables' answers to the wrong players.
    if (k.fingerprint !== null && k.fingerprint !== manifest.fingerprint)
      throw new PackageError(
        `${keyPath}: belongs to package ${k.fingerprint}, but site/manifest.json is package ${manifest.fingerprint}; ` +
          'put the key.json of this build beside site/',
      );
    key = k.clips;
  }
  return { dir, site, manifest, key, dbPath: join(dir, 'study.sqlite') };
}

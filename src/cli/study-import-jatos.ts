// `study import-jatos RESULTS.zip… --out DIR`: JATOS's results export (data and files, one or more
// zips) turned into what `study analyze` reads: DIR/answers.json (every participant's latest record,
// unfinished ones kept) and DIR/replays/ (the uploaded practice plays and recordings).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { formatImportSummary, importJatosResults, jatosImportFiles } from '../study/jatos/import';
import { parseManifest } from '../study/manifest';
import { defineTool, UsageError } from './common';

function readBytes(path: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(path));
  } catch (e) {
    throw new UsageError(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

export const importJatosMain = defineTool(
  {
    name: 'study import-jatos',
    usage: 'npm run -s study -- import-jatos RESULTS.zip [MORE.zip…] --out DIR [--package OUT] [--json]',
    summary:
      "Reads JATOS's results export (the data zip and the files zip; docs/study-jatos.md) and writes DIR/answers.json and " +
      'DIR/replays/ for study analyze. With --package (the built package folder) every record must belong to that package.',
    options: [
      { name: 'out', kind: 'string', help: 'where answers.json and replays/ go' },
      { name: 'package', kind: 'string', help: 'the built package (its site/manifest.json gives the study id and fingerprint)' },
    ],
    positional: [1, 32],
  },
  async ({ opts, positional }, _json, out) => {
    if (!opts.out) throw new UsageError('--out DIR is required (answers.json and replays/ go there)');
    let expect: { studyId?: string; fingerprint?: string } = {};
    if (opts.package) {
      const mpath = join(resolve(opts.package), 'site', 'manifest.json');
      let text: string;
      try {
        text = readFileSync(mpath, 'utf8');
      } catch {
        throw new UsageError(`--package ${opts.package}: no site/manifest.json there (give the folder study build wrote)`);
      }
      const m = parseManifest(JSON.parse(text), mpath);
      expect = { studyId: m.studyId, fingerprint: m.fingerprint };
    }
    const r = importJatosResults(
      positional.map((p) => ({ name: p, bytes: readBytes(p) })),
      expect,
    );
    const dir = resolve(opts.out);
    for (const [rel, bytes] of jatosImportFiles(r)) {
      const path = join(dir, rel);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bytes);
    }
    for (const w of r.warnings) out.warn(`warning: ${w}`);
    out.log(...formatImportSummary(r), `written to ${dir}`);
    return { out: dir, summary: r.summary, warnings: r.warnings };
  },
);

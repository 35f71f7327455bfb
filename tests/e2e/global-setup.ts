// Builds the game once in the e2e mode (the build with the test hook, window.__twinfield; see
// src/main.ts) and serves it on a free localhost port for the browser tests; and the study's rater
// page once (the production page `study build` makes), which the study tests reuse with --page-from.
// Both e2e projects (vitest.config.ts) list this file: Vitest calls it once per project, in the same
// process, so the first call builds and serves and the second shares that (globalThis outlives the
// module instance each project loads); the server closes with the last project's teardown.
import { build, preview, type PreviewServer } from 'vite';
import { buildRaterPage } from '../../src/cli/study-site';
import type { TestProject } from 'vitest/node';

interface Shared {
  ready: Promise<{ server: PreviewServer; url: string; studyPage: string }>;
  users: number;
}
const KEY = Symbol.for('twinfield.e2e.global-setup');

async function start(): Promise<{ server: PreviewServer; url: string; studyPage: string }> {
  // E2E_OUT lets several e2e runs share a checkout without overwriting each other's build.
  const outDir = process.env.E2E_OUT || 'dist-e2e';
  const studyPage = `${outDir}-study-page`;
  // The two builds at once: separate output folders, and each leaves a core idle part of the time.
  await Promise.all([build({ mode: 'e2e', logLevel: 'warn', build: { outDir, emptyOutDir: true } }), buildRaterPage(studyPage)]);
  const server = await preview({ logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a URL');
  return { server, url, studyPage };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const g = globalThis as { [KEY]?: Shared };
  const shared = (g[KEY] ??= { ready: start(), users: 0 });
  shared.users++;
  const { server, url, studyPage } = await shared.ready;
  project.provide('baseUrl', url);
  project.provide('studyPage', studyPage);
  return async () => {
    if (--shared.users > 0) return;
    delete g[KEY];
    await server.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A built rater page (study.html as index.html), for `study build --page-from`. */
    studyPage: string;
  }
}

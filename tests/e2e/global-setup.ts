// Builds the game once in the e2e mode (the build with the test hook, window.__twinfield; see
// src/main.ts) and serves it on a free localhost port for the browser tests; and the study's rater
// page once (the production page `study build` makes), which the study tests reuse with --page-from.
import { build, preview } from 'vite';
import { buildRaterPage } from '../../src/cli/study-site';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // E2E_OUT lets several e2e runs share a checkout without overwriting each other's build.
  const outDir = process.env.E2E_OUT || 'dist-e2e';
  await build({ mode: 'e2e', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await preview({ logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a URL');
  project.provide('baseUrl', url);
  const studyPage = `${outDir}-study-page`;
  await buildRaterPage(studyPage);
  project.provide('studyPage', studyPage);
  return async () => {
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

// Builds the game once in the e2e mode (the build with the test hook, window.__twinfield; see
// src/main.ts) and serves it on a free localhost port for the browser tests.
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // E2E_OUT lets several e2e runs share a checkout without overwriting each other's build.
  const outDir = process.env.E2E_OUT || 'dist-e2e';
  await build({ mode: 'e2e', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await preview({ logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a URL');
  project.provide('baseUrl', url);
  return async () => {
    await server.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

// Builds the game once and serves the build on a free localhost port for the browser tests.
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await build({ logLevel: 'warn', build: { outDir: 'dist-e2e', emptyOutDir: true } });
  const server = await preview({ logLevel: 'warn', build: { outDir: 'dist-e2e' }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
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

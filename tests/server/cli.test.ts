// `study serve`'s refusals: every bad option or package is one plain `error:` line and exit 2.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferIo } from '../../src/cli/common';
import { serveMain } from '../../src/cli/study-serve';
import { makePackage } from './fixture';
import { startServerProcess } from './spawn';

async function run(args: string[]) {
  const io = bufferIo();
  const code = await serveMain(args, io);
  return { code, err: io.err };
}

describe('study serve (CLI)', () => {
  it('refuses a folder that is not a package, a broken manifest and bad tokens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'twinfield-serve-'));
    try {
      expect(await run([join(dir, 'nope')])).toEqual({ code: 2, err: expect.stringMatching(/^error: .*nope: not a folder/) });
      expect(await run([dir])).toEqual({
        code: 2,
        err: expect.stringMatching(/manifest\.json: missing; is .* a package built by 'study build'/),
      });
      mkdirSync(join(dir, 'site'));
      writeFileSync(join(dir, 'site', 'manifest.json'), '{"format":"twinfield-study-site","version":1}');
      expect((await run([dir])).err).toMatch(/^error: .*manifest\.json: version: .*rebuild the package/);
      const p = makePackage();
      const key = join(p.dir, 'key.json');
      const good = readFileSync(key, 'utf8');
      writeFileSync(key, good.replace('0123456789abcdef', 'fedcba9876543210'));
      expect((await run([p.dir])).err).toMatch(
        /key\.json: belongs to package fedcba9876543210, but site\/manifest\.json is package 0123456789abcdef/,
      );
      writeFileSync(key, good);
      expect((await run([p.dir, '--token', 'short'])).err).toMatch(/^error: --token: use 12–200 letters/);
      expect((await run([p.dir, '--port', '70000'])).err).toMatch(/^error: option --port: 70000 is above the limit 65535/);
      rmSync(p.dir, { recursive: true, force: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says when the port is taken', async () => {
    const p = makePackage();
    const child = await startServerProcess(p.dir);
    try {
      const port = new URL(child.url).port;
      expect((await run([p.dir, '--port', port])).err).toMatch(
        /^error: port \d+ is already in use on 127\.0\.0\.1; pick another with --port/,
      );
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
      rmSync(p.dir, { recursive: true, force: true });
    }
  });
});

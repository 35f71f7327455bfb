// Starts `study serve` as a child process on 127.0.0.1 (a real socket, a real process to kill) and
// waits for the JSON line it prints once it listens.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export interface Child {
  proc: ChildProcess;
  url: string;
  researcherToken: string;
  recordToken: string;
  /** Resolves with the exit code (or signal name) once the process is gone. */
  exited: Promise<number | string>;
  stderr: () => string;
}

export function startServerProcess(out: string, args: string[] = [], env: Record<string, string> = {}, port = 0): Promise<Child> {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src/cli/study-serve.ts'), out, '--port', String(port), '--host', '127.0.0.1', '--json', ...args],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  let outText = '';
  proc.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<number | string>((done) => proc.on('exit', (code, sig) => done(code ?? sig ?? -1)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 30 s: ${err}`)), 30_000);
    proc.stdout!.on('data', (d: Buffer) => {
      outText += d.toString();
      const line = outText.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      const info = JSON.parse(line) as { url: string; researcherToken: string; recordToken: string };
      resolve({
        proc,
        url: info.url.replace(/\/$/, ''),
        researcherToken: info.researcherToken,
        recordToken: info.recordToken,
        exited,
        stderr: () => err,
      });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it listened: ${err}`));
    });
  });
}

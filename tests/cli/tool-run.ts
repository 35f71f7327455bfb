// Runs a tool's main(argv, io) in-process and collects what it writes, in the shape of spawnSync's
// result, so CLI tests need no child process (one spawn per tool stays as a smoke test of the
// entry-script path: exit code, stdout, stderr).
import { execFile } from 'node:child_process';
import { bufferIo, type ToolMain } from '../../src/cli/common';

export interface ToolRun {
  status: number;
  stdout: string;
  stderr: string;
}

export async function runMain(main: ToolMain, args: string[]): Promise<ToolRun> {
  const io = bufferIo();
  const status = await main(args, io);
  return { status, stdout: io.out, stderr: io.err };
}

/** Runs `src/cli/NAME.ts` as its own process (node --import tsx, as `npm run` would with tsx). */
export function spawnTool(name: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', `src/cli/${name}.ts`, ...args],
      { encoding: 'utf8', cwd: process.cwd() },
      (_e, stdout, stderr) => done({ status: child.exitCode, stdout, stderr }),
    );
  });
}

/** The JSON object on the last line of stdout. */
export const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
/** stderr's non-empty lines (without npm's own warnings). */
export const errLines = (stderr: string) =>
  stderr
    .trim()
    .split('\n')
    .filter((l) => l && !l.startsWith('npm warn'));

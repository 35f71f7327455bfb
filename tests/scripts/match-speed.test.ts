// scripts/match-speed.ts: compares this tree with another checkout match by match. Against itself
// (the only other checkout a test has) both sides play the same matches; a path that is not a
// checkout is refused with a clear error.
import { describe, expect, it } from 'vitest';
import { main } from '../../scripts/match-speed';
import { bufferIo } from '../../src/cli/common';

describe('match-speed', () => {
  it('times both trees on the same seeds and reports the ratios', async () => {
    const io = bufferIo();
    const code = await main(['--against', '.', '--seeds', '2', '--warmup', '0', '--frames', '120', '--json'], io);
    expect(code).toBe(0);
    const report = JSON.parse(io.out.trim().split('\n').pop()!);
    expect(report.seeds).toBe(2);
    expect(report.oldCpuMs).toBeGreaterThan(0);
    expect(report.newCpuMs).toBeGreaterThan(0);
    expect(report.ratioOfSums).toBeCloseTo(report.oldCpuMs / report.newCpuMs, 9);
    expect(report.controllersRatio).toBeUndefined();
  });

  it('with --split also times the controllers apart from the sim', async () => {
    const io = bufferIo();
    const code = await main(['--against', '.', '--seeds', '2', '--warmup', '0', '--frames', '120', '--split'], io);
    expect(code).toBe(0);
    expect(io.out).toMatch(/controllers: old \d+ ms, new \d+ ms, [\d.]+×; the rest \(sim\): \d+ → \d+ ms/);
    const json = bufferIo();
    await main(['--against', '.', '--seeds', '2', '--warmup', '0', '--frames', '120', '--split', '--json'], json);
    const report = JSON.parse(json.out.trim().split('\n').pop()!);
    // The controllers' time is part of each match's time.
    expect(report.newControllersMs).toBeGreaterThan(0);
    expect(report.newControllersMs).toBeLessThan(report.newCpuMs);
    expect(report.oldControllersMs).toBeLessThan(report.oldCpuMs);
  });

  it('refuses a folder that is not a checkout, saying which', async () => {
    const io = bufferIo();
    const code = await main(['--against', 'tests/fixtures', '--seeds', '1'], io);
    expect(code).toBe(2);
    expect(io.err).toMatch(/tests\/fixtures is not a checkout of this project/);
  });
});

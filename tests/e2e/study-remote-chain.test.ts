// The remote-recording chain in one run: a study package built from a study file (the production
// rater page), the study server serving it, a person playing both drill variants on the recording
// page in Chromium (arrow keys held), each upload verified and stored by the server, then
// `study record --from` taking those recordings as the player's human clips (checked like any clip)
// and `study build` putting them into the package in place of the stand-ins.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { main } from '../../src/cli/study';
import { recordStandIn } from '../../src/cli/study-stand-in';
import { decodeReplay, encodeReplay } from '../../src/replay';
import { createStudyServer, type StudyServer } from '../../src/server/app';
import { parseKeyFile } from '../../src/study/key';
import { lastJson, runMain } from '../cli/tool-run';
import { twoPlayerStudy } from '../study/two-player-study';
import { launch, screenshot } from './browser';

const DIR = resolve('test-artifacts/study-remote-chain');
const PKG = join(DIR, 'package');
const TOKEN = 'rec-token-chain-1';
const tool = (args: string[]) => runMain(main, args);

let server: StudyServer | null = null;
afterAll(async () => {
  await server?.close();
});

describe('remote recording → study server → study record → study build', () => {
  it("a person's recordings made in Chromium become that player's clips", async () => {
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(DIR, { recursive: true });
    const studyPath = join(DIR, 'study.json');
    const study = twoPlayerStudy({ seconds: 2, start: 1 });
    writeFileSync(studyPath, JSON.stringify(study, null, 2));
    // Stand-ins until people have played; the package's recording page is how they do.
    for (const [who, spec] of [
      ['calm', 'idle'],
      ['busy', 'random:9'],
    ] as const)
      for (const v of ['a', 'b'])
        writeFileSync(join(DIR, `${who}-${v}.twrp`), encodeReplay(recordStandIn(study, who, v, spec, '2026-11-27T00:00:00Z')));
    const built = await tool(['build', studyPath, '--out', PKG, '--page-from', inject('studyPage'), '--stand-ins', '--json']);
    expect(built.status, built.stderr).toBe(0);

    server = await createStudyServer({ out: PKG, recordToken: TOKEN, rateLimit: 0 });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/`;
    const browser = await launch();
    const page = await browser.newPage({ viewport: { width: 1100, height: 820 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(`${base}?view=record&player=calm&token=${TOKEN}&lang=en`);
      await page.click('[data-start]');
      // The sets with a human player use variants a and b: those two are recorded, in turn.
      for (const [v, key] of [
        ['a', 'ArrowLeft'],
        ['b', 'ArrowRight'],
      ] as const) {
        await page.waitForFunction((x) => document.getElementById('study')?.dataset.variant === x, v, { timeout: 30_000 });
        await page.waitForSelector('#stage canvas', { timeout: 30_000 });
        // Past the 3 s countdown, the person moves for a while.
        await page.waitForTimeout(3500);
        await page.keyboard.down(key);
        await page.waitForTimeout(700);
        await page.keyboard.up(key);
        await page.waitForFunction(() => document.getElementById('study')?.dataset.verdict === 'accepted', null, { timeout: 120_000 });
        await page.click('[data-next]');
      }
      await page.waitForFunction(() => document.getElementById('study')?.dataset.recordDone === '1', null, { timeout: 30_000 });
    } catch (e) {
      await screenshot(page, 'study-remote-chain-failed');
      throw e;
    } finally {
      await browser.close();
    }
    expect(errors).toEqual([]);
    const stored = server.ctx.db
      .prepare("SELECT variant, bytes AS data FROM replays WHERE kind = 'recording' AND player = 'calm' ORDER BY variant")
      .all() as {
      variant: string;
      data: Buffer;
    }[];
    expect(stored.map((r) => r.variant)).toEqual(['a', 'b']);
    await server.close();
    server = null;

    // The stand-ins of calm go: study record takes the server's recordings in their place.
    for (const v of ['a', 'b']) rmSync(join(DIR, `calm-${v}.twrp`));
    const rec = await tool(['record', studyPath, '--from', PKG, '--stand-ins', '--json']);
    expect(rec.status, rec.stderr).toBe(0);
    const j = lastJson(rec.stdout) as {
      remote: { player: string; variant: string; status: string }[];
      clips: { player: string; variant: string; standIn: boolean; status: string }[];
    };
    expect(j.remote.filter((x) => x.player === 'calm').map((x) => [x.variant, x.status])).toEqual([
      ['a', 'written'],
      ['b', 'written'],
    ]);
    for (const { variant, data } of stored) {
      const written = new Uint8Array(readFileSync(join(DIR, `calm-${variant}.twrp`)));
      expect(written).toEqual(new Uint8Array(data));
      const replay = decodeReplay(written);
      expect(replay.sides[0]).toMatchObject({ human: true, controller: 'human' });
      // The keys the person held are in the clip: the ship moved.
      expect(
        replay.inputs[0]!.some((bits) => bits !== 0),
        `calm ${variant}: no input recorded`,
      ).toBe(true);
    }
    expect(j.clips.filter((c) => c.player === 'calm').every((c) => c.status === 'ok' && !c.standIn)).toBe(true);

    // The package built again: calm's clips are the recordings, busy's still stand-ins.
    const again = await tool(['build', studyPath, '--out', PKG, '--page-from', inject('studyPage'), '--stand-ins', '--json']);
    expect(again.status, again.stderr).toBe(0);
    const key = parseKeyFile(readFileSync(join(PKG, 'key.json'), 'utf8'), 'key.json');
    const byPlayer = (p: string) => Object.values(key.clips).filter((c) => c.playerId === p);
    expect(byPlayer('calm').every((c) => !c.standIn)).toBe(true);
    expect(byPlayer('busy').every((c) => c.standIn)).toBe(true);
  }, 300_000);
});

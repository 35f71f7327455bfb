// The music in Chromium (issue 25), the e2e build: after the title is up the music loads and the
// title track plays through Phaser's sound manager, looped by its loop marker; seeking near the loop
// end wraps to the loop start; the encoded files decode to the rendered length.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MusicManifest } from '../../src/audio/music-names';
import type { MusicView } from '../../src/audio/music-test-hook';
import { useGame } from './browser';

const game = useGame();

const view = (page: Page): Promise<MusicView> =>
  page.evaluate(() => (window as unknown as { __twinfield_music: { view(): MusicView } }).__twinfield_music.view());

/** The title scene loads the music once it shows and plays the title theme: wait for that. */
async function startTitleMusic(page: Page): Promise<void> {
  await page.waitForFunction(() => '__twinfield_music' in window, null, { timeout: 30_000 });
  await page.waitForFunction(
    () => {
      const v = (window as unknown as { __twinfield_music: { view(): MusicView } }).__twinfield_music.view();
      return v.ready && v.current === 'title' && v.sounds.length === 2;
    },
    null,
    { timeout: 60_000 },
  );
}

describe('music (e2e build)', () => {
  it('loads after the title and plays the title theme, looped by its marker', async () => {
    const { page } = game;
    await startTitleMusic(page);
    const v = await view(page);
    expect(v.ready).toBe(true);
    expect(v.current).toBe('title');
    expect(v.format).toBe('ogg'); // Chromium plays Opus
    const s = await page.evaluate(() => {
      const snd = (
        window as unknown as {
          __twinfield_game: {
            sound: { get(k: string): { isPlaying: boolean; loop: boolean; currentMarker: { name: string } | null } | null };
          };
        }
      ).__twinfield_game.sound.get('music-title');
      return snd && { isPlaying: snd.isPlaying, loop: snd.loop, marker: snd.currentMarker?.name ?? null };
    });
    expect(s).toEqual({ isPlaying: true, loop: true, marker: 'loop' });
    // the intro plays beside it until the loop's scheduled start, on the audio clock where the intro ends
    expect(v.sounds.map((x) => x.marker).sort()).toEqual(['intro', 'loop']);
    const m = (await page.evaluate(() => fetch('media/music.json').then((r) => r.json()))) as MusicManifest;
    const intro = v.sounds.find((x) => x.marker === 'intro')!;
    const loop = v.sounds.find((x) => x.marker === 'loop')!;
    expect(loop.startTime - intro.startTime).toBeCloseTo(m.tracks.title.loop!.start, 6);
  });

  it('wraps from the loop end to the loop start', async () => {
    const { page } = game;
    await startTitleMusic(page);
    const m = (await page.evaluate(() => fetch('media/music.json').then((r) => r.json()))) as MusicManifest;
    const loopLen = m.tracks.title.loop!.end - m.tracks.title.loop!.start;
    const ok = await page.evaluate(() =>
      (window as unknown as { __twinfield_music: { seekNearLoopEnd(b: number): boolean } }).__twinfield_music.seekNearLoopEnd(0.4),
    );
    expect(ok).toBe(true);
    const before = (await view(page)).sounds.find((x) => x.marker === 'loop')!;
    expect(before.seek).toBeGreaterThan(loopLen - 1);
    await page.waitForFunction(
      () => (window as unknown as { __twinfield_music: { loopsSinceSeek(): number } }).__twinfield_music.loopsSinceSeek() >= 1,
      null,
      { timeout: 10_000 },
    );
    const after = (await view(page)).sounds.find((x) => x.marker === 'loop')!;
    expect(after.isPlaying).toBe(true);
    expect(after.seek).toBeLessThan(2);
  });

  it('both encodings decode to the rendered length once their recorded start offset is taken off', async () => {
    const { page } = game;
    const out = (await page.evaluate(async () => {
      const m = (await fetch('media/music.json').then((r) => r.json())) as MusicManifest;
      const ctx = new OfflineAudioContext(2, 1, 48000);
      const res: { name: string; duration: number; ogg: number; mp3: number; offset: { ogg: number; mp3: number } }[] = [];
      for (const name of ['title', 'win']) {
        const e = m.tracks[name as 'title'];
        const dec = async (u: string) => (await ctx.decodeAudioData(await (await fetch(u)).arrayBuffer())).duration;
        res.push({ name, duration: e.duration, ogg: await dec(e.ogg), mp3: await dec(e.mp3), offset: e.offset });
      }
      return res;
    })) as { name: string; duration: number; ogg: number; mp3: number; offset: { ogg: number; mp3: number } }[];
    console.log('decoded lengths (s):', JSON.stringify(out));
    // the decoded loop seam: from the loop's last sample to its first is a step like its neighbours'
    const seam = (await page.evaluate(async () => {
      const m = (await fetch('media/music.json').then((r) => r.json())) as MusicManifest;
      const ctx = new OfflineAudioContext(2, 1, 48000);
      const res: Record<string, { seam: number; local: number }> = {};
      for (const f of ['ogg', 'mp3'] as const) {
        const e = m.tracks.title;
        const d = (await ctx.decodeAudioData(await (await fetch(e[f])).arrayBuffer())).getChannelData(0);
        const ls = Math.round((e.loop!.start + e.offset[f]) * 48000);
        const le = Math.round((e.loop!.end + e.offset[f]) * 48000);
        let local = 0;
        for (let i = le - 480; i < le; i++) local = Math.max(local, Math.abs(d[i]! - d[i - 1]!));
        for (let i = ls + 1; i < ls + 480; i++) local = Math.max(local, Math.abs(d[i]! - d[i - 1]!));
        res[f] = { seam: Math.abs(d[ls]! - d[le - 1]!), local };
      }
      return res;
    })) as Record<'ogg' | 'mp3', { seam: number; local: number }>;
    console.log('title loop seam vs the largest step within 10 ms of it:', JSON.stringify(seam));
    for (const f of ['ogg', 'mp3'] as const) expect(seam[f].seam, f).toBeLessThanOrEqual(seam[f].local);
    for (const r of out)
      for (const f of ['ogg', 'mp3'] as const) {
        // the music (offset … offset + duration) lies inside what decodes, with at most one codec frame after it
        expect(r[f] - r.offset[f] - r.duration, `${r.name}.${f}`).toBeGreaterThanOrEqual(-0.001);
        expect(r[f] - r.offset[f] - r.duration, `${r.name}.${f}`).toBeLessThan(0.06);
      }
  });
});

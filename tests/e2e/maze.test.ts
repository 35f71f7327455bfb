// Maze stages in real Chromium: the title screen's Maze rows, a maze match started through the
// hook, the wave-field overlay (F2) checked against the same match run in Node, and screenshots.
import { describe, expect, it } from 'vitest';
import { MAZE_TEXTURES_KEPT } from '../../src/art/textures';
import { createController } from '../../src/controllers/registry';
import { createMatch, hashState, MatchRunner } from '../../src/sim';
import type { Page } from 'playwright-core';
import { fieldRects } from '../../src/views/layout';
import { contourMask, WALL_LEVEL, waveLevel } from '../../src/views/overlay-scales';
import { call, inPage, press, screenshot, useGame, waitFrames, type Hook } from './browser';

const game = useGame();

/**
 * Side 0's field as the screen shows it: a screenshot of its rectangle (fieldRects(2)[0], scaled like
 * the canvas), read by field coordinates in units.
 */
async function fieldPixels(page: Page): Promise<{ at: (x: number, y: number) => [number, number, number] }> {
  const rect = fieldRects(2)[0]!;
  const box = (await page.evaluate(
    `(() => { const r = document.querySelector('canvas').getBoundingClientRect(); return [r.left, r.top, r.width / 960]; })()`,
  )) as [number, number, number];
  const [left, top, scale] = box;
  const clip = {
    x: Math.floor(left + rect.x * scale),
    y: Math.floor(top + rect.y * scale),
    width: Math.ceil(rect.w * scale),
    height: Math.ceil(rect.h * scale),
  };
  const png = (await page.screenshot({ clip })).toString('base64');
  // Decoded in the page (it has a PNG decoder); back as base64 RGBA.
  const rgba = (await page.evaluate(async (b64: string) => {
    const img = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
    const c = new OffscreenCanvas(img.width, img.height);
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, img.width, img.height).data;
    let s = '';
    for (let i = 0; i < d.length; i += 0x8000) s += String.fromCharCode(...d.subarray(i, i + 0x8000));
    return [img.width, img.height, btoa(s)];
  }, png)) as [number, number, string];
  const [w, h] = rgba;
  const data = Buffer.from(rgba[2], 'base64');
  return {
    at(x: number, y: number) {
      const sx = Math.min(w - 1, Math.max(0, Math.floor(x * scale)));
      const sy = Math.min(h - 1, Math.max(0, Math.floor(y * scale)));
      const i = 4 * (sy * w + sx);
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

describe('maze stages in Chromium', () => {
  it('the title screen offers Maze stages and a Maze row that works only with them', async () => {
    const { page } = game;
    const texts = () => inPage(page, (h) => h.texts());
    expect(await texts(), 'title texts').toContain('Maze   ◀ Pillars ▶');
    await press(page, 'ArrowDown', 'ArrowDown', 'ArrowRight'); // from START past Mode; Stages: Open → Maze
    // Keys are handled on the game's next step, which may come late on a loaded machine: poll.
    await expect.poll(texts, { timeout: 5000 }).toContain('Stages   ◀ Maze ▶');
    await press(page, 'ArrowDown', 'ArrowRight'); // the Maze row is now reachable: Pillars → Rooms
    await expect.poll(texts, { timeout: 5000 }).toContain('Maze   ◀ Rooms ▶');
    await screenshot(page, 'title-maze');
    await press(page, 'ArrowLeft', 'ArrowUp', 'ArrowLeft'); // back to Pillars, Stages back to Open
  });

  it('plays a maze match started through the hook: frames advance, HUD counts mazes', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 5, stages: 'maze', maze: 'pillars', p1: 'scripted', p2: 'scripted', lives: 9 });
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'match' && (window as any).__twinfield.frame() > 150, null, {
      timeout: 90_000,
    });
    const st = (await inPage(page, (h) => h.state()))!;
    expect(st.sides.length).toBe(2);
    for (const s of st.sides) expect(s.enemies).toBeGreaterThanOrEqual(3); // chasers and turrets
    const texts = await inPage(page, (h) => h.texts());
    expect(texts).toContain('MAZES');
    expect(texts.some((t) => /^\d+ : \d+$/.test(t))).toBe(true);
    await screenshot(page, 'maze');
  });

  it('F2 draws the wave field as a heat map where Node says the waves are, and each chaser heading', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 5, stages: 'maze', maze: 'pillars', p1: 'scripted', p2: 'scripted', lives: 9 });
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'match' && (window as any).__twinfield.frame() > 150, null, {
      timeout: 90_000,
    });
    // Paused (Esc), the frame stands still and F2 only adds the overlay: two screenshots of the same
    // frame, without and with it. The pause menu is hidden for them (the game stays paused), so the
    // field shows undimmed. Private scene fields are reached through window.__twinfield_game.
    await press(page, 'Escape');
    await page.evaluate(`window.__twinfield_game.scene.getScene('match').pauseLayer.setVisible(false)`);
    const f0 = await inPage(page, (h) => h.frame());
    await waitFrames(page, 12); // loop frames pass, the paused match frame must not
    expect(await inPage(page, (h) => h.frame()), 'paused').toBe(f0);
    // The same match in Node, run on to a frame where side 0's chasers have headings and a young
    // wave is strong somewhere (the scripted player clears mazes fast; a new maze starts the waves
    // again); the paused page is stepped there with the hook.
    const s = createMatch({ seed: 5, stages: 'maze', maze: 'pillars', mode: 'versus', difficulty: 'normal', lives: 9 });
    const runner = new MatchRunner(s, [createController('scripted'), createController('scripted')]);
    runner.runUntil(f0);
    const strong = () => {
      const f = s.sides[0]!.maze!.group.wave!;
      let n = 0;
      for (let w = 0; w < f.waves; w++) {
        if (f.age[w]! < 0) continue;
        for (let gy = 0; gy < f.height; gy++) for (let gx = 0; gx < f.width; gx++) if (Math.abs(f.gridValue(w, gx, gy)) >= 0.03) n++;
      }
      return n;
    };
    const heading = () => s.sides[0]!.maze!.chasers.filter((c) => c.alive && (c.hx !== 0 || c.hy !== 0)).length;
    // Wave fronts as the overlay draws them (the contour of each live wave's levels), away from the chasers.
    const fronts = () => {
      const f = s.sides[0]!.maze!.group.wave!;
      const contour = new Uint8Array(f.width * f.height);
      for (let w = 0; w < f.waves; w++) {
        if (f.age[w]! < 0) continue;
        const one = new Int8Array(f.width * f.height);
        for (let i = 0; i < one.length; i++)
          one[i] = f.walls[i] ? WALL_LEVEL : waveLevel(f.gridValue(w, i % f.width, Math.floor(i / f.width)));
        contourMask(one, f.width, f.height, contour);
      }
      let n = 0;
      for (let i = 0; i < contour.length; i++) {
        const x = (((i % f.width) + 0.5) * 16) / f.resolution;
        const y = ((Math.floor(i / f.width) + 0.5) * 16) / f.resolution;
        if (contour[i] && !s.sides[0]!.maze!.chasers.some((c) => Math.hypot(x - c.x, y - c.y) < 34)) n++;
      }
      return n;
    };
    // A moment with chasers on their way, strong waves and wave fronts to see.
    while ((heading() < 2 || strong() < 40 || fronts() <= 10) && s.frame < f0 + 3000) runner.tick();
    const frame = s.frame;
    expect(await call<number>(page, 'advance', frame - f0)).toBe(frame);
    expect(hashState(s)).toBe(await inPage(page, (h) => h.hash()));
    // The stepped events left particles and camera shake that fade per drawn frame: drop them, so
    // both pictures show the same frame whatever the frame rate, then let a drawn frame reach the screen.
    expect(await inPage(page, (h) => h.resetVisuals())).toBe(true);
    // A maze cleared on the way shows MAZE CLEAR over the field for a moment (real-time tweens that
    // go on while paused): let it go before the two pictures.
    await page.waitForFunction(() => !(window as any).__twinfield.texts().includes('MAZE CLEAR'), null, { timeout: 90_000 });
    await waitFrames(page);
    const overlay = () =>
      page.evaluate(`window.__twinfield_game.scene.getScene('match').mv.mazeViews[0].overlayInfo()`) as Promise<{
        on: boolean;
        frame: number;
        heatPoints: number;
        headings: number;
        cones: number;
      }>;
    expect((await overlay()).on).toBe(false);
    const off = await fieldPixels(page);
    await press(page, 'F2');
    await expect.poll(async () => (await overlay()).frame, { timeout: 5000 }).toBe(frame);
    await waitFrames(page); // the drawn frame reaches the screen
    const on = await fieldPixels(page);
    await screenshot(page, 'maze-overlay');
    const drawn = await overlay();

    const mz = s.sides[0]!.maze!;
    const f = mz.group.wave!;
    const alive = mz.chasers.filter((c) => c.alive && (c.hx !== 0 || c.hy !== 0));
    expect(drawn.headings).toBe(alive.length);
    expect(alive.length).toBeGreaterThan(0);
    expect(drawn.cones).toBe(mz.turrets.filter((t) => t.alive).length);

    // Heat: grid points where some wave is strong turn red (z > 0) or blue (z < 0); empty points
    // away from painted ones stay as they were (the scaled-up image blends a point with its
    // neighbours). Per point the strongest wave's signed decade, and each wave's front drawn white
    // where it has reached next to where it has not (overlay-scales.ts); fronts are checked apart.
    const units = (g: number) => ((g + 0.5) * 16) / f.resolution; // grid point centre, field units
    const levels = new Int8Array(f.width * f.height);
    const contour = new Uint8Array(f.width * f.height);
    for (let w = 0; w < f.waves; w++) {
      if (f.age[w]! < 0) continue;
      const one = new Int8Array(f.width * f.height);
      for (let gy = 0; gy < f.height; gy++) {
        for (let gx = 0; gx < f.width; gx++) {
          const i = gy * f.width + gx;
          const l = f.walls[i] ? WALL_LEVEL : waveLevel(f.gridValue(w, gx, gy));
          one[i] = l;
          if (l !== WALL_LEVEL && Math.abs(l) > Math.abs(levels[i]!)) levels[i] = l;
        }
      }
      contourMask(one, f.width, f.height, contour);
    }
    const painted = levels.reduce((n, l, i) => n + (l !== 0 || contour[i] ? 1 : 0), 0);
    const paintedNear = (gx: number, gy: number): boolean => {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = gx + dx,
            y = gy + dy;
          if (x < 0 || y < 0 || x >= f.width || y >= f.height) continue;
          const i = y * f.width + x;
          if (levels[i] !== 0 || contour[i]) return true;
        }
      }
      return false;
    };
    let lines = 0;
    let linesOk = 0;
    let hot = 0;
    let hotOk = 0;
    let cold = 0;
    let coldOk = 0;
    for (let gy = 0; gy < f.height; gy++) {
      for (let gx = 0; gx < f.width; gx++) {
        let hi = 0;
        let lo = 0;
        for (let w = 0; w < f.waves; w++) {
          const z = f.age[w]! < 0 ? 0 : f.gridValue(w, gx, gy);
          hi = Math.max(hi, z);
          lo = Math.min(lo, z);
        }
        const x = units(gx);
        const y = units(gy);
        const d = on.at(x, y).map((v, k) => v - off.at(x, y)[k]!);
        if (contour[gy * f.width + gx]) {
          // A front point turns lighter in every channel (white over the field); turret cones are
          // thin lines, only the chasers' marks are left out here.
          if (!mz.chasers.some((c) => Math.hypot(x - c.x, y - c.y) < 34)) {
            lines++;
            if (d.every((v) => v >= 0) && d.reduce((a, v) => a + v, 0) >= 60) linesOk++;
          }
        } else if (hi >= 0.03 && lo > -1e-4) {
          hot++;
          if (d[0]! >= 6 && d[0]! > d[2]!) hotOk++;
        } else if (lo <= -0.03 && hi < 1e-4) {
          hot++;
          if (d[2]! >= 6 && d[2]! > d[0]!) hotOk++;
        } else if (hi === 0 && lo === 0 && !nearLine(x, y) && !paintedNear(gx, gy)) {
          cold++;
          if (d.every((v) => Math.abs(v) <= 4)) coldOk++;
        }
      }
    }
    expect(drawn.heatPoints).toBe(painted);
    expect(hot, 'grid points with strong waves').toBeGreaterThan(20);
    expect(hotOk / hot, `${hotOk}/${hot} strong points tinted`).toBeGreaterThan(0.9);
    expect(cold, 'grid points without waves').toBeGreaterThan(20);
    expect(coldOk / cold, `${coldOk}/${cold} empty points unchanged`).toBeGreaterThan(0.9);
    expect(lines, 'front points').toBeGreaterThan(10);
    expect(linesOk / lines, `${linesOk}/${lines} front points drawn white`).toBeGreaterThan(0.8);
    // The key to the overlay is up, in the HUD between the fields (not over either field).
    const legend = (await page.evaluate(
      `(() => { const o = window.__twinfield_game.scene.getScene('match').mv.legends.wave.root; const b = o.getBounds(); return ` +
        `{ visible: o.visible, x: b.x, y: b.y, w: b.width, h: b.height }; })()`,
    )) as { visible: boolean; x: number; y: number; w: number; h: number };
    expect(legend.visible).toBe(true);
    for (const r of fieldRects(2))
      expect(
        legend.x + legend.w <= r.x || legend.x >= r.x + r.w,
        `legend ${JSON.stringify(legend)} clear of field ${JSON.stringify(r)}`,
      ).toBe(true);
    expect(await inPage(page, (h) => h.texts())).toEqual(expect.arrayContaining(['F2 · WAVE FIELD', 'white: wave fronts']));

    // Headings: a white line from each chaser along its heading (28 units long).
    for (const c of alive) {
      let brighter = 0;
      for (const t of [10, 14, 18, 22, 26]) {
        const x = c.x + c.hx * t;
        const y = c.y + c.hy * t;
        const gain = on.at(x, y).reduce((a, v) => a + v, 0) - off.at(x, y).reduce((a, v) => a + v, 0);
        if (gain >= 30) brighter++;
      }
      expect(brighter, `chaser ${c.id} heading line`).toBeGreaterThanOrEqual(4);
    }

    /** Points a turret cone or a heading line may cross (left out of the "unchanged" check). */
    function nearLine(x: number, y: number): boolean {
      for (const c of mz.chasers) if (Math.hypot(x - c.x, y - c.y) < 34) return true;
      for (const t of mz.turrets) if (Math.hypot(x - (t.cx + 0.5) * 16, y - (t.cy + 0.5) * 16) < 10.5 * 16) return true;
      return false;
    }
    await page.evaluate(`window.__twinfield_game.scene.getScene('match').pauseLayer.setVisible(true)`);
    await press(page, 'F2', 'Escape');
  }, 300_000);

  it('a cleared maze shows MAZE CLEAR and holds on the new layout; the result names the stage kind and counts mazes cleared', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 5, stages: 'maze', maze: 'pillars', p1: 'scripted', p2: 'scripted', lives: 9, timeLimit: 1200 });
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'match' && (window as any).__twinfield.frame() >= 1, null, {
      timeout: 60_000,
    });
    // READY fades in real time; drop it so the picture shows only what the maze clear put up.
    expect(await inPage(page, (h) => h.resetVisuals())).toBe(true);
    // Step until side 0 clears its first maze; the banner and the hold come from that step's event.
    const cleared = (await page.evaluate(`(() => {
      const h = window.__twinfield, m = window.__twinfield_game.scene.getScene('match');
      for (let i = 0; i < 1100 && m.state.sides[0].mazesCleared === 0; i++) h.advance(1);
      return { cleared: m.state.sides[0].mazesCleared, holds: m.feel().holds, texts: h.texts() };
    })()`)) as { cleared: number; holds: { maze: number }; texts: string[] };
    expect(cleared.cleared).toBe(1);
    expect(cleared.holds.maze).toBeGreaterThanOrEqual(1);
    expect(cleared.texts).toContain('MAZE CLEAR');
    expect(cleared.texts.some((t) => /^mazes 1 · next: \S+/.test(t))).toBe(true);
    await waitFrames(page);
    await screenshot(page, 'maze-clear');
    // On to the last frame before the time limit: the counts the result screen must show.
    const counts = (await page.evaluate(`(() => {
      const h = window.__twinfield, m = window.__twinfield_game.scene.getScene('match');
      h.advance(1199 - m.state.frame);
      return m.state.sides.map((d) => d.mazesCleared);
    })()`)) as number[];
    await inPage(page, (h) => h.advance(5));
    // The result follows 100 drawn steps after the end (slow on a loaded machine).
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'result', null, { timeout: 180_000 });
    const texts = await inPage(page, (h) => h.texts());
    expect(texts).toContain('Maze stages (pillars) · Normal');
    const at = texts.indexOf('Mazes cleared');
    expect(at).toBeGreaterThan(0);
    expect(texts.slice(at + 1, at + 3)).toEqual(counts.map(String));
    expect(counts[0]).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'maze-result');
    await press(page, 'ArrowDown', 'Enter');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'title', null, { timeout: 30_000 });
  }, 300_000);

  it('runs a maze match in the page bit-for-bit like Node (catalog and generated mazes)', async () => {
    for (const maze of ['corridors', 'gen:77']) {
      const opts = { seed: 31, stages: 'maze', maze, p1: 'random:2', p2: 'scripted', frames: 1800 };
      const browserRun = await call<ReturnType<Hook['simulate']>>(game.page, 'simulate', opts);
      const s = createMatch({ seed: 31, stages: 'maze', maze });
      const runner = new MatchRunner(s, [createController('random:2'), createController('scripted')]);
      runner.runUntil(1800);
      expect(browserRun.hash).toBe(hashState(s));
      expect(browserRun.checksums).toEqual(runner.checksums);
    }
  });

  it('frees the wall texture of a layout no field shows any more (a generated rotation brings a new one per maze)', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 5, stages: 'maze', maze: 'gen:40', p1: 'scripted', p2: 'scripted', lives: 9, timeLimit: 2400 });
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'match' && (window as any).__twinfield.frame() >= 1, null, {
      timeout: 60_000,
    });
    const wallTextures = () =>
      page.evaluate(() =>
        (window as any).__twinfield_game.textures.getTextureKeys().filter((k: string) => k.startsWith('maze-walls:')),
      ) as Promise<string[]>;
    // Loaded at most: one layout per field (two) and the MAZE_TEXTURES_KEPT unused most recently.
    const bound = 2 + MAZE_TEXTURES_KEPT;
    let most = 0;
    const seen = new Set<string>();
    for (let i = 0; i < 16 && seen.size <= bound; i++) {
      await inPage(page, (h) => h.advance(150));
      await waitFrames(page, 2); // the views load the new layouts when they draw
      const keys = await wallTextures();
      for (const k of keys) seen.add(k);
      most = Math.max(most, keys.length);
    }
    // More layouts were drawn than may stay loaded (without the release all of them would be).
    expect(seen.size).toBeGreaterThan(bound);
    expect(most).toBeLessThanOrEqual(bound);
    expect((await wallTextures()).every((k) => /^maze-walls:gen:\d+$/.test(k))).toBe(true);
  }, 180_000);

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});

// A library of thousands in Chromium (issue 26): 5,000 replays made by scripts/make-replay-library.ts
// imported through the Replays screen; opening the screen, key press → redraw while scrolling,
// sorting and filtering; 1,000 files imported with progress and cancelled; "export all" streamed
// (into a file through the File System Access API, and as a download); two tabs, one of them older
// or newer. (Full storage: tests/storage; docs/replays.md says why not in Chromium.)
// The figures are printed (docs/replays.md); the assertions are about behaviour, except the
// issue's own limit of 1 s to open the screen.
import { readFileSync } from 'node:fs';
import type { FileChooser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { makeReplayLibrary } from '../../scripts/make-replay-library';
import { encodeBundle, readBundleEntries } from '../../src/storage/bundle';
import { contentKey, DB_NAME, DB_VERSION } from '../../src/storage/replay-library';
import { decodeReplay } from '../../src/replay';
import { metaFromHeader } from '../../src/storage/replay-meta';
import { call, press, screenshot, useGame } from './browser';

const game = useGame();
const LIBRARY = 5000;
const IMPORT = 1000;
const RUNS = Number(process.env.LIB_RUNS ?? 5);

/** A page call that fails the test after `ms` instead of hanging it (evaluate has no timeout of its own). */
function within<T>(p: Promise<T>, what: string, ms = 60_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what}: no answer from the page in ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
const t00 = Date.now();
/** Progress lines with LIB_STEPS=1 (to see where a slow run is). */
const step = (what: string) => process.env.LIB_STEPS && console.log(`[${((Date.now() - t00) / 1000).toFixed(1)} s] ${what}`);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const fmt = (xs: number[]) => `median ${median(xs).toFixed(1)} ms (${xs.map((x) => x.toFixed(1)).join(', ')})`;

/** The 5,000-replay bundle (≈ 2 s: 500 matches simulated, see scripts/make-replay-library.ts). */
function libraryBundle(): Uint8Array {
  return encodeBundle(makeReplayLibrary(LIBRARY));
}

/** Waits for a visible text passing `re`, returns it. */
async function waitText(page: Page, re: RegExp, timeout = 30_000): Promise<string> {
  let last: string[] = [];
  await expect
    .poll(
      async () => {
        last = await call<string[]>(page, 'texts');
        return last.some((t) => re.test(t));
      },
      { timeout, interval: 100 },
    )
    .toBe(true)
    .catch(() => {
      throw new Error(`no text ${re} in ${JSON.stringify(last)}`);
    });
  return last.find((t) => re.test(t))!;
}

/** Counts of every store of the library database in the page (a second connection, closed after). */
async function storeCounts(page: Page): Promise<Record<string, number>> {
  // The library first: opening an absent database here would create an empty version 1.
  await call(page, 'replayCount');
  return within(
    page.evaluate(
      (name) =>
        new Promise<Record<string, number>>((done, fail) => {
          const req = indexedDB.open(name);
          req.onerror = () => fail(req.error);
          req.onsuccess = () => {
            const db = req.result;
            const names = [...db.objectStoreNames];
            const tx = db.transaction(names, 'readonly');
            const out: Record<string, number> = {};
            for (const n of names) {
              const c = tx.objectStore(n).count();
              c.onsuccess = () => (out[n] = c.result);
            }
            tx.oncomplete = () => {
              db.close();
              done(out);
            };
          };
        }),
      DB_NAME,
    ),
    'store counts',
  );
}

const choosers = new WeakMap<Page, FileChooser[]>();

/**
 * Presses I on the Replays screen and gives the file chooser these files. The page listens for
 * file choosers from its first import on: waitForEvent turns the interception on only as it
 * starts waiting, and a key handled before that opened no chooser the test could see.
 */
async function importThroughPicker(page: Page, files: { name: string; bytes: Uint8Array }[]): Promise<void> {
  if (!choosers.has(page)) {
    const q: FileChooser[] = [];
    choosers.set(page, q);
    page.on('filechooser', (c) => q.push(c));
    await page.evaluate('0'); // a round trip: the interception request goes before it
  }
  const q = choosers.get(page)!;
  q.length = 0;
  await press(page, 'i');
  await expect.poll(() => q.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await q[0]!.setFiles(files.map((f) => ({ name: f.name, mimeType: 'application/octet-stream', buffer: Buffer.from(f.bytes) })));
}

/** The Replays screen from a settled title screen (starting one scene while another stops left neither running). */
async function toReplays(page: Page): Promise<void> {
  await call(page, 'toTitle');
  await page.waitForFunction(() => (window as any).__twinfield.scene() === 'title', null, { timeout: 30_000 });
  await call(page, 'openReplays');
}

/** Opens the Replays screen and waits until its first list is drawn: ms from the call to that frame, and the scene's own split. */
function openReplaysTimed(page: Page): Promise<{ ms: number; readMs: number; queryMs: number; rows: number }> {
  return within(
    page.evaluate(
      () =>
        new Promise((done) => {
          const w = window as any;
          const g = w.__twinfield_game;
          const t0 = performance.now();
          w.__twinfield.openReplays();
          const check = () => {
            const s = g.scene.getScene('replays');
            if (s?.sys.isActive() && s.openTiming && s.info.ids.length > 0)
              g.events.once('postrender', () => done({ ms: performance.now() - t0, ...s.openTiming }));
            else requestAnimationFrame(check);
          };
          check();
        }),
    ),
    'open Replays',
  );
}

/**
 * Presses a key and measures, in the page, from its keydown event to the end of the first frame
 * rendered after the list was redrawn (the scene's `renders` counter moved).
 */
async function keyToRedraw(page: Page, key: string): Promise<number> {
  await page.evaluate(() => {
    const w = window as any;
    const g = w.__twinfield_game;
    const s = g.scene.getScene('replays');
    w.__keyMs = new Promise<number>((done) => {
      const onKey = (e: KeyboardEvent) => {
        if (e.key === 'Shift') return; // Shift+S: timed from the S
        window.removeEventListener('keydown', onKey, true);
        const t0 = performance.now();
        const r0 = s.renders;
        const onFrame = () => {
          if (s.renders > r0) {
            g.events.off('postrender', onFrame);
            done(performance.now() - t0);
          }
        };
        g.events.on('postrender', onFrame);
      };
      window.addEventListener('keydown', onKey, true);
    });
  });
  await page.keyboard.press(key);
  return (await within(page.evaluate('window.__keyMs'), `redraw after ${key}`)) as number;
}

describe('a library of 5,000 replays in Chromium', () => {
  it('imports 5,000 replays (one bundle) through the Replays screen, with progress', { timeout: 600_000 }, async () => {
    const { page } = game;
    await call(page, 'deleteAllReplays');
    const bundle = libraryBundle();
    expect(readBundleEntries(bundle, 'lib.twrb', false)).toHaveLength(LIBRARY);
    await call(page, 'openReplays');
    await waitText(page, /^No replays yet/);
    const t0 = Date.now();
    await importThroughPicker(page, [{ name: 'library.twrb', bytes: bundle }]);
    await waitText(page, /^\d+ \/ 5000 replays saved/, 60_000);
    await screenshot(page, 'replays-5000-import-progress');
    step('import under way');
    await waitText(page, /^Imported 5000 replays\.$/, 600_000);
    console.log(
      `import of ${LIBRARY} replays (one ${(bundle.length / 1024).toFixed(0)} KiB bundle, traces built): ${(Date.now() - t0) / 1000} s`,
    );
    expect(await storeCounts(page)).toMatchObject({ replays: LIBRARY, bytes: LIBRARY, traces: LIBRARY, summaries: LIBRARY });
  });

  it('opens the Replays screen with 5,000 replays in under a second, reading only the list rows', async () => {
    const { page } = game;
    const runs: { ms: number; readMs: number; queryMs: number; rows: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      await call(page, 'toTitle');
      await page.waitForFunction(() => (window as any).__twinfield.scene() === 'title', null, { timeout: 30_000 });
      runs.push(await openReplaysTimed(page));
      step(`opened Replays: ${JSON.stringify(runs.at(-1))}`);
    }
    expect(runs.every((r) => r.rows === LIBRARY)).toBe(true);
    // The split the version-3 store buys: the rows alone against the rows plus the summaries
    // version 2 kept inside them (read in the same page, interleaved).
    const ab = (await page.evaluate(async (name) => {
      const open = () =>
        new Promise<IDBDatabase>((ok) => {
          const r = indexedDB.open(name);
          r.onsuccess = () => ok(r.result);
        });
      const db = await open();
      const all = (stores: string[]) =>
        new Promise<number>((ok) => {
          const t = performance.now();
          const tx = db.transaction(stores, 'readonly');
          for (const s of stores) tx.objectStore(s).getAll();
          tx.oncomplete = () => ok(performance.now() - t);
        });
      const rows: number[] = [];
      const both: number[] = [];
      for (let i = 0; i < 5; i++) {
        rows.push(await all(['replays']));
        both.push(await all(['replays', 'summaries']));
      }
      db.close();
      return { rows, both };
    }, DB_NAME)) as { rows: number[]; both: number[] };
    console.log(
      `open Replays with ${LIBRARY}: call → first list frame ${fmt(runs.map((r) => r.ms))}; of which reading the rows ` +
        `${fmt(runs.map((r) => r.readMs))}, sort + filter ${fmt(runs.map((r) => r.queryMs))}\n` +
        `  getAll rows only ${fmt(ab.rows)}; rows + summaries (what version 2 read) ${fmt(ab.both)}`,
    );
    expect(median(runs.map((r) => r.ms))).toBeLessThan(1000);
    await screenshot(page, 'replays-5000');
  });

  it('scrolls, sorts and filters 5,000 replays: key press → redraw measured per key', { timeout: 180_000 }, async () => {
    const { page } = game;
    await call(page, 'openReplays');
    await waitText(page, /^5000 replays/);
    const keys: [string, string][] = [
      ['ArrowDown', 'down'],
      ['PageDown', 'page down'],
      ['End', 'end'],
      ['Home', 'home'],
      ['s', 'sort (next key)'],
      ['Shift+S', 'flip sort'],
      ['m', 'mode filter'],
      ['g', 'tag filter'],
    ];
    const times = new Map<string, number[]>(keys.map(([, n]) => [n, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const [k, n] of keys) times.get(n)!.push(await keyToRedraw(page, k));
      step(`keys, run ${run + 1}`);
    }
    const list = (await call<{ ids: string[]; selected: number }>(page, 'replaysList'))!;
    expect(list.ids.length).toBeGreaterThan(0);
    // Search: type words in the prompt; Enter → the filtered list drawn.
    const search: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await press(page, '/');
      const input = page.locator('.tf-panel input[type=text]');
      await input.waitFor();
      await input.fill(run % 2 ? '' : 'alice survey');
      search.push(await keyToRedraw(page, 'Enter'));
    }
    console.log(
      `key → redraw with ${LIBRARY} replays (${RUNS} runs each):\n${[...times]
        .map(([n, t]) => `  ${n}: ${fmt(t)}`)
        .join('\n')}\n  search (Enter in the prompt): ${fmt(search)}`,
    );
    // Filters back to all, then a search shown as a person would see it.
    while (!(await call<string[]>(page, 'texts')).some((t) => /^Mode: all .*Tag: all/.test(t))) {
      const t = await call<string[]>(page, 'texts');
      await press(page, t.some((x) => /^Mode: all/.test(x)) ? 'g' : 'm');
    }
    const input = page.locator('.tf-panel input[type=text]');
    await press(page, '/');
    await input.waitFor();
    await input.fill('alice survey');
    await input.press('Enter');
    await waitText(page, /^5000 replays · [1-9]\d* shown/);
    await screenshot(page, 'replays-5000-search');
    for (const t of [...times.values(), search]) expect(median(t)).toBeLessThan(1000);
    await press(page, '/');
    await input.waitFor();
    await input.fill('');
    await input.press('Enter');
    await waitText(page, /^5000 replays · sorted/);
  });

  it('imports 1,000 files with a progress panel; Cancel keeps whole batches only; the rest imports after', {
    timeout: 600_000,
  }, async () => {
    const { page } = game;
    await call(page, 'openReplays');
    await waitText(page, /^5000 replays/);
    const before = (await storeCounts(page)).replays!;
    const files = makeReplayLibrary(IMPORT, LIBRARY).map((e, i) => ({ name: `more-${i}.twrp`, bytes: e.bytes }));
    const t0 = Date.now();
    await importThroughPicker(page, files);
    await waitText(page, /^\d+ \/ 1000 replays saved · [1-9]\d* added/, 120_000);
    await screenshot(page, 'replays-import-progress');
    step('1,000 files: cancelling');
    await press(page, 'Escape');
    const said = await waitText(page, /^Import cancelled: \d+ replays imported; the rest were not\.$/, 120_000);
    const n = Number(/(\d+) replays imported/.exec(said)![1]);
    console.log(`1,000 files: cancelled after ${(Date.now() - t0) / 1000} s with ${n} imported`);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(IMPORT);
    expect(n % 50).toBe(0); // whole batches
    // Nothing half-written: every store holds exactly the replays listed.
    const c = await storeCounts(page);
    expect([c.replays, c.bytes, c.traces, c.summaries]).toEqual([before + n, before + n, before + n, before + n]);
    // The same 1,000 again: the rest are added, the first ones found already there.
    const t1 = Date.now();
    await importThroughPicker(page, files);
    await waitText(page, new RegExp(`^Imported ${IMPORT - n} replays \\(${n} already in the library\\)\\.$`), 600_000);
    console.log(`1,000 files (${n} already there): ${(Date.now() - t1) / 1000} s`);
    expect((await storeCounts(page)).replays).toBe(before + IMPORT);
  });

  it('streams "export all": into a file through the File System Access API, else a download built from pieces', {
    timeout: 300_000,
  }, async () => {
    const { page } = game;
    if ((await storeCounts(page)).replays! < 450) {
      // Run alone (-t): a library of its own, so the export has several pieces.
      const more = makeReplayLibrary(450, 20_000).map((e, i) => ({ name: `x${i}.twrp`, bytes: Array.from(e.bytes) }));
      expect((await call<{ ok: boolean }>(page, 'importReplays', more)).ok).toBe(true);
    }
    const total = (await storeCounts(page)).replays!;
    // A stand-in for the save picker: it records each write (pieces in order, the head written at 0 last).
    await page.evaluate(() => {
      const w = window as any;
      w.__fsa = { writes: [] as { at: number | null; bytes: number }[], file: new Uint8Array(0), closed: false };
      w.showSaveFilePicker = async (o: { suggestedName: string }) => {
        w.__fsa.name = o.suggestedName;
        let pos = 0;
        const put = (data: Uint8Array, at: number) => {
          if (w.__fsa.file.length < at + data.length) {
            const grown = new Uint8Array(Math.max(at + data.length, w.__fsa.file.length * 2));
            grown.set(w.__fsa.file);
            w.__fsa.file = grown;
          }
          w.__fsa.file.set(data, at);
          w.__fsa.size = Math.max(w.__fsa.size ?? 0, at + data.length);
        };
        return {
          createWritable: async () => ({
            write: async (d: any) => {
              if (d instanceof Uint8Array) {
                w.__fsa.writes.push({ at: null, bytes: d.length });
                put(d, pos);
                pos += d.length;
              } else {
                w.__fsa.writes.push({ at: d.position, bytes: d.data.length });
                put(d.data, d.position);
              }
            },
            close: async () => {
              w.__fsa.closed = true;
            },
          }),
        };
      };
    });
    await call(page, 'openReplays');
    await waitText(page, new RegExp(`^${total} replays`));
    const t0 = Date.now();
    await press(page, 'Shift+E');
    await waitText(page, new RegExp(`^Exported ${total} replays to twinfield-replays-.*\\.twrb\\.$`), 300_000);
    const fsaMs = Date.now() - t0;
    step('exported through the File System Access stand-in');
    const fsa = (await page.evaluate(
      // Base64 in 32 KiB slices: a number array of megabytes is slow to send.
      `(() => { const f = window.__fsa; const b = f.file.subarray(0, f.size); let s = '';
        for (let i = 0; i < b.length; i += 32768) s += String.fromCharCode(...b.subarray(i, i + 32768));
        return { writes: f.writes, closed: f.closed, name: f.name, base64: btoa(s) }; })()`,
    )) as { writes: { at: number | null; bytes: number }[]; closed: boolean; name: string; base64: string };
    const written = new Uint8Array(Buffer.from(fsa.base64, 'base64'));
    expect(fsa.closed).toBe(true);
    // The placeholder head, one piece per 200 replays, the real head: never the whole file in one write.
    expect(fsa.writes.length).toBe(Math.ceil(total / 200) + 2);
    expect(Math.max(...fsa.writes.map((w) => w.bytes))).toBeLessThan(written.length / 2);
    expect(fsa.writes.at(-1)).toEqual({ at: 0, bytes: 16 }); // the head, written over the placeholder last
    // The structure and CRC of every entry (the replays were validated when they were imported).
    expect(readBundleEntries(written, fsa.name, false)).toHaveLength(total);
    // Without the API: a download of a Blob built from the pieces.
    await page.evaluate('delete window.showSaveFilePicker');
    const download = page.waitForEvent('download', { timeout: 300_000 });
    const t1 = Date.now();
    await press(page, 'Shift+E');
    const d = await download;
    const blobMs = Date.now() - t1;
    const file = new Uint8Array(readFileSync((await d.path())!));
    expect(Buffer.from(file).equals(Buffer.from(written))).toBe(true);
    console.log(
      `export all ${total} replays (${(file.length / 1024).toFixed(0)} KiB): to a file (File System Access stand-in) ${fsaMs} ms in ` +
        `${fsa.writes.length} writes; as a download ${blobMs} ms`,
    );
  });
});

describe('two tabs on one library', () => {
  it('a newer version opening in another tab closes this one with a message; an older tab blocks an upgrade until it goes', {
    timeout: Number(process.env.LIB_TAB_TIMEOUT ?? 300_000),
  }, async () => {
    const browser = game.page.context().browser()!;
    const ctx = await browser.newContext({ viewport: { width: 960, height: 540 } });
    try {
      const url = inject('baseUrl');
      // Tab A: a version-2 library as the previous build left it, held open by a page that does
      // not react to version changes (the worst old tab).
      const a = await ctx.newPage();
      await a.goto(url);
      const rows = makeReplayLibrary(3, 9000);
      await a.evaluate(
        async ({ name, rows }) => {
          const w = window as any;
          await new Promise<void>((done) => {
            const r = indexedDB.open(name, 2);
            r.onupgradeneeded = () => {
              const d = r.result;
              d.createObjectStore('replays', { keyPath: 'id' }).createIndex('contentKey', 'contentKey');
              d.createObjectStore('bytes');
              d.createObjectStore('clips', { keyPath: 'id' }).createIndex('replayId', 'replayId');
              d.createObjectStore('traces');
            };
            r.onsuccess = () => {
              w.__old = r.result;
              const tx = r.result.transaction(['replays', 'bytes'], 'readwrite');
              rows.forEach((x, i) => {
                tx.objectStore('replays').put({ ...x.row, id: `old-${i}` });
                tx.objectStore('bytes').put(new Uint8Array(x.bytes).buffer, `old-${i}`);
              });
              tx.oncomplete = () => done();
            };
          });
        },
        {
          name: DB_NAME,
          rows: await Promise.all(
            rows.map(async (e, i) => {
              const { inputs: _i, checksums: _c, ...header } = decodeReplay(e.bytes);
              return {
                bytes: Array.from(e.bytes),
                row: {
                  name: i === 0 ? 'From v2' : '',
                  tags: e.tags,
                  savedAt: '2026-01-01T00:00:00Z',
                  size: e.bytes.length,
                  meta: metaFromHeader(header),
                  contentKey: contentKey(e.bytes),
                  trace: 'pending',
                  summary: null,
                },
              };
            }),
          ),
        },
      );
      step('v2 database written in tab A');
      // Tab B: this build. Its Replays screen says what blocks it, then opens once tab A goes.
      const b = await ctx.newPage();
      await b.goto(url);
      await b.waitForFunction(() => (window as any).__twinfield?.ready === true, null, { timeout: 60_000 });
      await call(b, 'openReplays');
      await waitText(b, /another tab with an older version of Twinfield is open\. Close or reload that tab/);
      step('blocked message shown');
      await screenshot(b, 'replays-two-tabs-blocked');
      await a.close();
      step('A closed');
      await b.bringToFront();
      await waitText(b, /^3 replays/);
      step('B lists 3');
      expect(await storeCounts(b)).toMatchObject({ replays: 3, bytes: 3, summaries: expect.any(Number) });
      expect((await call<{ name: string }[]>(b, 'replays')).map((e) => e.name)).toContain('From v2');
      step('B opened after A closed');
      // Tab C, also this build: both work on the same library (an import in C is listed in B).
      const c = await ctx.newPage();
      await c.goto(url);
      await c.waitForFunction(() => (window as any).__twinfield?.ready === true, null, { timeout: 60_000 });
      step('C ready');
      await call(c, 'openReplays');
      await waitText(c, /^3 replays/);
      step('C lists 3');
      const more = makeReplayLibrary(1, 9100)[0]!;
      const res = await call<{ ok: boolean }>(c, 'importReplays', [{ name: 'c.twrp', bytes: Array.from(more.bytes) }]);
      expect(res.ok).toBe(true);
      step('C imported');
      await b.bringToFront();
      await toReplays(b);
      await waitText(b, /^4 replays/);
      step('C imported, B lists it');
      // A newer version opens the library in tab C: B steps aside with a message (no error, no hang),
      // and C's upgrade is not blocked by B.
      await c.bringToFront();
      const upgraded = await c.evaluate(
        ({ name, v }) =>
          new Promise<string>((done) => {
            const r = indexedDB.open(name, v);
            r.onblocked = () => done('blocked');
            r.onsuccess = () => {
              r.result.close();
              done('opened');
            };
            r.onerror = () => done(`error ${r.error?.name}`);
          }),
        { name: DB_NAME, v: DB_VERSION + 1 },
      );
      expect(upgraded).toBe('opened');
      await b.bringToFront();
      await waitText(b, /upgraded by a newer version of Twinfield open in another tab\. Nothing is lost; reload this page/);
      step('B stepped aside');
      await screenshot(b, 'replays-two-tabs-newer');
      // B, still on the older build, reloads: a plain message, not a broken screen.
      step('B reloads');
      await b.reload();
      await b.waitForFunction(() => (window as any).__twinfield?.ready === true, null, { timeout: 60_000 });
      await call(b, 'openReplays');
      await waitText(b, /upgraded by a newer version of Twinfield \(in another tab\?\)\. Nothing is lost; reload this page/);
    } finally {
      await ctx.close();
    }
  });
});

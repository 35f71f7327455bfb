import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { join, extname } from 'node:path';
const root = process.argv[2];
const mime = { '.html': 'text/html', '.js': 'text/javascript', '.png': 'image/png', '.json': 'application/json', '.wav': 'audio/wav', '.woff2': 'font/woff2' };
const srv = createServer((q, r) => { let f = join(root, q.url.split('?')[0]); if (f.endsWith('/')) f += 'index.html'; if (!existsSync(f)) { r.writeHead(404).end(); return; } r.writeHead(200, { 'content-type': mime[extname(f)] ?? 'application/octet-stream' }); r.end(readFileSync(f)); }).listen(0);
await new Promise((ok) => srv.on('listening', ok));
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 960, height: 540 }, deviceScaleFactor: Number(process.env.DSF ?? 1) });
p.on('console', (m) => console.log('console', m.type(), m.text()));
p.on('pageerror', (e) => console.log('pageerror', e.message));
await p.goto(`http://127.0.0.1:${srv.address().port}/${process.env.Q ?? ""}`);
await p.waitForFunction(() => window.__twinfield?.ready, null, { timeout: 60000 });
const steps = process.argv.slice(3);
for (const s of steps) { console.log(s, '=>', String(JSON.stringify(await p.evaluate(s))).slice(0, 300)); await p.waitForTimeout(800); }
await p.screenshot({ path: '/tmp/h6b-probe.png' });
await b.close(); srv.close();

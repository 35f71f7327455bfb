// The researcher's dashboard: one plain HTML page, no framework. It reads the token from its own
// address, fetches api/researcher/summary every 10 s and draws progress per group, Table 3, Table 2
// and Fig. 7 (all computed on the server by src/study/analyze.ts), with the download links.
import { type Manifest, pick } from '../study/manifest';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SCRIPT = `
const token = new URLSearchParams(location.search).get('token') || '';
const q = '?token=' + encodeURIComponent(token);
for (const a of document.querySelectorAll('a[data-href]')) a.href = a.dataset.href + q;
const el = (tag, text, cls) => {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
};
const f = (x, d = 2) => (x === null || x === undefined ? '—' : x.toFixed(d));
function table(head, rows) {
  const t = el('table');
  const tr = el('tr');
  for (const h of head) tr.append(el('th', h));
  t.append(tr);
  for (const r of rows) {
    const row = el('tr');
    for (const c of r) {
      const td = el('td');
      if (c instanceof Node) td.append(c);
      else td.textContent = String(c);
      row.append(td);
    }
    t.append(row);
  }
  return t;
}
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
function render(s) {
  document.getElementById('when').textContent = 'updated ' + new Date().toLocaleTimeString();
  const p = document.getElementById('progress');
  p.replaceChildren();
  p.append(el('p', s.participants + ' participants, ' + s.finished + ' finished; replays: ' + s.replays.practice +
    ' practice, ' + s.replays.recording + ' recordings'));
  p.append(table(['group', 'started', 'finished', 'unfinished'], s.groups.map((g) => [g.id, g.started, g.finished, g.unfinished])));
  const steps = s.groups[0] ? s.groups[0].byStep.map((x) => x.step) : [];
  p.append(el('h3', 'Where each participant is (their next step)'));
  p.append(table(['step', ...s.groups.map((g) => 'group ' + g.id)],
    steps.map((st, i) => [st, ...s.groups.map((g) => g.byStep[i].n)])));
  const a = s.analysis;
  const t = document.getElementById('tables');
  t.replaceChildren();
  if (!a) {
    t.append(el('p', s.analysisNote || 'no analysis yet', 'note'));
    return;
  }
  t.append(el('p', a.participants + ' participants with answers (' + a.finished + ' finished), ' + a.trials +
    ' answered sets; every answered set counts, unfinished participants included.', 'note'));
  t.append(el('h3', 'Table 3 — absolute human-likeness'));
  const ci = (x) => (x.ci95 ? f(x.ci95[0]) + '–' + f(x.ci95[1]) : '—');
  const t3 = a.players.map((x) => [x.label, x.n, f(x.mean), f(x.sd), ci(x), f(x.paper, 1)]);
  t.append(table(['player', 'n', 'mean', 'SD', '95% CI', 'paper'], t3));
  t.append(el('h3', 'Table 2 — relative: row player against column player, mean (n)'));
  const ids = a.players.map((x) => x.id);
  const label = Object.fromEntries(a.players.map((x) => [x.id, x.label]));
  const cell = (r, c) => {
    const v = a.relative[r] && a.relative[r][c];
    return v ? f(v.mean) + ' (' + v.n + ')' : '';
  };
  t.append(table(['', ...ids.map((i) => label[i])], ids.map((r) => [label[r], ...ids.map((c) => cell(r, c))])));
  t.append(el('h3', 'Fig. 7 — % of absolute votes per score'));
  const pts = a.players[0] ? a.players[0].percent.length : 5;
  const bar = (v) => {
    const d = el('div', f(v, 0) + '%', 'bar');
    d.style.setProperty('--w', v.toFixed(1) + '%');
    return d;
  };
  const head = ['player', ...Array.from({ length: pts }, (_, k) => String(k + 1)), 'votes'];
  t.append(table(head, a.players.map((x) => [x.label, ...x.percent.map(bar), sum(x.counts)])));
}
async function load() {
  try {
    const r = await fetch('../api/researcher/summary' + q, { cache: 'no-store' });
    const j = await r.json();
    if (!r.ok) throw new Error(j.error || r.statusText);
    document.getElementById('error').textContent = '';
    render(j);
  } catch (e) {
    document.getElementById('error').textContent = 'Could not load the data: ' + e.message;
  }
}
load();
setInterval(load, 10000);
`;

export function dashboardHtml(m: Manifest): string {
  const title = esc(pick(m.title, 'en') || m.studyId);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} — researcher</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 62rem; padding: 0 1rem; color: #222; }
h1 { font-size: 1.4rem; margin-bottom: .2rem; } h2 { font-size: 1.15rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
h3 { font-size: 1rem; margin: 1.2rem 0 .4rem; } .note, #when { color: #666; } #error { color: #b00020; }
table { border-collapse: collapse; margin: .3rem 0 1rem; } th, td { border: 1px solid #ddd; padding: .25rem .6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; } th { background: #f4f4f4; }
.bar { min-width: 4rem; background: linear-gradient(to right, #9bc 0 var(--w), transparent var(--w)); }
ul.dl li { margin: .2rem 0; }
</style></head>
<body>
<h1>${title}</h1>
<div>study ${esc(m.studyId)} · package ${esc(m.fingerprint)} · <span id="when">loading…</span></div>
<p id="error" role="alert"></p>
<h2>Progress</h2><div id="progress"></div>
<h2>Results so far</h2><div id="tables"></div>
<h2>Downloads</h2>
<ul class="dl">
<li><a data-href="../api/researcher/answers.csv">Answers (CSV)</a>: one row per answered set; an empty finishedAt marks an
unfinished participant</li>
<li><a data-href="../api/researcher/answers.json">Answers (JSON)</a>: every participant, with finished, progress and steps</li>
<li><a data-href="../api/researcher/replays.zip">Replays (zip)</a>: practice plays and recordings, with index.json</li>
</ul>
<script>${SCRIPT}</script>
</body></html>
`;
}

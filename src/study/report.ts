// Figures and the HTML report of an analysis: Vega-Lite specs compiled to SVG with Vega's headless
// renderer (no DOM, no canvas): Fig. 7 (absolute score histogram, % of votes per player), the Table 2
// heat map, and one scatter of each clip metric against the clip's mean absolute rating.
import * as vega from 'vega';
import * as vl from 'vega-lite';
import type { TopLevelSpec } from 'vega-lite';
import { METRIC_NAMES, type Analysis } from './analyze';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';

export async function toSvg(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(vl.compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

export function fig7Spec(a: Analysis): TopLevelSpec {
  const values = a.players.flatMap((p) => p.percent.map((pct, k) => ({ player: p.label, score: k + 1, percent: pct, votes: p.counts[k] })));
  return {
    $schema: SCHEMA,
    title: 'Fig. 7 — absolute human-likeness scores (% of each player\u2019s votes)',
    data: { values },
    mark: 'bar',
    width: 420,
    height: 220,
    encoding: {
      x: { field: 'score', type: 'ordinal', title: 'score (1 not human-like … 5 human-like)' },
      xOffset: { field: 'player', sort: a.players.map((p) => p.label) },
      y: { field: 'percent', type: 'quantitative', title: '% of votes' },
      color: { field: 'player', type: 'nominal', sort: a.players.map((p) => p.label) },
      tooltip: [{ field: 'player' }, { field: 'score' }, { field: 'votes' }],
    },
  };
}

export function table2Spec(a: Analysis): TopLevelSpec {
  const label = new Map(a.players.map((p) => [p.id, p.label]));
  const order = a.players.map((p) => p.label);
  const values = Object.entries(a.relative).flatMap(([r, cols]) =>
    Object.entries(cols)
      .filter(([, c]) => c.mean !== null)
      .map(([c, cell]) => ({
        row: label.get(r) ?? r,
        col: label.get(c) ?? c,
        mean: cell.mean,
        text: `${cell.mean!.toFixed(1)}${cell.paper !== null ? ` (${cell.paper.toFixed(1)})` : ''}`,
      })),
  );
  return {
    $schema: SCHEMA,
    title: 'Table 2 — relative score: row player against column player (paper in brackets)',
    data: { values },
    width: 360,
    height: 300,
    encoding: {
      x: { field: 'col', type: 'nominal', sort: order, title: 'against', axis: { labelAngle: -30 } },
      y: { field: 'row', type: 'nominal', sort: order, title: 'player' },
    },
    layer: [
      {
        mark: 'rect',
        encoding: {
          color: { field: 'mean', type: 'quantitative', scale: { domain: [1, 5], scheme: 'redblue', reverse: false }, title: 'mean' },
        },
      },
      { mark: { type: 'text', fontSize: 11 }, encoding: { text: { field: 'text' } } },
    ],
  };
}

export function scatterSpec(a: Analysis): TopLevelSpec {
  const values = a.clips.flatMap((c) =>
    c.metrics && c.absolute.mean !== null
      ? METRIC_NAMES.filter((m) => c.metrics![m] !== null).map((m) => ({
          metric: `${m} (ρ ${a.correlations[m].rho?.toFixed(2) ?? '—'})`,
          value: c.metrics![m],
          rating: c.absolute.mean,
          player: a.players.find((p) => p.id === c.player)?.label ?? c.player,
        }))
      : [],
  );
  return {
    $schema: SCHEMA,
    title: 'Clip metrics against the clip\u2019s mean absolute rating',
    data: { values },
    facet: { field: 'metric', type: 'nominal', title: null },
    columns: 2,
    resolve: { scale: { x: 'independent' } },
    spec: {
      width: 220,
      height: 160,
      mark: { type: 'point', filled: true, size: 60 },
      encoding: {
        x: { field: 'value', type: 'quantitative', scale: { zero: false }, title: 'metric' },
        y: { field: 'rating', type: 'quantitative', scale: { domain: [1, 5] }, title: 'mean absolute rating' },
        color: { field: 'player', type: 'nominal', sort: a.players.map((p) => p.label) },
      },
    },
  };
}

export interface ReportFiles {
  'fig7.svg': string;
  'table2.svg': string;
  'metrics.svg': string | null;
  'report.html': string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const f = (x: number | null | undefined, d = 2) => (x === null || x === undefined ? '—' : x.toFixed(d));

/** Every figure as SVG and one self-contained HTML report (figures inline, tables, reasons). */
export async function buildReport(a: Analysis, title: string): Promise<ReportFiles> {
  const fig7 = await toSvg(fig7Spec(a));
  const table2 = await toSvg(table2Spec(a));
  const metrics = a.clips.some((c) => c.metrics) ? await toSvg(scatterSpec(a)) : null;
  const label = new Map(a.players.map((p) => [p.id, p.label]));
  const ids = a.players.map((p) => p.id);
  const h: string[] = [];
  h.push(
    `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title><style>body{font:14px ` +
      `system-ui,sans-serif;margin:2em;max-width:1100px}table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid ` +
      `#ccc;padding:3px 8px;text-align:right}th:first-child,td:first-child{text-align:left}.muted{color:#777}</style></head><body>`,
  );
  h.push(
    `<h1>${esc(title)}</h1><p>${a.participants} participants (${a.finished} finished), ${a.trials} answered sets. Groups: ${esc(
      Object.entries(a.groups)
        .map(([g, n]) => `${g} ${n}`)
        .join(', '),
    )}. Experience: ${esc(
      Object.entries(a.experience)
        .map(([g, n]) => `${g} ${n}`)
        .join(', '),
    )}.</p>`,
  );
  // Integrity: stand-ins, attention checks, slowed playback.
  if (a.standIns.length)
    h.push(
      `<p><strong>Warning:</strong> ${a.standIns.length} clip(s) of human players are CPU-played stand-ins ` +
        `(${esc([...new Set(a.standIns.map((x) => label.get(x.player) ?? x.player))].join(', '))}).</p>`,
    );
  if (a.attention.checked || a.attention.failed.length)
    h.push(
      `<p>Attention checks: ${a.attention.checked} participants answered one, ${a.attention.failed.length} failed` +
        `${a.attention.failed.length ? ` (${esc(a.attention.failed.map((x) => x.pid).join(', '))})` : ''}` +
        `${a.attention.excluded ? `; ${a.attention.excluded} excluded` : ''}.</p>`,
    );
  const slowText = (e: Analysis['slowed']['entries'][number]) =>
    `${e.pid} ${e.kind === 'practice' ? 'practice' : `set ${e.set} ${e.which}`} ${e.fps.toFixed(1)} fps` +
    `${e.rate !== 1 ? ` rate ${e.rate}` : ''}`;
  const slowList = a.slowed.entries.slice(0, 40).map(slowText).join('; ');
  h.push(
    `<p>Slowed playback (fps &lt; ${a.slowed.threshold} or rate ≠ 1): ${a.slowed.count} plays of ${a.slowed.participants} ` +
      `participants${a.slowed.count ? ` (${esc(slowList)})` : ''}.</p>`,
  );
  h.push(
    '<h2>Table 3 — absolute human-likeness</h2><table><tr><th>player</th><th>n</th><th>mean</th><th>SD</th><th>95 % ' +
      'CI</th><th>paper</th></tr>',
  );
  for (const p of a.players)
    h.push(
      `<tr><td>${esc(p.label)}</td><td>${p.n}</td><td>${f(p.mean)}</td><td>${f(p.sd)}</td><td>` +
        `${p.ci95 ? `${f(p.ci95[0])}–${f(p.ci95[1])}` : '—'}</td><td>${f(p.paper, 1)}</td></tr>`,
    );
  h.push('</table>', `<h2>Fig. 7</h2>${fig7}`);
  h.push(
    '<h2>Table 2 — relative (row against column; paper in brackets)</h2><table><tr><th></th>' +
      ids.map((c) => `<th>${esc(label.get(c)!)}</th>`).join('') +
      '</tr>',
  );
  for (const r of ids)
    h.push(
      `<tr><td>${esc(label.get(r)!)}</td>${ids
        .map((c) => {
          const cell = a.relative[r]?.[c];
          return `<td>${cell ? `${f(cell.mean, 1)} <span class="muted">(${f(cell.paper, 1)}, n ${cell.n})</span>` : ''}</td>`;
        })
        .join('')}</tr>`,
    );
  h.push('</table>', table2);
  h.push(
    '<h2>Sets: paired test and order effect</h2><table><tr><th>set</th><th>a</th><th>b</th><th>abs a</th><th>abs ' +
      'b</th><th>Wilcoxon W</th><th>n</th><th>p</th><th>rel a vs b</th><th>a first</th><th>b first</th><th>order p</th></tr>',
  );
  for (const s of a.sets)
    h.push(
      `<tr><td>${s.set}</td><td>${esc(label.get(s.a)!)}</td><td>${esc(label.get(s.b)!)}</td><td>${f(s.absA.mean)}</td><td>` +
        `${f(s.absB.mean)}</td><td>${s.paired.w}</td><td>${s.paired.n}</td><td>${f(s.paired.p, 3)}` +
        `${s.paired.exact ? ' (exact)' : ''}</td><td>${f(s.relativeAB.mean)}</td><td>${f(s.order.aFirst.mean)} (` +
        `${s.order.aFirst.n})</td><td>${f(s.order.bFirst.mean)} (${s.order.bFirst.n})</td><td>${f(s.order.test.p, 3)}</td></tr>`,
    );
  h.push(
    '</table><h2>By shmup experience (absolute mean, n)</h2><table><tr><th>experience</th>' +
      ids.map((c) => `<th>${esc(label.get(c)!)}</th>`).join('') +
      '</tr>',
  );
  for (const [e, m] of Object.entries(a.byExperience))
    h.push(`<tr><td>${esc(e)}</td>${ids.map((c) => `<td>${m[c] ? `${f(m[c].mean)} (${m[c].n})` : ''}</td>`).join('')}</tr>`);
  h.push('</table>');
  if (metrics) {
    h.push(
      '<h2>Clip metrics beside ' +
        'ratings</h2><table><tr><th>clip</th><th>set</th><th>player</th><th>rating</th><th>1-frame/min</th><th>dir ' +
        'changes/s</th><th>moving</th><th>clearance</th></tr>',
    );
    for (const c of a.clips)
      h.push(
        `<tr><td>${esc(c.clip)}</td><td>${c.set}</td><td>${esc(label.get(c.player) ?? c.player)}</td><td>` +
          `${f(c.absolute.mean)}</td><td>${f(c.metrics?.one_frame_per_min, 1)}</td><td>${f(c.metrics?.dir_changes_per_s)}</td><td>` +
          `${f(c.metrics?.moving_fraction)}</td><td>${f(c.metrics?.mean_clearance, 1)}</td></tr>`,
      );
    h.push(
      `</table><p>Spearman ρ with the mean absolute rating: ` +
        `${METRIC_NAMES.map((m) => `${m} ${f(a.correlations[m].rho)} (n ${a.correlations[m].n})`).join('; ')}</p>`,
      metrics,
    );
  }
  h.push('<h2>Free-text reasons</h2>');
  for (const p of a.players) {
    const rs = a.reasons[p.id] ?? [];
    h.push(
      `<h3>${esc(p.label)} (${rs.length})</h3><ul>` +
        rs
          .map((r) => {
            const kind = r.kind === 'absolute' ? 'absolute' : `relative vs ${esc(label.get(r.vs!) ?? r.vs!)}`;
            return `<li>[${kind} ${r.score}] ${esc(r.text)}</li>`;
          })
          .join('') +
        '</ul>',
    );
  }
  h.push('</body></html>');
  return { 'fig7.svg': fig7, 'table2.svg': table2, 'metrics.svg': metrics, 'report.html': h.join('\n') };
}

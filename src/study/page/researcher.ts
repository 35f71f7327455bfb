// The researcher page (study.html?view=researcher): every participant run on this machine for this
// study, how far each got, and "export all" as CSV or JSON (finished and unfinished alike; the
// unfinished have finishedAt null and only their completed sets).
import type { Manifest } from '../manifest';
import { pick } from '../manifest';
import { answersToCsv, answersToJson, download, exportName } from './export';
import { isFinished, stepsFor } from '../flow';
import { isPreviewPid } from './session';
import type { AnswerStore } from './store';

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function runResearcher(root: HTMLElement, m: Manifest, store: AnswerStore): Promise<void> {
  const list = await store.list(m.studyId);
  const rows = list
    .map((p) => {
      const steps = stepsFor(m, p.answer.group, p.answer.orderRow ?? 0);
      const nSets = m.groups.find((g) => g.id === p.answer.group)?.sets.length ?? 0;
      const state = isFinished(p, steps) ? 'finished' : `step ${p.progress + 1} of ${steps.length}`;
      const how = isPreviewPid(p.answer.pid) ? 'preview' : p.groupHow;
      return `<tr data-pid="${esc(p.answer.pid)}"><td>${esc(p.answer.pid)}</td><td>${esc(p.answer.group)} (${how})</td>
        <td>${p.answer.lang}</td><td>${esc(p.answer.startedAt)}</td><td>${esc(p.answer.finishedAt ?? '')}</td>
        <td>${p.answer.trials.length} / ${nSets}</td><td>${state}</td><td>${p.sent ? 'yes' : ''}</td></tr>`;
    })
    .join('');
  const finished = list.filter((p) => p.answer.finishedAt && !isPreviewPid(p.answer.pid)).length;
  const previews = list.filter((p) => isPreviewPid(p.answer.pid)).length;
  root.innerHTML = `<div class="tf-researcher"><h1>${esc(pick(m.title, 'en') || pick(m.title, 'ja'))} — participants on this machine</h1>
    <p>Study id <code>${esc(m.studyId)}</code>: ${list.length - previews} participant(s), ${finished} finished${
      previews ? `, and ${previews} preview run(s) (pid preview-…, never sent; analyze them apart)` : ''
    }. Answers live in this browser's storage until exported.</p>
    <div class="tf-buttons"><button class="jspsych-btn" data-export="csv">Export all (CSV)</button>
    <button class="jspsych-btn" data-export="json">Export all (JSON)</button>
    <a class="jspsych-btn" href="?">Start the rater page</a>
    <a class="jspsych-btn" href="?view=preview&amp;rate=4"
      title="the rater flow, clips 4× faster, stored as preview-…, never sent">Preview (4×)</a></div>
    <table><thead><tr><th>pid</th><th>group</th><th>lang</th><th>started</th><th>finished</th><th>sets</th>
    <th>progress</th><th>sent</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  for (const b of root.querySelectorAll<HTMLButtonElement>('[data-export]')) {
    b.addEventListener('click', () => {
      const csv = b.dataset.export === 'csv';
      const answers = list.map((p) => p.answer);
      download(
        csv ? answersToCsv(answers) : answersToJson(answers),
        exportName(m.studyId, 'all', csv ? 'csv' : 'json'),
        csv ? 'text/csv' : 'application/json',
      );
    });
  }
}

// The rater flow as a jsPsych 8 timeline: welcome and consent, demographics, the practice play,
// the sets (clip, rating, clip, rating + comparison) and the end. Which participant this is and
// where they are come from the AnswerStore; the timeline is built from the first step not done,
// and every step is saved before the next one shows (see flow.ts).
import { initJsPsych, type JsPsych } from 'jspsych';
import HtmlButtonResponsePlugin from '@jspsych/plugin-html-button-response';
import SurveyMultiChoicePlugin from '@jspsych/plugin-survey-multi-choice';
import CallFunctionPlugin from '@jspsych/plugin-call-function';
import { decodeReplay, type Replay } from '../../replay';
import { assignGroup, type Lang, type Manifest, pick } from '../manifest';
import {
  advance,
  type Demographics,
  type Experience,
  isFinished,
  newRecord,
  type ParticipantRecord,
  type RatingFirst,
  type RatingSecond,
  type Step,
  stepsFor,
} from './flow';
import { DEFAULT_ANCHORS, duration, STRINGS } from './i18n';
import { clipPlugin, practicePlugin, type RatingResult, ratingPlugin, type ScaleQuestion } from './plugins';
import type { Stage } from './stage';
import type { AnswerStore } from './store';
import { sendAnswer } from './send';
import { answersToCsv, answersToJson, exportName } from './export';

export interface RaterContext {
  manifest: Manifest;
  store: AnswerStore;
  stage: Stage;
  params: URLSearchParams;
  root: HTMLElement;
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function newPid(): string {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return `p${a[0]!.toString(36)}${a[1]!.toString(36)}`.slice(0, 12);
}

const nowIso = () => new Date().toISOString();

/** Asks for the language when the study has several and the URL does not say. */
function chooseLang(root: HTMLElement, langs: Lang[]): Promise<Lang> {
  root.innerHTML =
    `<div class="tf-page"><p>${esc(STRINGS.ja.chooseLang)}<br>${esc(STRINGS.en.chooseLang)}</p><div ` + `class="tf-buttons"></div></div>`;
  const box = root.querySelector('.tf-buttons')!;
  return new Promise((resolve) => {
    for (const l of langs) {
      const b = document.createElement('button');
      b.className = 'jspsych-btn';
      b.textContent = l === 'ja' ? '日本語' : 'English';
      b.addEventListener('click', () => resolve(l));
      box.append(b);
    }
    (box.querySelector('button') as HTMLButtonElement).focus();
  });
}

/** Finds or starts the participant this page is for. */
async function participant(ctx: RaterContext): Promise<ParticipantRecord> {
  const { manifest: m, store, params } = ctx;
  const pidParam = params.get('pid')?.trim() || null;
  if (pidParam !== null && !/^[A-Za-z0-9._-]{1,64}$/.test(pidParam))
    throw new Error(`?pid= must be 1–64 letters, digits, '.', '_' or '-', got '${pidParam}'`);
  const pid = pidParam ?? (await store.current(m.studyId));
  if (pid) {
    const have = await store.get(m.studyId, pid);
    if (have) return have;
  }
  const askedLang = params.get('lang');
  const lang: Lang =
    askedLang && (m.languages as string[]).includes(askedLang)
      ? (askedLang as Lang)
      : m.languages.length === 1
        ? m.languages[0]!
        : await chooseLang(ctx.root, m.languages);
  const id = pid ?? newPid();
  const counts: Record<string, number> = {};
  for (const p of await store.list(m.studyId)) counts[p.answer.group] = (counts[p.answer.group] ?? 0) + 1;
  const g = assignGroup(m, params.get('group'), counts, id);
  const rec = newRecord(m, id, g.group, g.how, lang, nowIso());
  await store.save(rec, false, nowIso());
  return rec;
}

export async function runRater(ctx: RaterContext): Promise<void> {
  const { manifest: m, store, stage, root } = ctx;
  let rec = await participant(ctx);
  const steps = stepsFor(m, rec.answer.group);
  const lang = rec.answer.lang;
  const S = STRINGS[lang];
  document.documentElement.lang = lang;
  document.title = pick(m.title, lang) || document.title;
  const rate = Math.max(1, Math.min(16, Number(ctx.params.get('rate')) || 1));
  const clips = new Map(m.clips.map((c) => [c.id, c]));
  const nSets = steps.filter((s) => s.kind === 'rate' && s.which === 'second').length;

  // Inside JATOS (study run addresses contain /publix/) answers go through jatos.js.
  const jatos = m.answers.jatos || location.pathname.includes('/publix/');
  let chain: Promise<void> = Promise.resolve();
  const commit = (answer?: Parameters<typeof advance>[2]): Promise<void> => {
    chain = chain.then(async () => {
      rec = advance(rec, steps, answer);
      const done = isFinished(rec, steps);
      await store.save(rec, done, nowIso());
      if (done && !rec.sent && (m.answers.postUrl || jatos)) {
        const r = await sendAnswer(rec.answer, { postUrl: m.answers.postUrl, jatos });
        root.dataset.sent = r;
        if (r === 'sent') {
          rec = { ...rec, sent: true };
          await store.save(rec, true, nowIso());
        }
      }
    });
    return chain;
  };

  if (isFinished(rec, steps)) return endScreen(ctx, rec, true);

  const jsPsych: JsPsych = initJsPsych({ display_element: root });
  jsPsych.data.addProperties({ study_id: m.studyId, pid: rec.answer.pid, group: rec.answer.group, lang });
  const ClipPlugin = clipPlugin(stage);
  const RatingPlugin = ratingPlugin();
  const PracticePlugin = practicePlugin(stage);
  /** Keyboard users start on the page's first control (a radio button, else the button). */
  const focusButton = () => (root.querySelector('input, button') as HTMLElement | null)?.focus();
  /** A jsPsych page of the library's plugins, then a wait until its step is saved. */
  const saved = (
    trial: Record<string, unknown>,
    answer?: (data: Record<string, unknown>) => Parameters<typeof advance>[2],
  ): Record<string, unknown> => ({
    timeline: [
      { ...trial, on_load: focusButton, on_finish: (data: Record<string, unknown>) => void commit(answer?.(data)) },
      { type: CallFunctionPlugin, async: true, func: (done: () => void) => void chain.then(() => done()), data: { step: 'saved' } },
    ],
  });
  const button = (title: string, body: string, label: string, step: string) =>
    saved({
      type: HtmlButtonResponsePlugin,
      stimulus: `<div class="tf-page"><h1>${esc(title)}</h1><p>${esc(body)}</p></div>`,
      choices: [label],
      data: { step },
    });

  let firstClip = true;
  const absolute: ScaleQuestion = scaleOf(m, 'absolute', lang);
  const relative: ScaleQuestion = scaleOf(m, 'relative', lang);
  const reasonPrompt = pick(m.questions.reason.prompt, lang) || DEFAULT_ANCHORS[lang].reasonPrompt;
  const expOpts: [string, Experience][] = [
    [S.expNone, 'none'],
    [S.exp15, '1-5'],
    [S.exp6, '6+'],
  ];

  const trialOf = (step: Step): Record<string, unknown> => {
    switch (step.kind) {
      case 'welcome':
        return button(pick(m.title, lang) || S.welcome, S.welcomeBody, S.next, 'welcome');
      case 'consent':
        return button(S.consentTitle, S.consentBody, S.agree, 'consent');
      case 'demographics':
        return saved(
          {
            type: SurveyMultiChoicePlugin,
            preamble: `<h1>${esc(S.demoTitle)}</h1>`,
            questions: [
              { name: 'experience', prompt: S.experience, options: expOpts.map((o) => o[0]), required: true },
              { name: 'playsGames', prompt: S.playsGames, options: [S.yes, S.no], required: true },
              { name: 'ageBand', prompt: S.age, options: S.ages, required: true },
            ],
            button_label: S.next,
            data: { step: 'demographics' },
          },
          (data) => {
            const r = data.response as Record<string, string>;
            const d: Demographics = {
              experience: expOpts.find((o) => o[0] === r.experience)?.[1] ?? 'none',
              playsGames: r.playsGames === S.yes,
              // Stored in English whatever the page language, so answers merge across languages.
              ageBand: STRINGS.en.ages[S.ages.indexOf(r.ageBand)] ?? r.ageBand ?? '',
            };
            return { demographics: d };
          },
        );
      case 'practice-intro':
        return button(S.practiceTitle, S.practiceBody(duration(m.practice.seconds, lang)), S.next, 'practice-intro');
      case 'practice':
        return {
          type: PracticePlugin,
          config: { ...m.practice.config, seed: Number(m.practice.config.seed ?? 1) },
          seconds: m.practice.seconds,
          left_text: S.secondsLeft,
          save: () => commit(),
          data: { step: 'practice' },
        };
      case 'sets-intro':
        return button(S.setsTitle, S.setsBody(nSets), S.next, 'sets-intro');
      case 'clip': {
        const id = step.set[step.which];
        const clip = clips.get(id)!;
        return {
          type: ClipPlugin,
          clip_id: id,
          label: `${S.setOf(step.index + 1, nSets)} · ${step.which === 'first' ? S.video1 : S.video2}`,
          load: () => loadClip(clip.file),
          start: clip.start,
          end: clip.end,
          rate,
          loading_text: S.loading,
          on_playing: () => {
            if (firstClip) performance.mark('study:first-clip-playing');
            firstClip = false;
            // Clips shown since the page opened (tests wait on it; a clip may be over before they look).
            document.body.dataset.clipsShown = String(Number(document.body.dataset.clipsShown ?? 0) + 1);
          },
          save: () => commit(),
          data: { step: 'clip', set: step.set.set, which: step.which },
        };
      }
      case 'rate': {
        const second = step.which === 'second';
        const head = `<p class="tf-clip-label">${esc(`${S.setOf(step.index + 1, nSets)} · ${second ? S.video2 : S.video1}`)}</p>`;
        return {
          type: RatingPlugin,
          preamble: head,
          scales: second
            ? [
                { ...absolute, name: 'abs' },
                { ...relative, name: 'relative' },
              ]
            : [{ ...absolute, name: 'abs' }],
          reason_prompt: reasonPrompt,
          reason_placeholder: S.reasonPlaceholder,
          button_label: S.next,
          save: (r: RatingResult) => {
            const first: RatingFirst = { abs: r.ratings.abs!, reason: r.reasons.abs ?? '', rtMs: r.rt };
            const rating: RatingFirst | RatingSecond = second
              ? { ...first, relative: r.ratings.relative!, reasonRelative: r.reasons.relative ?? '' }
              : first;
            return commit({ rating, finishedAt: nowIso() });
          },
          data: { step: 'rate', set: step.set.set, which: step.which },
        };
      }
      case 'end':
        throw new Error('the end is not a jsPsych trial');
    }
  };

  const timeline = steps.slice(rec.progress, steps.length - 1).map(trialOf);
  await jsPsych.run(timeline as unknown as Parameters<JsPsych['run']>[0]);
  await chain;
  return endScreen(ctx, rec, false);
}

function scaleOf(m: Manifest, which: 'absolute' | 'relative', lang: Lang): ScaleQuestion {
  const q = m.questions[which];
  const d = DEFAULT_ANCHORS[lang];
  const anchors = q.anchors[lang] ?? q.anchors[lang === 'ja' ? 'en' : 'ja'] ?? (q.points === 5 ? d[which] : []);
  return { name: which, prompt: pick(q.prompt, lang) || (which === 'absolute' ? d.absPrompt : d.relPrompt), anchors, points: q.points };
}

async function loadClip(file: string): Promise<Replay> {
  const r = await fetch(new URL(file, document.baseURI));
  if (!r.ok) throw new Error(`${file}: HTTP ${r.status}`);
  return decodeReplay(new Uint8Array(await r.arrayBuffer()));
}

export function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The end: thanks, this participant's answers to download, and the way to the next participant. */
function endScreen(ctx: RaterContext, rec: ParticipantRecord, already: boolean): void {
  const { root, manifest: m, store } = ctx;
  const S = STRINGS[rec.answer.lang];
  root.innerHTML = `<div class="tf-page tf-end"><h1>${esc(S.endTitle)}</h1><p>${esc(already ? S.already : S.endBody)}</p>
    <p class="tf-send">${root.dataset.sent === 'sent' ? esc(S.sent) : root.dataset.sent === 'failed' ? esc(S.sendFailed) : ''}</p>
    <div class="tf-buttons"><button class="jspsych-btn" data-export="csv">${esc(S.download('CSV'))}</button>
    <button class="jspsych-btn" data-export="json">${esc(S.download('JSON'))}</button>
    <button class="jspsych-btn" data-next>${esc(S.nextParticipant)}</button></div></div>`;
  root.dataset.done = rec.answer.pid;
  for (const b of root.querySelectorAll<HTMLButtonElement>('[data-export]')) {
    b.addEventListener('click', () => {
      const csv = b.dataset.export === 'csv';
      download(
        csv ? answersToCsv([rec.answer]) : answersToJson([rec.answer]),
        exportName(m.studyId, rec.answer.pid, csv ? 'csv' : 'json'),
        csv ? 'text/csv' : 'application/json',
      );
    });
  }
  root.querySelector<HTMLButtonElement>('[data-next]')!.addEventListener('click', async () => {
    await store.clearCurrent(m.studyId);
    const u = new URL(location.href);
    // The next person chooses their own language and is balanced into a group.
    for (const k of ['pid', 'group', 'lang']) u.searchParams.delete(k);
    location.assign(u.href);
  });
  root.querySelector<HTMLButtonElement>('button')?.focus();
}

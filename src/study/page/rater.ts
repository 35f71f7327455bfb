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
} from '../flow';
import { DEFAULT_ANCHORS, duration, HUD_TEXT, STRINGS } from './i18n';
import { choicePlugin, clipPlugin, practicePlugin, type RatingResult, ratingPlugin, requireChoice, type ScaleQuestion } from './plugins';
import { localCounts, pageMode, playbackOf, previewPid } from './session';
import type { Played, Stage } from './stage';
import type { AnswerStore } from './store';
import type { Sync } from './sync';
import { answersToCsv, answersToJson, download, exportName } from './export';
import { loadJapaneseFont } from '../../art/load-assets';
import { setPageLang } from './page-lang';

export interface RaterContext {
  manifest: Manifest;
  store: AnswerStore;
  stage: Stage;
  params: URLSearchParams;
  root: HTMLElement;
  /** Where the data goes (study server, JATOS, answers.postUrl) and the outbox that sends it (sync.ts). */
  sync?: Sync;
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

/**
 * Asks for the language when the study has several and the URL does not say; once chosen the
 * chooser is gone (the next screens get the page and the keyboard focus to themselves).
 */
function chooseLang(root: HTMLElement, langs: Lang[]): Promise<Lang> {
  // The chooser says it in Japanese too.
  if (langs.includes('ja')) void loadJapaneseFont();
  root.innerHTML =
    '<div class="tf-page tf-lang"><h1>言語 / Language</h1>' +
    `<p lang="ja">${esc(STRINGS.ja.chooseLang)}</p><p lang="en">${esc(STRINGS.en.chooseLang)}</p>` +
    `<div class="tf-buttons"></div></div>`;
  const box = root.querySelector('.tf-buttons')!;
  return new Promise((resolve) => {
    for (const l of langs) {
      const b = document.createElement('button');
      b.className = 'jspsych-btn';
      b.lang = l;
      b.textContent = l === 'ja' ? '日本語' : 'English';
      b.addEventListener(
        'click',
        () => {
          root.replaceChildren();
          resolve(l);
        },
        { once: true },
      );
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
  // A researcher preview only ever runs (and resumes) participants named preview-…
  const { preview } = pageMode(params);
  const current = await store.current(m.studyId);
  const pid = preview ? (pidParam ? previewPid(pidParam) : current?.startsWith('preview-') ? current : null) : (pidParam ?? current);
  const askLang = async (): Promise<Lang> => {
    const askedLang = params.get('lang');
    return askedLang && (m.languages as string[]).includes(askedLang)
      ? (askedLang as Lang)
      : m.languages.length === 1
        ? m.languages[0]!
        : await chooseLang(ctx.root, m.languages);
  };
  // With a study server: joined or resumed (on any device) through the server (sync.ts).
  if (ctx.sync?.channel === 'server' && !preview) return ctx.sync.join(pid, askLang);
  if (pid) {
    const have = await store.get(m.studyId, pid);
    if (have) return have;
  }
  const lang = await askLang();
  const id = pid ?? (preview ? previewPid(newPid()) : newPid());
  const counts = localCounts(await store.list(m.studyId));
  // Inside JATOS the batch session balances groups over every participant (sync.ts).
  const g = ctx.sync ? await ctx.sync.assignGroup(params.get('group'), counts, id) : assignGroup(m, params.get('group'), counts, id);
  // The set order's Latin square row: this machine's participants of the group so far.
  const rec = newRecord(m, id, g.group, g.how, lang, nowIso(), {
    orderRow: counts[g.group] ?? 0,
    prolific: preview ? null : (ctx.sync?.prolific ?? null),
  });
  await store.save(rec, false, nowIso());
  return rec;
}

export async function runRater(ctx: RaterContext): Promise<void> {
  const { manifest: m, store, stage, root } = ctx;
  let rec = await participant(ctx);
  const steps = stepsFor(m, rec.answer.group, rec.answer.orderRow);
  const lang = rec.answer.lang;
  const S = STRINGS[lang];
  void setPageLang(lang);
  document.title = pick(m.title, lang) || document.title;
  // ?rate= (faster clips) only in a researcher preview (?view=preview), never for raters.
  const { preview, rate } = pageMode(ctx.params);
  if (preview) document.body.dataset.preview = '1';
  const clips = new Map(m.clips.map((c) => [c.id, c]));
  // Every clip this participant will see is fetched now (a few KB each), so a server that goes down
  // mid-study does not stop the clips; a fetch that fails is tried again when the clip is due.
  for (const st of steps) if (st.kind === 'clip') prefetchClip(clips.get(st.set[st.which])!.file);
  const nSets = steps.filter((s) => s.kind === 'rate' && s.which === 'second').length;

  let chain: Promise<void> = Promise.resolve();
  const commit = (answer?: Parameters<typeof advance>[2]): Promise<void> => {
    chain = chain.then(async () => {
      rec = advance(rec, steps, answer);
      const done = isFinished(rec, steps);
      await store.save(rec, done, nowIso());
      // Into the outbox (on disk before the next screen); sent in the background, retried, resent on reopen.
      if (!preview) await ctx.sync?.saved(rec, done);
    });
    return chain;
  };

  if (isFinished(rec, steps)) return endScreen(ctx, rec, true);

  const jsPsych: JsPsych = initJsPsych({ display_element: root });
  jsPsych.data.addProperties({ study_id: m.studyId, pid: rec.answer.pid, group: rec.answer.group, lang });
  const ClipPlugin = clipPlugin(stage);
  const RatingPlugin = ratingPlugin();
  const PracticePlugin = practicePlugin(stage);
  const ChoicePlugin = choicePlugin();
  const hud = HUD_TEXT[lang];
  /** The Playback entry of a clip or the practice as it played in this window. */
  const playback = (what: Parameters<typeof playbackOf>[0], played: Played) =>
    playbackOf(what, played, what.kind === 'clip' ? rate : 1, window); // the practice is played in real time
  /**
   * Keyboard users start on the page's first control (a radio button, else the button); a required
   * question left open says so in the page's language, not the browser's.
   */
  const focusButton = () => {
    const form = root.querySelector('form');
    if (form) requireChoice(form, S.choose);
    (root.querySelector('input, button') as HTMLElement | null)?.focus();
  };
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
  /** A page of text: `body`'s blank lines separate paragraphs; `small` lines come after it, quieter. */
  const button = (title: string, body: string, label: string, step: string, small: string[] = []) =>
    saved({
      type: HtmlButtonResponsePlugin,
      stimulus:
        `<div class="tf-page tf-${step}"><h1>${esc(title)}</h1>` +
        body
          .split(/\n\s*\n/)
          .map((para) => `<p>${esc(para.trim())}</p>`)
          .join('') +
        small.map((line) => `<p class="tf-small">${esc(line)}</p>`).join('') +
        '</div>',
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
        return button(pick(m.title, lang) || S.welcome, S.welcomeBody(m.consent.minutes), S.next, 'welcome', preview ? [S.preview] : []);
      case 'consent':
        // The study file's consent text and the researcher's contact (when given).
        return button(
          S.consentTitle,
          pick(m.consent.text, lang) || S.consentBody,
          S.agree,
          'consent',
          m.contact ? [S.contact(m.contact)] : [],
        );
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
          labels: hud,
          save: (played: Played) => commit({ playback: playback({ kind: 'practice' }, played) }),
          // Recorded (with consent) when the study says so: each round's replay goes through the outbox.
          on_replay:
            m.recording.practice && ctx.sync && !preview
              ? (r: Replay, round: number) => void ctx.sync!.practiceReplay(rec, r, round).catch((e) => console.error(e))
              : null,
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
          labels: hud,
          on_playing: () => {
            if (firstClip) performance.mark('study:first-clip-playing');
            firstClip = false;
            // Clips shown since the page opened (tests wait on it; a clip may be over before they look).
            document.body.dataset.clipsShown = String(Number(document.body.dataset.clipsShown ?? 0) + 1);
          },
          save: (played: Played) =>
            commit({ playback: playback({ kind: 'clip', set: step.set.set, which: step.which, clip: id }, played) }),
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
          required_text: S.required,
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
      case 'attention': {
        // An instructed-response item of the study file, in the page's language.
        const a = m.attention[step.check]!;
        const options = a.options[lang] ?? a.options[lang === 'ja' ? 'en' : 'ja'] ?? [];
        return {
          type: ChoicePlugin,
          title: S.question,
          prompt: pick(a.prompt, lang),
          options,
          button_label: S.next,
          required_text: S.choose,
          save: (choice: number) => commit({ attention: choice }),
          data: { step: 'attention', check: step.check },
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

const clipBytes = new Map<string, Promise<Uint8Array>>();

/** Fetches a clip's bytes, waiting out a network failure or a server restart (1, 2, 4 … 10 s apart, about 5 minutes). */
async function fetchClip(file: string): Promise<Uint8Array> {
  const url = new URL(file, document.baseURI);
  let wait = 1000;
  for (const until = Date.now() + 300_000; ; wait = Math.min(10_000, wait * 2)) {
    let status = 0;
    try {
      const r = await fetch(url);
      if (r.ok) return new Uint8Array(await r.arrayBuffer());
      status = r.status;
    } catch {
      // No connection: tried again below.
    }
    const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
    if (permanent || Date.now() > until) throw new Error(`${file}: ${status ? `HTTP ${status}` : 'no connection to the server'}`);
    await new Promise((r) => setTimeout(r, wait));
  }
}

function prefetchClip(file: string): void {
  if (clipBytes.has(file)) return;
  const p = fetchClip(file);
  p.catch(() => clipBytes.delete(file)); // fetched again when the clip is due
  clipBytes.set(file, p);
}

async function loadClip(file: string): Promise<Replay> {
  prefetchClip(file);
  return decodeReplay(await clipBytes.get(file)!);
}

/** The end: thanks, this participant's answers to download, and the way to the next participant. */
function endScreen(ctx: RaterContext, rec: ParticipantRecord, already: boolean): void {
  const { root, manifest: m, store } = ctx;
  const S = STRINGS[rec.answer.lang];
  const debrief = pick(m.debrief, rec.answer.lang);
  const after = (debrief ? debrief.split(/\n\s*\n/).map((para) => `<p class="tf-debrief">${esc(para.trim())}</p>`) : [])
    .concat(m.contact ? [`<p class="tf-small">${esc(S.contact(m.contact))}</p>`] : [])
    .join('');
  root.innerHTML = `<div class="tf-page tf-end"><h1>${esc(S.endTitle)}</h1><p>${esc(already ? S.already : S.endBody)}</p>${after}
    <p class="tf-send">${root.dataset.sent === 'sent' ? esc(S.sent) : root.dataset.sent === 'failed' ? esc(S.sendFailed) : ''}</p>
    <div class="tf-buttons"><button class="jspsych-btn" data-export="csv">${esc(S.download('CSV'))}</button>
    <button class="jspsych-btn" data-export="json">${esc(S.download('JSON'))}</button>
    <button class="jspsych-btn" data-next>${esc(S.nextParticipant)}</button></div></div>`;
  root.dataset.done = rec.answer.pid;
  // Waits until the data is stored, then ends a JATOS run or goes back to Prolific (sync.ts).
  const sendEl = root.querySelector<HTMLElement>('.tf-send');
  if (ctx.sync && sendEl && !pageMode(ctx.params).preview) void ctx.sync.finish(rec, sendEl, root).catch((e) => console.error(e));
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

// The remote recording view (index.html?view=record&player=ID&token=T): a person plays each drill
// variant the study's human clips need (manifest.recording.configs, the exact config of its clips) in
// their own browser, in turn, after a 3 s countdown, to just past the clips' window; each replay is uploaded to
// the study server (POST api/replays?kind=recording&player=&variant=, header x-record-token), whose
// verdict is shown — accepted, or refused with its reason — and a variant can be played again.
// Without a study server each replay is offered as a download. Japanese and English.
import type { Lang, Manifest } from '../manifest';
import { pick } from '../manifest';
import { PID_RE } from '../protocol';
import { encodeReplay, type Replay } from '../../replay';
import type { MatchConfig } from '../../sim/config';
import { HUD_TEXT, STRINGS, SYNC_STRINGS } from './i18n';
import type { Stage } from './stage';
import { download } from './export';
import { detectServer, uploadRecording } from './sync';
import { recordingFileName } from '../jatos/lines';
import { recordingFrames } from '../recording-length';
import { setPageLang } from './page-lang';

export interface RecorderContext {
  manifest: Manifest;
  params: URLSearchParams;
  root: HTMLElement;
  stage: Stage;
}

const COUNTDOWN_S = 3;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

function button(label: string, data: string): HTMLButtonElement {
  const b = el('button', 'jspsych-btn', label);
  b.type = 'button';
  b.dataset[data] = '';
  return b;
}

/** Waits for a click on one of `buttons` (focusing the first); resolves with its data key. */
function choose(box: HTMLElement, buttons: [HTMLButtonElement, string][]): Promise<string> {
  box.replaceChildren(...buttons.map((b) => b[0]));
  buttons[0]?.[0].focus();
  return new Promise((resolve) => {
    for (const [b, key] of buttons) b.addEventListener('click', () => resolve(key), { once: true });
  });
}

export async function runRecorder(ctx: RecorderContext): Promise<void> {
  const { manifest: m, params, root } = ctx;
  const asked = params.get('lang');
  const lang: Lang = asked && (m.languages as string[]).includes(asked) ? (asked as Lang) : (m.languages[0] ?? 'en');
  void setPageLang(lang);
  const S = STRINGS[lang];
  const T = SYNC_STRINGS[lang].rec;
  const page = el('div', 'tf-page tf-record');
  root.replaceChildren(page);
  const say = (...nodes: (Node | string)[]) => page.replaceChildren(...nodes);
  document.title = `${T.title} · ${pick(m.title, lang) || ''}`;

  const player = params.get('player')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const server = await detectServer(m, document.baseURI);
  root.dataset.server = server ? '1' : '0';
  if (!PID_RE.test(player) || (server && !token)) {
    say(el('h1', '', T.title), el('p', 'tf-error', T.badLink));
    return;
  }
  const variants = Object.keys(m.recording.configs).sort();
  if (variants.length === 0) {
    say(el('h1', '', T.title), el('p', 'tf-error', T.noConfigs));
    return;
  }

  const box = el('div', 'tf-buttons');
  say(el('h1', '', T.title), el('p', '', T.intro(variants.length)), ...(server ? [] : [el('p', 'tf-small', T.noServer)]), box);
  await choose(box, [[button(T.start, 'start'), 'start']]);

  for (let i = 0; i < variants.length; i++) {
    const variant = variants[i]!;
    const config = { ...m.recording.configs[variant]! } as Partial<MatchConfig> & { seed: number };
    config.seed = Number(config.seed ?? 1);
    root.dataset.variant = variant;
    for (;;) {
      const replay = await playOnce(ctx, lang, T.round(i + 1, variants.length), config, recordingFrames(m, config));
      const tagged: Replay = {
        ...replay,
        extra: { ...replay.extra, study: { id: m.studyId, player, drill: String(config.drill ?? ''), variant } },
      };
      const bytes = encodeReplay(tagged);
      const name = recordingFileName(player, variant);
      const status = el('p', 'tf-status');
      const box2 = el('div', 'tf-buttons');
      say(el('h1', '', T.round(i + 1, variants.length)), status, box2);
      const last = i === variants.length - 1;
      let again = false;
      if (!server) {
        status.textContent = T.noServer;
        root.dataset.verdict = 'download';
        for (;;) {
          const k = await choose(box2, [
            [button(T.download, 'download'), 'download'],
            [button(last ? S.next : T.next, 'next'), 'next'],
            [button(T.again, 'again'), 'again'],
          ]);
          if (k === 'download') download(bytes, name, 'application/octet-stream');
          else {
            again = k === 'again';
            break;
          }
        }
      } else {
        for (;;) {
          status.textContent = T.uploading;
          root.dataset.verdict = 'sending';
          const v = await uploadRecording(document.baseURI, player, variant, token, bytes);
          if (v.ok) {
            status.textContent = T.accepted;
            root.dataset.verdict = 'accepted';
            const k = await choose(box2, [
              [button(last ? S.next : T.next, 'next'), 'next'],
              [button(T.again, 'again'), 'again'],
            ]);
            again = k === 'again';
            break;
          }
          root.dataset.verdict = v.retry ? 'failed' : 'refused';
          root.dataset.reason = v.reason;
          status.textContent = v.retry ? T.failed(v.reason) : T.refused(v.reason);
          const options: [HTMLButtonElement, string][] = v.retry
            ? [
                [button(T.retrySend, 'send'), 'send'],
                [button(T.download, 'download'), 'download'],
                [button(T.again, 'again'), 'again'],
              ]
            : [
                [button(T.again, 'again'), 'again'],
                [button(T.download, 'download'), 'download'],
              ];
          let k = await choose(box2, options);
          while (k === 'download') {
            download(bytes, name, 'application/octet-stream');
            k = await choose(box2, options);
          }
          if (k === 'again') {
            again = true;
            break;
          }
        }
      }
      if (!again) break;
    }
  }
  root.dataset.recordDone = '1';
  say(el('h1', '', T.title), el('p', '', T.done));
}

/** A 3 s countdown, then one play of `config` for `frames` frames; resolves with its replay. */
async function playOnce(
  ctx: RecorderContext,
  lang: Lang,
  heading: string,
  config: Partial<MatchConfig> & { seed: number },
  frames: number,
): Promise<Replay> {
  const { root, stage } = ctx;
  const T = SYNC_STRINGS[lang].rec;
  const page = root.querySelector('.tf-record') ?? root;
  const head = el('p', 'tf-clip-label', heading);
  const count = el('p', 'tf-countdown');
  count.style.cssText = 'font-size:2em;text-align:center;';
  page.replaceChildren(head, count);
  delete root.dataset.verdict;
  delete root.dataset.reason;
  root.dataset.playing = '';
  for (let s = COUNTDOWN_S; s > 0; s--) {
    count.textContent = T.countdown(s);
    await new Promise((r) => setTimeout(r, 1000));
  }
  count.remove();
  const host = el('div', 'tf-record-play');
  page.append(host);
  root.dataset.playing = '1';
  let replay: Replay | null = null;
  await new Promise<void>((resolve) => {
    void stage.show(host, 'study-practice', {
      config,
      frames,
      leftText: STRINGS[lang].secondsLeft,
      labels: HUD_TEXT[lang],
      onReplay: (r) => {
        replay ??= r;
      },
      onDone: () => resolve(),
    });
  });
  stage.hide();
  delete root.dataset.playing;
  if (!replay) throw new Error('the game did not record the round');
  return replay;
}

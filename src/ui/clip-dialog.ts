// The clip dialog of the playback scene (an HTML panel): start, end, field, format, survey mode,
// a progress bar with Cancel, and the clips already stored with this replay (download, delete).
import { downloadBlob } from '../storage/download';
import type { ReplayLibrary } from '../storage/replay-library';
import { t, type Key } from '../i18n/i18n';
import { errorWords as describeError } from './replay-words';
import type { ClipField, ClipFormat, ClipInfo } from '../storage/replay-meta';
import { el, focusSoon, openPanel } from './dom-panel';
import {
  CLIP_FPS,
  clipRange,
  estimateExport,
  FIRST_GUESS_RATES,
  nextRate,
  parseTime,
  rateClass,
  remainingText,
  type ClipRange,
  type RateClass,
} from '../clips/clip-plan';
import type { FormatSupport } from '../clips/support';

export interface ClipRequest {
  range: ClipRange;
  field: ClipField;
  format: ClipFormat;
  survey: boolean;
  /**
   * How frames are captured: 'fast' (the default) renders only the clip's rectangle and reads its
   * pixels into memory; 'baseline' is the capture as it was (whole canvas, copied through a 2-D
   * canvas), kept to check and measure the fast one against (same pixels; playback-clips.ts).
   */
  mode?: 'fast' | 'baseline';
}

export interface ClipDialogHost {
  library: ReplayLibrary | null;
  replayId: string | null;
  /** A clip's file name (survey clips get a neutral one). */
  fileName(range: ClipRange, field: ClipField, format: ClipFormat, survey: boolean): string;
  sides: number;
  /** The canvas's render scale (1 or 2): clips are made at it, and it sets the speed class. */
  scale?: number;
  current: number;
  lastFrame: number;
  survey: boolean;
  support: () => Promise<Record<ClipFormat, FormatSupport>>;
  /** Renders and encodes; resolves with the stored clip (or a download-only result when there is no library entry). */
  run(
    req: ClipRequest,
    progress: (done: number, total: number) => void,
    signal: AbortSignal,
  ): Promise<{ info: ClipInfo | null; blob: Blob; filename: string }>;
  onClose(): void;
}

const secs = (f: number) => (f / CLIP_FPS).toFixed(2).replace(/\.?0+$/, '');

/** (`clipRate2`: speeds measured before the faster capture of docs/replays.md are not reused.) */
const RATE_KEY = 'twinfield.clipRate2.';

/** The export speed measured last in this browser for a speed class, or null. */
function storedRate(c: RateClass): number | null {
  try {
    const v = Number(globalThis.localStorage?.getItem(RATE_KEY + c));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

/**
 * Remembers how fast an export of `frames` frames ran (its render and encode time, `seconds`) for
 * the next estimate of its class; the export calls it (playback-clips.ts), whatever started it.
 */
export function rememberExportSpeed(field: ClipField, scale: number, frames: number, seconds: number): void {
  const c = rateClass(field, scale);
  try {
    globalThis.localStorage?.setItem(RATE_KEY + c, nextRate(storedRate(c), frames, seconds).toFixed(2));
  } catch {
    // Storage blocked: the next estimate is a first guess again.
  }
}

export function openClipDialog(h: ClipDialogHost): () => void {
  let abort: AbortController | null = null;
  let closed = false;
  const close = () => {
    if (abort) return abort.abort(); // Esc while exporting cancels first
    if (closed) return;
    closed = true;
    panel.remove();
    h.onClose();
  };
  const panel = openPanel(t('playback.clip.title'), close);
  const start = el('input', { type: 'text', name: 'start', 'aria-label': 'start' });
  start.value = secs(h.current);
  const end = el('input', { type: 'text', name: 'end', 'aria-label': 'end' });
  end.value = secs(Math.min(h.lastFrame + 1, h.current + 30 * CLIP_FPS));
  const field = el('select', { name: 'field' });
  const fields: [ClipField, string][] =
    h.sides > 1
      ? [
          ['both', t('playback.clip.both')],
          ['left', t('playback.clip.left')],
          ['right', t('playback.clip.right')],
        ]
      : [
          ['left', t('playback.clip.theField')],
          ['both', t('playback.clip.whole')],
        ];
  for (const [v, text] of fields) field.append(el('option', { value: v, text }));
  const format = el('select', { name: 'format' });
  format.append(el('option', { value: 'webm', text: 'WebM (VP9)' }), el('option', { value: 'mp4', text: 'MP4' }));
  const survey = el('input', { type: 'checkbox', name: 'survey' });
  survey.checked = h.survey;
  const note = el('div', { class: 'note', text: t('playback.clip.checking') });
  const err = el('div', { class: 'err' });
  const bar = el('progress', { max: '1', value: '0' });
  bar.style.display = 'none';
  const status = el('div', { class: 'note' });
  const estimate = el('div', { class: 'note', name: 'estimate' });
  /** The time estimate for what the fields say now (shown before starting). */
  const updateEstimate = () => {
    try {
      const r = clipRange(parseTime(start.value, 'Start'), parseTime(end.value, 'End'), h.lastFrame);
      const c = rateClass(field.value as ClipField, h.scale);
      const known = storedRate(c);
      estimate.textContent = estimateExport(r.end - r.start, known ?? FIRST_GUESS_RATES[c], known !== null).text;
    } catch {
      estimate.textContent = '';
    }
  };
  const go = el('button', { class: 'primary', text: t('playback.clip.export') });
  const cancel = el('button', { text: t('playback.clip.close') });
  const list = el('ul');
  panel.append(
    el(
      'div',
      { class: 'row' },
      el('div', {}, el('label', { text: t('playback.clip.start') }), start),
      el('div', {}, el('label', { text: t('playback.clip.end') }), end),
    ),
    el(
      'div',
      { class: 'row' },
      el('div', {}, el('label', { text: t('playback.clip.field') }), field),
      el('div', {}, el('label', { text: t('playback.clip.format') }), format),
    ),
    el('label', {}, survey, t('playback.clip.survey')),
    note,
    estimate,
    bar,
    status,
    err,
    go,
    cancel,
    el('label', { text: t('playback.clip.clips') }),
    list,
  );
  let support: Record<ClipFormat, FormatSupport> | null = null;
  h.support()
    .then((s) => {
      support = s;
      note.textContent = `${s.webm.note}. ${s.mp4.note}.`;
      for (const o of Array.from(format.options)) {
        const f = s[o.value as ClipFormat];
        if (!f.codec) o.disabled = true;
        else o.textContent = `${o.value.toUpperCase()} (${f.codec === 'avc' ? 'H.264' : f.codec.toUpperCase()})`;
      }
      if (!s.webm.codec && s.mp4.codec) format.value = 'mp4';
      if (!s.webm.codec && !s.mp4.codec) go.disabled = true;
    })
    .catch((e: unknown) => (note.textContent = t('playback.clip.checkFailed', { why: describeError(e) })));

  const refresh = async () => {
    list.replaceChildren();
    if (!h.library || !h.replayId) {
      list.append(el('li', { text: t('playback.clip.notInLibrary') }));
      return;
    }
    let clips: ClipInfo[] = [];
    try {
      clips = await h.library.clips(h.replayId);
    } catch (e) {
      err.textContent = describeError(e);
    }
    if (!clips.length) list.append(el('li', { text: t('playback.clip.noneYet') }));
    for (const c of clips) {
      const dl = el('button', { text: t('playback.clip.download') });
      dl.onclick = async () => {
        try {
          const { blob } = await h.library!.clipBlob(c.id);
          downloadBlob(blob, h.fileName({ start: c.startFrame, end: c.endFrame }, c.field, c.format, c.survey));
        } catch (e) {
          err.textContent = describeError(e);
        }
      };
      const del = el('button', { text: t('playback.clip.delete') });
      del.onclick = async () => {
        try {
          await h.library!.deleteClip(c.id);
        } catch (e) {
          err.textContent = describeError(e);
        }
        void refresh();
      };
      const kb = Math.max(1, Math.round(c.size / 1024));
      list.append(
        el(
          'li',
          {},
          el('span', {
            text:
              `${secs(c.startFrame)}–${secs(c.endFrame)} s · ${t(`playback.clip.fields.${c.field}` as Key)} · ` +
              `${c.format.toUpperCase()} ${c.codec.toUpperCase()} · ` +
              `${c.width}×${c.height}${c.survey ? t('playback.clip.surveyMark') : ''} · ${kb} KB`,
          }),
          el('span', {}, dl, del),
        ),
      );
    }
  };
  void refresh();
  for (const input of [start, end, field]) input.addEventListener('input', updateEstimate);
  field.addEventListener('change', updateEstimate);
  updateEstimate();

  go.onclick = async () => {
    err.textContent = '';
    let req: ClipRequest;
    try {
      const s = parseTime(start.value, 'Start');
      const e = parseTime(end.value, 'End');
      req = {
        range: clipRange(s, e, h.lastFrame),
        field: field.value as ClipField,
        format: format.value as ClipFormat,
        survey: survey.checked,
      };
      if (support && !support[req.format].codec) throw new Error(support[req.format].note);
    } catch (e) {
      err.textContent = describeError(e);
      return;
    }
    abort = new AbortController();
    go.disabled = true;
    cancel.textContent = t('playback.clip.cancel');
    bar.style.display = '';
    bar.value = 0;
    const t0 = performance.now();
    try {
      const res = await h.run(
        req,
        (d, n) => {
          bar.value = d / n;
          const s = (performance.now() - t0) / 1000;
          const rate = d / Math.max(0.001, s);
          status.textContent = t('playback.clip.progress', { done: d, total: n, rate: rate.toFixed(0), left: remainingText(d, n, rate) });
        },
        abort.signal,
      );
      const took = (performance.now() - t0) / 1000;
      status.textContent = t('playback.clip.done', {
        s: took.toFixed(1),
        file: res.filename,
        kb: Math.round(res.blob.size / 1024),
        stored: res.info ? t('playback.clip.stored') : '',
      });
      if (!res.info) downloadBlob(res.blob, res.filename);
    } catch (e) {
      err.textContent = describeError(e);
      status.textContent = '';
    } finally {
      abort = null;
      go.disabled = false;
      cancel.textContent = t('playback.clip.close');
      bar.style.display = 'none';
      updateEstimate();
      void refresh();
    }
  };
  cancel.onclick = close;
  focusSoon(start, true);
  return close;
}

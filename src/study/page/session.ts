// What the rater page reads from its address and keeps per run, apart from the DOM: the researcher
// preview (?view=preview: the rater flow with ?rate= honoured, stored under a `preview-` pid and
// never sent), the local group counts and set order row, and each clip's Playback entry. Pure:
// unit-tested in Node.
import type { Playback } from '../flow';

export const PREVIEW_PREFIX = 'preview-';

export interface PageMode {
  /** A researcher's preview (?view=preview), never a real participant. */
  preview: boolean;
  /** Clip speed: ?rate=N (1–16) in a preview only; raters always see real time. */
  rate: number;
}

export function pageMode(params: URLSearchParams): PageMode {
  const preview = params.get('view') === 'preview';
  const asked = Number(params.get('rate'));
  const rate = preview && Number.isFinite(asked) && asked > 0 ? Math.max(1, Math.min(16, asked)) : 1;
  return { preview, rate };
}

export function isPreviewPid(pid: string): boolean {
  return pid.startsWith(PREVIEW_PREFIX);
}

/** A preview's pid: `preview-` in front (once), so it never passes for a participant's. */
export function previewPid(pid: string): string {
  return isPreviewPid(pid) ? pid : `${PREVIEW_PREFIX}${pid}`.slice(0, 64);
}

/** Participants per group on this machine, previews left out (group balance and set order count these). */
export function localCounts(list: readonly { answer: { pid: string; group: string } }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of list) if (!isPreviewPid(p.answer.pid)) counts[p.answer.group] = (counts[p.answer.group] ?? 0) + 1;
  return counts;
}

/** The Playback entry of a clip or the practice: `fps` is sim frames per wall second (60 on time at rate 1). */
export function playbackOf(
  what: { kind: 'practice' } | { kind: 'clip'; set: number; which: 'first' | 'second'; clip: string },
  played: { frames: number; wallMs: number },
  rate: number,
  win: { innerWidth: number; innerHeight: number; devicePixelRatio: number },
): Playback {
  const fps = played.wallMs > 0 ? Math.round((played.frames / (played.wallMs / 1000)) * 100) / 100 : 0;
  return {
    kind: what.kind,
    set: what.kind === 'clip' ? what.set : null,
    which: what.kind === 'clip' ? what.which : null,
    clip: what.kind === 'clip' ? what.clip : null,
    frames: played.frames,
    wallMs: played.wallMs,
    fps,
    rate,
    width: win.innerWidth,
    height: win.innerHeight,
    dpr: win.devicePixelRatio,
  };
}

// Which clip formats this browser can encode. Checked at run time with
// VideoEncoder.isConfigSupported: WebM holds VP9; MP4 prefers H.264 (AVC) and falls back to VP9,
// then AV1, inside MP4 — Debian's Chromium, for one, ships no proprietary H.264 encoder.
import type { ClipFormat } from '../storage/replay-meta';
import { t } from '../i18n/i18n';

export type ClipCodec = 'vp9' | 'avc' | 'av1';

/** Codec strings for the support check (profile/level adequate for up to 1920×1080 at 60 fps). */
export const CODEC_STRINGS: Record<ClipCodec, string> = {
  vp9: 'vp09.00.41.08',
  avc: 'avc1.4d402a',
  av1: 'av01.0.08M.08',
};

export const CODEC_LABELS: Record<ClipCodec, string> = { vp9: 'VP9', avc: 'H.264', av1: 'AV1' };

/** Codecs tried per container, best first. */
export const CODEC_PREFERENCE: Record<ClipFormat, ClipCodec[]> = {
  webm: ['vp9'],
  mp4: ['avc', 'vp9', 'av1'],
};

export interface FormatSupport {
  format: ClipFormat;
  /** The codec that will be used, or null when none works. */
  codec: ClipCodec | null;
  /** Codecs that were tried and are unavailable. */
  unavailable: ClipCodec[];
  /** One line for the user: "MP4: H.264 unavailable in this browser, using VP9 in MP4". */
  note: string;
}

type IsSupported = (config: { codec: string; width: number; height: number; bitrate: number; framerate: number }) => Promise<boolean>;

/** The real check: WebCodecs' VideoEncoder.isConfigSupported (false when WebCodecs is missing). */
export const browserCheck: IsSupported = async (config) => {
  const VE = (globalThis as { VideoEncoder?: { isConfigSupported(c: object): Promise<{ supported?: boolean }> } }).VideoEncoder;
  if (!VE) return false;
  try {
    return (await VE.isConfigSupported(config)).supported === true;
  } catch {
    return false;
  }
};

export function hasWebCodecs(): boolean {
  return typeof (globalThis as { VideoEncoder?: unknown }).VideoEncoder === 'function';
}

/** Picks a codec per format (the check is injectable so the choice is unit-tested). */
export async function clipSupport(
  width: number,
  height: number,
  check: IsSupported = browserCheck,
): Promise<Record<ClipFormat, FormatSupport>> {
  const out = {} as Record<ClipFormat, FormatSupport>;
  for (const format of ['webm', 'mp4'] as const) {
    const unavailable: ClipCodec[] = [];
    let codec: ClipCodec | null = null;
    for (const c of CODEC_PREFERENCE[format]) {
      if (await check({ codec: CODEC_STRINGS[c], width, height, bitrate: 4_000_000, framerate: 60 })) {
        codec = c;
        break;
      }
      unavailable.push(c);
    }
    const F = format.toUpperCase();
    const missing = unavailable.map((c) => CODEC_LABELS[c]).join(', ');
    const note = codec
      ? unavailable.length
        ? t('playback.clip.codecFallback', { F, missing, codec: CODEC_LABELS[codec] })
        : `${F}: ${CODEC_LABELS[codec]}`
      : t('playback.clip.codecUnavailable', {
          F,
          missing,
          size: `${width}×${height}`,
          why: hasWebCodecs() ? '' : t('playback.clip.noWebCodecs'),
        });
    out[format] = { format, codec, unavailable, note };
  }
  return out;
}

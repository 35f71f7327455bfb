// The one way the replay screens write a time or a length: m:ss (h:mm:ss from an hour), whole
// seconds rounded down, as a clock shows them (0:59 until the minute is full). The library list,
// the playback status line and the clip dialog all use it.

/** m:ss (or h:mm:ss) for a frame count at `fps` (default 60). */
export function formatFrames(frames: number, fps = 60): string {
  const secs = Math.floor(Math.max(0, frames) / fps);
  const h = Math.floor(secs / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const s = String(secs % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

// window.__twinfield_music (e2e builds only, installed by music.ts): a read-only view of the music
// player and its Phaser sounds for tests/e2e/music.test.ts, plus one test action: seek the looping
// sound to just before its loop end, to watch it wrap.
import type { Music, MusicSound } from './music-player';

interface PhaserSoundView extends MusicSound {
  seek: number;
  currentMarker?: { name: string; start: number; duration: number } | null;
  setSeek?(s: number): unknown;
  once(event: string, fn: () => void): unknown;
}

export interface MusicView {
  ready: boolean;
  current: string | null;
  paused: boolean;
  suppressed: boolean;
  bgmVolume: number;
  format: string;
  /** `startTime`: when the sound starts on the audio clock (Phaser's field). */
  sounds: { key: string; isPlaying: boolean; loop: boolean; volume: number; seek: number; marker: string | null; startTime: number }[];
}

export function installMusicHook(music: Music): void {
  const loops = new Map<MusicSound, number>();
  const g = globalThis as { __twinfield_music?: unknown };
  g.__twinfield_music = {
    music,
    view: (): MusicView => ({
      ready: music.ready,
      current: music.current,
      paused: music.paused,
      suppressed: music.suppressed,
      bgmVolume: music.bgmVolume,
      format: music.format,
      // A sound Phaser destroyed (a faded-out track being let go) has no state to read.
      sounds: music.sounds
        .filter((s) => !s.pendingRemove)
        .map((s) => {
          const v = s as PhaserSoundView;
          return {
            key: v.key,
            isPlaying: v.isPlaying,
            loop: v.loop,
            volume: v.volume,
            seek: v.seek,
            marker: v.currentMarker?.name ?? null,
            startTime: (v as { startTime?: number }).startTime ?? Number.NaN,
          };
        }),
    }),
    /** Stops the intro and puts the looping sound `before` seconds from its loop end; counts its wraps. */
    seekNearLoopEnd: (before: number): boolean => {
      const ss = music.sounds as PhaserSoundView[];
      const loop = ss.find((s) => s.currentMarker?.name === 'loop');
      if (!loop?.currentMarker || !loop.setSeek) return false;
      for (const s of ss) if (s !== loop) s.stop();
      loops.set(loop, 0);
      loop.once('looped', () => loops.set(loop, (loops.get(loop) ?? 0) + 1));
      // Phaser ignores setSeek while a sound waits for its start (the loop sound during the intro)
      loop.play('loop', { volume: loop.volume, loop: true, seek: loop.currentMarker.duration - before } as never);
      return true;
    },
    loopsSinceSeek: (): number => [...loops.values()].reduce((a, b) => a + b, 0),
  };
}

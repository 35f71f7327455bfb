// The music player's module loaded on first use, so the scenes that start music (title, select,
// match, result) add only this to the first-load JS: the player is ≈ 2.6 KB gzip and the initial JS
// is within a few KB of its 450 KiB budget.
type MusicModule = typeof import('./music');

let mod: Promise<MusicModule> | null = null;

/** Runs `fn` with the music module (`music`, `versusTrack`, …) once it has loaded. */
export function withMusic(fn: (m: MusicModule) => void): Promise<void> {
  mod ??= import('./music');
  return mod.then(fn);
}

/**
 * Plays a track from `scene` once the music has loaded through that scene's loader (the title's load
 * may have stopped with the title: each scene that plays music makes sure of it). Failures are quiet:
 * the game plays on without music.
 */
export function playMusic(
  scene: Parameters<MusicModule['music']['load']>[0],
  track: (m: MusicModule) => Parameters<MusicModule['music']['play']>[0],
): void {
  void withMusic((m) => {
    void m.music.load(scene).then(
      () => m.music.play(track(m)),
      () => undefined,
    );
  });
}

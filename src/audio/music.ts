// The game's music player (src/audio/music-player.ts has the class and what it plays). In the e2e build
// it also installs a read-only view for tests/e2e/music.test.ts (src/audio/music-test-hook.ts); kept
// out of music-player.ts so the unit tests' Node typecheck never meets Vite's import.meta.env.
import { Music } from './music-player';

export * from './music-player';

/** One instance for the whole game. */
export const music = new Music();

if (import.meta.env.MODE === 'e2e') void import('./music-test-hook').then((m) => m.installMusicHook(music));

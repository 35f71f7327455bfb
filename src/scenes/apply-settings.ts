// Puts the saved settings into the running game at boot and again on every change (Options):
// the SFX and BGM volumes, the scale and fullscreen. The frame-rate display and the accessibility
// switches are read where they are used (settings.get(), docs/options.md).
import Phaser from 'phaser';
import { renderScale } from '../art/render-scale';
import { sfx } from '../audio/sfx';
import { withMusic } from '../audio/music-lazy';
import { settings, type Settings } from '../storage/settings';

/** Games already following the settings (applySettings is safe to call again). */
const applied = new WeakSet<Phaser.Game>();

/** The SFX volume goes through `sfx` (each effect plays at it); Phaser's global volume stays 1 for the music. */
export function applySfxVolume(v: number): void {
  sfx.volume = v;
}

/** The music's level: through the player, loaded on demand (it is not in the first-load JS). */
export function applyBgmVolume(v: number): void {
  void withMusic(({ music }) => {
    music.bgmVolume = v;
  });
}

/** 'fit' fills the window keeping the aspect; n shows the 960×540 game at n× CSS pixels. */
export function applyScale(game: Phaser.Game, scale: Settings['scale']): void {
  const sm = game.scale;
  if (scale === 'fit') {
    sm.scaleMode = Phaser.Scale.FIT;
    sm.zoom = 1;
    sm.refresh();
  } else {
    sm.scaleMode = Phaser.Scale.NONE;
    sm.setZoom(scale / renderScale.value);
  }
}

/** Fullscreen needs a gesture: asked now, and (saved on) again at the first key or click if refused. */
export function applyFullscreen(game: Phaser.Game, on: boolean): void {
  if (on === game.scale.isFullscreen) return;
  if (!on) {
    game.scale.stopFullscreen();
    return;
  }
  if (navigator.userActivation?.isActive) game.scale.startFullscreen();
  else restoreOnFirstInput(game);
}

function restoreOnFirstInput(game: Phaser.Game): void {
  const go = (e: Event): void => {
    // F11 toggles fullscreen itself (src/main.ts).
    if (e instanceof KeyboardEvent && e.code === 'F11') return;
    window.removeEventListener('keydown', go, true);
    window.removeEventListener('pointerdown', go, true);
    if (settings.get().fullscreen && !game.scale.isFullscreen) game.scale.startFullscreen();
  };
  window.addEventListener('keydown', go, true);
  window.addEventListener('pointerdown', go, true);
}

/** Applies the settings now and on each change. Call once the game exists (sound, scale). */
export function applySettings(game: Phaser.Game): void {
  if (applied.has(game)) return;
  applied.add(game);
  const s = settings.get();
  applySfxVolume(s.sfxVolume);
  applyBgmVolume(s.bgmVolume);
  if (s.scale !== 'fit') applyScale(game, s.scale);
  if (s.fullscreen) restoreOnFirstInput(game);
  settings.onChange((now, before) => {
    if (now.sfxVolume !== before.sfxVolume) applySfxVolume(now.sfxVolume);
    if (now.bgmVolume !== before.bgmVolume) applyBgmVolume(now.bgmVolume);
    if (now.scale !== before.scale) applyScale(game, now.scale);
    if (now.fullscreen !== before.fullscreen) applyFullscreen(game, now.fullscreen);
  });
}

/// <reference types="vite/client" />
// Browser entry: the Phaser game with its scenes. The e2e build (vite --mode e2e) also installs the
// test hook, window.__twinfield; the production build leaves it out entirely.
import Phaser from 'phaser';
import { chooseRenderScale, renderScale } from './art/render-scale';
import { BootScene } from './scenes/boot-scene';
import { HIDPI_PLUGIN } from './scenes/hidpi-plugin';
import { GAME_H, GAME_W } from './views/layout';
import { MatchScene } from './scenes/match-scene';
import { PreloadScene } from './scenes/preload-scene';
import { ResultScene } from './scenes/result-scene';
import { TitleScene } from './scenes/title-scene';
import { applySettings } from './scenes/apply-settings';
import { language, t } from './i18n/i18n';

// High-DPI: the canvas is drawn at 1× or 2× (art/render-scale.ts); ?scale=1 or ?scale=2 forces it.
const forced = Number(new URLSearchParams(location.search).get('scale'));
renderScale.value =
  forced === 1 || forced === 2 ? forced : chooseRenderScale(window.devicePixelRatio, window.innerWidth, window.innerHeight, GAME_W, GAME_H);
const R = renderScale.value;

const game = new Phaser.Game({
  type: Phaser.WEBGL,
  parent: 'game',
  width: GAME_W * R,
  height: GAME_H * R,
  backgroundColor: '#0b0620',
  scale: { mode: Phaser.Scale.FIT, autoCenter: Phaser.Scale.CENTER_BOTH, fullscreenTarget: 'app' },
  input: { gamepad: true },
  fps: { target: 60 },
  // No multisampling: a sprite game gains nothing from it, and it multiplies fill cost on
  // software WebGL (SwiftShader) and weak GPUs.
  render: { antialiasGL: false },
  plugins: { scene: [HIDPI_PLUGIN] },
  // Replays, Playback, the character select, Options, Presets and the Planner lab are loaded on
  // demand (scenes/lazy-scenes.ts): the title does not need them.
  scene: [BootScene, PreloadScene, TitleScene, MatchScene, ResultScene],
});

// Fullscreen: F11 or the corner button toggle it for the game (not the browser window).
const toggleFullscreen = (): void => {
  if (game.scale.isFullscreen) game.scale.stopFullscreen();
  else game.scale.startFullscreen();
};
window.addEventListener('keydown', (e) => {
  if (e.code !== 'F11' || e.repeat) return;
  e.preventDefault();
  toggleFullscreen();
});
const button = document.getElementById('fullscreen');
// The button shows while the mouse moves and fades 2.5 s after it stops (it sits over the game).
let hideTimer = 0;
window.addEventListener('pointermove', () => {
  button?.classList.add('shown');
  clearTimeout(hideTimer);
  hideTimer = window.setTimeout(() => button?.classList.remove('shown'), 2500);
});
button?.addEventListener('click', () => {
  toggleFullscreen();
  button.blur(); // keys go on to the game, not to the button
});
// Two-field scenes draw HUD text in the top corners; the gap between the fields is free there.
const TWO_FIELD_SCENES = ['match', 'playback'];
// The page's language and the button's name follow the game's language (Options switches it).
let pageLanguage = '';
game.events.on(Phaser.Core.Events.POST_STEP, () => {
  if (pageLanguage !== language()) {
    pageLanguage = language();
    document.documentElement.lang = pageLanguage;
    button?.setAttribute('title', t('options.fullscreenButton'));
    button?.setAttribute('aria-label', t('options.fullscreenButton'));
  }
  const between = TWO_FIELD_SCENES.some((k) => game.scene.isActive(k));
  if (button && button.classList.contains('between-fields') !== between) button.classList.toggle('between-fields', between);
});
game.scale.on(Phaser.Scale.Events.ENTER_FULLSCREEN, () => button?.setAttribute('aria-pressed', 'true'));
game.scale.on(Phaser.Scale.Events.LEAVE_FULLSCREEN, () => button?.setAttribute('aria-pressed', 'false'));

// The saved settings (src/storage/settings.ts): volumes, scale, fullscreen; again on every change.
applySettings(game);

if (import.meta.env.MODE === 'e2e') {
  void import('./scenes/test-hook').then((m) => m.installHook(game));
  void import('./scenes/options-test-hook').then((m) => m.installOptionsHook(game));
}

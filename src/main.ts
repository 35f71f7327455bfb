// Browser entry: the Phaser game with its scenes, and the test hook.
import Phaser from 'phaser';
import { BootScene } from './scenes/boot-scene';
import { GAME_H, GAME_W } from './views/layout';
import { MatchScene } from './scenes/match-scene';
import { PlaybackScene } from './scenes/playback-scene';
import { PlannerLabScene } from './scenes/planner-lab-scene';
import { ReplaysScene } from './scenes/replays-scene';
import { ResultScene } from './scenes/result-scene';
import { installHook } from './scenes/test-hook';
import { TitleScene } from './scenes/title-scene';

const game = new Phaser.Game({
  type: Phaser.WEBGL,
  parent: 'game',
  width: GAME_W,
  height: GAME_H,
  backgroundColor: '#0b0620',
  scale: { mode: Phaser.Scale.FIT, autoCenter: Phaser.Scale.CENTER_BOTH },
  input: { gamepad: true },
  fps: { target: 60 },
  // No multisampling: a sprite game gains nothing from it, and it multiplies fill cost on
  // software WebGL (SwiftShader) and weak GPUs.
  render: { antialiasGL: false },
  scene: [BootScene, TitleScene, MatchScene, ResultScene, ReplaysScene, PlaybackScene, PlannerLabScene],
});
installHook(game);
(globalThis as { __twinfield_game?: Phaser.Game }).__twinfield_game = game;

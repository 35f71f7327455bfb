/**
 * Twinfield's build of Phaser 4: the full `phaser` namespace (node_modules/phaser/src/phaser.js)
 * without the physics engines (Arcade, Matter), tilemaps, video and the DOM Element game object, which
 * the game does not use. vite.config.ts points `import Phaser from 'phaser'` here and sets the
 * build flags Phaser's own webpack build defines (WebGL renderer and sound on, Canvas renderer and
 * debug hooks off). Types still come from phaser's .d.ts: a scene that needs a left-out part fails
 * at run time with "this.add.X is not a function" — add the part below.
 */
require('../node_modules/phaser/src/polyfills/requestVideoFrame');

var CONST = require('../node_modules/phaser/src/const');
var Extend = require('../node_modules/phaser/src/utils/object/Extend');

var GameObjects = require('./phaser-gameobjects.cjs');

var Phaser = {
  Actions: require('../node_modules/phaser/src/actions'),
  Animations: require('../node_modules/phaser/src/animations'),
  BlendModes: require('../node_modules/phaser/src/renderer/BlendModes'),
  Cache: require('../node_modules/phaser/src/cache'),
  Cameras: require('../node_modules/phaser/src/cameras'),
  Core: require('../node_modules/phaser/src/core'),
  Class: require('../node_modules/phaser/src/utils/Class'),
  Curves: require('../node_modules/phaser/src/curves'),
  Data: require('../node_modules/phaser/src/data'),
  Display: require('../node_modules/phaser/src/display'),
  DOM: require('../node_modules/phaser/src/dom'),
  Events: require('../node_modules/phaser/src/events'),
  Filters: require('../node_modules/phaser/src/filters'),
  Game: require('../node_modules/phaser/src/core/Game'),
  GameObjects: GameObjects,
  Geom: require('../node_modules/phaser/src/geom'),
  Input: require('../node_modules/phaser/src/input'),
  Loader: require('../node_modules/phaser/src/loader'),
  Math: require('../node_modules/phaser/src/math'),
  Plugins: require('../node_modules/phaser/src/plugins'),
  Renderer: require('../node_modules/phaser/src/renderer'),
  Scale: require('../node_modules/phaser/src/scale'),
  ScaleModes: require('../node_modules/phaser/src/renderer/ScaleModes'),
  Scene: require('../node_modules/phaser/src/scene/Scene'),
  Scenes: require('../node_modules/phaser/src/scene'),
  Sound: require('../node_modules/phaser/src/sound'),
  Structs: require('../node_modules/phaser/src/structs'),
  Textures: require('../node_modules/phaser/src/textures'),
  Time: require('../node_modules/phaser/src/time'),
  TintModes: require('../node_modules/phaser/src/renderer/TintModes'),
  Tweens: require('../node_modules/phaser/src/tweens'),
  Utils: require('../node_modules/phaser/src/utils'),
};

module.exports = Extend(false, Phaser, CONST);

import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * The flags Phaser's own webpack build replaces (`typeof WEBGL_RENDERER` and so on): Twinfield runs
 * WebGL with Web Audio only, so the Canvas renderer and the debug and plugin hooks drop out.
 */
const PHASER_FLAGS: Record<string, string> = {
  WEBGL_RENDERER: 'true',
  CANVAS_RENDERER: 'false',
  FEATURE_SOUND: 'true',
  WEBGL_DEBUG: 'false',
  PLUGIN_CAMERA3D: 'false',
  PLUGIN_FBINSTANT: 'false',
};

/** Largest Phaser part, in bytes of transformed source (about 5× its minified size). */
const PHASER_PART = 2_400_000;

function phaserFlags(): Plugin {
  const re = new RegExp(`typeof (${Object.keys(PHASER_FLAGS).join('|')})\\b`, 'g');
  return {
    name: 'twinfield-phaser-flags',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]phaser[\\/]src[\\/]/.test(id) || !code.includes('typeof ')) return null;
      return { code: code.replace(re, (_, flag: string) => PHASER_FLAGS[flag]!), map: null };
    },
  };
}

// Relative base so the built game runs from any folder or static host.
// `vite build --mode e2e` is the build the browser tests drive: it alone contains the test hook
// (src/main.ts loads src/scenes/test-hook.ts only when import.meta.env.MODE is 'e2e').
// Builds use Phaser from its sources without the parts the game does not use
// (vendor/phaser-twinfield.cjs); the dev server keeps the prebuilt package.
export default defineConfig(({ command }) => ({
  base: './',
  plugins: command === 'build' ? [phaserFlags()] : [],
  resolve:
    command === 'build'
      ? { alias: [{ find: /^phaser$/, replacement: fileURLToPath(new URL('./vendor/phaser-twinfield.cjs', import.meta.url)) }] }
      : {},
  build: {
    target: 'es2022',
    rolldownOptions: {
      // The game, and the study's rater page (`study build` builds that one alone into a package).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        study: fileURLToPath(new URL('./study.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // Phaser changes only with its version: its own chunks stay cached across game updates. It
          // is cut into parts under Vite's chunk-size warning (500 kB minified); all load at start.
          groups: [{ name: 'phaser', test: /([\\/]node_modules[\\/]phaser[\\/])|([\\/]vendor[\\/]phaser-)/, maxSize: PHASER_PART }],
        },
      },
    },
  },
}));

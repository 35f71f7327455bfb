// The roster's art on demand (issue 24): ships, bosses and portraits are a pack of their own
// (media/characters.json, or characters@2x.json at render scale 2), so the title never waits for
// them; a scene that needs them (character select, a match with a roster character) awaits
// loadCharacterArt first. The maze-scale icons are in the main pack. Like the main pack, the 2×
// textures keep their keys and are declared 2 texels per logical unit once loaded.
import type Phaser from 'phaser';
import { type ArtScale, artScaleFor, packTextures } from './art-sets';
import { CHARACTER_PACK_KEY, characterPackUrl, characterTextureKeys } from './character-keys';
import { renderScale } from './render-scale';
import { setTextureResolution } from './texture-resolution';

export {
  bossKey,
  CHARACTER_ART_IDS,
  CHARACTER_PACK_KEY,
  characterPackUrl,
  characterTextureKeys,
  charIconKey,
  charShipKey,
  portraitKey,
} from './character-keys';

/** Phaser's loader event names (strings, so this module needs Phaser's types only). */
const COMPLETE = 'complete';
const FILE_LOAD_ERROR = 'loaderror';

/**
 * Where public/ is served (as load-assets.ts: built chunks live one folder below it). Read through a
 * cast: the Node-side typecheck of the tests that import this module has no Vite client types.
 */
function publicRoot(): string {
  const env = (import.meta as ImportMeta & { env?: { DEV?: boolean } }).env;
  return env?.DEV ? '/' : new URL(/* @vite-ignore */ '../', import.meta.url).href;
}

/** One load at a time per game (textures are shared by all its scenes). */
const pending = new WeakMap<object, Promise<void>>();

/**
 * Loads every character texture into the game's texture manager through `scene`'s loader. Resolves
 * when all of them are ready (at once when they already are), rejects naming a file that failed or
 * when the scene shuts down first. Picks the art set of `scale` (default: the game's render scale).
 */
export function loadCharacterArt(scene: Phaser.Scene, scale: number = renderScale.value): Promise<void> {
  const missing = (): string[] => characterTextureKeys().filter((k) => !scene.textures.exists(k));
  if (missing().length === 0) return Promise.resolve();
  const inFlight = pending.get(scene.textures);
  if (inFlight) return inFlight;
  const set: ArtScale = artScaleFor(scale);
  const load = scene.load;
  const done = new Promise<void>((resolve, reject) => {
    const baseURL = load.baseURL;
    const errors: string[] = [];
    const onError = (file: Phaser.Loader.File): void => {
      errors.push(String(file.src || file.key));
    };
    const cleanUp = (): void => {
      load.off(FILE_LOAD_ERROR, onError);
      load.off(COMPLETE, onComplete);
      scene.events.off('shutdown', onShutdown);
      load.setBaseURL(baseURL);
      pending.delete(scene.textures);
    };
    const onComplete = (): void => {
      cleanUp();
      const { resolution, keys } = packTextures(scene.cache.json.get(CHARACTER_PACK_KEY));
      for (const k of keys) if (scene.textures.exists(k)) setTextureResolution(scene.textures.get(k), resolution);
      const left = missing();
      if (left.length === 0) resolve();
      else reject(new Error(`character art: could not load ${errors.length ? errors.join(', ') : left.join(', ')}`));
    };
    const onShutdown = (): void => {
      cleanUp();
      reject(new Error('character art: the scene shut down before the art had loaded'));
    };
    load.on(FILE_LOAD_ERROR, onError);
    load.once(COMPLETE, onComplete);
    scene.events.once('shutdown', onShutdown);
    // A pack file still cached from an earlier load would not be fetched again, nor its files queued.
    if (scene.cache.json.exists(CHARACTER_PACK_KEY)) scene.cache.json.remove(CHARACTER_PACK_KEY);
    // The pack's files are queued when the pack file arrives, against the base URL then set.
    load.setBaseURL(publicRoot());
    load.pack(CHARACTER_PACK_KEY, characterPackUrl(set));
    if (!load.isLoading()) load.start();
  });
  pending.set(scene.textures, done);
  return done;
}

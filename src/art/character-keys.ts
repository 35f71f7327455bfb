// Texture keys and files of the roster's art (issue 24): each character's ship, maze-scale icon, boss and
// select-screen portrait, drawn by assets/art/characters.ts. The icons are small and join the main asset
// pack; the rest is a second pack per art set (media/characters.json, characters@2x.json) that
// character-art.ts loads on demand, so the title does not wait for it. Pure: the asset build and the
// tests use it too.
import { type ArtScale, artSuffix } from './art-sets';

/** The characters with art, in select-screen order (the sim's ROSTER; a test keeps them equal). */
export const CHARACTER_ART_IDS = ['asagi', 'kurenai', 'shion', 'kohaku', 'ruri', 'midori'] as const;

/** A character's ship in play (40×48, like ship0). */
export const charShipKey = (id: string): string => `char-${id}`;
/** A character's small ship (16×18, like ship0s): lives row, lists, maze stages. In the main pack. */
export const charIconKey = (id: string): string => `char-${id}-s`;
/** The boss of a character's Boss Attack (72×72, like enemy5). */
export const bossKey = (id: string): string => `boss-${id}`;
/** A character's bust portrait (200×260) for the select screen and dialogue. */
export const portraitKey = (id: string): string => `portrait-${id}`;

/** The character pack's key in the loader and the JSON cache. */
export const CHARACTER_PACK_KEY = 'twinfield-characters';

/** The character pack of an art set, relative to public/: media/characters.json, media/characters@2x.json. */
export function characterPackUrl(scale: ArtScale): string {
  return `media/characters${artSuffix(scale)}.json`;
}

/** A texture file of the character pack, relative to public/ (its own folder: the main pack's test
 * expects every file in media/sprites to be in the main pack). */
export function characterArtUrl(key: string, scale: ArtScale): string {
  return `media/characters/${key}${artSuffix(scale)}.png`;
}

/** Every texture key loadCharacterArt makes ready: the pack's textures and the main pack's icons. */
export function characterTextureKeys(): string[] {
  return CHARACTER_ART_IDS.flatMap((id) => [charShipKey(id), charIconKey(id), bossKey(id), portraitKey(id)]);
}

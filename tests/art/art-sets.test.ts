import { describe, expect, it } from 'vitest';
import { artScaleFor, artSuffix, artUrl, packTextures, packUrl } from '../../src/art/art-sets';

describe('art sets (1× and 2× textures)', () => {
  it('picks the set of the render scale', () => {
    expect(artScaleFor(1)).toBe(1);
    expect(artScaleFor(2)).toBe(2);
    expect(artScaleFor(3)).toBe(2);
    expect(artScaleFor(0.5)).toBe(1);
    expect(artScaleFor(Number.NaN)).toBe(1);
  });

  it('names the files of each set', () => {
    expect(artSuffix(1)).toBe('');
    expect(packUrl(1)).toBe('media/pack.json');
    expect(packUrl(2)).toBe('media/pack@2x.json');
    expect(artUrl('sprites', 'ship0', 1)).toBe('media/sprites/ship0.png');
    expect(artUrl('images', 'bg0', 2)).toBe('media/images/bg0@2x.png');
    expect(artUrl('sprites', 'bullets', 2, 'json')).toBe('media/sprites/bullets@2x.json');
  });

  it('reads the resolution and the texture keys of a pack, 1 for a pack that says none', () => {
    const files = [
      { type: 'image', key: 'ship0', url: 'x' },
      { type: 'atlas', key: 'bullets' },
      { type: 'audio', key: 'sfx-hit' },
    ];
    expect(packTextures({ main: { files }, meta: { resolution: 2 } })).toEqual({ resolution: 2, keys: ['ship0', 'bullets'] });
    expect(packTextures({ main: { files } })).toEqual({ resolution: 1, keys: ['ship0', 'bullets'] });
    expect(packTextures({ main: { files }, meta: { resolution: 'two' } }).resolution).toBe(1);
    expect(packTextures(null)).toEqual({ resolution: 1, keys: [] });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { chooseRenderScale, renderScale, toLogical } from '../../src/art/render-scale';

describe('render scale (high-DPI)', () => {
  afterEach(() => {
    renderScale.value = 1;
  });

  it('is 1 on a 1× screen with the game at its size or smaller', () => {
    expect(chooseRenderScale(1, 960, 540, 960, 540)).toBe(1);
    expect(chooseRenderScale(1, 800, 600, 960, 540)).toBe(1);
  });

  it('is 2 on a 2× screen, and on a 1× screen where the game is shown twice as large', () => {
    expect(chooseRenderScale(2, 960, 540, 960, 540)).toBe(2);
    expect(chooseRenderScale(3, 1280, 720, 960, 540)).toBe(2);
    expect(chooseRenderScale(1, 1920, 1080, 960, 540)).toBe(2);
  });

  it('fits by the tighter side, and survives nonsense input', () => {
    // A tall narrow window: the width limits the game to 0.5×, so even a 2× screen shows 1 px per unit.
    expect(chooseRenderScale(2, 480, 2000, 960, 540)).toBe(1);
    expect(chooseRenderScale(Number.NaN, 960, 540, 960, 540)).toBe(1);
    expect(chooseRenderScale(2, 0, 0, 960, 540)).toBe(2);
  });

  it('maps a pointer in canvas pixels to logical units', () => {
    expect(toLogical({ x: 300, y: 120 })).toEqual({ x: 300, y: 120 });
    renderScale.value = 2;
    expect(toLogical({ x: 300, y: 120 })).toEqual({ x: 150, y: 60 });
  });
});

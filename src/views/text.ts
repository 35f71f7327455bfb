import type Phaser from 'phaser';
import { FONT, UI } from '../art/palette';
import { renderScale } from '../art/render-scale';
import { hasCjk, wrapMixed } from './wrap';

export type TextStyle = Phaser.Types.GameObjects.Text.TextStyle;

/** The game's text look: one font, a dark outline so text reads over bullets. */
export function textStyle(size: number, color: string = UI.text, extra: TextStyle = {}): TextStyle {
  // resolution: text is rasterised at the canvas's scale (high-DPI), so a zoomed camera keeps it sharp.
  const wrap = extra.wordWrap;
  return {
    fontFamily: FONT,
    fontSize: `${size}px`,
    color,
    stroke: '#07030f',
    strokeThickness: Math.max(2, size / 6),
    resolution: renderScale.value,
    ...extra,
    ...(wrap?.width ? { wordWrap: { ...wrap, callback: wrapCallback(wrap.width, wrap.useAdvancedWrap ?? false) } } : {}),
  };
}

/** Wraps Japanese between characters (views/wrap.ts); other text as Phaser would. */
function wrapCallback(width: number, advanced: boolean) {
  return (text: string, obj: Phaser.GameObjects.Text): string | string[] => {
    if (!hasCjk(text)) return advanced ? obj.advancedWordWrap(text, obj.context, width) : obj.basicWordWrap(text, obj.context, width);
    return wrapMixed(text, (s) => obj.context.measureText(s).width, width);
  };
}

/** Sets text only when it changed (re-rendering a Text is costly). */
export function setText(t: Phaser.GameObjects.Text, s: string): void {
  if (t.text !== s) t.setText(s);
}

/**
 * Sets the colour only when it changed: Phaser's setColor re-renders the text and uploads its texture
 * every call, even with the same colour (two HUD texts did so every frame: most of a study video
 * frame's render time under software WebGL, docs/study.md).
 */
export function setTextColor(t: Phaser.GameObjects.Text, color: string): void {
  if (t.style.color !== color) t.setColor(color);
}

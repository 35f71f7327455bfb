// Types for the subset-font package (it ships none): scripts/build-assets.ts uses its default export.
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
      /** OpenType feature tags to keep (default: all, with every glyph they reach). */
      keepFeatures?: string[];
    },
  ): Promise<Buffer>;
}

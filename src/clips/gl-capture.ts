// Reads a clip's rectangle straight out of the WebGL canvas's drawing buffer (gl.readPixels)
// right after a render, as top-row-first RGBA bytes and as a WebCodecs VideoFrame in memory.
// Measured in headless Chromium + SwiftShader (docs/replays.md): frames in memory spare the GPU
// side the work a 2-D canvas copy (CanvasSource) leaves it — each such frame is converted and read
// back there, in the process that renders the next one — and with the cameras aimed at the clip
// (aim-cameras.ts) exports ran 1.7–2.9× faster. The pixels are the same bytes either way (the canvas is
// opaque: alpha is 255 everywhere); tests hash them.
import type { CropRect } from './clip-plan';

type GL = WebGLRenderingContext | WebGL2RenderingContext;

export class GlRectReader {
  /** The last frame read, top row first, `rect.w × rect.h × 4` bytes (RGBA). */
  readonly pixels: Uint8Array;
  private readonly raw: Uint8Array;
  private readonly rowBytes: number;

  constructor(
    private readonly gl: GL,
    readonly rect: CropRect,
  ) {
    this.rowBytes = rect.w * 4;
    this.raw = new Uint8Array(this.rowBytes * rect.h);
    this.pixels = new Uint8Array(this.rowBytes * rect.h);
  }

  /**
   * Reads the rectangle of the canvas's own drawing buffer (framebuffer null) into `pixels`. Call
   * it right after rendering, before the browser composites the canvas (and may clear it).
   * Whatever framebuffer and pack state the renderer had bound is restored.
   */
  read(): Uint8Array {
    const { gl, rect, rowBytes, raw, pixels } = this;
    const fb = gl.getParameter(gl.FRAMEBUFFER_BINDING) as WebGLFramebuffer | null;
    const gl2 = 'PIXEL_PACK_BUFFER' in gl ? (gl as WebGL2RenderingContext) : null;
    const pack = gl2 ? (gl2.getParameter(gl2.PIXEL_PACK_BUFFER_BINDING) as WebGLBuffer | null) : null;
    const align = gl.getParameter(gl.PACK_ALIGNMENT) as number;
    if (fb) gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    if (pack) gl2!.bindBuffer(gl2!.PIXEL_PACK_BUFFER, null);
    if (align !== 4) gl.pixelStorei(gl.PACK_ALIGNMENT, 4);
    // WebGL rows run bottom to top.
    gl.readPixels(rect.x, gl.drawingBufferHeight - rect.y - rect.h, rect.w, rect.h, gl.RGBA, gl.UNSIGNED_BYTE, raw);
    if (align !== 4) gl.pixelStorei(gl.PACK_ALIGNMENT, align);
    if (pack) gl2!.bindBuffer(gl2!.PIXEL_PACK_BUFFER, pack);
    if (fb) gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
    for (let y = 0, h = rect.h; y < h; y++) pixels.set(raw.subarray((h - 1 - y) * rowBytes, (h - y) * rowBytes), y * rowBytes);
    return pixels;
  }

  /** `pixels` as a video frame (the bytes are copied: the next read may go on at once). */
  frame(timestamp: number, duration: number): VideoFrame {
    const { rect } = this;
    return new VideoFrame(this.pixels, { format: 'RGBX', codedWidth: rect.w, codedHeight: rect.h, timestamp, duration });
  }
}

// Offers bytes to the user as a file download (the browser's own save dialog or downloads bar).

export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the download time to start before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Where "export all" writes a bundle piece by piece: `write` each piece in order, then `finish`
 * with the 16-byte head that goes before them (known only at the end).
 */
export interface BundleSink {
  write(piece: Uint8Array): Promise<void>;
  finish(head: Uint8Array): Promise<void>;
}

/**
 * A Blob built from the pieces (each kept as a Blob of its own, which the browser may hold on
 * disk): no single buffer or string ever holds the whole file.
 */
export function blobSink(): BundleSink & { blob(): Blob } {
  const parts: Blob[] = [];
  let head: Uint8Array | null = null;
  return {
    async write(piece) {
      parts.push(new Blob([piece as Uint8Array<ArrayBuffer>]));
    },
    async finish(h) {
      head = h;
    },
    blob() {
      if (!head) throw new Error('the bundle is not finished');
      return new Blob([head as Uint8Array<ArrayBuffer>, ...parts], { type: 'application/octet-stream' });
    },
  };
}

interface WritableFile {
  write(data: Uint8Array | { type: 'write'; position: number; data: Uint8Array }): Promise<void>;
  close(): Promise<void>;
  abort?(): Promise<void>;
}
type SavePicker = (o: {
  suggestedName: string;
  types?: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<WritableFile> }>;

/** True where the File System Access API can write a chosen file (Chromium on desktops). */
export function canSaveToFile(): boolean {
  return typeof (globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker === 'function';
}

/**
 * Asks where to save (the File System Access API) and streams the bundle into that file: a
 * placeholder head first, the pieces as they come, the real head written over the placeholder at
 * the end. Null when the person closed the picker. `abandon` removes a half-written file's
 * contents (the API writes to a temporary file until `close`).
 */
export async function fileSink(suggestedName: string): Promise<(BundleSink & { abandon(): Promise<void> }) | null> {
  const pick = (globalThis as { showSaveFilePicker?: SavePicker }).showSaveFilePicker!;
  let handle: Awaited<ReturnType<SavePicker>>;
  try {
    handle = await pick({
      suggestedName,
      types: [{ description: 'Twinfield replay bundle', accept: { 'application/octet-stream': ['.twrb'] } }],
    });
  } catch (e) {
    if ((e as { name?: string }).name === 'AbortError') return null;
    throw e;
  }
  const out = await handle.createWritable();
  await out.write(new Uint8Array(16));
  return {
    write: (piece) => out.write(piece),
    async finish(head) {
      await out.write({ type: 'write', position: 0, data: head });
      await out.close();
    },
    async abandon() {
      await out.abort?.();
    },
  };
}

/** Reads files picked or dropped by the user. */
export async function readFiles(files: Iterable<File>): Promise<{ name: string; bytes: Uint8Array }[]> {
  return Promise.all([...files].map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
}

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

/** Reads files picked or dropped by the user. */
export async function readFiles(files: Iterable<File>): Promise<{ name: string; bytes: Uint8Array }[]> {
  return Promise.all([...files].map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
}

/** A file as the API takes it in a JSON body: base64, without the data-URL prefix. */
export function base64Of(file: Blob): Promise<string> {
  // FileReader rather than Blob.arrayBuffer: every browser (and the test DOM) has it, and it encodes natively.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Hands a file the API returned (base64) to the browser as a download. */
export function saveBase64File(fileName: string, data: string, contentType: string): void {
  const binary = atob(data);
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  openDownload(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Starts a download of a URL (a presigned one, or an object URL). */
export function openDownload(url: string, fileName?: string): void {
  const link = document.createElement('a');
  link.href = url;
  if (fileName !== undefined) link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** A size for a person: 512 B, 12.3 KB, 1.5 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / (1024 * 102.4)) / 10} MB`;
}

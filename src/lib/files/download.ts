/**
 * Saving a file the server sent as base64 (AgreementPdfGetByLoanId: `{ filename, base64String }`) under the
 * server's file name, through a temporary object URL and an `<a download>`.
 */

/** The bytes of a base64 text (whitespace ignored). Throws on a text that is not base64. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** A file name safe to offer: no path separators or control characters, never empty. */
export function safeFileName(name: string, fallback = 'documento.pdf'): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\\/\u0000-\u001f\u007f]+/g, '_').trim();
  return cleaned.length > 0 ? cleaned.slice(0, 200) : fallback;
}

/** Offers a file to save: the browser's download of an object URL, revoked right after. */
export function saveFile(blob: Blob, filename: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = safeFileName(filename);
  link.rel = 'noopener';
  link.hidden = true;
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Saves a base64 PDF under the server's file name. */
export function saveBase64Pdf(base64: string, filename: string, doc: Document = document): void {
  saveFile(new Blob([base64ToBytes(base64)], { type: 'application/pdf' }), filename, doc);
}

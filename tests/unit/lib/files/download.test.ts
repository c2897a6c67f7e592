import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64ToBytes, safeFileName, saveBase64Pdf } from '../../../../src/lib/files/download.ts';

afterEach(() => vi.restoreAllMocks());

describe('download of a base64 file (AgreementPdfGetByLoanId)', () => {
  it('decodes base64 to bytes', () => {
    expect(Array.from(base64ToBytes(btoa('%PDF')))).toEqual([37, 80, 68, 70]);
  });

  it('keeps the server file name, without path separators', () => {
    expect(safeFileName('PrestamoRapido_77_contrato.pdf')).toBe('PrestamoRapido_77_contrato.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(safeFileName('  ')).toBe('documento.pdf');
  });

  it('offers a PDF blob under its file name and revokes the URL', async () => {
    let blob: Blob | undefined;
    const revoke = vi.fn();
    Object.assign(URL, {
      createObjectURL: (value: Blob) => {
        blob = value;
        return 'blob:x';
      },
      revokeObjectURL: revoke,
    });
    let name = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      name = this.download;
    });
    saveBase64Pdf(btoa('%PDF-1.7'), 'PrestamoRapido_77_contrato.pdf');
    expect(name).toBe('PrestamoRapido_77_contrato.pdf');
    expect(blob?.type).toBe('application/pdf');
    expect(blob?.size).toBe('%PDF-1.7'.length);
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(revoke).toHaveBeenCalledWith('blob:x');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});

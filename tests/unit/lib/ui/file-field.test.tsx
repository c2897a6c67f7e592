import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptAttribute, FileField } from '../../../../src/lib/ui/FileField.tsx';
import { CARD_PROOF_ACCEPT } from '../../../../src/shared/validators/file.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness({ offerCamera, error }: { offerCamera: boolean; error?: string }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileField
      label="DNI/NIE"
      name="doc"
      value={file}
      onChange={setFile}
      rules={{ accept: CARD_PROOF_ACCEPT }}
      offerCamera={offerCamera}
      error={error ?? null}
    />
  );
}

const fileOf = (name: string, type: string, size = 100) => new File([new Uint8Array(size)], name, { type });

describe('FileField (second document §5)', () => {
  it("offers 'Hacer una foto' (camera, images) only where capture is supported, and 'Elegir archivo' always", async () => {
    await act(async () => render(<Harness offerCamera />));
    const camera = screen.getByLabelText('DNI/NIE: Hacer una foto');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('DNI/NIE: Elegir archivo')).toHaveAttribute('name', 'doc');
    cleanup();
    await act(async () => render(<Harness offerCamera={false} />));
    expect(screen.queryByLabelText('DNI/NIE: Hacer una foto')).not.toBeInTheDocument();
  });

  it('turns the accept list into the input accept attribute', () => {
    expect(acceptAttribute(['jpg', '.pdf', 'image/*'])).toBe('.jpg,.pdf,image/*');
    expect(acceptAttribute(undefined)).toBeUndefined();
  });

  it('previews jpg, jpeg, gif, png and svg images only; Quitar clears the choice', async () => {
    const user = userEvent.setup();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    await act(async () => render(<Harness offerCamera={false} />));
    await user.upload(screen.getByLabelText('DNI/NIE: Elegir archivo'), fileOf('dni.png', 'image/png'));
    expect(screen.getByRole('img', { name: 'Vista previa: dni.png' })).toHaveAttribute('src', 'blob:preview');
    await user.upload(screen.getByLabelText('DNI/NIE: Elegir archivo'), fileOf('dni.pdf', 'application/pdf'));
    expect(screen.getByText('dni.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
    await user.click(screen.getByRole('button', { name: 'Quitar: dni.pdf' }));
    expect(screen.queryByText('dni.pdf')).not.toBeInTheDocument();
  });

  it('an image of another extension is accepted (any image); a refused choice is cleared with its message', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await act(async () => render(<Harness offerCamera={false} />));
    const input = screen.getByLabelText('DNI/NIE: Elegir archivo');
    await user.upload(input, fileOf('IMG_0001.heic', 'image/heic'));
    expect(screen.getByText('IMG_0001.heic')).toBeInTheDocument();
    await user.upload(input, fileOf('virus.exe', 'application/octet-stream'));
    expect(screen.getByRole('alert')).toHaveTextContent('Este tipo de archivo no está permitido.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('IMG_0001.heic')).not.toBeInTheDocument();
    await user.upload(input, fileOf('big.jpg', 'image/jpeg', 10_000_001));
    expect(screen.getByRole('alert')).toHaveTextContent('El archivo supera los 10 MB.');
  });

  it('shows an error from outside under the field', async () => {
    await act(async () => render(<Harness offerCamera={false} error="No has subido ningún documento." />));
    expect(screen.getByRole('alert')).toHaveTextContent('No has subido ningún documento.');
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PhotoSourceSheet } from './photo-source-sheet.tsx';

/** A photo field's button opening the sheet; what the sheet reports is recorded. */
function renderSheet() {
  const onCamera = vi.fn();
  const onFile = vi.fn();
  function Field() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Dodaj zdjęcie</button>
        <PhotoSourceSheet open={open} onCamera={onCamera} onFile={onFile} onClose={() => setOpen(false)} />
      </>
    );
  }
  render(<Field />);
  const fileInput = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { user: userEvent.setup(), onCamera, onFile, fileInput };
}

const ways = () =>
  within(screen.getByRole('dialog', { name: 'Wybierz sposób' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('photo source sheet', () => {
  it("offers the phone's files, then the camera, in a bottom sheet", async () => {
    const { user } = renderSheet();
    await user.click(screen.getByRole('button', { name: 'Dodaj zdjęcie' }));
    expect(ways()).toEqual(['Wybór mediów', 'Aparat']);
  });

  it("'Aparat' closes the sheet and says the camera was chosen", async () => {
    const { user, onCamera } = renderSheet();
    await user.click(screen.getByRole('button', { name: 'Dodaj zdjęcie' }));
    await user.click(screen.getByRole('button', { name: 'Aparat' }));
    expect(onCamera).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Wybór mediów' opens the hidden image chooser; each picked file is handed over, the same one twice too", async () => {
    const { user, onFile, fileInput } = renderSheet();
    const chooserOpened = vi.spyOn(fileInput, 'click');
    expect(fileInput).toHaveAttribute('accept', 'image/*');
    expect(fileInput).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Dodaj zdjęcie' }));
    await user.click(screen.getByRole('button', { name: 'Wybór mediów' }));
    expect(chooserOpened).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const photo = new File(['jpeg'], 'paragon.jpg', { type: 'image/jpeg' });
    fireEvent.change(fileInput, { target: { files: [photo] } });
    expect(fileInput.value).toBe('');
    fireEvent.change(fileInput, { target: { files: [photo] } });
    expect(onFile.mock.calls).toEqual([[photo], [photo]]);
  });
});

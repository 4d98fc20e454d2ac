import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SingleCameraModal } from '../../dual-camera/index.ts';
import { setUpFakeCamera, shutter, waitForLivePreview } from '../../dual-camera/test/camera-modal-kit.ts';
import { installFakeObjectUrls } from '../../dual-camera/test/fake-camera.ts';
import { installFakeCanvas } from '../../../lib/images/test/fake-canvas.ts';
import { useFreshIndexedDb } from '../../../lib/outbox/test/outbox-test-kit.ts';
import { closeReceiptDb, loadReceipt, saveReceipt } from '../receipt/receipt-store.ts';
import { ReceiptPhotoField } from './receipt-photo-field.tsx';

const installCamera = setUpFakeCamera();

/** The receipt field as step 3 holds it: recieptURL in state; the route's real single-shot camera. */
function renderReceipt(initial = '') {
  const current = { recieptURL: initial, changes: [] as string[] };
  function Step() {
    const [recieptURL, setRecieptURL] = useState(initial);
    current.recieptURL = recieptURL;
    return (
      <ReceiptPhotoField
        formUuid="form-1"
        recieptURL={recieptURL}
        onChange={(next) => {
          current.changes.push(next);
          setRecieptURL(next);
        }}
        required
        error={null}
        Camera={SingleCameraModal}
      />
    );
  }
  render(<Step />);
  return { user: userEvent.setup(), current };
}

async function openCamera(user: ReturnType<typeof userEvent.setup>, button: string) {
  await user.click(screen.getByRole('button', { name: button }));
  const sheet = screen.getByRole('dialog', { name: 'Wybierz sposób' });
  expect(within(sheet).getByRole('button', { name: 'Wybór mediów' })).toBeInTheDocument();
  await user.click(within(sheet).getByRole('button', { name: 'Aparat' }));
  expect(await screen.findByRole('dialog', { name: 'Zdjęcie paragonu' })).toBeInTheDocument();
  await waitForLivePreview();
}

beforeEach(() => useFreshIndexedDb());
afterEach(() => closeReceiptDb());

describe('receipt photo (webform step 3)', () => {
  it("offers the phone's files, then the camera: the order of the photo survey's sheet (decision 075)", async () => {
    const { user } = renderReceipt();
    await user.click(screen.getByRole('button', { name: 'Dodaj zdjęcie paragonu' }));
    const ways = within(screen.getByRole('dialog', { name: 'Wybierz sposób' })).getAllByRole('button');
    expect(ways.map((button) => button.textContent)).toEqual(['Wybór mediów', 'Aparat']);
  });

  it('the rear camera at 1600×1100 takes a 1100×1600 JPEG, kept in the phone under the form, shown as a thumbnail', async () => {
    const { camera } = installCamera();
    const canvas = installFakeCanvas();
    const { user, current } = renderReceipt();

    await openCamera(user, 'Dodaj zdjęcie paragonu');
    const asked = camera.getUserMedia.mock.calls[0]?.[0].video as MediaTrackConstraints;
    expect(asked).toMatchObject({ width: { ideal: 1600 }, height: { ideal: 1100 }, facingMode: { ideal: 'environment' } });
    await user.click(shutter());
    await user.click(await screen.findByRole('button', { name: 'Akceptuj' }));

    await waitFor(() => expect(current.recieptURL).toBe('receipt:form-1'));
    expect(canvas.encodings.at(-1)).toMatchObject({ width: 1100, height: 1600, type: 'image/jpeg' });
    expect(await (await loadReceipt('receipt:form-1'))?.text()).toBe('photo from rear camera');
    // The thumbnail is read back from IndexedDB, so it may come a moment after the form's value.
    expect(await screen.findByRole('img', { name: 'Zdjęcie paragonu: podgląd' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Zdjęcie paragonu' })).not.toBeInTheDocument();
    expect(camera.liveStreams()).toEqual([]);
  });

  it("'Zrób ponownie' replaces the stored photo with the new one", async () => {
    installCamera();
    await saveReceipt('form-1', new Blob(['blurred receipt'], { type: 'image/jpeg' }));
    const { user, current } = renderReceipt('receipt:form-1');
    expect(await screen.findByRole('img', { name: 'Zdjęcie paragonu: podgląd' })).toBeInTheDocument();

    await openCamera(user, 'Zrób ponownie zdjęcie paragonu');
    await user.click(screen.getByRole('button', { name: 'Przełącz aparat' }));
    await waitForLivePreview();
    await user.click(shutter());
    await user.click(await screen.findByRole('button', { name: 'Akceptuj' }));

    await waitFor(async () => expect(await (await loadReceipt('receipt:form-1'))?.text()).toBe('photo from front camera'));
    expect(current.recieptURL).toBe('receipt:form-1');
    expect(screen.getByRole('button', { name: 'Zrób ponownie zdjęcie paragonu' })).toHaveTextContent('Zrób ponownie');
  });

  it('after a reload the stored photo is shown again', async () => {
    const urls = installFakeObjectUrls();
    await saveReceipt('form-1', new Blob(['kept receipt'], { type: 'image/jpeg' }));
    renderReceipt('receipt:form-1');
    expect(await screen.findByRole('img', { name: 'Zdjęcie paragonu: podgląd' })).toHaveAttribute('src', [...urls.live][0]);
  });

  it('a reference whose photo is gone is cleared, so the receipt is asked for again', async () => {
    installFakeObjectUrls();
    const { current } = renderReceipt('receipt:form-1');
    await waitFor(() => expect(current.recieptURL).toBe(''));
    expect(screen.getByRole('button', { name: 'Dodaj zdjęcie paragonu' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('a picked picture (as in the photo survey) becomes a 1100×1600 JPEG too; what is not a picture is refused', async () => {
    installFakeObjectUrls();
    const canvas = installFakeCanvas();
    vi.stubGlobal('createImageBitmap', (file: File) =>
      file.type === 'image/jpeg'
        ? Promise.resolve({ width: 3000, height: 4000, label: 'picked receipt', close: vi.fn() })
        : Promise.reject(new DOMException('bad', 'InvalidStateError')),
    );
    const { user, current } = renderReceipt();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('image/*');

    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'faktura.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Ten plik nie jest zdjęciem. Wybierz zdjęcie.')).toBeInTheDocument();
    expect(current.recieptURL).toBe('');

    await user.click(screen.getByRole('button', { name: 'Dodaj zdjęcie paragonu' }));
    await user.click(screen.getByRole('button', { name: 'Wybór mediów' }));
    fireEvent.change(input, { target: { files: [new File(['jpeg'], 'paragon.jpg', { type: 'image/jpeg' })] } });

    await waitFor(() => expect(current.recieptURL).toBe('receipt:form-1'));
    expect(canvas.encodings.at(-1)).toMatchObject({ width: 1100, height: 1600, type: 'image/jpeg' });
    expect(await (await loadReceipt('receipt:form-1'))?.text()).toBe('picked receipt');
    expect(screen.queryByText('Ten plik nie jest zdjęciem. Wybierz zdjęcie.')).not.toBeInTheDocument();
  });
});

import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useLastPresent } from '../../../components/ui/use-presence.ts';
import * as pl from '../../../i18n/pl.ts';

export type ShownPhoto = { url: string; caption: string };

/** spec §2 Report detail: a receipt (or product photo) opened large; spec §9: a photo modal closes in 600 ms. */
export function PhotoModal({ photo, onClose }: { photo: ShownPhoto | null; onClose: () => void }) {
  const shown = useLastPresent(photo); // still shown while it animates out
  if (!shown) return null;
  return (
    <Modal open={photo !== null} title={shown.caption} onClose={onClose} className="photo-modal">
      <img className="photo-modal__image" src={shown.url} alt={shown.caption} />
      <div className="modal__actions">
        <Button onClick={onClose}>{pl.reports.closePhoto}</Button>
      </div>
    </Modal>
  );
}

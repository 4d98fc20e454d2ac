import * as pl from '../../i18n/pl.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export type ErrorPopupProps = {
  description: string;
  /** meta.ts or an error code; without one the popup asks to try again. */
  code?: string | null;
  onClose: () => void;
};

/** spec §2 error popup: 'Wystąpił błąd.' + description, 'Kod błędu:' + code or 'Spróbuj ponownie...', 'Wróć'. */
export function ErrorPopup({ description, code, onClose }: ErrorPopupProps) {
  return (
    <Modal title={pl.errorPopup.title} onClose={onClose} className="error-popup">
      <p>{description}</p>
      <p>
        {code ? (
          <>
            {pl.errorPopup.code} <strong>{code}</strong>
          </>
        ) : (
          pl.errorPopup.tryAgain
        )}
      </p>
      <div className="modal__actions">
        <Button onClick={onClose}>{pl.errorPopup.back}</Button>
      </div>
    </Modal>
  );
}

import * as pl from '../../i18n/pl.ts';
import { Button } from './button.tsx';
import { readableTs } from './error-popup-code.ts';
import { Modal } from './modal.tsx';
import './error-popup.css';

export type ErrorPopupProps = {
  open?: boolean;
  description: string;
  /** What failed, above the description (e.g. which action: 'Akcja „Degustacja velo”'). */
  subject?: string;
  /** meta.ts or an error code; without one the popup asks to try again. */
  code?: string | null;
  onClose: () => void;
};

/** spec §2 error popup: 'Wystąpił błąd.' + description, 'Kod błędu:' + code or 'Spróbuj ponownie...', 'Wróć'. */
export function ErrorPopup({ open = true, description, subject, code, onClose }: ErrorPopupProps) {
  return (
    <Modal open={open} title={pl.errorPopup.title} onClose={onClose} className="error-popup">
      {subject ? (
        <p>
          <strong>{subject}</strong>
        </p>
      ) : null}
      <p>{description}</p>
      {code ? <ErrorCode code={code} /> : <p>{pl.errorPopup.tryAgain}</p>}
      <div className="modal__actions">
        <Button onClick={onClose}>{pl.errorPopup.back}</Button>
      </div>
    </Modal>
  );
}

/**
 * 'Kod błędu:' with meta.ts as a local time she can read out ('23.11.2026 14:05:09'), never wrapped,
 * and the exact value under it, selectable, for support to find the request (decision 045). Any other
 * code is shown as it is.
 */
export function ErrorCode({ code }: { code: string }) {
  const readable = readableTs(code);
  return (
    <>
      <p>
        {pl.errorPopup.code} <strong className="error-popup__code">{readable ? <time dateTime={code}>{readable}</time> : code}</strong>
      </p>
      {readable ? (
        <p className="error-popup__exact">
          {pl.errorPopup.exactCode} <code>{code}</code>
        </p>
      ) : null}
    </>
  );
}

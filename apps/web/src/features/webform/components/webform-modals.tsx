import { Button } from '../../../components/ui/button.tsx';
import { ErrorPopup } from '../../../components/ui/error-popup.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useLastPresent } from '../../../components/ui/use-presence.ts';
import * as pl from '../../../i18n/pl.ts';

const t = pl.webform;

/** The webform's popups (spec §2 Webform "Modals"); one at a time. */
export type WebformModal =
  /** webform-error-modal: a description and, optionally, a code (meta.ts). */
  | { kind: 'error'; description: string; code: string | null }
  /** webform-otp-error-modal: the verification's error code decides the title. */
  | { kind: 'otp'; code: string | null }
  /** webform-available-modal: the verification says Glo_Pro. */
  | { kind: 'available' };

/** spec §2 OTP error popup: 'Błędny kod OTP telefonu' or 'Błędny kod OTP e-mail', otherwise 'Błąd weryfikacji'. */
export function otpErrorTitle(code: string | null): string {
  if (code === 'error_wrong_otp') return t.otpErrorPhone;
  if (code === 'error_wrong_otp_email') return t.otpErrorEmail;
  return t.otpErrorOther;
}

export function WebformModals({ modal, onClose }: { modal: WebformModal | null; onClose: () => void }) {
  const shown = useLastPresent(modal); // the closing one keeps its content for its 600 ms (spec §9)
  const open = modal !== null;
  if (!shown) return null;
  if (shown.kind === 'error') return <ErrorPopup open={open} description={shown.description} code={shown.code} onClose={onClose} />;
  const title = shown.kind === 'otp' ? otpErrorTitle(shown.code) : t.gloProTitle;
  return (
    <Modal open={open} title={title} onClose={onClose}>
      {shown.kind === 'available' ? <p>{t.gloPro}</p> : null}
      <div className="modal__actions">
        <Button onClick={onClose}>{t.ok}</Button>
      </div>
    </Modal>
  );
}

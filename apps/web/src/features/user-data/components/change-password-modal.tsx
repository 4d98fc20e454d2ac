import { newPasswordRules } from '@promotor/contract/rules';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useForm, useSubmit } from '../../../lib/forms/use-form.ts';
import { toast, toastError } from '../../../store/notify.ts';
import { updatePassword } from '../api/user-data.api.ts';

/** spec §2 User data: the popup 'Zmiana hasła' with a new-password input; success toasts 'Zmieniono hasło.'. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title={pl.userData.passwordModalTitle} onClose={onClose}>
      {/* Inside the modal, so each opening starts with an empty form. */}
      <ChangePasswordForm onClose={onClose} />
    </Modal>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const form = useForm({ password: newPasswordRules });

  const { busy, onSubmit } = useSubmit(
    form,
    async () => {
      await updatePassword({ user: { password: form.values.password } });
      toast(pl.userData.passwordChanged);
      onClose();
    },
    toastError,
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <Field {...form.field('password')} label={pl.userData.newPassword} type="password" autoComplete="new-password" />
      <div className="modal__actions">
        <Button variant="secondary" onClick={onClose}>
          {pl.cancel}
        </Button>
        <Button type="submit" busy={busy}>
          {pl.save}
        </Button>
      </div>
    </form>
  );
}

import { Link, useLocation, useNavigate } from 'react-router';
import { usernameRules } from '@promotor/contract/rules';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useForm, useSubmit } from '../../../lib/forms/use-form.ts';
import { toastError } from '../../../store/notify.ts';
import { requestResetCode } from '../api/auth.api.ts';
import { usernameFromState, type RemindState } from '../remind-state.ts';
import { AuthScreen, usernameInputProps } from './auth-screen.tsx';

/** spec §2 Password reminder, step 1 (/remind): the username; the server sends a code. */
export function RemindPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm({ username: usernameRules }, { username: usernameFromState(location.state) });

  const { busy, onSubmit } = useSubmit(
    form,
    async () => {
      await requestResetCode({ username: form.values.username });
      const state: RemindState = { username: form.values.username };
      await navigate('/remind/code', { state });
    },
    toastError,
  );

  return (
    <AuthScreen title={pl.remind.title}>
      <p className="auth-screen__intro">{pl.remind.intro}</p>
      <form noValidate onSubmit={onSubmit}>
        <Field {...form.field('username')} label={pl.remind.username} {...usernameInputProps} />
        <Button type="submit" block busy={busy}>
          {pl.remind.submit}
        </Button>
        <p className="auth-screen__links">
          <Link to="/">{pl.remind.backToLogin}</Link>
        </p>
      </form>
    </AuthScreen>
  );
}

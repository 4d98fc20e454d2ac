import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { newPasswordRules, resetCodeRules } from '@promotor/contract/rules';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useForm, useSubmit } from '../../../lib/forms/use-form.ts';
import { toast, toastError } from '../../../store/notify.ts';
import { resetPassword } from '../api/auth.api.ts';
import { usernameFromState, type RemindState } from '../remind-state.ts';
import { AuthScreen } from './auth-screen.tsx';

/**
 * spec §2 Password reminder, step 2 (/remind/code): the code and a new password. Success shows
 * 'Pomyślnie zmieniono hasło!' and goes to /; a failure shows the error and returns to /remind (spec §4).
 */
export function RemindCodePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const username = usernameFromState(location.state);
  const form = useForm({ otp: resetCodeRules, password: newPasswordRules });
  const backState: RemindState = { username };

  if (!username) return <Navigate to="/remind" replace />;

  const { busy, onSubmit } = useSubmit(
    form,
    async () => {
      await resetPassword({ username, otp: form.values.otp.trim(), password: form.values.password });
      toast(pl.remind.success);
      await navigate('/', { replace: true });
    },
    toastError,
    () => navigate('/remind', { replace: true, state: backState }),
  );

  return (
    <AuthScreen title={pl.remind.codeTitle}>
      <p className="auth-screen__intro">{pl.remind.codeIntro(username)}</p>
      <form noValidate onSubmit={onSubmit}>
        <Field
          {...form.field('otp')}
          label={pl.remind.code}
          type="text"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <Field {...form.field('password')} label={pl.remind.newPassword} type="password" autoComplete="new-password" />
        <Button type="submit" block busy={busy}>
          {pl.remind.codeSubmit}
        </Button>
        <p className="auth-screen__links">
          <Link to="/remind" state={backState}>
            {pl.remind.requestNewCode}
          </Link>
        </p>
      </form>
    </AuthScreen>
  );
}

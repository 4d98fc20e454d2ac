import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { passwordRules, usernameRules } from '@promotor/contract/rules';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useForm, useSubmit } from '../../../lib/forms/use-form.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { toastError } from '../../../store/notify.ts';
import { requestGeolocationPermission } from '../../../lib/geolocation/geolocation-permission.ts';
import { afterFirstPaint } from '../../../lib/startup/after-first-paint.ts';
import { login } from '../api/auth.api.ts';
import { useSessionResume } from '../hooks/use-session-resume.ts';
import { startSession } from '../session.ts';
import { AuthScreen, usernameInputProps } from './auth-screen.tsx';

/** spec §2 Login (/ and /login). */
export function LoginPage() {
  const navigate = useNavigate();
  const { resuming } = useSessionResume();
  const form = useForm({ username: usernameRules, password: passwordRules });
  const sessionEnd = useAppStore((state) => state.screen.sessionEnd);

  // Asked once the form is drawn (decision 081): the permission check and its prompt do not draw it.
  useEffect(() => afterFirstPaint(() => void requestGeolocationPermission()), []);

  const { busy, onSubmit } = useSubmit(
    form,
    async () => {
      startSession(await login(form.values));
      await navigate('/akcje', { replace: true });
    },
    toastError,
  );

  return (
    <AuthScreen title={pl.login.title}>
      {/* The server refused her token (decision 044): the §8 message of its code, until she logs in again. */}
      {sessionEnd ? (
        <p className="auth-screen__notice" role="alert">
          {pl.errors.codes[sessionEnd]}
        </p>
      ) : null}
      {resuming ? (
        <p className="auth-screen__status" role="status">
          {pl.login.resumingSession}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Field {...form.field('username')} label={pl.login.username} {...usernameInputProps} />
          <Field {...form.field('password')} label={pl.login.password} type="password" autoComplete="current-password" />
          <Button type="submit" block busy={busy}>
            {pl.login.submit}
          </Button>
          <p className="auth-screen__links">
            <Link to="/remind">{pl.login.resetPassword}</Link>
          </p>
        </form>
      )}
    </AuthScreen>
  );
}

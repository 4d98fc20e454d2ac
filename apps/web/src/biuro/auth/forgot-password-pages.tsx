import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { firstError, newPasswordRules, staffResetCodeRules, usernameRules } from '@promotor/contract/rules';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import { ApiError } from '../../lib/api-client.ts';
import { focusField } from '../../lib/forms/focus-field.ts';
import { adminCall } from '../api/admin-api.ts';
import { errorMessage } from '../lib/error-message.ts';
import { AuthCard } from './auth-card.tsx';
import { repeatProblem, usernameOf, type LoginNotice } from './password-form.ts';

// 'Nie pamiętasz hasła?' (issue 34, decision 120): the promoter app's two steps (spec §2 Password
// reminder) — her login, then the e-mailed code and a new password. The first step's answer is the same
// whether or not the account exists, and so is what the second page says.

type Values = Record<string, string>;
type Errors = Record<string, string | null>;

/** A small form of text fields: values, the message under each, and the first invalid one focused on submit. */
function useFields(initial: Values) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const field = (name: string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name] ?? null,
    onChange: (event: { target: { value: string } }) => setValues((old) => ({ ...old, [name]: event.target.value })),
  });
  /** Shows the problems found; true when there were none (else the first invalid field has focus). */
  const accept = (form: HTMLFormElement, found: Errors) => {
    setErrors(found);
    const invalid = Object.keys(found).find((name) => found[name]);
    if (invalid) focusField(form, invalid);
    return !invalid;
  };
  return { values, field, accept };
}

/** /biuro/nie-pamietam-hasla: her login; a code goes to it by e-mail if the account exists. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useFields({ username: usernameOf(location.state) });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.accept(event.currentTarget, { username: firstError(usernameRules, form.values.username!) })) return;
    const username = form.values.username!.trim();
    setBusy(true);
    setFailure(null);
    try {
      await adminCall('/admin/auth/reset-token', { username });
      await navigate('/nie-pamietam-hasla/kod', { state: { username } });
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={pl.biuroPasswords.forgotTitle} failure={failure}>
      <p className="biuro-muted">{pl.biuroPasswords.forgotIntro}</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Field {...form.field('username')} label={pl.biuroPasswords.username} type="email" autoComplete="username" autoCapitalize="none" />
        <Button type="submit" block busy={busy}>
          {pl.biuroPasswords.sendCode}
        </Button>
      </form>
      <p className="biuro-login__links">
        <Link to="/logowanie" state={{ username: form.values.username }}>
          {pl.biuroPasswords.backToLogin}
        </Link>
      </p>
    </AuthCard>
  );
}

/** The staff door answers every refused code alike (decision 120): the page says every reason it can be. */
function codeFailure(error: unknown): string {
  return error instanceof ApiError && error.code === 'E_RESET_CODE_INVALID' ? pl.biuroPasswords.codeRefused : errorMessage(error);
}

/** /biuro/nie-pamietam-hasla/kod: the e-mailed code and a new password; then the login page. */
export function ForgotPasswordCodePage() {
  const navigate = useNavigate();
  const username = usernameOf(useLocation().state);
  const form = useFields({ otp: '', password: '', repeat: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!username) return <Navigate to="/nie-pamietam-hasla" replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { otp = '', password = '', repeat = '' } = form.values;
    const found = {
      otp: firstError(staffResetCodeRules, otp),
      password: firstError(newPasswordRules, password),
      repeat: repeatProblem(password, repeat),
    };
    if (!form.accept(event.currentTarget, found)) return;
    setBusy(true);
    setFailure(null);
    try {
      await adminCall('/admin/auth/reset-password', { username, otp: otp.trim(), password });
      const state: LoginNotice = { notice: 'passwordChanged', username };
      await navigate('/logowanie', { replace: true, state });
    } catch (error) {
      setFailure(codeFailure(error));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={pl.biuroPasswords.codeTitle} failure={failure}>
      <p className="biuro-muted">{pl.biuroPasswords.codeIntro(username)}</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
        <Field
          {...form.field('otp')}
          label={pl.biuroPasswords.code}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <Field {...form.field('password')} label={pl.biuroPasswords.newPassword} type="password" autoComplete="new-password" />
        <Field {...form.field('repeat')} label={pl.biuroPasswords.repeatPassword} type="password" autoComplete="new-password" />
        <Button type="submit" block busy={busy}>
          {pl.biuroPasswords.codeSubmit}
        </Button>
      </form>
      <p className="biuro-login__links">
        <Link to="/nie-pamietam-hasla" state={{ username }}>
          {pl.biuroPasswords.requestNewCode}
        </Link>
      </p>
    </AuthCard>
  );
}

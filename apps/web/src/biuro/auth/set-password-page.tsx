import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { firstError, newPasswordRules } from '@promotor/contract/rules';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import { appDateText } from '../../lib/dates/app-time-zone.ts';
import { focusField } from '../../lib/forms/focus-field.ts';
import { adminCall } from '../api/admin-api.ts';
import type { AdminData } from '../api/admin-types.ts';
import { errorMessage } from '../lib/error-message.ts';
import { AuthCard } from './auth-card.tsx';
import { repeatProblem, type LoginNotice } from './password-form.ts';

type Link = AdminData<'/admin/staff/password-link'>;

/**
 * /biuro/ustaw-haslo?token=…: a new account's (or an admin's fresh) one-time link to set her password
 * (issue 34, decision 118). The link is checked first, so an expired or used one says so at once.
 */
export function SetPasswordPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const [link, setLink] = useState<Link | null>(null);
  const [failure, setFailure] = useState<string | null>(token ? null : pl.biuroPasswords.noToken);
  const [values, setValues] = useState({ password: '', repeat: '' });
  const [errors, setErrors] = useState<{ password?: string | null; repeat?: string | null }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    adminCall('/admin/staff/password-link', { token }, { signal: controller.signal }).then(setLink, (error: unknown) => {
      if (!controller.signal.aborted) setFailure(errorMessage(error));
    });
    return () => controller.abort();
  }, [token]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = { password: firstError(newPasswordRules, values.password), repeat: repeatProblem(values.password, values.repeat) };
    setErrors(found);
    const invalid = (['password', 'repeat'] as const).find((name) => found[name]);
    if (invalid) return focusField(event.currentTarget, invalid);
    setBusy(true);
    setFailure(null);
    try {
      const { username } = await adminCall('/admin/staff/set-password', { token, password: values.password });
      const state: LoginNotice = { notice: 'passwordSet', username };
      await navigate('/logowanie', { replace: true, state });
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  const field = (name: 'password' | 'repeat') => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    type: 'password',
    autoComplete: 'new-password',
    onChange: (event: { target: { value: string } }) => setValues((old) => ({ ...old, [name]: event.target.value })),
  });
  const who = link ? [link.firstname, link.lastname].filter(Boolean).join(' ') : '';

  return (
    <AuthCard title={pl.biuroPasswords.setTitle} failure={failure}>
      {link ? (
        <>
          <p>{pl.biuroPasswords.setIntro(who ? `${link.username} (${who})` : link.username)}</p>
          <p className="biuro-muted">{pl.biuroPasswords.validUntil(appDateText(link.expiresAt, 'minute'))}</p>
          <form noValidate onSubmit={(event) => void onSubmit(event)}>
            {/* For the browser's password manager: whose password this is. */}
            <input type="text" name="username" value={link.username} autoComplete="username" readOnly hidden />
            <Field {...field('password')} label={pl.biuroPasswords.newPassword} />
            <Field {...field('repeat')} label={pl.biuroPasswords.repeatPassword} />
            <Button type="submit" block busy={busy}>
              {pl.biuroPasswords.setSubmit}
            </Button>
          </form>
        </>
      ) : failure ? null : (
        <p role="status">{pl.biuroPasswords.checking}</p>
      )}
      <p className="biuro-login__links">
        <Link to="/logowanie">{pl.biuroPasswords.goToLogin}</Link>
      </p>
    </AuthCard>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import { staffSession, useStaffSession } from './staff-session.ts';
import { loginErrorMessage } from './login-error-message.ts';
import { usernameOf, type LoginNotice } from './password-form.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import './auth-card.css';
import { pageAfterLogin } from './use-can.ts';

type Values = { username: string; password: string };

/** /biuro/logowanie: the staff member's login (issue 24 "its own login"). */
export function StaffLoginPage() {
  const { session, ended } = useStaffSession();
  const navigate = useNavigate();
  const state = useLocation().state as (Partial<LoginNotice> & { from?: string }) | null;
  const from = state?.from;
  const [values, setValues] = useState<Values>({ username: usernameOf(state), password: '' });
  const [missing, setMissing] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLParagraphElement>(null);

  usePageTitle(pl.biuro.login.title);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  if (session && !busy) return <Navigate to={pageAfterLogin(session.staff.roles, from)} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = { username: !values.username.trim(), password: !values.password };
    setMissing(empty);
    if (empty.username || empty.password) return;
    setBusy(true);
    setFailure(null);
    try {
      const data = await adminCall('/admin/auth/login', { username: values.username.trim(), password: values.password });
      staffSession.start({ token: data.token.token, expiresAt: data.token.expiresAt, staff: data.staff });
      await navigate(pageAfterLogin(data.staff.roles, from), { replace: true });
    } catch (error) {
      setFailure(loginErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  // After her link or a reset code (issue 34): her password is set; otherwise why her last session ended.
  const passwordNotice = state?.notice ? pl.biuroStaffEntry[state.notice] : null;
  const notice =
    passwordNotice ?? (ended === 'expired' ? pl.biuro.login.sessionExpired : ended === 'logout' ? pl.biuro.login.loggedOut : null);
  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: missing[name] ? pl.biuro.login.required : null,
    onChange: (event: { target: { value: string } }) => setValues((old) => ({ ...old, [name]: event.target.value })),
  });

  return (
    <main className="biuro-login">
      <div className="biuro-login__card">
        <p className="biuro-login__brand">{pl.biuro.appName}</p>
        <h1>{pl.biuro.login.title}</h1>
        <p className="biuro-muted">{pl.biuro.login.intro}</p>
        {notice ? (
          <p className="biuro-notice" role="status">
            {notice}
          </p>
        ) : null}
        {failure ? (
          <p ref={alertRef} className="biuro-alert" role="alert" tabIndex={-1}>
            {failure}
          </p>
        ) : null}
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <Field {...field('username')} label={pl.biuro.login.username} type="email" autoComplete="username" autoCapitalize="none" />
          <Field {...field('password')} label={pl.biuro.login.password} type="password" autoComplete="current-password" />
          <Button type="submit" block busy={busy}>
            {pl.biuro.login.submit}
          </Button>
        </form>
        <p className="biuro-login__links">
          <Link to="/nie-pamietam-hasla" state={{ username: values.username.trim() }}>
            {pl.biuroStaffEntry.forgotPassword}
          </Link>
        </p>
      </div>
    </main>
  );
}

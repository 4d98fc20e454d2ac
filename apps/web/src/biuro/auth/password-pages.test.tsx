import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { failure, ok } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';
import { staffSession } from './staff-session.ts';

// Issue 34: the pages without a session — her link to set a password (decision 118) and 'Nie pamiętasz
// hasła?' (decision 120).

const openAt = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(<BiuroApp />);
};

describe("a staff member's password without a session", () => {
  beforeEach(() => staffSession.end(null));

  it("'Nie pamiętasz hasła?': her login goes along, a code is asked for, a new password set, and the login page says so", async () => {
    const api = fakeAdminApi({
      '/admin/auth/reset-token': { body: ok({}) },
      '/admin/auth/reset-password': { body: ok({}) },
    });
    openAt('/biuro/logowanie');
    await userEvent.type(await screen.findByLabelText(pl.biuro.login.username), 'ewa@demo.pl');
    await userEvent.click(screen.getByRole('link', { name: pl.biuroStaffEntry.forgotPassword }));

    expect(await screen.findByRole('heading', { name: pl.biuroPasswords.forgotTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(pl.biuroPasswords.username)).toHaveValue('ewa@demo.pl');
    await userEvent.click(screen.getByRole('button', { name: pl.biuroPasswords.sendCode }));

    expect(await screen.findByText(pl.biuroPasswords.codeIntro('ewa@demo.pl'))).toBeInTheDocument();
    expect(window.location.pathname).toBe('/biuro/nie-pamietam-hasla/kod');
    await userEvent.click(screen.getByRole('button', { name: pl.biuroPasswords.codeSubmit }));
    expect(screen.getByLabelText(pl.biuroPasswords.code)).toHaveFocus();
    expect(screen.getByText('Wpisz kod z wiadomości e-mail')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(pl.biuroPasswords.code), ' abcde ');
    await userEvent.type(screen.getByLabelText(pl.biuroPasswords.newPassword), 'nowe-haslo-1');
    await userEvent.type(screen.getByLabelText(pl.biuroPasswords.repeatPassword), 'nowe-haslo-2');
    await userEvent.click(screen.getByRole('button', { name: pl.biuroPasswords.codeSubmit }));
    expect(screen.getByText(pl.biuroPasswords.mismatch)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(pl.biuroPasswords.repeatPassword));
    await userEvent.type(screen.getByLabelText(pl.biuroPasswords.repeatPassword), 'nowe-haslo-1');
    await userEvent.click(screen.getByRole('button', { name: pl.biuroPasswords.codeSubmit }));

    expect(await screen.findByRole('status')).toHaveTextContent(pl.biuroStaffEntry.passwordChanged);
    expect(window.location.pathname).toBe('/biuro/logowanie');
    expect(screen.getByLabelText(pl.biuro.login.username)).toHaveValue('ewa@demo.pl');
    expect(api.requestsTo('/admin/auth/reset-token').map((r) => r.body)).toEqual([{ username: 'ewa@demo.pl' }]);
    expect(api.requestsTo('/admin/auth/reset-password').map((r) => r.body)).toEqual([
      { username: 'ewa@demo.pl', otp: 'abcde', password: 'nowe-haslo-1' },
    ]);
  });

  it('a refused code is one message naming every reason it can be, and it takes focus', async () => {
    fakeAdminApi({
      '/admin/auth/reset-token': { body: ok({}) },
      '/admin/auth/reset-password': { status: 422, body: failure('E_RESET_CODE_INVALID') },
    });
    openAt('/biuro/nie-pamietam-hasla');
    await userEvent.type(await screen.findByLabelText(pl.biuroPasswords.username), 'ewa@demo.pl');
    await userEvent.click(screen.getByRole('button', { name: pl.biuroPasswords.sendCode }));
    await userEvent.type(await screen.findByLabelText(pl.biuroPasswords.code), 'ZZZZZ');
    await userEvent.type(screen.getByLabelText(pl.biuroPasswords.newPassword), 'nowe-haslo-1');
    await userEvent.type(screen.getByLabelText(pl.biuroPasswords.repeatPassword), 'nowe-haslo-1');
    await userEvent.click(screen.getByRole('button', { name: pl.biuroPasswords.codeSubmit }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(pl.biuroPasswords.codeRefused);
    expect(alert).toHaveFocus();
    expect(screen.getByRole('link', { name: pl.biuroPasswords.requestNewCode })).toBeInTheDocument();
  });

  it('her link: the page names her account and until when; once set, the login page says so with her login', async () => {
    const api = fakeAdminApi({
      '/admin/staff/password-link': {
        body: ok({ username: 'celina@demo.pl', firstname: 'Celina', lastname: 'Nowa', expiresAt: '2026-11-30T08:00:00.000Z' }),
      },
      '/admin/staff/set-password': { body: ok({ username: 'celina@demo.pl' }) },
    });
    openAt('/biuro/ustaw-haslo?token=abc123');
    expect(await screen.findByText(pl.biuroPasswords.setIntro('celina@demo.pl (Celina Nowa)'))).toBeInTheDocument();
    expect(screen.getByText(/Link jest ważny do 30\.11\.2026/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(pl.biuroPasswords.newPassword), 'krotkie');
    await userEvent.click(screen.getByRole('button', { name: pl.biuroPasswords.setSubmit }));
    expect(screen.getByLabelText(pl.biuroPasswords.newPassword)).toHaveFocus();
    expect(screen.getByText('Hasło musi mieć co najmniej 8 znaków.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(pl.biuroPasswords.newPassword), '-ale-dluzsze');
    await userEvent.type(screen.getByLabelText(pl.biuroPasswords.repeatPassword), 'krotkie-ale-dluzsze');
    await userEvent.click(screen.getByRole('button', { name: pl.biuroPasswords.setSubmit }));
    expect(await screen.findByRole('status')).toHaveTextContent(pl.biuroStaffEntry.passwordSet);
    expect(screen.getByLabelText(pl.biuro.login.username)).toHaveValue('celina@demo.pl');
    expect(api.requestsTo('/admin/staff/password-link').map((r) => r.body)).toEqual([{ token: 'abc123' }]);
    expect(api.requestsTo('/admin/staff/set-password').map((r) => r.body)).toEqual([{ token: 'abc123', password: 'krotkie-ale-dluzsze' }]);
  });

  it('an expired link says so at once and shows no form; an address without a link says where to find one', async () => {
    fakeAdminApi({ '/admin/staff/password-link': { status: 422, body: failure('E_PASSWORD_LINK_EXPIRED') } });
    const { unmount } = openAt('/biuro/ustaw-haslo?token=stary');
    expect(await screen.findByRole('alert')).toHaveTextContent(pl.errors.ofCode('E_PASSWORD_LINK_EXPIRED'));
    expect(screen.queryByLabelText(pl.biuroPasswords.newPassword)).toBeNull();
    expect(screen.getByRole('link', { name: pl.biuroPasswords.goToLogin })).toHaveAttribute('href', '/biuro/logowanie');
    unmount();

    openAt('/biuro/ustaw-haslo');
    expect(await screen.findByRole('alert')).toHaveTextContent(pl.biuroPasswords.noToken);
  });
});

import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../store/app-store.ts';
import { buildSession, failureEnvelope, successEnvelope } from '../../../test/builders.ts';
import { useFakeFetch, type FakeAnswer } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render-app.tsx';

/** Fills in Anna's e-mail and `password` (replacing what the fields held) and taps 'Dalej'. */
async function submitLogin(user: UserEvent, password: string) {
  const email = await screen.findByRole('textbox', { name: 'Adres email' });
  await user.clear(email);
  await user.type(email, 'anna@demo.pl');
  await user.clear(screen.getByLabelText('Hasło'));
  await user.type(screen.getByLabelText('Hasło'), password);
  await user.click(screen.getByRole('button', { name: 'Dalej' }));
}

describe('login page', () => {
  it('leaving the fields empty shows "Wpisz adres email" and "Wpisz hasło" under them', async () => {
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await screen.findByRole('textbox', { name: 'Adres email' }));
    await user.tab();
    expect(await screen.findByText('Wpisz adres email')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Adres email' })).toHaveAccessibleDescription('Wpisz adres email');

    expect(screen.queryByText('Wpisz hasło')).not.toBeInTheDocument(); // not left yet

    expect(screen.getByLabelText('Hasło')).toHaveFocus();
    await user.tab();
    expect(screen.getByText('Wpisz hasło')).toBeInTheDocument();
    expect(screen.getByLabelText('Hasło')).toHaveAccessibleDescription('Wpisz hasło');
  });

  it('"Dalej" with empty fields shows both messages and sends nothing', async () => {
    const { requests } = useFakeFetch({});
    const user = userEvent.setup();
    renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Dalej' }));

    expect(screen.getByText('Wpisz adres email')).toBeInTheDocument();
    expect(screen.getByText('Wpisz hasło')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Adres email' })).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('a promoter who logs in lands on the actions list with her token kept', async () => {
    const { requests } = useFakeFetch({ '/api/auth/login': { body: successEnvelope(buildSession({ token: 'fresh-token' })) } });
    const user = userEvent.setup();
    renderApp('/');

    await submitLogin(user, 'demo-haslo-1');

    expect(await screen.findByRole('heading', { name: 'Aktualnie trwające akcje:' })).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ username: 'anna@demo.pl', password: 'demo-haslo-1' });
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(useAppStore.getState().user.profile?.firstname).toBe('Anna');
  });

  it('a wrong password shows "Nieprawidłowe hasło." and stays on the page', async () => {
    useFakeFetch({ '/api/auth/login': { status: 401, body: failureEnvelope('E_USER_WRONG_PASSWORD') } });
    const user = userEvent.setup();
    renderApp('/');

    await submitLogin(user, 'zle-haslo');

    expect(await screen.findByRole('button', { name: 'Nieprawidłowe hasło.' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Zaloguj się' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dalej' })).toBeEnabled();
  });

  it('a token in the address resumes the session and opens the actions list', async () => {
    const { requests } = useFakeFetch({ '/api/auth/session': { body: successEnvelope(buildSession({ token: 'abc' })) } });
    renderApp('/?token=abc');

    expect(await screen.findByRole('heading', { name: 'Aktualnie trwające akcje:' })).toBeInTheDocument();
    expect(requests[0]?.headers.Authorization).toBe('Bearer abc');
    expect(localStorage.getItem('token')).toBe('abc');
  });

  it('an expired session stays on the login page, says so, and forgets the token', async () => {
    localStorage.setItem('token', 'old-token');
    useFakeFetch({ '/api/auth/session': { status: 401, body: failureEnvelope('E_EXPIRED') } });
    const { router } = renderApp('/');

    expect(await screen.findByRole('alert')).toHaveTextContent('Sesja wygasła. Zaloguj się ponownie.');
    expect(await screen.findByRole('button', { name: 'Dalej' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('after a wrong password, a successful login leaves no error toast over the actions list', async () => {
    const answers: Record<string, FakeAnswer> = { '/api/auth/login': { status: 401, body: failureEnvelope('E_USER_WRONG_PASSWORD') } };
    useFakeFetch(answers);
    const user = userEvent.setup();
    renderApp('/');
    await submitLogin(user, 'zle-haslo');
    expect(await screen.findByRole('button', { name: 'Nieprawidłowe hasło.' })).toBeInTheDocument();

    answers['/api/auth/login'] = { body: successEnvelope(buildSession()) };
    answers['/api/action/list'] = { body: successEnvelope({ actions: [] }) };
    await submitLogin(user, 'demo-haslo-1');

    expect(await screen.findByRole('heading', { name: 'Aktualnie trwające akcje:' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nieprawidłowe hasło.' })).not.toBeInTheDocument();
  });
});

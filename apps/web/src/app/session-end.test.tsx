import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAction } from '../features/actions/test/build-action.ts';
import { useAppStore } from '../store/app-store.ts';
import { buildSession, failureEnvelope } from '../test/builders.ts';
import { useFakeFetch } from '../test/fake-fetch.ts';
import { renderApp } from '../test/render-app.tsx';

// decision 044: E_UNAUTHORIZED / E_EXPIRED on any call ends the session in the app and returns to /.
describe('an ended session', () => {
  it('a promoter whose session the server refused on /akcje is back on the login page, told why, her list gone', async () => {
    localStorage.setItem('token', 'revoked-token');
    act(() => useAppStore.getState().setSession(buildSession({ token: 'revoked-token' })));
    useAppStore.setState({ actions: { list: [buildAction({ name: 'Degustacja glo — Żabka' })], currentAction: null } });
    useFakeFetch({ '/api/action/list': { status: 401, body: failureEnvelope('E_UNAUTHORIZED') } });
    const { router } = renderApp('/akcje');

    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('alert')).toHaveTextContent('Nie jesteś zalogowana(-y) lub sesja wygasła.');
    expect(screen.queryByText(/Degustacja glo/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nie jesteś zalogowana(-y) lub sesja wygasła.' })).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(useAppStore.getState().actions.list).toEqual([]);
  });

  it('an expired token on any call (here changing her password) ends the same way, saying the session expired', async () => {
    localStorage.setItem('token', 'expired-token');
    act(() => useAppStore.getState().setSession(buildSession({ token: 'expired-token' })));
    useFakeFetch({ '/api/auth/update-password': { status: 401, body: failureEnvelope('E_EXPIRED') } });
    const user = userEvent.setup();
    const { router } = renderApp('/user-data');

    await user.click(await screen.findByRole('button', { name: 'Zmień hasło' }));
    const dialog = screen.getByRole('dialog', { name: 'Zmiana hasła' });
    await user.type(within(dialog).getByLabelText('Nowe hasło'), 'nowe-haslo-ewy');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));

    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('alert')).toHaveTextContent('Sesja wygasła. Zaloguj się ponownie.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

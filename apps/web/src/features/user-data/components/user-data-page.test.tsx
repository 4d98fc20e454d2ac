import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../store/app-store.ts';
import { buildSession, successEnvelope } from '../../../test/builders.ts';
import { useFakeFetch } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('user data page', () => {
  it("shows the promoter's data with a masked password", async () => {
    act(() => useAppStore.getState().setSession(buildSession({ user: { territories: [{ ident: 'WAW-1' }, { ident: 'WAW-2' }] } })));
    renderApp('/user-data');

    expect(await screen.findByRole('heading', { name: 'Twoje dane' })).toBeInTheDocument();
    const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('ID')).toBe('HST1001');
    expect(valueOf('Login')).toBe('anna@demo.pl');
    expect(valueOf('Imię')).toBe('Anna');
    expect(valueOf('Nazwisko')).toBe('Nowak');
    expect(valueOf('Terytoria')).toBe('WAW-1, WAW-2');
    expect(valueOf('Adres email')).toBe('anna@demo.pl');
    expect(valueOf('Numer telefonu')).toBe('+48 600 100 200');
    expect(valueOf('Hasło')).toContain('********');
    expect(screen.getByRole('link', { name: 'Wróć do akcji' })).toHaveAttribute('href', '/akcje');
  });

  it('"Zmień" opens "Zmiana hasła"; a short password is refused, a good one is saved', async () => {
    const { requests } = useFakeFetch({
      '/api/auth/update-password': { body: successEnvelope({}) },
      // The header asks for her inbox (issue 37).
      '/api/notifications/list': { body: successEnvelope({ notifications: [], unread: 0 }) },
    });
    const passwordUpdates = () => requests.filter((request) => request.url === '/api/auth/update-password');
    act(() => useAppStore.getState().setSession(buildSession()));
    const user = userEvent.setup();
    renderApp('/user-data');

    await user.click(await screen.findByRole('button', { name: 'Zmień hasło' }));
    const dialog = screen.getByRole('dialog', { name: 'Zmiana hasła' });
    const input = within(dialog).getByLabelText('Nowe hasło');
    expect(input).toHaveFocus();

    await user.type(input, 'krotkie');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(within(dialog).getByText('Hasło musi mieć co najmniej 8 znaków.')).toBeInTheDocument();
    expect(passwordUpdates()).toEqual([]);

    await user.type(input, '-dluzsze');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));

    expect(await screen.findByRole('button', { name: 'Zmieniono hasło.' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Zmiana hasła' })).not.toBeInTheDocument();
    expect(passwordUpdates().map((request) => request.body)).toEqual([{ user: { password: 'krotkie-dluzsze' } }]);
  });
});

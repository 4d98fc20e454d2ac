import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failureEnvelope, successEnvelope } from '../../../test/builders.ts';
import { useFakeFetch } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render-app.tsx';

async function askForCode(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Adres email' }), 'anna@demo.pl');
  await user.click(screen.getByRole('button', { name: 'Wyślij kod' }));
}

describe('password reminder', () => {
  it('both e-mail fields ask a phone for its e-mail keyboard and her saved login', async () => {
    for (const path of ['/', '/remind']) {
      const { unmount } = renderApp(path);
      const email = await screen.findByRole('textbox', { name: 'Adres email' });
      expect(email).toHaveAttribute('type', 'email');
      expect(email).toHaveAttribute('autocomplete', 'username');
      expect(email).toHaveAttribute('inputmode', 'email');
      expect(email).toHaveAttribute('autocapitalize', 'none');
      unmount();
    }
  });

  it('an empty username shows "Wpisz adres email"', async () => {
    const user = userEvent.setup();
    renderApp('/remind');

    await user.click(await screen.findByRole('button', { name: 'Wyślij kod' }));

    expect(screen.getByText('Wpisz adres email')).toBeInTheDocument();
  });

  it('a promoter gets a code, sets a new password and is back at the login page', async () => {
    const { requests } = useFakeFetch({
      '/api/auth/reset-token': { body: successEnvelope({}) },
      '/api/auth/reset-password': { body: successEnvelope({}) },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/remind');

    await askForCode(user);
    expect(await screen.findByRole('heading', { name: 'Ustaw nowe hasło' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    expect(screen.getByText('Wpisz kod SMS')).toBeInTheDocument();
    expect(screen.getByText('Wpisz hasło')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Kod SMS' }), 'K7P2Q');
    await user.type(screen.getByLabelText('Nowe hasło'), 'nowe-haslo-2');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));

    expect(await screen.findByRole('button', { name: 'Pomyślnie zmieniono hasło!' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(requests.map((request) => request.body)).toEqual([
      { username: 'anna@demo.pl' },
      { username: 'anna@demo.pl', otp: 'K7P2Q', password: 'nowe-haslo-2' },
    ]);
  });

  it('a wrong code shows the error and returns to /remind', async () => {
    useFakeFetch({
      '/api/auth/reset-token': { body: successEnvelope({}) },
      '/api/auth/reset-password': { status: 422, body: failureEnvelope('E_RESET_CODE_INVALID') },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/remind');

    await askForCode(user);
    await user.type(await screen.findByRole('textbox', { name: 'Kod SMS' }), 'AAAAA');
    await user.type(screen.getByLabelText('Nowe hasło'), 'nowe-haslo-2');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));

    expect(await screen.findByRole('button', { name: 'Nieprawidłowy kod. Poproś o nowy kod i spróbuj ponownie.' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Zresetuj hasło' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/remind');
    expect(screen.getByRole('textbox', { name: 'Adres email' })).toHaveValue('anna@demo.pl');
  });

  it('an unknown user stays on /remind with "Użytkownik nie istnieje."', async () => {
    useFakeFetch({ '/api/auth/reset-token': { status: 404, body: failureEnvelope('E_USER_NOT_FOUND') } });
    const user = userEvent.setup();
    const { router } = renderApp('/remind');

    await askForCode(user);

    expect(await screen.findByRole('button', { name: 'Użytkownik nie istnieje.' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/remind');
  });

  it('/remind/code opened directly goes back to step 1', async () => {
    const { router } = renderApp('/remind/code');

    expect(await screen.findByRole('heading', { name: 'Zresetuj hasło' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/remind');
  });
});

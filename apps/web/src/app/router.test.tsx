import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../store/app-store.ts';
import { buildSession } from '../test/builders.ts';
import { renderApp } from '../test/render-app.tsx';

describe('routes', () => {
  it.each(['/404', '/nie-ma-takiej-strony', '/akcja'])('%s sends the promoter to the login page at /', async (path) => {
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/akcje', 'Aktualnie trwające akcje:', 'page-akcje'],
    ['/akcja/a1', 'Szczegóły akcji', 'page-akcja'],
    ['/akcja/start/a1', 'Rozpoczynanie akcji', 'page-akcja'],
    ['/akcja/koniec/a1', 'Zakończenie akcji', 'page-akcja'],
    ['/raporty', 'Raporty', 'page-raporty'],
    ['/raport/r1', 'Raport z akcji', 'page-raport'],
    ['/kalendarz', 'Kalendarz', 'page-kalendarz'],
    ['/mgm', 'Poleć znajomemu', 'page-mgm'],
    ['/webform', 'Webform', 'page-webform'],
    ['/photos', 'Zdjęcia produktów', 'page-photos'],
    ['/user-data', 'Twoje dane', 'page-user-data'],
    ['/powiadomienia', 'Powiadomienia', 'page-powiadomienia'],
  ])('%s shows "%s" under the header', async (path, title, styleName) => {
    act(() => useAppStore.getState().setSession(buildSession()));
    const { container } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Otwórz menu' })).toBeInTheDocument();
    expect(container.querySelector('.app-shell')).toHaveClass(styleName);
  });

  // WCAG 2.4.2: each page names the tab, 'Akcje — Promotor', the first thing a screen reader reads.
  it.each([
    ['/', 'Zaloguj się'],
    ['/remind', 'Zresetuj hasło'],
    ['/akcje', 'Akcje'],
    ['/akcja/a1', 'Szczegóły akcji'],
    ['/akcja/start/a1', 'Rozpoczynanie akcji'],
    ['/akcja/koniec/a1', 'Zakończenie akcji'],
    ['/raporty', 'Raporty'],
    ['/raport/r1', 'Raport z akcji'],
    ['/kalendarz', 'Kalendarz'],
    ['/mgm', 'Poleć znajomemu'],
    ['/webform', 'Webform'],
    ['/photos', 'Zdjęcia produktów'],
    ['/user-data', 'Twoje dane'],
    ['/powiadomienia', 'Powiadomienia'],
  ])('%s names the tab "%s — Promotor"', async (path, title) => {
    document.title = '';
    if (path !== '/' && path !== '/remind') act(() => useAppStore.getState().setSession(buildSession()));
    renderApp(path);

    await waitFor(() => expect(document.title).toBe(`${title} — Promotor`));
  });

  it.each([
    ['/', 'Zaloguj się', 'page-welcome'],
    ['/login', 'Zaloguj się', 'page-login'],
    ['/remind', 'Zresetuj hasło', 'page-remind'],
  ])('%s has no header', async (path, title, styleName) => {
    const { container } = renderApp(path);

    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Otwórz menu' })).not.toBeInTheDocument();
    expect(container.querySelector('.app-shell')).toHaveClass(styleName);
  });

  it.each(['/akcje', '/user-data', '/kalendarz'])('%s without a promoter logged in (after logout) goes to the login page', async (path) => {
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('the detail pages link back to their lists', async () => {
    act(() => useAppStore.getState().setSession(buildSession()));
    renderApp('/raport/r1');

    expect(await screen.findByRole('link', { name: 'Wróć do raportów' })).toHaveAttribute('href', '/raporty');
  });
});

import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { staffSession } from '../auth/staff-session.ts';
import { BiuroApp } from './biuro-app.tsx';
import { BiuroErrorPage } from './biuro-error-page.tsx';

function BrokenPage(): never {
  throw new Error('Cannot read properties of undefined');
}

// WCAG 2.4.2: every page of the back office names the tab, error pages included.
describe('the titles of the back office', () => {
  it('the login page names the tab', async () => {
    staffSession.end(null);
    document.title = '';
    window.history.replaceState(null, '', '/biuro/logowanie');
    render(<BiuroApp />);

    expect(await screen.findByRole('heading', { name: pl.biuro.login.title })).toBeInTheDocument();
    expect(document.title).toBe('Biuro — logowanie | Promotor — biuro');
  });

  it('a page that fails to draw says so in Polish, in its heading and in the tab', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // the router reports the caught error
    document.title = '';
    const router = createMemoryRouter([{ ErrorBoundary: BiuroErrorPage, children: [{ path: '/', Component: BrokenPage }] }]);
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'Wystąpił błąd' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: pl.biuro.errorPage.reload })).toBeInTheDocument();
    expect(document.title).toBe('Wystąpił błąd | Promotor — biuro');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary.tsx';

function BrokenPage(): never {
  throw new Error('Cannot read properties of undefined');
}

describe('fatal-error screen', () => {
  it('shows what went wrong and "Załaduj ponownie aplikację" clears storage and opens /', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    localStorage.setItem('token', 'abc');
    localStorage.setItem('promotorState', '{}');
    sessionStorage.setItem('buildTime', '2030-01-01T00:00:00.000Z');
    const goTo = vi.fn();
    const user = userEvent.setup();

    render(
      <AppErrorBoundary goTo={goTo}>
        <BrokenPage />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole('heading', { name: 'Wystąpił błąd' })).toBeInTheDocument();
    // The tab's title says it too: a screen reader reads it first (WCAG 2.4.2).
    expect(document.title).toBe('Wystąpił błąd — Promotor');
    const details = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Szczegóły błędu' });
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(details.value), (c) => c.charCodeAt(0)));
    expect(JSON.parse(decoded)).toMatchObject({ name: 'Error', message: 'Cannot read properties of undefined' });
    expect(screen.getByText(navigator.userAgent)).toBeInTheDocument();
    expect(screen.getByText('test-build')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Załaduj ponownie aplikację' }));

    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(goTo).toHaveBeenCalledWith('/');
  });
});

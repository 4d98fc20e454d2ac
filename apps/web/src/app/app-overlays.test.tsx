import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_DISMISS_MS, TOAST_EXIT_MS } from '@promotor/contract/constants';
import { useAppStore } from '../store/app-store.ts';
import { AppErrorPopup, AppToasts } from './app-overlays.tsx';

describe('toasts', () => {
  it('a tapped toast goes away', async () => {
    const user = userEvent.setup();
    render(<AppToasts />);
    act(() => useAppStore.getState().showToast('Nieprawidłowe hasło.', 'error'));

    const toast = await screen.findByRole('button', { name: 'Nieprawidłowe hasło.' });
    expect(screen.getByRole('status')).toHaveTextContent('Nieprawidłowe hasło.');
    await user.click(toast);

    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Nieprawidłowe hasło.' })).not.toBeInTheDocument());
    expect(useAppStore.getState().toasts).toEqual([]);
  });

  it('a toast left alone goes away after 8 seconds', () => {
    vi.useFakeTimers();
    try {
      render(<AppToasts />);
      act(() => useAppStore.getState().showToast('Zmieniono hasło.'));
      expect(screen.getByRole('button', { name: 'Zmieniono hasło.' })).toBeInTheDocument();

      act(() => {
        vi.advanceTimersByTime(TOAST_DISMISS_MS - 1);
      });
      expect(screen.getByRole('button', { name: 'Zmieniono hasło.' })).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      act(() => {
        vi.advanceTimersByTime(TOAST_EXIT_MS);
      });

      expect(screen.queryByRole('button', { name: 'Zmieniono hasło.' })).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('error popup', () => {
  it('shows the description and the code, and "Wróć" closes it', async () => {
    const user = userEvent.setup();
    render(<AppErrorPopup />);
    act(() => useAppStore.getState().showErrorPopup({ description: 'Wystąpił błąd podczas pobierania zdjęć', code: '1700000000001' }));

    const dialog = await screen.findByRole('dialog', { name: 'Wystąpił błąd.' });
    expect(dialog).toHaveTextContent('Wystąpił błąd podczas pobierania zdjęć');
    expect(dialog).toHaveTextContent('Kod błędu: 1700000000001');
    await user.click(screen.getByRole('button', { name: 'Wróć' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('without a code asks to try again', async () => {
    render(<AppErrorPopup />);
    act(() => useAppStore.getState().showErrorPopup({ description: 'Wystąpił błąd podczas wysyłania zdjęć', code: null }));

    expect(await screen.findByRole('dialog', { name: 'Wystąpił błąd.' })).toHaveTextContent('Spróbuj ponownie...');
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DISMISS_MS, TOAST_EXIT_MS } from '@promotor/contract/constants';
import { useAppStore } from '../store/app-store.ts';
import { AppErrorPopup, AppToasts } from './app-overlays.tsx';
import { WAIT_MS } from '../test/wait.ts';

describe('toasts', () => {
  it('a tapped toast goes away', async () => {
    const user = userEvent.setup();
    render(<AppToasts />);
    act(() => useAppStore.getState().showToast('Nieprawidłowe hasło.', 'error'));

    const toast = await screen.findByRole('button', { name: 'Nieprawidłowe hasło.' });
    // An error interrupts a screen reader (assertive); other toasts wait their turn (role=status, polite).
    expect(toast.parentElement).toHaveAttribute('aria-live', 'assertive');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(toast);

    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Nieprawidłowe hasło.' })).not.toBeInTheDocument(), {
      timeout: WAIT_MS,
    });
    expect(useAppStore.getState().toasts).toEqual([]);
  });

  describe('left alone', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    /** Lets `ms` of the toasts' timers run, as the clock would. */
    const pass = (ms: number) =>
      act(() => {
        vi.advanceTimersByTime(ms);
      });

    it('a toast left alone goes away after 8 seconds', () => {
      render(<AppToasts />);
      act(() => useAppStore.getState().showToast('Zmieniono hasło.'));
      expect(screen.getByRole('button', { name: 'Zmieniono hasło.' })).toBeInTheDocument();

      pass(TOAST_DISMISS_MS - 1);
      expect(screen.getByRole('button', { name: 'Zmieniono hasło.' })).toBeInTheDocument();
      pass(1);
      pass(TOAST_EXIT_MS);

      expect(screen.queryByRole('button', { name: 'Zmieniono hasło.' })).not.toBeInTheDocument();
    });

    it('a toast shown before a reload leaves 8 seconds after it was first shown, not 8 seconds after the reload', () => {
      useAppStore.setState({ toasts: [{ id: 't1', type: 'error', message: 'Nieprawidłowe hasło.', createdAt: Date.now() - 6000 }] });
      render(<AppToasts />);
      expect(screen.getByRole('button', { name: 'Nieprawidłowe hasło.' })).toBeInTheDocument();

      pass(2000);
      pass(TOAST_EXIT_MS);

      expect(screen.queryByRole('button', { name: 'Nieprawidłowe hasło.' })).not.toBeInTheDocument();
    });

    it('the same message three times is one toast, which stays 8 seconds from the last time', () => {
      render(<AppToasts />);
      act(() => useAppStore.getState().showToast('Nieprawidłowe hasło.', 'error'));
      pass(6000);
      act(() => useAppStore.getState().showToast('Nieprawidłowe hasło.', 'error'));
      act(() => useAppStore.getState().showToast('Nieprawidłowe hasło.', 'error'));
      expect(screen.getAllByRole('button', { name: 'Nieprawidłowe hasło.' })).toHaveLength(1);

      pass(TOAST_DISMISS_MS - 1);
      expect(screen.getByRole('button', { name: 'Nieprawidłowe hasło.' })).toBeInTheDocument();
    });
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

  it('shows meta.ts as the local time she can read out, with the exact value kept for support', async () => {
    render(<AppErrorPopup />);
    act(() =>
      useAppStore.getState().showErrorPopup({ description: 'Wystąpił błąd podczas wysyłania zdjęć', code: '2026-11-23T13:05:09.123Z' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Wystąpił błąd.' });
    expect(dialog).toHaveTextContent('Kod błędu: 23.11.2026 14:05:09');
    expect(within(dialog).getByText('23.11.2026 14:05:09')).toHaveAttribute('datetime', '2026-11-23T13:05:09.123Z');
    expect(dialog).toHaveTextContent('Dokładny kod: 2026-11-23T13:05:09.123Z');
  });

  it('an error code that is not a time is shown as it is', async () => {
    render(<AppErrorPopup />);
    act(() => useAppStore.getState().showErrorPopup({ description: 'Nie udało się rozpocząć akcji.', code: 'E_WRONG_ACTION_STATUS' }));

    expect(await screen.findByRole('dialog', { name: 'Wystąpił błąd.' })).toHaveTextContent('Kod błędu: E_WRONG_ACTION_STATUS');
  });

  it('without a code asks to try again', async () => {
    render(<AppErrorPopup />);
    act(() => useAppStore.getState().showErrorPopup({ description: 'Wystąpił błąd podczas wysyłania zdjęć', code: null }));

    expect(await screen.findByRole('dialog', { name: 'Wystąpił błąd.' })).toHaveTextContent('Spróbuj ponownie...');
  });
});

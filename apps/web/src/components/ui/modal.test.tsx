import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal, type ModalVariant } from './modal.tsx';

function Page({ variant }: { variant?: ModalVariant }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Otwórz</button>
      <Modal open={open} variant={variant} title="Wybierz lokalizację" onClose={() => setOpen(false)}>
        <button onClick={() => setOpen(false)}>Anuluj</button>
      </Modal>
    </>
  );
}

/** The dialog element whatever its state (a closing one is hidden from role queries on purpose). */
const dialogInDom = () => document.querySelector('[role="dialog"]');

function reducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: matches && query.includes('reduce'), media: query }));
}

describe('modal', () => {
  beforeEach(() => reducedMotion(false));
  afterEach(() => vi.useRealTimers());

  it('opens as a labelled modal dialog with focus inside; Escape closes it and focus returns', async () => {
    const user = userEvent.setup();
    render(<Page />);

    await user.click(screen.getByRole('button', { name: 'Otwórz' }));

    const dialog = screen.getByRole('dialog', { name: 'Wybierz lokalizację' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Anuluj' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Otwórz' })).toHaveFocus();
  });

  it.each([
    ['centre', 600],
    ['sheet', 1000],
  ] as const)('a closed %s modal stays in the DOM, hidden, for %i ms, then unmounts', (variant, ms) => {
    vi.useFakeTimers();
    render(<Page variant={variant} />);
    fireEvent.click(screen.getByRole('button', { name: 'Otwórz' }));

    fireEvent.click(screen.getByRole('button', { name: 'Anuluj' }));

    // On its way out: no longer a dialog to assistive technology, but still on screen for its animation.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(dialogInDom()).toHaveAttribute('data-state', 'closing');
    act(() => {
      vi.advanceTimersByTime(ms - 1);
    });
    expect(dialogInDom()).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(dialogInDom()).not.toBeInTheDocument();
  });

  it('reopened while it closes, it is a dialog again at once', () => {
    vi.useFakeTimers();
    render(<Page variant="sheet" />);
    fireEvent.click(screen.getByRole('button', { name: 'Otwórz' }));
    fireEvent.click(screen.getByRole('button', { name: 'Anuluj' }));

    fireEvent.click(screen.getByRole('button', { name: 'Otwórz' }));
    act(() => {
      vi.advanceTimersByTime(1000);
    });

    expect(screen.getByRole('dialog', { name: 'Wybierz lokalizację' })).toHaveAttribute('data-state', 'open');
  });

  it('with reduced motion a closed modal goes at once (there is no animation to wait for)', () => {
    reducedMotion(true);
    vi.useFakeTimers();
    render(<Page variant="sheet" />);
    fireEvent.click(screen.getByRole('button', { name: 'Otwórz' }));

    fireEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    act(() => {
      vi.advanceTimersByTime(0);
    });

    expect(dialogInDom()).not.toBeInTheDocument();
  });

  it('a tap on the backdrop closes it; a tap inside does not', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Otwórz' }));

    await user.click(screen.getByRole('heading', { name: 'Wybierz lokalizację' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

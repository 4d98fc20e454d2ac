import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SelectField } from '../form/select-field.tsx';
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

  describe('by keyboard', () => {
    /** A form in a dialog, opened from a row that the page may re-draw without (a list reloaded after a change). */
    function Form({ rows = ['Raport 1'] }: { rows?: string[] }) {
      const [open, setOpen] = useState(false);
      const [sent, setSent] = useState(false);
      const [nested, setNested] = useState(false);
      return (
        <>
          <button>Przed tabelą</button>
          <ul>
            {rows.map((row) => (
              <li key={row}>
                <button onClick={() => setOpen(true)}>{row}</button>
              </li>
            ))}
          </ul>
          <Modal open={open} title="Raport" onClose={() => setOpen(false)}>
            <button onClick={() => setOpen(false)}>Zamknij</button>
            <label>
              Dzień <input type="date" />
            </label>
            <fieldset>
              <legend>Powód</legend>
              <label>
                <input type="radio" name="powod" value="zdjecia" /> Zdjęcia
              </label>
              <label>
                <input type="radio" name="powod" value="ankieta" defaultChecked /> Ankieta
              </label>
            </fieldset>
            <button disabled>Niedostępne</button>
            <button hidden>Ukryte</button>
            <button onClick={() => setNested(true)}>Pokaż zdjęcie</button>
            {sent ? <p>Wysłano.</p> : <button onClick={() => setSent(true)}>Wyślij</button>}
          </Modal>
          <Modal open={nested} title="Zdjęcie" onClose={() => setNested(false)}>
            <button onClick={() => setNested(false)}>Zamknij zdjęcie</button>
          </Modal>
        </>
      );
    }

    it('Tab and Shift+Tab go round inside the dialog: past its last stop to its first and back, never to the page behind', async () => {
      const user = userEvent.setup();
      render(<Form />);
      await user.click(screen.getByRole('button', { name: 'Raport 1' }));
      const close = screen.getByRole('button', { name: 'Zamknij' });
      expect(close).toHaveFocus();

      await user.tab({ shift: true });
      expect(screen.getByRole('button', { name: 'Wyślij' })).toHaveFocus();
      await user.tab();
      expect(close).toHaveFocus();

      // One stop each: the date input, the radio group (its checked radio), the photo button, 'Wyślij'.
      await user.tab();
      expect(screen.getByLabelText('Dzień')).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('radio', { name: 'Ankieta' })).toHaveFocus();
      await user.tab();
      await user.tab();
      expect(screen.getByRole('button', { name: 'Wyślij' })).toHaveFocus();
      await user.tab();
      expect(close).toHaveFocus();
    });

    it('when the focused button gives way to a message, the next Tab comes back into the dialog, and Escape still closes it', async () => {
      const user = userEvent.setup();
      render(<Form />);
      await user.click(screen.getByRole('button', { name: 'Raport 1' }));
      await user.click(screen.getByRole('button', { name: 'Wyślij' }));
      expect(screen.getByText('Wysłano.')).toBeInTheDocument();
      expect(document.activeElement).toBe(document.body);

      await user.tab();
      expect(screen.getByRole('button', { name: 'Zamknij' })).toHaveFocus();
      (document.activeElement as HTMLElement).blur();
      await user.tab({ shift: true });
      expect(screen.getByRole('button', { name: 'Pokaż zdjęcie' })).toHaveFocus();

      (document.activeElement as HTMLElement).blur();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Raport 1' })).toHaveFocus();
    });

    it('a dialog over a dialog: Escape closes the top one only, and focus goes back into the one under it', async () => {
      const user = userEvent.setup();
      render(<Form />);
      await user.click(screen.getByRole('button', { name: 'Raport 1' }));
      await user.click(screen.getByRole('button', { name: 'Pokaż zdjęcie' }));
      expect(screen.getByRole('button', { name: 'Zamknij zdjęcie' })).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('button', { name: 'Zamknij zdjęcie' })).toHaveFocus();

      await user.keyboard('{Escape}');
      expect(screen.getByRole('dialog', { name: 'Raport' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Pokaż zdjęcie' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Raport 1' })).toHaveFocus();
    });

    it('closed after the row that opened it was re-drawn without it, focus goes to the list it was in, not to the page top', async () => {
      const user = userEvent.setup();
      const { rerender } = render(<Form rows={['Raport 1', 'Raport 2']} />);
      await user.click(screen.getByRole('button', { name: 'Raport 1' }));
      rerender(<Form rows={['Raport 2']} />);

      await user.keyboard('{Escape}');
      expect(screen.getByRole('button', { name: 'Raport 2' })).toHaveFocus();
    });

    it('Escape in an open menu inside the dialog closes the menu, not the dialog', async () => {
      const user = userEvent.setup();
      render(
        <Modal open title="Ankieta" onClose={() => {}}>
          <SelectField label="Marka" name="marka" options={[{ value: 'glo', label: 'Glo' }]} value={null} onChange={() => {}} />
        </Modal>,
      );
      const select = screen.getByRole('combobox', { name: 'Marka' });
      expect(select).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      expect(select).toHaveAttribute('aria-expanded', 'true');

      await user.keyboard('{Escape}');
      expect(select).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('dialog', { name: 'Ankieta' })).toBeInTheDocument();
    });
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

function Page() {
  return (
    <>
      <SkipLink />
      <header>
        <button>Otwórz menu</button>
        <button>Kody promocyjne</button>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <a href="/akcje/1">Degustacja glo</a>
      </main>
    </>
  );
}

describe('skip link', () => {
  it("'Przejdź do treści' is the first Tab stop; Enter moves focus to the page, past the header, without changing the address", async () => {
    const user = userEvent.setup();
    render(<Page />);
    const before = window.location.href;

    await user.tab();
    expect(screen.getByRole('link', { name: pl.skipToContent })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Degustacja glo' })).toHaveFocus();
    expect(window.location.href).toBe(before);
  });
});

import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueue, flushOutbox, stopOutbox } from '../../lib/outbox/outbox.ts';
import { buildStartFlow, ok, useFakeServer, useFreshIndexedDb } from '../../lib/outbox/outbox-test-kit.ts';
import { Header } from './header.tsx';

afterEach(() => stopOutbox());

describe('header', () => {
  it("says how many items wait to be sent ('Do wysłania: 3') and nothing once they are sent", async () => {
    useFreshIndexedDb();
    localStorage.setItem('token', 'token-of-anna');
    let online = false;
    useFakeServer(() => (online ? ok() : 'network-error'));
    await enqueue(buildStartFlow('action-1'));

    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );

    expect(await screen.findByRole('status', { name: 'Do wysłania: 3' })).toHaveTextContent('Do wysłania: 3');
    online = true;
    act(() => flushOutbox());
    await waitFor(() => expect(screen.queryByText(/Do wysłania/)).not.toBeInTheDocument());
  });
});

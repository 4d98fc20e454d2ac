import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../store/app-store.ts';
import { failureEnvelope, successEnvelope } from '../../../test/builders.ts';
import { useFakeFetch, type FakeAnswer } from '../../../test/fake-fetch.ts';
import { buildAction } from '../test/build-action.ts';
import { CurrentActionGate } from './current-action-gate.tsx';

/** A page about her current action, as /photos is: its name, or the page's own 'none'. */
function Page() {
  const current = useAppStore((state) => state.actions.currentAction);
  return <p>{current ? `Akcja: ${current.name}` : 'Brak aktywnych akcji'}</p>;
}

function renderGate() {
  render(
    <CurrentActionGate title="Zdjęcia produktów">
      <Page />
    </CurrentActionGate>,
  );
}

/** The server's answer to /action/list; `answers` may be changed for the next call. */
function answerList(answer: FakeAnswer) {
  const answers: Record<string, FakeAnswer> = { '/api/action/list': answer };
  return { ...useFakeFetch(answers), answers };
}

describe('a page that needs her current action (decision 075)', () => {
  beforeEach(() => localStorage.setItem('token', 'token-of-anna'));
  afterEach(() => useAppStore.setState({ actions: { list: [], currentAction: null } }));

  it('with none kept, loads her list before the page says anything: her started action, not “none”', async () => {
    const started = buildAction({ name: 'Degustacja glo — Żabka', status: 'started' });
    const { requests } = answerList({ body: successEnvelope({ actions: [started] }) });
    renderGate();
    expect(screen.getByRole('status')).toHaveTextContent('Wczytywanie…');
    expect(screen.queryByText('Brak aktywnych akcji')).not.toBeInTheDocument();
    expect(await screen.findByText('Akcja: Degustacja glo — Żabka')).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain('/api/action/list');
  });

  it('with a started action kept, shows the page at once', () => {
    const started = buildAction({ name: 'Degustacja glo — Żabka', status: 'started' });
    useAppStore.setState({ actions: { list: [started], currentAction: started } });
    answerList({ body: successEnvelope({ actions: [started] }) });
    renderGate();
    expect(screen.getByText('Akcja: Degustacja glo — Żabka')).toBeInTheDocument();
  });

  it('a list that cannot be loaded is said, with “Spróbuj ponownie”, which loads it', async () => {
    const fake = answerList({ status: 500, body: failureEnvelope('E_INTERNAL') });
    renderGate();
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się wczytać akcji.');
    expect(screen.queryByText('Brak aktywnych akcji')).not.toBeInTheDocument();

    fake.answers['/api/action/list'] = { body: successEnvelope({ actions: [] }) };
    await userEvent.setup().click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Brak aktywnych akcji')).toBeInTheDocument();
  });
});

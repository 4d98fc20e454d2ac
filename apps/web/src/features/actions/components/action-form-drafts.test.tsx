import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFreshIndexedDb } from '../../../lib/outbox/test/outbox-test-kit.ts';
import { endSession, useAppStore } from '../../../store/app-store.ts';
import { buildSession } from '../../../test/builders.ts';
import { closeDraftDb } from '../drafts/draft-store.ts';
import { buildAction, buildActionPoint } from '../test/build-action.ts';
import { enqueue, resetOutboxMock } from '../test/outbox-mock.ts';
import { renderActionPage, stubObjectUrls, stubPosition } from '../test/render-action-page.tsx';

vi.mock('../../../lib/outbox/index.ts', () => import('../test/outbox-mock.ts'));

// Issue 20 item 7, decision 076: leaving the start or end form keeps what she entered (a draft per
// promoter and action, photos included), until she sends it or gives it up.

const points = [buildActionPoint({ uuid: 'p1' })];
const started = buildAction({ uuid: 'a1', status: 'started', points, checkedInAt: 'p1' });
const startable = buildAction({ uuid: 'a2', points, since: '2020-01-01 08:00:00', until: '2099-01-01 22:00:00' });
const RESTORED = 'Przywrócono dane wpisane wcześniej w tym formularzu.';

const logInAs = (ident: string) => useAppStore.getState().setSession(buildSession({ token: `token-${ident}`, user: { ident } }));

/** The end form with 'Inne', its text and the photos; then she leaves by the back link. */
async function fillEndAndLeave(user: ReturnType<typeof userEvent.setup>) {
  const view = renderActionPage('/akcja/koniec/a1', [started]);
  await user.click(await screen.findByRole('radio', { name: 'Inne' }));
  await user.type(screen.getByRole('textbox', { name: 'Opisz powód' }), 'Awaria prądu');
  await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
  await user.click(screen.getByRole('link', { name: 'Wróć do akcji' }));
  expect(view.router.state.location.pathname).toBe('/akcje');
  return view;
}

describe('drafts of the start and end forms', () => {
  beforeEach(() => {
    useFreshIndexedDb();
    stubObjectUrls();
    stubPosition({ latitude: 50.06, longitude: 19.94, accuracy: 8 });
    logInAs('anna');
  });
  afterEach(async () => {
    resetOutboxMock();
    await closeDraftDb();
  });

  it('the end form she left opens again with the reason, the text and both photos', async () => {
    const user = userEvent.setup();
    const { router } = await fillEndAndLeave(user);

    await router.navigate('/akcja/koniec/a1');

    expect(await screen.findByText(RESTORED)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Inne' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Opisz powód' })).toHaveValue('Awaria prądu');
    expect(await screen.findByRole('img', { name: 'Zdjęcie z tylnego aparatu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zakończ' })).toBeEnabled();
  });

  it('the start form she left opens again with the checklist, the cash terminal and the photos', async () => {
    const user = userEvent.setup();
    const { router } = renderActionPage('/akcja/start/a2', [startable]);
    await user.click(await screen.findByRole('checkbox', { name: 'Posiadam tablet' }));
    await user.type(screen.getByRole('textbox', { name: 'Nr kasoterminala' }), 'K12');
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
    await user.click(screen.getByRole('link', { name: 'Wróć do akcji' }));

    await router.navigate('/akcja/start/a2');

    expect(await screen.findByText(RESTORED)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Posiadam tablet' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Posiadam identyfikator' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Nr kasoterminala' })).toHaveValue('K12');
    expect(await screen.findByRole('img', { name: 'Zdjęcie z przedniego aparatu' })).toBeInTheDocument();
  });

  it('a draft is her own: another promoter on the phone gets an empty form', async () => {
    const user = userEvent.setup();
    const { router } = await fillEndAndLeave(user);

    logInAs('basia');
    await router.navigate('/akcja/koniec/a1');

    expect(await screen.findByRole('radio', { name: 'Inne' })).not.toBeChecked();
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
  });

  it('once sent, the form opens empty', async () => {
    const user = userEvent.setup();
    const { router } = await fillEndAndLeave(user);
    await router.navigate('/akcja/koniec/a1');
    await user.click(await screen.findByRole('button', { name: 'Zakończ' }));
    expect(await screen.findByRole('heading', { name: 'Lista akcji' })).toBeInTheDocument();
    expect(enqueue).toHaveBeenCalledTimes(1);

    await router.navigate('/akcja/koniec/a1');

    expect(await screen.findByRole('radio', { name: 'Inne' })).not.toBeChecked();
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
  });

  it("'Anuluj' asks, then gives the draft up", async () => {
    const user = userEvent.setup();
    const { router } = await fillEndAndLeave(user);
    await router.navigate('/akcja/koniec/a1');
    await user.click(await screen.findByRole('button', { name: 'Anuluj' }));
    const question = screen.getByRole('dialog', { name: 'Usunąć wpisane dane?' });
    await user.click(within(question).getByRole('button', { name: 'Usuń' }));
    expect(router.state.location.pathname).toBe('/akcje');

    await router.navigate('/akcja/koniec/a1');

    expect(await screen.findByRole('radio', { name: 'Inne' })).not.toBeChecked();
  });

  it("'Wyczyść formularz' starts afresh", async () => {
    const user = userEvent.setup();
    const { router } = await fillEndAndLeave(user);
    await router.navigate('/akcja/koniec/a1');
    await user.click(await screen.findByRole('button', { name: 'Wyczyść formularz' }));
    await user.click(screen.getByRole('button', { name: 'Usuń' }));

    expect(screen.getByRole('radio', { name: 'Inne' })).not.toBeChecked();
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zrób zdjęcia' })).toBeInTheDocument();
  });

  it('a logout deletes her drafts', async () => {
    const user = userEvent.setup();
    const { router } = await fillEndAndLeave(user);

    endSession();
    logInAs('anna');
    useAppStore.setState({ actions: { list: [started], currentAction: started } });
    await router.navigate('/akcja/koniec/a1');

    expect(await screen.findByRole('radio', { name: 'Inne' })).not.toBeChecked();
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
  });
});

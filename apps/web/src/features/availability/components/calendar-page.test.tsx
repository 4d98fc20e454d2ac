import type { Action, Availability } from '@promotor/contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../store/app-store.ts';
import { buildSession, failureEnvelope, successEnvelope } from '../../../test/builders.ts';
import { useFakeFetch, type FakeAnswer } from '../../../test/fake-fetch.ts';
import { CalendarPage } from './calendar-page.tsx';
import { WAIT_MS } from '../../../test/wait.ts';

// Today is Tuesday 25 November 2025, 08:30 in Warsaw: 06:00–08:00 are past, 09:00 on is open.
const NOW = new Date('2025-11-25T07:30:00Z');

const block = (uuid: string, since: string, until: string): Availability => ({ uuid, since: { date: since }, until: { date: until } });

function calendarAction(
  uuid: string,
  name: string,
  since: string,
  until: string,
  global: Action['status']['global']['ident'] = 'accepted',
): Action {
  return {
    uuid,
    ident: `A-${uuid}`,
    name,
    since: { date: since },
    until: { date: until },
    actionPoints: [],
    event: { uuid: 'event-1', ident: 'GLO' },
    status: { user: { status: null, actionPoint: null, lastStatusCreated: null }, global: { ident: global } },
  };
}

function answers(blocks: Availability[], actions: Action[] = []): Record<string, FakeAnswer> {
  return {
    '/api/availability/list': { body: successEnvelope({ availability: blocks }) },
    '/api/action/list': { body: successEnvelope({ actions }) },
  };
}

function renderCalendar() {
  const router = createMemoryRouter(
    [
      { path: '/kalendarz', element: <CalendarPage /> },
      { path: '/akcja/:actionId', element: <h1>Szczegóły akcji</h1> },
    ],
    { initialEntries: ['/kalendarz'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const sent = (requests: { url: string; body: unknown }[], url: string) =>
  requests.filter((request) => request.url === url).map((request) => request.body);

describe('calendar (/kalendarz)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    act(() => useAppStore.getState().setSession(buildSession({ user: { territories: [{ ident: 'WAW-1' }, { ident: 'WAW-2' }] } })));
  });
  afterEach(() => vi.useRealTimers());

  it('shows three days from today with her blocks and actions, for the window of spec §9', async () => {
    const { requests } = useFakeFetch(
      answers(
        [block('b-1', '2025-11-26 09:00:00', '2025-11-26 18:00:00')],
        [
          calendarAction('a-1', 'Degustacja glo — Żabka', '2025-11-27 10:00:00', '2025-11-27 14:00:00'),
          calendarAction('a-2', 'Odwołana degustacja', '2025-11-27 15:00:00', '2025-11-27 17:00:00', 'hst_cancelled'),
        ],
      ),
    );
    const user = userEvent.setup();
    const router = renderCalendar();

    expect(await screen.findByRole('button', { name: 'Dostępność 09:00–18:00' })).toHaveTextContent('Dostępność09:00–18:00');
    expect(screen.getAllByRole('group').map((group) => group.getAttribute('aria-label'))).toEqual([
      'Miesiąc',
      'wtorek 25 listopada',
      'środa 26 listopada',
      'czwartek 27 listopada',
    ]);
    const months = within(screen.getByRole('group', { name: 'Miesiąc' })).getAllByRole('button');
    expect(months.map((month) => [month.textContent, month.getAttribute('aria-pressed')])).toEqual([
      ['listopad 2025', 'true'],
      ['grudzień 2025', 'false'],
      ['styczeń 2026', 'false'],
    ]);
    expect(sent(requests, '/api/availability/list')).toEqual([
      { availability: { since: '2025-11-25 00:00:00', until: '2026-01-31 23:59:59' } },
    ]);
    expect(sent(requests, '/api/action/list')[0]).toMatchObject({
      actions: { since: '2025-11-25 00:00:00', until: '2026-01-31 23:59:59' },
    });

    // Past hours take nothing; the cells under her block open the block instead.
    const today = screen.getByRole('group', { name: 'wtorek 25 listopada' });
    expect(within(today).queryByRole('button', { name: /08:00$/ })).not.toBeInTheDocument();
    expect(within(today).getByRole('button', { name: 'Dodaj dostępność: wtorek 25 listopada, 09:00' })).toBeInTheDocument();
    const wednesday = screen.getByRole('group', { name: 'środa 26 listopada' });
    expect(within(wednesday).queryByRole('button', { name: /10:00$/ })).not.toBeInTheDocument();
    expect(within(wednesday).getByRole('button', { name: 'Dodaj dostępność: środa 26 listopada, 18:00' })).toBeInTheDocument();

    expect(screen.queryByRole('link', { name: /Odwołana/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Degustacja glo — Żabka 10:00–14:00' }));
    expect(router.state.location.pathname).toBe('/akcja/a-1');
  });

  it('an empty cell opens "Podaj zakres dostępności" from the tapped hour to 18:00; "Gotowe" saves it and reloads', async () => {
    const fake = answers([]);
    const { requests } = useFakeFetch(fake);
    fake['/api/availability/create'] = {
      body: successEnvelope({ availability: block('b-2', '2025-11-26 10:00:00', '2025-11-26 18:00:00') }),
    };
    const user = userEvent.setup();
    renderCalendar();

    await user.click(await screen.findByRole('button', { name: 'Dodaj dostępność: środa 26 listopada, 10:00' }));
    const dialog = screen.getByRole('dialog', { name: 'Podaj zakres dostępności' });
    expect(within(dialog).getByLabelText('Od godziny')).toHaveValue(10);
    expect(within(dialog).getByLabelText('Do godziny')).toHaveValue(18);
    expect(within(dialog).getByLabelText('Od godziny')).toHaveAttribute('min', '6');
    expect(within(dialog).getByLabelText('Do godziny')).toHaveAttribute('max', '22');

    fake['/api/availability/list'] = {
      body: successEnvelope({ availability: [block('b-2', '2025-11-26 10:00:00', '2025-11-26 18:00:00')] }),
    };
    await user.click(within(dialog).getByRole('button', { name: 'Gotowe' }));

    expect(await screen.findByRole('button', { name: 'Dostępność 10:00–18:00' })).toBeInTheDocument();
    expect(sent(requests, '/api/availability/create')).toEqual([
      { availability: { since: '2025-11-26 10:00:00', until: '2025-11-26 18:00:00' } },
    ]);
    expect(sent(requests, '/api/availability/list')).toHaveLength(2);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: WAIT_MS });
  });

  it('checks the range before sending: an end before the start or past 22 is said under the field', async () => {
    const { requests } = useFakeFetch(answers([]));
    const user = userEvent.setup();
    renderCalendar();

    await user.click(await screen.findByRole('button', { name: 'Dodaj dostępność: środa 26 listopada, 12:00' }));
    const dialog = screen.getByRole('dialog', { name: 'Podaj zakres dostępności' });
    const to = within(dialog).getByLabelText('Do godziny');
    await user.clear(to);
    await user.type(to, '11');
    await user.click(within(dialog).getByRole('button', { name: 'Gotowe' }));
    expect(within(dialog).getByText('Koniec musi być później niż początek.')).toBeInTheDocument();

    await user.clear(to);
    await user.type(to, '23');
    expect(within(dialog).getByText('Dostępność można podać w godzinach 6–22.')).toBeInTheDocument();
    expect(sent(requests, '/api/availability/create')).toEqual([]);
  });

  it("the server's refusal of an overlap is said inside the popup, which stays open", async () => {
    const fake = answers([]);
    useFakeFetch(fake);
    fake['/api/availability/create'] = { status: 409, body: failureEnvelope('E_AVAILABILITY_OVERLAP') };
    const user = userEvent.setup();
    renderCalendar();

    await user.click(await screen.findByRole('button', { name: 'Dodaj dostępność: czwartek 27 listopada, 09:00' }));
    const dialog = screen.getByRole('dialog', { name: 'Podaj zakres dostępności' });
    await user.click(within(dialog).getByRole('button', { name: 'Gotowe' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Ten zakres nachodzi na inny zakres dostępności.');
    // Focus stays in the popup (the sending button was disabled), so Escape still closes it.
    await vi.waitFor(() => expect(alert).toHaveFocus(), { timeout: WAIT_MS });
    expect(within(dialog).getByLabelText('Od godziny')).toHaveValue(9);
  });

  it('without a connection the popup says so and keeps her hours', async () => {
    const fake = answers([]);
    useFakeFetch(fake);
    fake['/api/availability/create'] = 'network-error';
    const user = userEvent.setup();
    renderCalendar();

    await user.click(await screen.findByRole('button', { name: 'Dodaj dostępność: czwartek 27 listopada, 19:00' }));
    const dialog = screen.getByRole('dialog', { name: 'Podaj zakres dostępności' });
    expect(within(dialog).getByLabelText('Do godziny')).toHaveValue(20);
    await user.click(within(dialog).getByRole('button', { name: 'Gotowe' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Brak połączenia z internetem.');
    expect(within(dialog).getByLabelText('Od godziny')).toHaveValue(19);
  });

  it('a block opens "Edytuj zakres dostępności": "Zapisz" moves it, "Usuń" removes it', async () => {
    const fake = answers([block('b-1', '2025-11-26 09:00:00', '2025-11-26 18:00:00')]);
    const { requests } = useFakeFetch(fake);
    fake['/api/availability/update'] = {
      body: successEnvelope({ availability: block('b-1', '2025-11-26 12:00:00', '2025-11-26 16:00:00') }),
    };
    fake['/api/availability/delete'] = { body: successEnvelope({}) };
    const user = userEvent.setup();
    renderCalendar();

    await user.click(await screen.findByRole('button', { name: 'Dostępność 09:00–18:00' }));
    let dialog = screen.getByRole('dialog', { name: 'Edytuj zakres dostępności' });
    expect(within(dialog).getByLabelText('Od godziny')).toHaveValue(9);
    await user.clear(within(dialog).getByLabelText('Od godziny'));
    await user.type(within(dialog).getByLabelText('Od godziny'), '12');
    await user.clear(within(dialog).getByLabelText('Do godziny'));
    await user.type(within(dialog).getByLabelText('Do godziny'), '16');
    fake['/api/availability/list'] = {
      body: successEnvelope({ availability: [block('b-1', '2025-11-26 12:00:00', '2025-11-26 16:00:00')] }),
    };
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(sent(requests, '/api/availability/update')).toEqual([
      { availability: { uuid: 'b-1', since: '2025-11-26 12:00:00', until: '2025-11-26 16:00:00' } },
    ]);

    await user.click(await screen.findByRole('button', { name: 'Dostępność 12:00–16:00' }));
    await vi.waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1), { timeout: WAIT_MS });
    dialog = screen.getByRole('dialog', { name: 'Edytuj zakres dostępności' });
    fake['/api/availability/list'] = { body: successEnvelope({ availability: [] }) };
    await user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    expect(sent(requests, '/api/availability/delete')).toEqual([{ availability: { uuid: 'b-1' } }]);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /^Dostępność/ })).not.toBeInTheDocument(), { timeout: WAIT_MS });
  });

  it('moves by three days and jumps to a month; not before today', async () => {
    useFakeFetch(answers([]));
    const user = userEvent.setup();
    renderCalendar();

    expect(await screen.findByRole('button', { name: 'Poprzednie dni' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Następne dni' }));
    expect(screen.getByRole('group', { name: 'piątek 28 listopada' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'grudzień 2025' }));
    expect(screen.getByRole('group', { name: 'poniedziałek 1 grudnia' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'grudzień 2025' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'listopad 2025' }));
    expect(screen.getByRole('group', { name: 'wtorek 25 listopada' })).toBeInTheDocument();
  });

  it('a failed load says so and still shows the grid to use', async () => {
    useFakeFetch({ ...answers([]), '/api/availability/list': { status: 500, body: failureEnvelope('E_INTERNAL') } });
    renderCalendar();

    expect(await screen.findByText('Nie udało się wczytać kalendarza.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dodaj dostępność: środa 26 listopada, 10:00' })).toBeInTheDocument();
  });

  it('"Current Franchises" lists her territories and closes with OK', async () => {
    useFakeFetch(answers([]));
    const user = userEvent.setup();
    renderCalendar();

    await user.click(await screen.findByRole('button', { name: 'Twoje terytoria' }));
    const dialog = screen.getByRole('dialog', { name: 'Current Franchises' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['WAW-1', 'WAW-2']);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: WAIT_MS });
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildStaff, failure, ok } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';
import { buildLiveAction, buildLiveAnswer, buildLiveException, buildLivePromoter, minutesAgo } from '../test/live-builders.ts';
import { wallTime } from './live-view.ts';
import { WAIT_MS } from '../../test/wait.ts';

const staff = buildStaff({ territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'] });

function openLive(answers: Parameters<typeof fakeAdminApi>[0], path = '/biuro/na-zywo') {
  staffSession.start({ token: 'staff-token', staff });
  const api = fakeAdminApi({ '/admin/auth/session': { body: ok({ staff }) }, ...answers });
  window.history.replaceState(null, '', path);
  const view = render(<BiuroApp />);
  return { api, view };
}

/** Her name in the list beside the map (it is in the phones' table too). */
const inList = async (name: string) => within(await screen.findByRole('region', { name: pl.biuroLive.list.title })).findByText(name);

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the live day', () => {
  beforeEach(() => staffSession.end(null));
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it("shows each point and each running promoter's last position on the map, and the same in the list beside it", async () => {
    const anna = buildLivePromoter({
      name: 'Anna Nowak',
      lastPosition: { latitude: 52.2319, longitude: 21.0067, accuracy: 18, capturedAt: minutesAgo(5) },
      distanceMeters: 120,
      outbox: { count: 3, oldestAt: minutesAgo(12) },
      lastSeenAt: minutesAgo(1),
    });
    const beata = buildLivePromoter({
      name: 'Beata Zając',
      status: null,
      startedAt: null,
      lastPosition: null,
      distanceMeters: null,
      outbox: null,
      lastSeenAt: null,
    });
    const action = buildLiveAction({ name: 'Galeria Mokotów — glo', promoters: [anna, beata] });
    openLive({ '/admin/live': { body: ok(buildLiveAnswer({ actions: [action] })) } });

    const map = await screen.findByRole('region', { name: pl.biuroLive.map.label });
    // A marker for the point and one for Anna's position; Beata has not started: no marker of hers.
    expect(within(map).getByRole('button', { name: pl.biuroLive.map.point('Galeria Mokotów', action.name) })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: pl.biuroLive.map.promoter('AN', 'Anna Nowak') })).toBeInTheDocument();
    expect(within(map).queryByRole('button', { name: pl.biuroLive.map.promoter('BZ', 'Beata Zając') })).toBeNull();
    // No tiles configured: markers alone, and the map's attribution still shown.
    expect(screen.getByText(pl.biuroLive.map.noTiles)).toBeInTheDocument();
    expect(map).toHaveTextContent('© autorzy OpenStreetMap');

    const list = screen.getByRole('region', { name: pl.biuroLive.list.title });
    const annaRow = within(list).getByText('Anna Nowak').closest('li')!;
    expect(annaRow).toHaveTextContent(pl.biuroLive.statuses.started);
    expect(annaRow).toHaveTextContent('5 min temu');
    expect(annaRow).toHaveTextContent('120 m');
    expect(annaRow).toHaveTextContent('3 pozycje, najstarsze 12 min temu');
    const beataRow = within(list).getByText('Beata Zając').closest('li')!;
    expect(beataRow).toHaveTextContent(pl.biuroLive.statuses.notStarted);
    expect(beataRow).toHaveTextContent(pl.biuroLive.list.noPosition);
    expect(beataRow).toHaveTextContent(pl.biuroLive.list.never);

    // 'Co czeka w telefonach': Anna's phone with its three items first.
    const phones = screen.getByRole('table', { name: pl.biuroLive.phones.title });
    const rows = within(phones).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Anna Nowak');
    expect(rows[1]).toHaveTextContent('3 pozycje');
    expect(rows[1]).toHaveTextContent('12 min temu');
    expect(rows[2]).toHaveTextContent(pl.biuroLive.phones.unknown);
  });

  it("'Pokaż na mapie' opens her marker's popup: name, age of the position, accuracy, distance from the point", async () => {
    const anna = buildLivePromoter({ name: 'Anna Nowak', distanceMeters: 1450 });
    const action = buildLiveAction({ promoters: [anna] });
    openLive({ '/admin/live': { body: ok(buildLiveAnswer({ actions: [action] })) } });
    await userEvent.click(await screen.findByRole('button', { name: pl.biuroLive.list.showOnMapOf('Anna Nowak') }));
    const map = screen.getByRole('region', { name: pl.biuroLive.map.label });
    const popup = map.querySelector('.live-popup');
    expect(popup).toHaveTextContent('Anna Nowak');
    expect(popup).toHaveTextContent(`${pl.biuroLive.list.position}: 5 min temu`);
    expect(popup).toHaveTextContent(pl.biuroLive.map.accuracy(18));
    expect(popup).toHaveTextContent('1,5 km od najbliższego punktu');
    expect(within(map).getByRole('button', { name: pl.biuroLive.map.promoter('AN', 'Anna Nowak') })).toHaveFocus();
  });

  it('lists the exceptions in Polish, oldest first; one marked checked is kept on the server and leaves the queue', async () => {
    const anna = buildLivePromoter({ name: 'Anna Nowak' });
    const piotr = buildLivePromoter({ name: 'Piotr Kowalski', status: null, lastPosition: null });
    const action = buildLiveAction({ promoters: [anna, piotr] });
    const exceptions = [
      buildLiveException(action, anna, { kind: 'data_on_phone', since: minutesAgo(5) }),
      buildLiveException(action, piotr, { kind: 'not_started', since: minutesAgo(40) }),
      buildLiveException(action, anna, { kind: 'started_far', since: minutesAgo(30), distanceMeters: 450 }),
      buildLiveException(action, anna, { kind: 'no_position', since: minutesAgo(20) }),
      buildLiveException(action, anna, { kind: 'finished_without_end_photos', since: minutesAgo(10) }),
    ];
    const answer = ok(buildLiveAnswer({ actions: [action], exceptions }));
    const checkedAt = new Date().toISOString();
    const { api } = openLive({
      '/admin/live': { body: answer },
      '/admin/live/check': { body: ok({ checked: { by: { uuid: staff.uuid, name: 'Ewa Koordynator' }, at: checkedAt } }) },
    });

    const queue = await screen.findByRole('region', { name: pl.biuroLive.exceptions.title });
    const kinds = () =>
      within(queue)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')!.textContent);
    expect(kinds()).toEqual([
      'Nie rozpoczęto 15 min po starcie',
      'Rozpoczęto daleko od punktu (450 m)',
      'Brak pozycji od 20 min',
      'Zakończono bez zdjęć końcowych',
      'Dane czekają w telefonie',
    ]);
    expect(within(queue).getAllByRole('listitem')[0]).toHaveTextContent('Piotr Kowalski');
    expect(queue).toHaveTextContent(pl.biuroLive.exceptions.count(5));

    await userEvent.click(
      within(queue).getByRole('button', { name: pl.biuroLive.exceptions.checkOf('Nie rozpoczęto 15 min po starcie — Piotr Kowalski') }),
    );
    expect(kinds()).toHaveLength(4);
    expect(queue).toHaveTextContent(pl.biuroLive.exceptions.count(4));
    // Focus goes on to the next one, so she can work down the queue.
    expect(
      within(queue).getByRole('button', { name: pl.biuroLive.exceptions.checkOf('Rozpoczęto daleko od punktu (450 m) — Anna Nowak') }),
    ).toHaveFocus();

    // The server keeps it (decision 117): the exception's identity, as the live day answered it.
    const sent = api.requests.find((call) => call.path === '/admin/live/check');
    expect(sent?.body).toEqual({
      exception: { kind: 'not_started', action: { uuid: action.uuid }, promoter: { uuid: piotr.uuid }, since: exceptions[1]!.since },
      checked: true,
    });
  });

  it("one another coordinator checked is out of the queue, saying who and when; 'Przywróć' asks the server to put it back", async () => {
    const anna = buildLivePromoter({ name: 'Anna Nowak' });
    const action = buildLiveAction({ promoters: [anna] });
    // 09:32 in Warsaw (December: UTC+1).
    const checked = { by: { uuid: 'staff-jan', name: 'Jan Zmiennik' }, at: '2026-12-01T08:32:00.000Z' };
    const exception = buildLiveException(action, anna, { checked });
    const { api } = openLive({
      '/admin/live': { body: ok(buildLiveAnswer({ actions: [action], exceptions: [exception] })) },
      '/admin/live/check': { body: ok({ checked: null }) },
    });
    const queue = await screen.findByRole('region', { name: pl.biuroLive.exceptions.title });
    expect(await within(queue).findByText(pl.biuroLive.exceptions.allChecked)).toBeInTheDocument();
    await userEvent.click(within(queue).getByRole('button', { name: pl.biuroLive.exceptions.showChecked(1) }));
    expect(queue).toHaveTextContent(pl.biuroLive.exceptions.checkedBy('Jan Zmiennik', '09:32'));
    await userEvent.click(
      within(queue).getByRole('button', { name: pl.biuroLive.exceptions.uncheckOf('Brak pozycji od 20 min — Anna Nowak') }),
    );
    expect(queue).toHaveTextContent(pl.biuroLive.exceptions.count(1));
    expect(api.requests.find((call) => call.path === '/admin/live/check')?.body).toMatchObject({ checked: false });
  });

  it('a check the server refuses goes back to the queue and says why in Polish', async () => {
    const anna = buildLivePromoter({ name: 'Anna Nowak' });
    const action = buildLiveAction({ promoters: [anna] });
    openLive({
      '/admin/live': { body: ok(buildLiveAnswer({ actions: [action], exceptions: [buildLiveException(action, anna)] })) },
      '/admin/live/check': { status: 404, body: failure('E_ACTION_NOT_FOUND') },
    });
    const queue = await screen.findByRole('region', { name: pl.biuroLive.exceptions.title });
    await userEvent.click(
      await within(queue).findByRole('button', { name: pl.biuroLive.exceptions.checkOf('Brak pozycji od 20 min — Anna Nowak') }),
    );
    expect(await within(queue).findByRole('alert')).toHaveTextContent(
      pl.biuroLive.exceptions.checkFailed(pl.errors.ofCode('E_ACTION_NOT_FOUND')),
    );
    expect(queue).toHaveTextContent(pl.biuroLive.exceptions.count(1));
  });

  it('lists her shift against the plan with its minutes: started early, past the planned end, very short (decision 116)', async () => {
    const anna = buildLivePromoter({ name: 'Anna Nowak' });
    const ola = buildLivePromoter({ name: 'Ola Zięba', status: 'finished' });
    const action = buildLiveAction({ name: 'Degustacja velo — Kiosk Nowy Świat', promoters: [anna, ola] });
    const exceptions = [
      buildLiveException(action, anna, { kind: 'started_early', since: minutesAgo(600), minutes: 75 }),
      buildLiveException(action, anna, { kind: 'past_planned_end', since: minutesAgo(467), minutes: 497 }),
      buildLiveException(action, ola, { kind: 'short_shift', since: minutesAgo(30), minutes: 12 }),
    ];
    openLive({ '/admin/live': { body: ok(buildLiveAnswer({ actions: [action], exceptions })) } });
    const queue = await screen.findByRole('region', { name: pl.biuroLive.exceptions.title });
    const items = await within(queue).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')!.textContent)).toEqual([
      'Start 1 godz. 15 min przed planem',
      '8 godz. 17 min po planowanym końcu',
      'Bardzo krótka zmiana: 12 min',
    ]);
    expect(items[1]).toHaveTextContent('Anna Nowak · Degustacja velo — Kiosk Nowy Świat');
  });

  it('says how many photos wait for the file store and since when; past ten minutes it says so more strongly; none waiting, nothing', async () => {
    const fresh = minutesAgo(3);
    const { view } = openLive({ '/admin/live': { body: ok(buildLiveAnswer({ pendingFiles: { count: 3, oldestAt: fresh } })) } });
    const line = await screen.findByText(pl.biuroLive.pendingFiles(3, wallTime(fresh)));
    expect(line).toHaveTextContent(/^Zdjęcia czekające na magazyn: 3 \(najstarsze od \d{2}:\d{2}\)$/);
    expect(line).not.toHaveClass('live-files--late');
    view.unmount();

    const late = minutesAgo(11);
    const again = openLive({ '/admin/live': { body: ok(buildLiveAnswer({ pendingFiles: { count: 1, oldestAt: late } })) } });
    const lateLine = await screen.findByText(pl.biuroLive.pendingFiles(1, wallTime(late)));
    expect(lateLine).toHaveClass('live-files--late');
    expect(within(lateLine).getByText(pl.biuroLive.pendingFilesLate)).toBeInTheDocument();
    again.view.unmount();

    // The bucket takes every file (0), or files are not kept in one (null): not a word about it.
    for (const pendingFiles of [{ count: 0, oldestAt: null }, null]) {
      const quiet = openLive({ '/admin/live': { body: ok(buildLiveAnswer({ pendingFiles })) } });
      await screen.findByText(pl.biuroLive.noActions);
      expect(screen.queryByText(/Zdjęcia czekające na magazyn/)).toBeNull();
      quiet.view.unmount();
    }
  });

  it('asks again every 30 seconds and says when it last did; a hidden tab asks nothing until it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let name = 'Anna Nowak';
    const { api } = openLive({
      '/admin/live': () => ({ body: ok(buildLiveAnswer({ actions: [buildLiveAction({ promoters: [buildLivePromoter({ name })] })] })) }),
    });
    expect(await inList('Anna Nowak')).toBeInTheDocument();
    // Looked for as the list is (a loaded CI run once checked it before its render).
    expect(await screen.findByText(/^Odświeżono \d\d:\d\d \((przed chwilą|\d+ s temu)\)/)).toBeInTheDocument();
    expect(api.requestsTo('/admin/live')).toHaveLength(1);

    name = 'Anna Nowak-Kowalska';
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await inList('Anna Nowak-Kowalska')).toBeInTheDocument();
    expect(api.requestsTo('/admin/live')).toHaveLength(2);

    setVisibility('hidden');
    expect(await screen.findByText(pl.biuroLive.paused)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(api.requestsTo('/admin/live')).toHaveLength(2);

    await act(async () => setVisibility('visible'));
    await vi.waitFor(() => expect(api.requestsTo('/admin/live')).toHaveLength(3), { timeout: WAIT_MS });
  });

  it('a failed refresh keeps the last answer on screen and says the data may be old', async () => {
    let fail = false;
    const action = buildLiveAction({ promoters: [buildLivePromoter({ name: 'Anna Nowak' })] });
    openLive({
      '/admin/live': () => (fail ? { status: 500, body: failure('E_INTERNAL') } : { body: ok(buildLiveAnswer({ actions: [action] })) }),
    });
    expect(await inList('Anna Nowak')).toBeInTheDocument();
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: pl.biuroLive.refresh }));
    expect(await screen.findByText(new RegExp(pl.biuroLive.refreshFailed))).toBeInTheDocument();
    expect(await inList('Anna Nowak')).toBeInTheDocument();
  });

  it("the first load's failure is said in Polish with a retry; an empty day says there is nothing today", async () => {
    let fail = true;
    openLive({
      '/admin/live': () => (fail ? { status: 403, body: failure('E_FORBIDDEN') } : { body: ok(buildLiveAnswer()) }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(pl.biuro.errors.forbidden);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: pl.biuro.table.retry }));
    expect(await screen.findByText(pl.biuroLive.noActions)).toBeInTheDocument();
    expect(screen.getByText(pl.biuroLive.exceptions.none)).toBeInTheDocument();
  });

  it('the territory filter offers her territories and asks for the one chosen', async () => {
    const { api } = openLive({ '/admin/live': { body: ok(buildLiveAnswer()) } });
    const select = await screen.findByLabelText(pl.biuroLive.territory);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([pl.biuro.table.any, 'WAW-CENTRUM', 'WAW-POLUDNIE']);
    await userEvent.selectOptions(select, 'WAW-POLUDNIE');
    await vi.waitFor(() => expect(api.requestsTo('/admin/live').at(-1)?.body).toEqual({ territory: 'WAW-POLUDNIE' }), {
      timeout: WAIT_MS,
    });
    expect(new URLSearchParams(window.location.search).get('terytorium')).toBe('WAW-POLUDNIE');
  });
});

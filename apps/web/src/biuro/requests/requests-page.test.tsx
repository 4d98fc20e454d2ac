import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import type { ConsumerRequest } from '../api/admin-types.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildConsumer, buildConsumerRequest, buildHistory, buildOfficer, failure, ok } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';
import { appDay } from '../../lib/dates/app-time-zone.ts';
import { dateText } from '../consumers/consumers-view.ts';

const t = pl.biuroRequests;
const officer = buildOfficer();
const DAY = 24 * 60 * 60 * 1000;
/** An instant `days` from now (the deadlines are counted against the reader's now). */
const fromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const page = (requests: ConsumerRequest[]) => ({ page: 1, pageSize: 100, total: requests.length, requests });

function openRequests(answers: Parameters<typeof fakeAdminApi>[0], search = '') {
  staffSession.start({ token: 'rodo-token', staff: officer });
  const api = fakeAdminApi({ '/admin/auth/session': { body: ok({ staff: officer }) }, ...answers });
  window.history.replaceState(null, '', `/biuro/wnioski${search}`);
  render(<BiuroApp />);
  return api;
}

async function openPanel(request: ConsumerRequest) {
  const table = await screen.findByRole('table', { name: t.caption });
  const receivedDay = dateText(request.receivedAt);
  await userEvent.click(await within(table).findByRole('button', { name: t.open(t.requestKinds[request.kind], receivedDay) }));
  return screen.findByRole('dialog', { name: t.panel.title(t.requestKinds[request.kind]) });
}

describe('the requests page', () => {
  let saved: { name: string }[];
  beforeEach(() => {
    staffSession.end(null);
    saved = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export-1', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download });
    });
  });

  it('lists pending requests first with the days left, warns when overdue or due within a week, and filters by state and kind', async () => {
    // Days left are Warsaw days (issue 33): at noon in Warsaw, half a day before midnight.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-29T11:00:00Z') });
    onTestFinished(() => void vi.useRealTimers());
    const done = buildConsumerRequest({
      kind: 'access',
      state: 'completed',
      receivedAt: fromNow(-10),
      dueAt: fromNow(20),
      completedAt: fromNow(-1),
    });
    const later = buildConsumerRequest({ kind: 'portability', receivedAt: fromNow(-5), dueAt: fromNow(25.5) });
    const soon = buildConsumerRequest({ kind: 'rectification', receivedAt: fromNow(-27), dueAt: fromNow(2.5) });
    const overdue = buildConsumerRequest({ kind: 'erasure', receivedAt: fromNow(-33), dueAt: fromNow(-3.5) });
    const api = openRequests({ '/admin/consumers/requests/list': { body: ok(page([done, later, soon, overdue])) } });

    const table = await screen.findByRole('table', { name: t.caption });
    await within(table).findByText(t.requestKinds.erasure);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      t.requestKinds.erasure,
      t.requestKinds.rectification,
      t.requestKinds.portability,
      t.requestKinds.access,
    ]);
    expect(rows[0]).toHaveTextContent(t.overdue(3));
    expect(rows[1]).toHaveTextContent(`${t.dueSoon}: ${t.dueIn(3)}`);
    expect(rows[2]).toHaveTextContent(t.dueIn(26));
    expect(rows[2]).not.toHaveTextContent(t.dueSoon);
    expect(rows[3]).toHaveTextContent(t.requestStates.completed);

    await userEvent.selectOptions(screen.getByLabelText(t.state), t.requestStates.pending);
    await userEvent.selectOptions(screen.getByLabelText(t.kind), t.requestKinds.erasure);
    expect(window.location.search).toBe('?stan=pending&rodzaj=erasure');
    expect(api.requestsTo('/admin/consumers/requests/list').at(-1)!.body).toEqual({
      page: 1,
      pageSize: 100,
      state: 'pending',
      kind: 'erasure',
    });
  });

  it('each request links to her card, which after an erasure reads "Dane usunięte" and the day (issue 33)', async () => {
    const erased = buildConsumer({
      uuid: 'c91af6ca-1111-4000-8000-000000000001',
      firstName: null,
      lastName: null,
      emailAddress: null,
      mobileNumber: null,
      erasedAt: '2026-11-28T23:10:00.000Z',
    });
    const request = buildConsumerRequest({ kind: 'erasure', state: 'completed', consumer: { uuid: erased.uuid } });
    const api = openRequests({
      '/admin/consumers/requests/list': { body: ok(page([request])) },
      '/admin/consumers/history': { body: ok(buildHistory(erased, { requests: [request] })) },
    });
    const table = await screen.findByRole('table', { name: t.caption });
    await userEvent.click(await within(table).findByRole('link', { name: t.consumerCardOf('c91af6ca') }));
    const data = await screen.findByRole('region', { name: pl.biuroConsumers.card.data });
    expect(window.location.pathname + window.location.search).toBe(`/biuro/konsumenci?konsument=${erased.uuid}`);
    // Erased at 00:10 in Warsaw on 29.11: the day she reads is Warsaw's.
    expect(data).toHaveTextContent(pl.biuroConsumers.erased('29.11.2026'));
    expect(api.requests.find((call) => call.path === '/admin/consumers/history')?.body).toEqual({ consumer: { uuid: erased.uuid } });
    await userEvent.click(screen.getByRole('button', { name: pl.biuroConsumers.card.backToRequests }));
    await screen.findByRole('table', { name: t.caption });
    expect(window.location.pathname).toBe('/biuro/wnioski');
  });

  it('says so when no request fits the filters, and a failed load in Polish with a retry', async () => {
    let calls = 0;
    openRequests({
      '/admin/consumers/requests/list': () => (++calls === 1 ? { status: 403, body: failure('E_FORBIDDEN') } : { body: ok(page([])) }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(pl.biuro.errors.forbidden);
    await userEvent.click(screen.getByRole('button', { name: pl.biuro.table.retry }));
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
  });

  it('"Przedłuż termin" asks for a reason; the server’s refusal is said in Polish', async () => {
    const request = buildConsumerRequest({ kind: 'access', receivedAt: fromNow(-3), dueAt: fromNow(27) });
    let attempts = 0;
    const api = openRequests({
      '/admin/consumers/requests/list': { body: ok(page([request])) },
      '/admin/consumers/requests/extend': () =>
        ++attempts === 1
          ? { status: 409, body: failure('E_EXTENSION_NOT_ALLOWED') }
          : {
              body: ok({
                request: { ...request, dueAt: fromNow(88), extension: { reason: 'Złożona sprawa', at: fromNow(0), by: 'rodo@demo.pl' } },
              }),
            },
    });
    const panel = await openPanel(request);
    const extend = within(panel).getByRole('region', { name: t.extend.title });
    await userEvent.click(within(extend).getByRole('button', { name: t.extend.open }));
    expect(within(extend).getByLabelText(t.extend.reason)).toHaveFocus();
    await userEvent.click(within(extend).getByRole('button', { name: t.extend.submit }));
    expect(within(extend).getByText(t.extend.reasonRequired)).toBeInTheDocument();
    expect(api.requestsTo('/admin/consumers/requests/extend')).toEqual([]);

    await userEvent.type(within(extend).getByLabelText(t.extend.reason), 'Złożona sprawa');
    await userEvent.click(within(extend).getByRole('button', { name: t.extend.submit }));
    expect(await within(extend).findByRole('alert')).toHaveTextContent(pl.errors.ofCode('E_EXTENSION_NOT_ALLOWED'));
    await userEvent.click(within(extend).getByRole('button', { name: t.extend.submit }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(t.extend.done);
    expect(api.requestsTo('/admin/consumers/requests/extend')[1]!.body).toEqual({
      request: { uuid: request.uuid },
      reason: 'Złożona sprawa',
    });
    // Extended once: the section is gone.
    expect(within(panel).queryByRole('region', { name: t.extend.title })).toBeNull();
  });

  it('an overdue or already extended request offers no extension', async () => {
    const extended = buildConsumerRequest({
      dueAt: fromNow(40),
      extension: { reason: 'Złożona sprawa', at: fromNow(-1), by: 'rodo@demo.pl' },
    });
    openRequests({ '/admin/consumers/requests/list': { body: ok(page([extended])) } });
    const panel = await openPanel(extended);
    expect(panel).toHaveTextContent('Złożona sprawa');
    expect(within(panel).queryByRole('region', { name: t.extend.title })).toBeNull();
    expect(within(panel).getByRole('region', { name: t.complete.title })).toBeInTheDocument();
  });

  it('"Zrealizuj" on an access request saves her data as a JSON file', async () => {
    const request = buildConsumerRequest({ kind: 'access', consumer: { uuid: 'abcdef12-consumer' } });
    const data = {
      exportedAt: fromNow(0),
      consumer: { uuid: 'abcdef12-consumer' },
      items: [],
      registrations: [],
      consents: [],
      inspirationClub: null,
      invitations: [],
    };
    const api = openRequests({
      '/admin/consumers/requests/list': { body: ok(page([request])) },
      '/admin/consumers/requests/complete': {
        body: ok({ request: { ...request, state: 'completed', completedAt: fromNow(0) }, export: data }),
      },
    });
    const panel = await openPanel(request);
    await userEvent.click(within(panel).getByRole('button', { name: t.complete.accessSubmit }));
    const name = `dane-access-abcdef12-${appDay(new Date())}.json`;
    expect(await within(panel).findByRole('status')).toHaveTextContent(t.complete.downloaded(name));
    expect(saved).toEqual([{ name }]);
    expect(api.requestsTo('/admin/consumers/requests/complete')[0]!.body).toEqual({ request: { uuid: request.uuid } });
    expect(panel).toHaveTextContent(t.panel.closed);
  });

  it('an erasure acts only after the dialog that says it cannot be undone, and once she ticks that she understands', async () => {
    const request = buildConsumerRequest({ kind: 'erasure' });
    const api = openRequests({
      '/admin/consumers/requests/list': { body: ok(page([request])) },
      '/admin/consumers/requests/complete': {
        body: ok({ request: { ...request, state: 'completed', completedAt: fromNow(0) }, export: null }),
      },
    });
    const panel = await openPanel(request);
    await userEvent.click(within(panel).getByRole('button', { name: t.complete.erasureOpen }));
    const dialog = within(panel).getByRole('alertdialog', { name: t.complete.erasureQuestion });
    expect(within(dialog).getByRole('checkbox', { name: t.complete.erasureUnderstood })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: t.complete.erasureSubmit })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: t.complete.erasureUnderstood }));
    expect(api.requestsTo('/admin/consumers/requests/complete')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: t.complete.erasureSubmit }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(t.complete.erased);
    expect(api.requestsTo('/admin/consumers/requests/complete')[0]!.body).toEqual({ request: { uuid: request.uuid } });
  });

  it('a rectification sends only the fields typed in; the contract’s message shows under its field', async () => {
    const request = buildConsumerRequest({ kind: 'rectification' });
    let attempts = 0;
    const api = openRequests({
      '/admin/consumers/requests/list': { body: ok(page([request])) },
      '/admin/consumers/requests/complete': () =>
        ++attempts === 1
          ? {
              status: 400,
              body: {
                ...failure('E_VALIDATION'),
                data: {
                  error: 'E_VALIDATION',
                  details: [{ path: 'body.rectification.postalCode', message: 'Oczekiwano kodu pocztowego NN-NNN' }],
                },
              },
            }
          : { body: ok({ request: { ...request, state: 'completed', completedAt: fromNow(0) }, export: null }) },
    });
    const panel = await openPanel(request);
    const fields = t.complete.fields;
    await userEvent.click(within(panel).getByRole('button', { name: t.complete.rectificationSubmit }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(t.complete.pickOne);
    await userEvent.type(within(panel).getByLabelText(fields.lastName), 'Nowakowska');
    await userEvent.type(within(panel).getByLabelText(fields.postalCode), '00017');
    await userEvent.click(within(panel).getByRole('button', { name: t.complete.rectificationSubmit }));
    expect(await within(panel).findByText('Oczekiwano kodu pocztowego NN-NNN')).toBeInTheDocument();
    await userEvent.clear(within(panel).getByLabelText(fields.postalCode));
    await userEvent.type(within(panel).getByLabelText(fields.postalCode), '00-017');
    await userEvent.click(within(panel).getByRole('button', { name: t.complete.rectificationSubmit }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(t.complete.done);
    expect(api.requestsTo('/admin/consumers/requests/complete')[1]!.body).toEqual({
      request: { uuid: request.uuid },
      rectification: { lastName: 'Nowakowska', postalCode: '00-017' },
    });
  });

  it('"Odmów" needs a reason and closes the request as denied', async () => {
    const request = buildConsumerRequest({ kind: 'portability' });
    const api = openRequests({
      '/admin/consumers/requests/list': { body: ok(page([request])) },
      '/admin/consumers/requests/complete': {
        body: ok({
          request: {
            ...request,
            state: 'denied',
            completedAt: fromNow(0),
            completedBy: 'rodo@demo.pl',
            outcomeNote: 'Brak potwierdzenia tożsamości',
          },
          export: null,
        }),
      },
    });
    const panel = await openPanel(request);
    const deny = within(panel).getByRole('region', { name: t.deny.title });
    await userEvent.click(within(deny).getByRole('button', { name: t.deny.open }));
    await userEvent.click(within(deny).getByRole('button', { name: t.deny.submit }));
    expect(within(deny).getByText(t.deny.noteRequired)).toBeInTheDocument();
    await userEvent.type(within(deny).getByLabelText(t.deny.note), 'Brak potwierdzenia tożsamości');
    await userEvent.click(within(deny).getByRole('button', { name: t.deny.submit }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(t.deny.done);
    expect(panel).toHaveTextContent(t.requestStates.denied);
    expect(panel).toHaveTextContent('Brak potwierdzenia tożsamości');
    expect(api.requestsTo('/admin/consumers/requests/complete')[0]!.body).toEqual({
      request: { uuid: request.uuid },
      outcome: 'denied',
      note: 'Brak potwierdzenia tożsamości',
    });
  });
});

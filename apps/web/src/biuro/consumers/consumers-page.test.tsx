import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildConsentEntry, buildConsumer, buildConsumerRequest, buildHistory, buildOfficer, failure, ok } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';
import { appDay } from '../../lib/dates/app-time-zone.ts';

const t = pl.biuroConsumers;
const officer = buildOfficer();

function openConsumers(answers: Parameters<typeof fakeAdminApi>[0]) {
  staffSession.start({ token: 'rodo-token', staff: officer });
  const api = fakeAdminApi({ '/admin/auth/session': { body: ok({ staff: officer }) }, ...answers });
  window.history.replaceState(null, '', '/biuro/konsumenci');
  render(<BiuroApp />);
  return api;
}

async function find(value: string, reason: string) {
  await userEvent.type(await screen.findByLabelText(t.find.emailValue), value);
  if (reason) await userEvent.type(screen.getByLabelText(t.find.reason), reason);
  await userEvent.click(screen.getByRole('button', { name: t.find.submit }));
}

describe('the consumers page', () => {
  let saved: { name: string }[];
  beforeEach(() => {
    staffSession.end(null);
    saved = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:proof-1', revokeObjectURL: () => {} }));
    // jsdom does not download: the link the page clicks is recorded instead.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download });
    });
  });

  it('asks for the reason before searching, sends e-mail and reason, and says so when no one is found', async () => {
    const api = openConsumers({ '/admin/consumers/find': { body: ok({ consumers: [] }) } });
    await find('nikt@example.pl', '');
    expect(screen.getByLabelText(t.find.reason)).toHaveAccessibleDescription(t.find.required);
    expect(screen.getByLabelText(t.find.reason)).toHaveFocus();
    expect(api.requestsTo('/admin/consumers/find')).toEqual([]);

    await userEvent.type(screen.getByLabelText(t.find.reason), 'Wniosek z e-maila');
    await userEvent.click(screen.getByRole('button', { name: t.find.submit }));
    expect(await screen.findByText(t.noResults)).toBeInTheDocument();
    expect(api.requestsTo('/admin/consumers/find')[0]!.body).toEqual({ emailAddress: 'nikt@example.pl', reason: 'Wniosek z e-maila' });
    expect(api.requestsTo('/admin/consumers/find')[0]!.authorization).toBe('Bearer rodo-token');
  });

  it('a reason of zero-width or no-break spaces is no reason: she is asked for one and nothing is sent', async () => {
    const api = openConsumers({ '/admin/consumers/find': { body: ok({ consumers: [] }) } });
    await find('nikt@example.pl', '\u200b\u200b\u200b\u00a0');
    expect(screen.getByLabelText(t.find.reason)).toHaveAccessibleDescription(t.find.required);
    await userEvent.type(screen.getByLabelText(t.find.reason), 'ab');
    await userEvent.click(screen.getByRole('button', { name: t.find.submit }));
    expect(screen.getByLabelText(t.find.reason)).toHaveAccessibleDescription(t.find.reasonTooShort);
    expect(api.requestsTo('/admin/consumers/find')).toEqual([]);
  });

  it('searches by phone, and the contract’s message for a field shows under it', async () => {
    const api = openConsumers({
      '/admin/consumers/find': {
        status: 400,
        body: {
          ...failure('E_VALIDATION'),
          data: { error: 'E_VALIDATION', details: [{ path: 'body.mobileNumber', message: 'Oczekiwano numeru telefonu z prefiksem' }] },
        },
      },
    });
    await userEvent.click(await screen.findByRole('radio', { name: t.find.phone }));
    await userEvent.type(screen.getByLabelText(t.find.phoneValue), 'abc');
    await userEvent.type(screen.getByLabelText(t.find.reason), 'Telefon od konsumentki');
    await userEvent.click(screen.getByRole('button', { name: t.find.submit }));
    expect(await screen.findByText('Oczekiwano numeru telefonu z prefiksem')).toBeInTheDocument();
    expect(screen.getByLabelText(t.find.phoneValue)).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('/admin/consumers/find')[0]!.body).toEqual({ mobileNumber: 'abc', reason: 'Telefon od konsumentki' });
  });

  it('her card: data, consents now in Polish, the history newest first with the text shown, and both proofs downloaded', async () => {
    const joanna = buildConsumer();
    const older = buildConsentEntry({ field: 'newsletterCommercialAuthorization', recordedAt: '2026-11-20T10:00:00.000Z' });
    const newer = buildConsentEntry({
      field: 'mobileOptIn',
      decision: false,
      recordedAt: '2026-11-25T09:30:00.000Z',
      channel: 'withdrawal',
      text: null,
      promoter: null,
      action: null,
      point: null,
      proof: { kind: 'officer', confirmedAt: null, staff: 'rodo@demo.pl', note: 'E-mail z 25 listopada' },
    });
    const api = openConsumers({
      '/admin/consumers/find': { body: ok({ consumers: [joanna] }) },
      '/admin/consumers/history': {
        body: ok(
          buildHistory(joanna, {
            consents: [older, newer],
            current: [
              { field: 'newsletterCommercialAuthorization', decision: true, since: older.recordedAt },
              { field: 'mobileOptIn', decision: false, since: newer.recordedAt },
            ],
          }),
        ),
      },
      '/admin/consumers/proof': (body) =>
        (body as { format: string }).format === 'pdf'
          ? {
              file: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
              headers: { 'Content-Disposition': 'attachment; filename="dowod-zgod.pdf"' },
            }
          : { file: new Blob(['{"history":[]}'], { type: 'application/json' }) },
    });
    await find(joanna.emailAddress!, 'Wniosek o dostęp');
    await userEvent.click(await screen.findByRole('button', { name: t.open('Joanna Kowalczyk') }));

    const card = await screen.findByRole('article', { name: t.card.title('Joanna Kowalczyk') });
    expect(within(card).getByRole('heading', { name: t.card.title('Joanna Kowalczyk') })).toHaveFocus();
    expect(within(card).getByRole('region', { name: t.card.data })).toHaveTextContent(joanna.emailAddress!);
    const current = await within(card).findByRole('region', { name: t.current.title });
    expect(current).toHaveTextContent(`${t.consentFields.newsletterCommercialAuthorization} ${t.current.given}`);
    expect(current).toHaveTextContent(`${t.consentFields.mobileOptIn} ${t.current.refused}`);

    const history = within(card).getByRole('table', { name: t.history.caption });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(t.consentFields.mobileOptIn);
    expect(rows[0]).toHaveTextContent(t.history.channels.withdrawal);
    expect(rows[0]).toHaveTextContent('Zapis inspektora (rodo@demo.pl): E-mail z 25 listopada');
    expect(rows[1]).toHaveTextContent(t.consentFields.newsletterCommercialAuthorization);
    expect(rows[1]).toHaveTextContent('Anna Nowak (HST1001)');
    expect(rows[1]).toHaveTextContent('Żabka, Marszałkowska 1, Warszawa');
    expect(rows[1]).toHaveTextContent(t.history.proofs.codes);
    await userEvent.click(within(rows[1]!).getByText(t.history.showText));
    expect(within(rows[1]!).getByText(older.text!.words!)).toBeVisible();

    await userEvent.click(within(card).getByRole('button', { name: t.proof.pdf }));
    expect(await within(card).findByRole('status')).toHaveTextContent(t.proof.downloaded('dowod-zgod.pdf'));
    await userEvent.click(within(card).getByRole('button', { name: t.proof.json }));
    const jsonName = `zgody-${joanna.uuid.slice(0, 8)}-${appDay(new Date())}.json`;
    expect(await within(card).findByText(t.proof.downloaded(jsonName))).toBeInTheDocument();
    expect(saved.map((file) => file.name)).toEqual(['dowod-zgod.pdf', jsonName]);
    expect(api.requestsTo('/admin/consumers/proof').map((request) => request.body)).toEqual([
      { consumer: { uuid: joanna.uuid }, format: 'pdf' },
      { consumer: { uuid: joanna.uuid }, format: 'json' },
    ]);
  });

  it('a withdrawal names the ticked consents and how she asked, after a confirmation; the history is read again', async () => {
    const joanna = buildConsumer();
    const given = buildConsentEntry({ field: 'mobileOptIn' });
    const withdrawn = buildConsentEntry({
      field: 'mobileOptIn',
      decision: false,
      recordedAt: '2026-11-26T09:00:00.000Z',
      channel: 'withdrawal',
      proof: { kind: 'officer', confirmedAt: null, staff: 'rodo@demo.pl', note: 'Telefon' },
    });
    let withdrawals = 0;
    const api = openConsumers({
      '/admin/consumers/find': { body: ok({ consumers: [joanna] }) },
      '/admin/consumers/history': () => ({
        body: ok(
          withdrawals === 0
            ? buildHistory(joanna, { consents: [given], current: [{ field: 'mobileOptIn', decision: true, since: given.recordedAt }] })
            : buildHistory(joanna, {
                consents: [withdrawn, given],
                current: [{ field: 'mobileOptIn', decision: false, since: withdrawn.recordedAt }],
              }),
        ),
      }),
      '/admin/consumers/withdraw': () => {
        withdrawals += 1;
        return { body: ok({ consents: [withdrawn] }) };
      },
    });
    await find(joanna.emailAddress!, 'Wycofanie zgody');
    await userEvent.click(await screen.findByRole('button', { name: t.open('Joanna Kowalczyk') }));
    const section = await screen.findByRole('region', { name: t.withdraw.title });
    await userEvent.click(within(section).getByRole('button', { name: t.withdraw.open }));
    expect(within(section).getByRole('checkbox', { name: t.consentFields.mobileOptIn })).toHaveFocus();
    await userEvent.click(within(section).getByRole('button', { name: `${t.withdraw.submit}…` }));
    expect(within(section).getByText(t.withdraw.pickOne)).toBeInTheDocument();
    expect(within(section).getByText(t.withdraw.noteRequired)).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('checkbox', { name: t.consentFields.mobileOptIn }));
    await userEvent.type(within(section).getByLabelText(t.withdraw.note), 'Telefon');
    await userEvent.click(within(section).getByRole('button', { name: `${t.withdraw.submit}…` }));
    const question = within(section).getByRole('alertdialog', { name: t.withdraw.confirm(1) });
    expect(within(question).getByRole('button', { name: t.withdraw.submit })).toHaveFocus();
    expect(api.requestsTo('/admin/consumers/withdraw')).toEqual([]);
    await userEvent.click(within(question).getByRole('button', { name: t.withdraw.submit }));

    expect(await screen.findByText(t.withdraw.done)).toBeInTheDocument();
    expect(api.requestsTo('/admin/consumers/withdraw')[0]!.body).toEqual({
      consumer: { uuid: joanna.uuid },
      consents: ['mobileOptIn'],
      note: 'Telefon',
    });
    const history = await screen.findByRole('table', { name: t.history.caption });
    expect(await within(history).findByText(t.history.channels.withdrawal)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: t.withdraw.title })).toHaveTextContent(t.withdraw.none);
  });

  it('an erased consumer reads "Dane usunięte" with the day, and offers no withdrawal or new request', async () => {
    const erased = buildConsumer({
      firstName: null,
      lastName: null,
      emailAddress: null,
      mobileNumber: null,
      birthDate: null,
      postalCode: null,
      erasedAt: '2026-11-27T12:00:00.000Z',
    });
    const request = buildConsumerRequest({
      kind: 'erasure',
      state: 'completed',
      completedAt: erased.erasedAt,
      completedBy: 'rodo@demo.pl',
    });
    openConsumers({
      '/admin/consumers/find': { body: ok({ consumers: [erased] }) },
      '/admin/consumers/history': { body: ok(buildHistory(erased, { consents: [buildConsentEntry()], requests: [request] })) },
    });
    await find('usunieta@example.pl', 'Sprawdzenie usunięcia');
    await userEvent.click(await screen.findByRole('button', { name: t.open(t.erased('27.11.2026')) }));
    const data = await screen.findByRole('region', { name: t.card.data });
    expect(data).toHaveTextContent(t.erased('27.11.2026'));
    const requests = await screen.findByRole('region', { name: t.requests.title });
    expect(requests).toHaveTextContent(`${t.requestKinds.erasure} ${t.requestStates.completed}`);
    expect(within(requests).queryByRole('button', { name: t.requests.new })).toBeNull();
    expect(screen.queryByRole('region', { name: t.withdraw.title })).toBeNull();
  });

  it('"Nowy wniosek" records the kind chosen and the note, and her requests are read again', async () => {
    const joanna = buildConsumer();
    let created = false;
    const erasure = buildConsumerRequest({ kind: 'erasure', consumer: { uuid: joanna.uuid } });
    const api = openConsumers({
      '/admin/consumers/find': { body: ok({ consumers: [joanna] }) },
      '/admin/consumers/history': () => ({ body: ok(buildHistory(joanna, { requests: created ? [erasure] : [] })) }),
      '/admin/consumers/requests/create': () => {
        created = true;
        return { body: ok({ request: erasure }) };
      },
    });
    await find(joanna.emailAddress!, 'Wniosek o usunięcie');
    await userEvent.click(await screen.findByRole('button', { name: t.open('Joanna Kowalczyk') }));
    const requests = await screen.findByRole('region', { name: t.requests.title });
    expect(requests).toHaveTextContent(t.requests.empty);
    await userEvent.click(within(requests).getByRole('button', { name: t.requests.new }));
    await userEvent.selectOptions(within(requests).getByLabelText(t.requests.kind), t.requestKinds.erasure);
    await userEvent.type(within(requests).getByLabelText(t.requests.note), 'E-mail z 27 listopada');
    await userEvent.click(within(requests).getByRole('button', { name: t.requests.create }));
    expect(await screen.findByText(t.requests.created(t.requestKinds.erasure))).toBeInTheDocument();
    expect(api.requestsTo('/admin/consumers/requests/create')[0]!.body).toEqual({
      consumer: { uuid: joanna.uuid },
      kind: 'erasure',
      note: 'E-mail z 27 listopada',
    });
    expect(api.requestsTo('/admin/consumers/requests/create')[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await within(requests).findByRole('button', { name: t.requests.open(t.requestKinds.erasure) })).toBeInTheDocument();
  });
});

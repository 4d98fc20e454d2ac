import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import type { NotificationDelivery, Staff } from '../api/admin-types.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { ActionPanel } from '../plan/action-panel.tsx';
import {
  buildNotificationDelivery,
  buildPlannedAction,
  buildReport,
  buildStaff,
  failure,
  ok,
  promotersPage,
  reportsPage,
} from '../test/builders.ts';
import { fakeAdminApi, type FakeAnswer } from '../test/fake-admin-api.ts';

// Issue 37 in the back office: what reached her — on a report and on an action — and a resend.

const t = pl.biuroNotifications;
const coordinator = buildStaff();
const client = buildStaff({ username: 'klient@demo.pl', roles: ['client'], territories: [] });
const listed = (notifications: NotificationDelivery[]): FakeAnswer => ({ body: ok({ notifications }) });

/** The reports page with one report, its panel opened; resolves with the panel's 'Powiadomienia'. */
async function openReportDeliveries(
  answers: Parameters<typeof fakeAdminApi>[0],
  staff: Staff = coordinator,
  report = buildReport({ state: 'changes_requested' }),
) {
  staffSession.start({ token: 'staff-token', staff });
  const api = fakeAdminApi({
    '/admin/auth/session': { body: ok({ staff }) },
    '/admin/reports/list': { body: ok(reportsPage([report])) },
    '/admin/reports/get': { body: ok({ report }) },
    '/admin/reports/file-thumbnail': { file: new Blob(['thumbnail'], { type: 'image/webp' }) },
    '/admin/reports/receipt-thumbnail': { file: new Blob(['thumbnail'], { type: 'image/webp' }) },
    ...answers,
  });
  window.history.replaceState(null, '', '/biuro/raporty?od=2026-12-01&do=2026-12-31');
  render(<BiuroApp />);
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${pl.biuroReports.open(report.action.name)}`) }));
  const panel = await screen.findByRole('dialog');
  const section = await within(panel).findByRole('region', { name: t.title });
  return { api, report, section, her: `${report.promoter.firstname} ${report.promoter.lastname}` };
}

const item = (section: HTMLElement, name: string) => within(section).getByRole('listitem', { name });

describe("'Powiadomienia' in the back office", () => {
  beforeEach(() => staffSession.end(null));

  it("a report's panel lists her notifications with what reached her: push, read in the app, SMS, the last resend", async () => {
    const returned = buildNotificationDelivery({ kind: 'report_returned', pushDevices: 0, sms: 'sent', smsSentAt: '2026-12-02 10:10:00' });
    const moved = buildNotificationDelivery({
      kind: 'action_moved',
      pushDevices: 2,
      pushSentAt: '2026-12-02 10:00:05',
      sms: 'waiting',
      smsDueAt: '2026-12-02 10:10:00',
    });
    const cancelled = buildNotificationDelivery({
      kind: 'action_cancelled',
      pushSentAt: '2026-12-02 10:00:02',
      pushShownAt: '2026-12-02 10:01:00',
      readAt: '2026-12-02 10:03:00',
      sms: 'not_needed',
    });
    const late = buildNotificationDelivery({ kind: 'action_assigned', createdAt: '2026-12-02 22:00:00', sms: 'quiet_hours' });
    const plan = buildNotificationDelivery({
      kind: 'plan_changed',
      sms: 'failed',
      readAt: '2026-12-03 09:00:00',
      resentAt: '2026-12-03 08:15:00',
      resentBy: 'Ewa Koordynator',
    });
    const { api, report, section, her } = await openReportDeliveries({
      '/admin/notifications/list': listed([returned, moved, cancelled, late, plan]),
    });

    const list = await within(section).findByRole('list', { name: t.listOf(her) });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(api.requestsTo('/admin/notifications/list')[0]).toMatchObject({
      authorization: 'Bearer staff-token',
      body: { action: { uuid: report.action.uuid }, promoter: { ident: report.promoter.ident } },
    });
    const first = item(section, 'Raport do poprawy');
    expect(first).toHaveTextContent('Utworzone02.12.2026 10:00');
    expect(first).toHaveTextContent('PushBrak urządzeń z powiadomieniami');
    expect(first).toHaveTextContent('AplikacjaNieprzeczytane');
    expect(first).toHaveTextContent('SMSWysłany 10:10');
    expect(first).toHaveTextContent('PonownieNie');
    expect(item(section, 'Akcja przeniesiona')).toHaveTextContent('PushWysłane 10:00 (2 urządzenia)');
    expect(item(section, 'Akcja przeniesiona')).toHaveTextContent('SMSCzeka (do 10:10)');
    expect(item(section, 'Akcja odwołana')).toHaveTextContent('PushWyświetlone 10:01');
    expect(item(section, 'Akcja odwołana')).toHaveTextContent('AplikacjaPrzeczytane w aplikacji 10:03');
    expect(item(section, 'Akcja odwołana')).toHaveTextContent('SMSNie dotyczy');
    expect(item(section, 'Nowa akcja')).toHaveTextContent('PushJeszcze nie wysłane');
    expect(item(section, 'Nowa akcja')).toHaveTextContent('SMSCisza nocna — wyśle o 8:00');
    // A time on a later day than the notification's says its day.
    expect(item(section, 'Zmiany w planie')).toHaveTextContent('AplikacjaPrzeczytane w aplikacji 03.12 09:00');
    expect(item(section, 'Zmiany w planie')).toHaveTextContent('SMSNie wysłano');
    expect(item(section, 'Zmiany w planie')).toHaveTextContent('Ponownie03.12.2026 08:15, Ewa Koordynator');
  });

  it('a resend asks first, sends an Idempotency-Key, and the row shows the answer', async () => {
    const returned = buildNotificationDelivery({ kind: 'report_returned', sms: 'waiting' });
    const { api, section } = await openReportDeliveries({
      '/admin/notifications/list': listed([returned]),
      '/admin/notifications/resend': {
        body: ok({
          notification: {
            ...returned,
            pushSentAt: '2026-12-02 10:20:01',
            sms: 'sent',
            smsSentAt: '2026-12-02 10:20:02',
            resentAt: '2026-12-02 10:20:00',
            resentBy: 'Ewa Koordynator',
          },
        }),
      },
    });
    const row = await within(section).findByRole('listitem', { name: 'Raport do poprawy' });
    const name = t.resendOf('Raport do poprawy, 02.12.2026 10:00');
    await userEvent.click(within(row).getByRole('button', { name }));
    const question = within(row).getByRole('alertdialog');
    expect(question).toHaveTextContent(t.resendConfirm);
    expect(within(question).getByRole('button', { name: pl.biuro.panel.cancel })).toHaveFocus();
    expect(api.requestsTo('/admin/notifications/resend')).toHaveLength(0);

    await userEvent.click(within(question).getByRole('button', { name }));
    expect(await within(section).findByRole('status')).toHaveTextContent(t.resent);
    expect(row).toHaveTextContent('PushWysłane 10:20 (1 urządzenie)');
    expect(row).toHaveTextContent('SMSWysłany 10:20');
    expect(row).toHaveTextContent('Ponownie02.12.2026 10:20, Ewa Koordynator');
    const [sent] = api.requestsTo('/admin/notifications/resend');
    expect(sent!.body).toEqual({ notification: { id: returned.id } });
    expect(sent!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(row).queryByRole('alertdialog')).toBeNull();
    expect(within(row).getByRole('button', { name })).toHaveFocus();
  });

  it('a refused resend says why in Polish; a retry after a lost connection keeps its key, after a refusal takes a new one', async () => {
    const returned = buildNotificationDelivery();
    let calls = 0;
    const { api, section } = await openReportDeliveries({
      '/admin/notifications/list': listed([returned]),
      '/admin/notifications/resend': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return { status: 404, body: failure('E_NOT_FOUND') };
      },
    });
    const row = await within(section).findByRole('listitem', { name: 'Raport do poprawy' });
    const name = t.resendOf('Raport do poprawy, 02.12.2026 10:00');
    await userEvent.click(within(row).getByRole('button', { name }));
    await userEvent.click(within(within(row).getByRole('alertdialog')).getByRole('button', { name }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(pl.biuro.errors.network);

    await userEvent.click(within(within(row).getByRole('alertdialog')).getByRole('button', { name }));
    await waitFor(() => expect(within(row).getByRole('alert')).toHaveTextContent('Nie znaleziono.'));
    await userEvent.click(within(within(row).getByRole('alertdialog')).getByRole('button', { name }));
    await waitFor(() => expect(api.requestsTo('/admin/notifications/resend')).toHaveLength(3));
    const keys = api.requestsTo('/admin/notifications/resend').map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(row).toHaveTextContent('PonownieNie');
  });

  it('a client reads what reached her but is offered no resend', async () => {
    const returned = buildNotificationDelivery({ pushShownAt: '2026-12-02 10:01:00', pushSentAt: '2026-12-02 10:00:01' });
    const { section } = await openReportDeliveries({ '/admin/notifications/list': listed([returned]) }, client);
    expect(await within(section).findByRole('listitem', { name: 'Raport do poprawy' })).toHaveTextContent('PushWyświetlone 10:01');
    expect(within(section).queryByRole('button', { name: /Wyślij ponownie/ })).toBeNull();
  });

  it("nothing sent yet reads 'Nic jeszcze nie wysłano'", async () => {
    const { section } = await openReportDeliveries({ '/admin/notifications/list': listed([]) });
    expect(await within(section).findByText(t.empty)).toBeInTheDocument();
    expect(within(section).queryByRole('list')).toBeNull();
  });

  it('a list that does not load says why in Polish and loads again on request', async () => {
    let calls = 0;
    const returned = buildNotificationDelivery();
    const { section } = await openReportDeliveries({
      '/admin/notifications/list': () => (++calls === 1 ? { status: 403, body: failure('E_FORBIDDEN') } : listed([returned])),
    });
    expect(await within(section).findByRole('alert')).toHaveTextContent(pl.biuro.errors.forbidden);
    await userEvent.click(within(section).getByRole('button', { name: pl.biuro.table.retry }));
    expect(await within(section).findByRole('listitem', { name: 'Raport do poprawy' })).toBeInTheDocument();
  });

  it('a send-back made in the panel is looked for at once: the list is asked for again', async () => {
    const report = buildReport({ state: 'submitted' });
    const returned = buildNotificationDelivery({ kind: 'report_returned' });
    let lists = 0;
    const { api, section } = await openReportDeliveries(
      {
        '/admin/notifications/list': () => listed(++lists === 1 ? [] : [returned]),
        '/admin/reports/review': {
          body: ok({
            report: {
              ...report,
              state: 'changes_requested',
              reviews: [
                {
                  decision: 'changes_requested',
                  reason: 'other',
                  note: 'Popraw.',
                  at: '2026-12-02T09:00:00.000Z',
                  reviewer: { name: 'Ewa' },
                },
              ],
            },
          }),
        },
      },
      coordinator,
      report,
    );
    expect(await within(section).findByText(t.empty)).toBeInTheDocument();
    const panel = screen.getByRole('dialog');
    await userEvent.click(within(panel).getByRole('button', { name: `${pl.biuroReports.requestChanges}…` }));
    await userEvent.type(within(panel).getByLabelText(pl.biuroReports.note), 'Popraw.');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuroReports.sendRequest }));
    const again = await within(panel).findByRole('region', { name: t.title });
    expect(await within(again).findByRole('listitem', { name: 'Raport do poprawy' })).toBeInTheDocument();
    expect(api.requestsTo('/admin/notifications/list')).toHaveLength(2);
  });

  it("an action's panel lists the notifications of all its promoters, each with her name", async () => {
    const action = buildPlannedAction({ name: 'Galeria Mokotów — glo' });
    staffSession.start({ token: 'staff-token', staff: coordinator });
    const api = fakeAdminApi({
      '/admin/promoters/list': { body: ok(promotersPage([])) },
      '/admin/notifications/list': listed([
        buildNotificationDelivery({ kind: 'action_moved', promoter: { ident: 'HST1', name: 'Anna Nowak' } }),
        buildNotificationDelivery({ kind: 'action_moved', promoter: { ident: 'HST2', name: 'Beata Zając' }, sms: 'not_needed' }),
      ]),
    });
    render(
      <ActionPanel open action={action} territories={coordinator.territories} onClose={() => {}} onChanged={() => {}} onSaved={() => {}} />,
    );
    const panel = await screen.findByRole('dialog');
    const section = within(panel).getByRole('region', { name: t.title });
    const list = await within(section).findByRole('list', { name: t.listOf(action.name) });
    expect(within(list).getByRole('listitem', { name: 'Akcja przeniesiona — Anna Nowak' })).toHaveTextContent(`SMS${t.sms.waiting}`);
    expect(within(list).getByRole('listitem', { name: 'Akcja przeniesiona — Beata Zając' })).toHaveTextContent('SMSNie dotyczy');
    expect(within(list).getByRole('button', { name: t.resendOf('Akcja przeniesiona, Beata Zając, 02.12.2026 10:00') })).toBeEnabled();
    expect(api.requestsTo('/admin/notifications/list')[0]!.body).toEqual({ action: { uuid: action.uuid } });
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildAuditEntry, buildStaff, ok } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';

// Dziennik zdarzeń (issue 33 item 11): events in Polish, objects by their names with a link, the kind
// of event chosen from a list.

const t = pl.biuro.audit;
const admin = buildStaff({ roles: ['admin'], territories: [] });

describe('the audit log', () => {
  beforeEach(() => staffSession.end(null));

  it('says each event in Polish and names each object, linking to where the back office shows it', async () => {
    const entries = [
      buildAuditEntry({ verb: 'auth.login', object: { type: 'staff_session', uuid: '5e30022d-aaaa', name: null, day: null } }),
      buildAuditEntry({
        verb: 'actions.cancel',
        object: { type: 'action', uuid: '5e30022d-bbbb', name: 'Promocja glo — Złote Tarasy', day: '2026-11-30' },
      }),
      buildAuditEntry({ verb: 'consumers.erase', object: { type: 'consumer', uuid: 'c91af6ca-cccc', name: null, day: null } }),
      buildAuditEntry({ verb: 'access.denied', object: null }),
    ];
    staffSession.start({ token: 'staff-token', staff: admin });
    const api = fakeAdminApi({
      '/admin/auth/session': { body: ok({ staff: admin }) },
      '/admin/audit/list': { body: ok({ page: 1, pageSize: 50, total: entries.length, entries }) },
    });
    window.history.replaceState(null, '', '/biuro/dziennik');
    render(<BiuroApp />);
    const table = await screen.findByRole('table', { name: t.title });
    // The table is drawn with its header while the entries are on their way: wait for the first one's row.
    await within(table).findByRole('row', { name: /Logowanie pracownika/ });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (index: number) =>
      within(rows[index]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(0)[2]).toBe('Logowanie pracownika');
    expect(cells(0)[3]).toBe('Sesja pracownika 5e30022d');
    expect(cells(1)[2]).toBe('Odwołanie akcji');
    expect(within(rows[1]!).getByRole('link', { name: 'Akcja: Promocja glo — Złote Tarasy' })).toHaveAttribute(
      'href',
      '/biuro/plan?dzien=2026-11-30',
    );
    expect(within(rows[2]!).getByRole('link', { name: 'Konsument c91af6ca' })).toHaveAttribute(
      'href',
      '/biuro/konsumenci?konsument=c91af6ca-cccc',
    );
    expect(cells(3)[2]).toBe('Odmowa dostępu');
    expect(table).not.toHaveTextContent(/auth\.login|actions\.cancel|access\.denied|consumers\.erase/);

    // The kind of event is chosen from a list in words; the server is asked for its code.
    await userEvent.selectOptions(screen.getByLabelText(t.action), 'Usunięcie danych konsumenta');
    expect(new URLSearchParams(window.location.search).get('zdarzenie')).toBe('consumers.erase');
    expect(api.requests.filter((call) => call.path === '/admin/audit/list').at(-1)?.body).toMatchObject({ verb: 'consumers.erase' });
  });
});

import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { appDateText } from '../../lib/dates/app-time-zone.ts';
import { adminCall } from '../api/admin-api.ts';
import type { StaffMember } from '../api/admin-types.ts';
import { ConfirmedAction } from '../components/confirmed-action.tsx';
import type { Run } from './staff-form.ts';
import { staffName } from './staff-view.ts';

type Props = { member: StaffMember; self: boolean; busy: boolean; run: Run };

/** Her password (set, or waiting for her link) with a fresh link, and deactivation or reactivation. */
export function StaffAccount({ member, self, busy, run }: Props) {
  const ref = { staff: { uuid: member.uuid } };
  if (!member.active) {
    return (
      <section className="side-panel__section" aria-labelledby="staff-reactivate">
        <h3 id="staff-reactivate">{pl.biuroStaff.reactivate}</h3>
        <p className="biuro-muted">{pl.biuroStaff.reactivateHint}</p>
        <Button
          variant="secondary"
          busy={busy}
          onClick={() => void run(() => adminCall('/admin/staff/reactivate', ref), pl.biuroStaff.reactivated)}
        >
          {pl.biuroStaff.reactivate}
        </Button>
      </section>
    );
  }
  const state = member.passwordSet
    ? pl.biuroStaff.passwordSet
    : member.linkExpiresAt
      ? pl.biuroStaff.waiting(appDateText(member.linkExpiresAt, 'minute'))
      : pl.biuroStaff.noOpenLink;
  return (
    <>
      <section className="side-panel__section" aria-labelledby="staff-password">
        <h3 id="staff-password">{pl.biuroStaff.password}</h3>
        <p role="status">{state}</p>
        <p className="biuro-muted">{pl.biuroStaff.sendLinkHint}</p>
        <Button
          variant="secondary"
          busy={busy}
          onClick={() => void run(() => adminCall('/admin/staff/send-link', ref), pl.biuroStaff.linkSent(member.username))}
        >
          {pl.biuroStaff.sendLink}
        </Button>
      </section>
      {self ? null : (
        <ConfirmedAction
          key={member.uuid}
          id="staff-deactivate"
          label={pl.biuroStaff.deactivate}
          question={pl.biuroStaff.deactivateConfirm(staffName(member))}
          busy={busy}
          onConfirm={() => void run(() => adminCall('/admin/staff/deactivate', ref), pl.biuroStaff.deactivated)}
        />
      )}
    </>
  );
}

import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@promotor/contract/permissions';
import { issueLink } from '../modules/staff/staff-passwords.service.ts';
import { buildStaff } from './admin-builders.ts';
import { post, type TestApp } from './test-app.ts';

// Staff accounts made as the 'Personel' page makes them (issue 34): through the admin's call, so that
// the link e-mailed to her is in the outbox as it would reach her.

/** The newest message of the outbox to this recipient, or undefined. */
export async function lastMessageTo(t: TestApp, recipient: string) {
  return t.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The token of the newest set-password link e-mailed to her. */
export async function linkTokenOf(t: TestApp, username: string): Promise<string> {
  const body = (await lastMessageTo(t, username))?.body ?? '';
  const token = /\/biuro\/ustaw-haslo\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  if (!token) throw new Error(`no password link e-mailed to ${username}`);
  return token;
}

/** The newest staff reset code e-mailed to her. */
export async function resetCodeOf(t: TestApp, username: string): Promise<string> {
  const code = /: ([A-Z0-9]{5})\./.exec((await lastMessageTo(t, username))?.body ?? '')?.[1];
  if (!code) throw new Error(`no reset code e-mailed to ${username}`);
  return code;
}

export const newStaffUsername = () => `nowy-${randomBytes(4).toString('hex')}@test.pl`;

type Invite = { roles?: StaffRole[]; territories?: string[]; firstname?: string; lastname?: string; username?: string };

/** An account the admin (her token) adds on the page: its id, username and the token of her link. */
export async function buildInvitedStaff(t: TestApp, adminToken: string, o: Invite = {}) {
  const username = o.username ?? newStaffUsername();
  const staff = {
    firstname: o.firstname ?? 'Celina',
    lastname: o.lastname ?? 'Nowa',
    username,
    roles: o.roles ?? ['client'],
    territories: o.territories ?? [],
  };
  const res = await post(t.app, '/admin/staff/create', { staff }, adminToken);
  if (res.statusCode !== 200) throw new Error(`staff create failed: ${res.body}`);
  const uuid = res.json().data.staff.uuid as string;
  return { uuid, username, linkToken: await linkTokenOf(t, username) };
}

/** A fresh account (the CLI's way) with an open link: the token, as her e-mail would carry it. */
export async function buildLinkToken(t: TestApp): Promise<string> {
  const { staffId } = await buildStaff(t, { roles: ['client'] });
  return t.db.transaction().execute(async (trx) => (await issueLink(trx, staffId, t.clock.now())).token);
}

/** A fresh account with a reset code asked for through the call: her username and the code e-mailed. */
export async function buildResetCode(t: TestApp): Promise<{ username: string; otp: string }> {
  const { username } = await buildStaff(t, { roles: ['client'] });
  const res = await post(t.app, '/admin/auth/reset-token', { username });
  if (res.statusCode !== 200) throw new Error(`reset-token failed: ${res.body}`);
  return { username, otp: await resetCodeOf(t, username) };
}

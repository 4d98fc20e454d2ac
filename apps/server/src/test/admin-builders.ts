import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '@promotor/contract/permissions';
import { ensureTerritory } from '../db/territories.ts';
import { newId } from '../lib/crypto.ts';
import { createStaff } from '../modules/staff/staff-accounts.service.ts';
import { post, type TestApp } from './test-app.ts';

// Back-office test data (issue 24): territories and staff members, each test building its own.

export const STAFF_PASSWORD = 'haslo-biura-1';

const unique = () => randomBytes(4).toString('hex').toUpperCase();

/**
 * The events of these idents, made where missing (named after the ident): plans and /admin/actions
 * name only events that exist (decision 123). Returns the first ident.
 */
export async function buildEvents(t: Pick<TestApp, 'db'>, ...idents: string[]): Promise<string> {
  for (const ident of idents) {
    await t.db
      .insertInto('events')
      .values({ id: newId(), ident, name: ident })
      .onConflict((oc) => oc.column('ident').doNothing())
      .execute();
  }
  return idents[0]!;
}

/** A new territory with a unique ident (e.g. 'WAW-1A2B3C4D'); returns its ident. */
export async function buildTerritory(t: TestApp, prefix = 'T'): Promise<string> {
  const ident = `${prefix}-${unique()}`;
  await ensureTerritory(t.db, ident);
  return ident;
}

export type BuiltStaff = { staffId: string; username: string; password: string; roles: StaffRole[]; territories: string[] };

type StaffOptions = { roles?: StaffRole[]; territories?: string[]; firstname?: string; lastname?: string };

/** A new staff member with these roles (admin by default) and territories; Beata Biurowa unless named. */
export async function buildStaff(t: TestApp, o: StaffOptions = {}): Promise<BuiltStaff> {
  const roles = o.roles ?? ['admin'];
  const territories = o.territories ?? [];
  const username = `biuro-${unique().toLowerCase()}@test.pl`;
  const staffId = await createStaff(t.db, {
    username,
    password: STAFF_PASSWORD,
    firstname: o.firstname ?? 'Beata',
    lastname: o.lastname ?? 'Biurowa',
    roles,
    territories,
  });
  return { staffId, username, password: STAFF_PASSWORD, roles, territories };
}

export async function staffLogin(app: FastifyInstance, username: string, password = STAFF_PASSWORD): Promise<string> {
  const res = await post(app, '/admin/auth/login', { username, password });
  if (res.statusCode !== 200) throw new Error(`staff login failed for ${username}: ${res.body}`);
  return res.json().data.token.token as string;
}

/** A new staff member, logged in to the back office. */
export async function buildSignedInStaff(t: TestApp, o: StaffOptions = {}): Promise<BuiltStaff & { token: string }> {
  const staff = await buildStaff(t, o);
  return { ...staff, token: await staffLogin(t.app, staff.username) };
}

/** The audit log's entries with this verb, newest first. */
export function auditEntries(t: TestApp, verb: string) {
  return t.db.selectFrom('audit_log').selectAll().where('verb', '=', verb).orderBy('seq', 'desc').execute();
}

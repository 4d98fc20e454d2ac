import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { wallDay } from './builders.ts';
import { post, type TestApp } from './test-app.ts';

// Planning through the back office's calls, for the scheduling tests (issue 34): an action planned
// with /admin/actions/create, a call with a fresh Idempotency-Key, her calendar's block.

export type PlannedRef = {
  uuid: string;
  ident: string;
  name: string;
  since: string;
  until: string;
  points: { uuid: string; name: string }[];
};

export const schedulePoint = (n = 1) => ({
  name: `Galeria ${n}`,
  streetAddress: `ul. Złota ${n}`,
  postalCode: '00-120',
  cityName: 'Warszawa',
  petraId: `PT-${n}`,
  latitude: 52.23,
  longitude: 21.0,
});

export type PlanOptions = {
  territory?: string;
  offset?: number;
  from?: string;
  to?: string;
  toOffset?: number;
  name?: string;
  event?: string;
};

/** An action's input `offset` days from today (the app clock), 10:00–18:00 unless told. */
export const scheduleInput = (t: TestApp, o: PlanOptions = {}) => ({
  event: { ident: o.event ?? 'EV-SCHEDULE' },
  name: o.name ?? `Akcja ${randomUUID().slice(0, 8)}`,
  since: `${wallDay(t, o.offset ?? 1)} ${o.from ?? '10:00'}:00`,
  until: `${wallDay(t, o.toOffset ?? o.offset ?? 1)} ${o.to ?? '18:00'}:00`,
  territory: { ident: o.territory ?? 'WAW-CENTRUM' },
  points: [schedulePoint(1), schedulePoint(2)],
});

/** A back-office call under /api/admin/actions with its own Idempotency-Key. */
export const actionsCall = (t: TestApp, path: string, body: unknown, token: string) =>
  post(t.app, `/admin/actions/${path}`, body, token, { 'idempotency-key': randomUUID() });

/** An action planned by `token`'s coordinator, with these promoters assigned (conflicts confirmed). */
export async function planAction(t: TestApp, token: string, o: PlanOptions = {}, promoters: readonly string[] = []): Promise<PlannedRef> {
  const body = { action: scheduleInput(t, o), promoters: promoters.map((uuid) => ({ uuid })), confirm: true };
  const res = await actionsCall(t, 'create', body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.action as PlannedRef;
}

/** A block of her phone's calendar (spec §2): she can work `from`–`to` on the day `offset`. */
export async function declareAvailability(t: TestApp, promoterToken: string, offset: number, from: string, to: string) {
  const day = wallDay(t, offset);
  const res = await post(
    t.app,
    '/availability/create',
    { availability: { since: `${day} ${from}:00`, until: `${day} ${to}:00` } },
    promoterToken,
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** The audit log's details of `verb` entries about this object, oldest first. */
export async function auditDetails(t: TestApp, objectId: string, verb: string) {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('details')
    .where('object_id', '=', objectId)
    .where('verb', '=', verb)
    .orderBy('seq')
    .execute();
  return rows.map((r) => (r.details ? (JSON.parse(r.details) as Record<string, unknown>) : {}));
}

import type {
  AdminConsumerRequestCompleteBody,
  AdminConsumerRequestCompleteResponse,
  AdminConsumerRequestCreateBody,
  AdminConsumerRequestExtendBody,
  AdminConsumerRequestListBody,
  AdminConsumerRequestListResponse,
  AdminConsumerRequestResponse,
} from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/schema.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import type { AuditVerb } from '../../lib/audit-readers.ts';
import { instantOfWall } from '../../lib/wall-instant.ts';
import { recordAudit, type StaffCall } from '../../plugins/audit-trail.ts';
import type { BlobStore } from '../../plugins/blob-store.ts';
import { toConsumerRequest } from './consent-history.ts';
import { findConsumerById, type ConsumerRow } from './consumer-privacy.repository.ts';
import { exportOf } from './data-export.ts';
import { eraseConsumer, removeHerReceiptImages } from './erasure.ts';
import * as repo from './subject-requests.repository.ts';
import { staffName } from '../staff/staff-accounts.service.ts';

// Data-subject requests (GDPR art. 12, 15, 16, 17, 20; issue 26, decision 098): recorded with a due
// date, extended once with a reason, carried out or denied. pending → completed | denied, each move
// conditional on the state it was seen in, written with its audit entry (ids, never her fields).

/** `dropOldVersions`: the database handle's (db/kysely.ts), run after an erasure (decision 108). */
export type SubjectRequestsDeps = {
  db: Db;
  now: () => Date;
  timezone: string;
  blobStore: BlobStore;
  dropOldVersions: () => Promise<boolean>;
};

type CreateBody = z.output<typeof AdminConsumerRequestCreateBody>;
type ListBody = z.output<typeof AdminConsumerRequestListBody>;
type ExtendBody = z.output<typeof AdminConsumerRequestExtendBody>;
type CompleteBody = z.output<typeof AdminConsumerRequestCompleteBody>;

/** A month to answer, two more once extended (art. 12(3)). */
const ANSWER_MONTHS = 1;
const EXTENSION_MONTHS = 2;

/**
 * The end of the day, in APP_TIMEZONE, that has the same date `months` calendar months after
 * `instant`'s date — or the last day of that month when it has no such date (31 January → 28/29
 * February). Regulation 1182/71 art. 3(2)(c), how the EU counts a period in months.
 */
export function monthsLater(instant: Date, months: number, timeZone: string): Date {
  const wall = toWallClock(instant, timeZone);
  const [year, month, day] = wall.slice(0, 10).split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const date = `${first.toISOString().slice(0, 7)}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
  return new Date(instantOfWall(`${date} 23:59:59`, timeZone).getTime() + 999);
}

async function requireConsumer(db: Db, id: string): Promise<ConsumerRow> {
  const consumer = await findConsumerById(db, id);
  if (!consumer) throw refusedTry('E_CONSUMER_NOT_FOUND', { type: 'consumer', ids: [id] });
  return consumer;
}

async function requirePending(db: Db, id: string): Promise<repo.RequestRow> {
  const request = await repo.findRequest(db, id);
  if (!request) throw refusedTry('E_REQUEST_NOT_FOUND', { type: 'subject_request', ids: [id] });
  if (request.state !== 'pending') throw new AppError('E_REQUEST_WRONG_STATE', { state: request.state });
  return request;
}

const fieldError = (path: string, message: string) => new AppError('E_VALIDATION', [{ path, message }]);

/** When she asked: now by default; never in the future, nor so long ago that its month has run out. */
function receivedAtOf(body: CreateBody, now: Date, timeZone: string): Date {
  if (body.receivedAt === undefined) return now;
  const at = new Date(body.receivedAt);
  if (at.getTime() > now.getTime()) throw fieldError('body.receivedAt', 'Data wpływu wniosku nie może być z przyszłości.');
  if (monthsLater(at, ANSWER_MONTHS, timeZone).getTime() < now.getTime())
    throw fieldError('body.receivedAt', 'Data wpływu wniosku nie może być starsza niż miesiąc.');
  return at;
}

export async function create(deps: SubjectRequestsDeps, call: StaffCall, body: CreateBody): Promise<AdminConsumerRequestResponse> {
  const consumer = await requireConsumer(deps.db, body.consumer.uuid);
  // After an erasure only an access request makes sense: she may ask what is still held.
  if (consumer.erased_at !== null && body.kind !== 'access') throw new AppError('E_CONSUMER_ERASED');
  const now = deps.now();
  const receivedAt = receivedAtOf(body, now, deps.timezone);
  const id = newId();
  const by = await staffName(deps.db, call.staff.staffId);
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertRequest(trx, {
      id,
      consumer_id: consumer.id,
      kind: body.kind,
      state: 'pending',
      received_at: receivedAt.toISOString(),
      due_at: monthsLater(receivedAt, ANSWER_MONTHS, deps.timezone).toISOString(),
      extension_reason: null,
      extended_at: null,
      extended_by: null,
      note: body.note ?? null,
      created_by: by,
      created_at: now.toISOString(),
      completed_at: null,
      completed_by: null,
      outcome_note: null,
    });
    await recordAudit(trx, now, {
      actor: call.actor,
      verb: 'consumers.request_create',
      object: { type: 'consumer', id: consumer.id },
      details: { request: id, kind: body.kind, receivedAt: receivedAt.toISOString() },
    });
  });
  return { request: toConsumerRequest((await repo.findRequest(deps.db, id))!) };
}

export async function list(deps: SubjectRequestsDeps, body: ListBody): Promise<AdminConsumerRequestListResponse> {
  const { rows, total } = await repo.listRequests(
    deps.db,
    {
      consumerId: body.consumer?.uuid,
      state: body.state,
      kind: body.kind,
      dueBefore: body.dueBefore === undefined ? undefined : new Date(body.dueBefore).toISOString(),
    },
    { limit: body.pageSize, offset: (body.page - 1) * body.pageSize },
  );
  return { page: body.page, pageSize: body.pageSize, total, requests: rows.map(toConsumerRequest) };
}

/** Art. 12(3): two more months, once, while pending, and only within the first month after she asked. */
export async function extend(deps: SubjectRequestsDeps, call: StaffCall, body: ExtendBody): Promise<AdminConsumerRequestResponse> {
  const request = await requirePending(deps.db, body.request.uuid);
  const now = deps.now();
  const receivedAt = new Date(request.received_at);
  if (request.extended_at !== null) throw new AppError('E_EXTENSION_NOT_ALLOWED', { reason: 'extended' });
  if (now.getTime() > monthsLater(receivedAt, ANSWER_MONTHS, deps.timezone).getTime())
    throw new AppError('E_EXTENSION_NOT_ALLOWED', { reason: 'first-month-over' });
  const dueAt = monthsLater(receivedAt, ANSWER_MONTHS + EXTENSION_MONTHS, deps.timezone).toISOString();
  const by = await staffName(deps.db, call.staff.staffId);
  await deps.db.transaction().execute(async (trx) => {
    const moved = await repo.extendRequest(trx, request.id, {
      due_at: dueAt,
      extension_reason: body.reason,
      extended_at: now.toISOString(),
      extended_by: by,
    });
    if (!moved) throw new AppError('E_EXTENSION_NOT_ALLOWED', { reason: 'changed' });
    await recordAudit(trx, now, {
      actor: call.actor,
      verb: 'consumers.request_extend',
      object: { type: 'consumer', id: request.consumer_id },
      details: { request: request.id, kind: request.kind, dueAt },
    });
  });
  return { request: toConsumerRequest((await repo.findRequest(deps.db, request.id))!) };
}

type Closing = { state: 'completed' | 'denied'; verb: AuditVerb; details: Record<string, unknown> };

/** Closes the request (conditional on pending) with its audit entry, after `work` in the same transaction. */
async function close(
  deps: SubjectRequestsDeps,
  call: StaffCall,
  request: repo.RequestRow,
  note: string | null,
  closing: Closing,
  work: (trx: Db, at: Date) => Promise<void> = async () => {},
): Promise<void> {
  const at = deps.now();
  const by = await staffName(deps.db, call.staff.staffId);
  await deps.db.transaction().execute(async (trx) => {
    const moved = await repo.closeRequest(trx, request.id, {
      state: closing.state,
      completed_at: at.toISOString(),
      completed_by: by,
      outcome_note: note,
    });
    if (!moved) throw new AppError('E_REQUEST_WRONG_STATE');
    await work(trx, at);
    await recordAudit(trx, at, {
      actor: call.actor,
      verb: closing.verb,
      object: { type: 'consumer', id: request.consumer_id },
      details: { request: request.id, kind: request.kind, ...closing.details },
    });
  });
}

const RECTIFIABLE = {
  firstName: 'first_name',
  lastName: 'last_name',
  emailAddress: 'email_address',
  mobileNumber: 'mobile_number',
  birthDate: 'birth_date',
  postalCode: 'postal_code',
} as const;

/** Art. 16: the fields given replace hers (the e-mail in lower case, still one consumer per e-mail). */
async function rectify(deps: SubjectRequestsDeps, call: StaffCall, request: repo.RequestRow, body: CompleteBody) {
  const fix = body.rectification;
  if (!fix) throw fieldError('body.rectification', 'Podaj pola do poprawienia.');
  const consumer = await requireConsumer(deps.db, request.consumer_id);
  if (consumer.erased_at !== null) throw new AppError('E_CONSUMER_ERASED');
  const values: Record<string, string> = {};
  for (const [field, column] of Object.entries(RECTIFIABLE)) {
    const value = fix[field as keyof typeof RECTIFIABLE];
    if (value !== undefined) values[column] = field === 'emailAddress' ? value.trim().toLowerCase() : value;
  }
  const fields = Object.keys(values);
  await close(
    deps,
    call,
    request,
    body.note ?? null,
    { state: 'completed', verb: 'consumers.rectify', details: { fields } },
    async (trx, at) => {
      if (values.email_address && (await repo.emailHeldByAnother(trx, values.email_address, consumer.id)))
        throw fieldError('body.rectification.emailAddress', 'Ten adres e-mail ma już inny konsument.');
      await repo.rectifyConsumer(trx, consumer.id, { ...values, updated_at: at.toISOString() });
    },
  );
}

/** Art. 17: the images first (outside the transaction, safe to repeat), then every table in one. */
async function erase(deps: SubjectRequestsDeps, call: StaffCall, request: repo.RequestRow, note: string | null, log?: FastifyBaseLogger) {
  const consumer = await requireConsumer(deps.db, request.consumer_id);
  if (consumer.erased_at !== null) throw new AppError('E_CONSUMER_ERASED');
  const images = await removeHerReceiptImages(deps, consumer.id, deps.now());
  await close(
    deps,
    call,
    request,
    note,
    { state: 'completed', verb: 'consumers.erase', details: { receiptImages: images } },
    async (trx, at) => {
      if (!(await eraseConsumer(trx, consumer, at))) throw new AppError('E_CONSUMER_ERASED');
    },
  );
  // Committed: now the older versions of her rows go from the database's files too (SQLite's WAL).
  if (!(await deps.dropOldVersions())) {
    log?.warn(
      { consumer: consumer.id },
      "erasure: another reader kept the WAL from being emptied; her old rows' copies stay until the next checkpoint",
    );
  }
}

/** `log`: the request's logger, for a copy an erasure could not drop (decision 108). */
export async function complete(
  deps: SubjectRequestsDeps,
  call: StaffCall,
  body: CompleteBody,
  log?: FastifyBaseLogger,
): Promise<AdminConsumerRequestCompleteResponse> {
  const request = await requirePending(deps.db, body.request.uuid);
  const note = body.note ?? null;
  if (body.rectification !== undefined && (request.kind !== 'rectification' || body.outcome !== 'completed'))
    throw fieldError('body.rectification', 'Poprawki danych dotyczą tylko zrealizowanego wniosku o sprostowanie.');
  let answer: AdminConsumerRequestCompleteResponse['export'] = null;
  if (body.outcome === 'denied') {
    await close(deps, call, request, note, { state: 'denied', verb: 'consumers.request_deny', details: {} });
  } else if (request.kind === 'erasure') {
    await erase(deps, call, request, note, log);
  } else if (request.kind === 'rectification') {
    await rectify(deps, call, request, body);
  } else {
    // Read before the request closes: what she is told is what was held when it was carried out.
    answer = await exportOf(deps.db, await requireConsumer(deps.db, request.consumer_id), deps.now());
    await close(deps, call, request, note, { state: 'completed', verb: 'consumers.request_complete', details: {} });
  }
  return { request: toConsumerRequest((await repo.findRequest(deps.db, request.id))!), export: answer };
}

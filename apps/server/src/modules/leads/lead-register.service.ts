import type { FastifyBaseLogger } from 'fastify';
import { isTestActionName } from '@promotor/contract/lead-items';
import type { LeadPayload, LeadRegisterBody, LeadRegisterResponse, WebformCatalogues } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { Db } from '../../db/kysely.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { wallDate } from '../../lib/time.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import { requireActionInStatus } from '../actions/action-guards.ts';
import { findStartedAction, pointsOfAction, type StartedAction } from '../actions/actions.service.ts';
import type { ConsumerContact } from '../consumers/consumers.ts';
import { checkCategory, checkItems, checkWebformRules, consentDecisions, newBeacon } from './lead-register.checks.ts';
import * as leadRepo from './lead-register.repository.ts';
import { consentRows, leadItemRows, registrationOf } from './lead-register.rows.ts';
import * as repo from './leads.repository.ts';
import { codeIsRight, contactOf, recipientHash, requireOwnHostessCode, type LeadsDeps } from './leads.service.ts';

// spec §7 /lead/register, §5 Send rule and Registration, §8 Registration errors (decision 067).

/** The request's logger and meta.ts: a failure is logged with the request id and ts, never with her data. */
export type RequestContext = { log: FastifyBaseLogger; ts: string };

type CodesVerdict = 'right' | 'bypassed' | 'error_wrong_otp' | 'error_wrong_otp_email';

/**
 * Her registrations on one exp1707 test action, with codes or without (decision 080): a training day
 * never meets it; a script writing hundreds a second does. An action is started and finished once, so
 * this is a day's, not a lifetime's.
 */
export const TEST_LEADS_PER_PROMOTER = 200;

/**
 * spec §5 Send rule: the codes are valid "10 min or until the first registration attempt", so this
 * attempt uses them up whatever it answers later. Both are judged (each wrong one takes a try, a
 * locked one is refused) and consumed before any other check refuses.
 */
async function useCodes(db: Db, caller: CallerUser, lead: LeadPayload, now: Date): Promise<CodesVerdict> {
  const otp = await repo.findHerOtp(db, recipientHash(contactOf(lead)), caller.userId);
  if (!otp || otp.consumed_at !== null || Date.parse(otp.expires_at) <= now.getTime()) return 'error_wrong_otp';
  const sms = await codeIsRight(db, otp, 'sms', lead.otp);
  const email = await codeIsRight(db, otp, 'email', lead.otpEmail);
  // A parallel attempt that consumed them first wins; this one is wrong.
  if (!(await repo.consumeCodes(db, otp.id, now.toISOString()))) return 'error_wrong_otp';
  if (!sms) return 'error_wrong_otp';
  return email ? 'right' : 'error_wrong_otp_email';
}

/**
 * Her started action named by tourPlan (not one the organiser cancelled: E_WRONG_ACTION_STATUS, as
 * every call on an action), of the event and with the point the body names.
 */
async function requireHerPlace(db: Db, caller: CallerUser, lead: LeadPayload, started: StartedAction | undefined) {
  if (!started || started.ident !== lead.tourPlan) throw new AppError('E_ACTION_NOT_FOUND');
  await requireActionInStatus(db, caller, started.id, { userStatus: 'started' });
  await requireOwnHostessCode(db, caller.userId, lead.hostessCode);
  if (started.event_ident !== lead.eventIdent) throw new AppError('E_EVENT_NOT_FOUND');
  const points = await pointsOfAction(db, started.id);
  const multiLocation = points.length > 1;
  const point = points.find((p) => p.id === lead.pointIdent);
  // No location chosen on a multi-point action is the form's 'Lokalizacja wymagana' (the rules say it).
  if (!point && !(multiLocation && lead.pointIdent === '')) throw new AppError('E_ACTION_POINT_NOT_FOUND');
  return { action: started, point, multiLocation };
}

/** §5: the chosen Glo or Vuse source marks requireAllConsents in the catalogue. */
function sourceRequiresAllConsents(lead: LeadPayload, catalogues: WebformCatalogues): boolean {
  const { Glo, Vuse } = lead.selectedOffers;
  const requires = (sources: WebformCatalogues['glo']['assetSources'], name: string | undefined) =>
    sources.some((s) => s.name === name && s.requireAllConsents);
  return requires(catalogues.glo.assetSources, Glo?.assetSource) || requires(catalogues.vuse.assetSources, Vuse?.assetSource);
}

/** A registry exception is error_m2_exception; logged with the request id and ts, and without her data. */
export async function inRegistry<T>(context: RequestContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Not the error's message: a database's may quote the values it refused (an e-mail address).
    const failure = { name: (error as Error)?.name, code: (error as { code?: unknown })?.code };
    context.log.error({ ts: context.ts, registryFailure: failure }, 'consumer registry failed');
    throw new AppError('error_m2_exception');
  }
}

export type RegisterAnswer = { data: LeadRegisterResponse; meta: { bc: string } };

/**
 * Registers a consumer: who she is and where (her started action, her hostess code, its event and
 * point), the §5 rules, the items, the consent texts and the codes again; then the registry's checks
 * and, in one transaction, the consumer, her items, her Glo serial, the lead with its items and the
 * consent records. The loyalty club comes after: a failure there still leaves the registration stored
 * and answers the club's code with the lead's id and beacon (spec §4).
 *
 * Without codes (only on the exp1707 test action) nothing proves who the consumer is, so it is a
 * sandbox: the lead (is_test) and its items are stored, the Glo serial is checked but not marked, and
 * no consumer, consumer item, consent record or club entry is written (decision 067).
 */
export async function register(
  deps: LeadsDeps,
  caller: CallerUser,
  body: LeadRegisterBody,
  context: RequestContext,
): Promise<RegisterAnswer> {
  const { db } = deps;
  const { lead, trace } = body;
  const now = deps.now();
  const at = now.toISOString();
  const started = await findStartedAction(db, caller.userId);
  const isTest = started !== undefined && isTestActionName(started.name);
  // spec §2: the test action registers without codes; anywhere else '' is a wrong code.
  const sandbox = isTest && lead.otp === '' && lead.otpEmail === '';
  const codes = sandbox ? 'bypassed' : await useCodes(db, caller, lead, now);

  const { action, point, multiLocation } = await requireHerPlace(db, caller, lead, started);
  const { catalogues } = deps.catalogues;
  const today = wallDate(now, deps.timezone);
  checkWebformRules(lead, { today, multiLocation, sourceRequiresAllConsents: sourceRequiresAllConsents(lead, catalogues) });
  checkCategory(lead, catalogues);
  // The rules refused an empty location on a multi-point action; any other point was found above.
  if (!point) throw new AppError('E_ACTION_POINT_NOT_FOUND');
  const items = checkItems(lead, catalogues, {
    tourPlan: action.ident,
    storeId: point.petra_id,
    today,
    yesterday: wallDate(now, deps.timezone, -1),
    now,
  });
  const decisions = consentDecisions(lead, catalogues.consents);
  if (codes !== 'right' && codes !== 'bypassed') throw new AppError(codes);

  const registration = registrationOf(lead, items, caller.userId, at);
  const gloSerial = registration.assets.find((a) => a.brand === 'Glo')?.serialNumber ?? null;
  const leadId = newId();
  const bc = newBeacon();
  const place = { user_id: caller.userId, action_id: action.id, action_point_id: point.id };

  const consumerId = await db.transaction().execute(async (trx) => {
    if (isTest && !(await leadRepo.countTestLead(trx, action.id, caller.userId, TEST_LEADS_PER_PROMOTER))) {
      throw new AppError('E_TEST_LEAD_LIMIT');
    }
    let consumerId: string | null = null;
    if (!sandbox) consumerId = (await inRegistry(context, () => deps.registry.register(trx, registration))).consumerId;
    else if (gloSerial) await inRegistry(context, () => deps.registry.checkGloSerial(trx, gloSerial));
    await leadRepo.insertLead(
      trx,
      {
        id: leadId,
        ...place,
        hostess_code: lead.hostessCode,
        email_address: null,
        created_at: at,
        wall_time: toWallClock(now, deps.timezone),
        consumer_id: consumerId,
        bc,
        is_test: isTest ? 1 : 0,
        latitude: lead.coordinates.latitude,
        longitude: lead.coordinates.longitude,
        trace: JSON.stringify(trace),
      },
      leadItemRows(lead, registration),
    );
    // A consent record proves a consumer's consent: the sandbox has no consumer to prove it of.
    if (consumerId !== null) {
      await leadRepo.insertConsentRecords(
        trx,
        consentRows(decisions, { ...place, consumer_id: consumerId, lead_id: leadId, recorded_at: at }),
      );
    }
    return consumerId;
  });
  context.log.info({ ts: context.ts, leadId, bc, isTest, sandbox }, 'consumer registered');

  if (consumerId !== null && lead.selectedOffers.InspirationClub === true) {
    const club = await enrol(deps, context, consumerId, registration.contact, at);
    if (club !== 'enrolled') throw new AppError(club, { lead: { id: leadId }, bc });
  }
  return { data: { lead: { id: leadId } }, meta: { bc } };
}

/** The club's answer; its own failure is error_ic_registration_failed (the registration stands). */
async function enrol(deps: LeadsDeps, context: RequestContext, consumerId: string, contact: ConsumerContact, at: string) {
  try {
    return await deps.registry.enrolInClub(consumerId, contact, at);
  } catch (error) {
    const failure = { name: (error as Error)?.name, code: (error as { code?: unknown })?.code };
    context.log.error({ ts: context.ts, registryFailure: failure }, 'loyalty club enrolment failed');
    return 'error_ic_registration_failed' as const;
  }
}

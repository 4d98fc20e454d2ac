import type {
  ErrorCode,
  MgmInviteBody,
  MgmInviteResponse,
  MgmMaybeJoinResponse,
  MgmNoConsentsDetails,
  MgmRanking,
  MgmUpdateBody,
  MgmUpdateResponse,
  MgmValidateBody,
  MgmValidateResponse,
  WebformCataloguesResponse,
} from '@promotor/contract';
import { isUniqueViolation, type Db } from '../../db/kysely.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId, sha256 } from '../../lib/crypto.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import type { RateCounters } from '../../plugins/rate-counters.ts';
import type { Notifier, SendContext } from '../notifier/notifier.ts';
import { findStartedAction } from '../actions/actions.repository.ts';
import { insertConsentRecords } from '../leads/lead-register.repository.ts';
import { findUserIdent } from '../leads/leads.repository.ts';
import * as repo from './mgm.repository.ts';

// spec §2 Member-get-member, §4 its status values, §7 /mgm/* (issue 12; decision 070).

export type MgmDeps = { db: Db; now: () => Date; notifier: Notifier; counters: RateCounters; catalogues: WebformCataloguesResponse };

/** Decision 070: the points one invitation earns her. */
export const MGM_INVITATION_POINTS = 10;
/** Decision 070: invitations (SMS) a promoter may send in an hour. */
export const MGM_INVITES_PER_HOUR = 20;
/**
 * Decision 070: consumers a promoter may look up by e-mail in an hour (validate, update and invite each
 * look one up), so the registry cannot be probed for who is a consumer, a member or of which brand: 20
 * invitations of three calls each, and room for typos and refusals.
 */
export const MGM_LOOKUPS_PER_HOUR = 100;
const HOUR_MS = 3_600_000;

/**
 * Where the SMS leads: the loyalty club's sign-up page with the invitation's id, so the club can credit
 * the referral. The address is the demo's (a reserved .example domain, RFC 2606): decision 070.
 */
export const INVITATION_LINK = (invitationId: string) => `https://inspirationclub.example/dolacz?zaproszenie=${invitationId}`;

export const invitationSms = (brand: string, invitationId: string) =>
  `Zaproszenie do Inspiration Club ${brand}: dołącz do programu lojalnościowego i korzystaj z jego nagród. ${INVITATION_LINK(invitationId)}`;

/** The marketing consent the referral needs (spec §5 MGM: required in the form). */
const REQUIRED_CONSENT = 'newsletterCommercialAuthorization';

const emailOf = (consumer: { emailAddress: string }) => consumer.emailAddress.trim().toLowerCase();

/**
 * §3 token uuid: an id of "this promoter checking this consumer", shaped as a UUID. Derived, not stored:
 * the same for her every time, another promoter's differs, and it says nothing about the consumer.
 */
function checkToken(userId: string, consumerId: string): string {
  const h = sha256(`mgm-check:${userId}:${consumerId}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Her started action and the point she started it at, unless the organiser cancelled it (decision 070). */
async function startedAction(db: Db, userId: string) {
  const action = await findStartedAction(db, userId);
  if (!action || action.global_status === 'hst_cancelled') return undefined;
  return { action_id: action.id, action_point_id: action.user_action_point_id };
}

/** Decision 070: only during her started action (not one the organiser cancelled). */
async function requireStartedAction(db: Db, caller: CallerUser) {
  const action = await startedAction(db, caller.userId);
  if (!action) throw new AppError('E_MGM_NOT_ALLOWED');
  return action;
}

/** Her points and her place: 1 + the promoters with more points, so ties share a place (decision 070). */
export async function rankingOf(db: Db, userId: string): Promise<MgmRanking> {
  const balance = await repo.balanceOf(db, userId);
  return { balance, position: 1 + (await repo.promotersAbove(db, balance)) };
}

/** spec §7 /mgm/maybe-join. */
export async function maybeJoin(deps: MgmDeps, caller: CallerUser): Promise<MgmMaybeJoinResponse> {
  const action = await startedAction(deps.db, caller.userId);
  return { mayJoin: action !== undefined, ranking: await rankingOf(deps.db, caller.userId) };
}

type Invitable = { id: string; mobileNumber: string; brand: string };

/**
 * The consumer can be referred, consents aside: known (E_CONSUMER_NOT_FOUND), not a club member
 * (E_ALREADY_MEMBER), not invited yet by anyone (E_ALREADY_INVITED), with a device or product
 * (E_NO_PRODUCTS; her brand is her first one's).
 */
async function requireReferable(db: Db, emailAddress: string): Promise<Invitable> {
  const consumer = await repo.findConsumer(db, emailAddress);
  if (!consumer) throw new AppError('E_CONSUMER_NOT_FOUND');
  if (consumer.clubMember) throw new AppError('E_ALREADY_MEMBER');
  if (await repo.isInvited(db, consumer.id)) throw new AppError('E_ALREADY_INVITED');
  const brand = await repo.findConsumerBrand(db, consumer.id);
  if (brand === undefined) throw new AppError('E_NO_PRODUCTS');
  return { id: consumer.id, mobileNumber: consumer.mobileNumber, brand };
}

/** The catalogue's text of a consent: what the form shows and what a record proves (decision 065). */
function consentText(catalogues: WebformCataloguesResponse, field: string) {
  const text = catalogues.catalogues.consents.find((consent) => consent.field === field);
  if (!text) throw new Error(`The catalogue has no text of consent ${field}`);
  return text;
}

/**
 * E_NO_CONSENTS unless her latest record of newsletterCommercialAuthorization gives it to the text the
 * catalogue has now: 'missing' (never given, or withdrawn), 'outdated' (given to an older text).
 */
async function requireConsents(deps: MgmDeps, consumer: Invitable): Promise<void> {
  const latest = await repo.latestConsent(deps.db, consumer.id, REQUIRED_CONSENT);
  const current = consentText(deps.catalogues, REQUIRED_CONSENT);
  let problem: MgmNoConsentsDetails['consents'] | null = null;
  if (!latest || latest.decision !== 1) problem = 'missing';
  else if (latest.text_version !== current.version || latest.text_hash !== current.textHash) problem = 'outdated';
  if (problem) throw new AppError('E_NO_CONSENTS', { brand: consumer.brand, consents: problem } satisfies MgmNoConsentsDetails);
}

/** spec §7 /mgm/validate-consumer: whether the consumer can be invited now; never her personal data. */
export async function validateConsumer(deps: MgmDeps, caller: CallerUser, body: MgmValidateBody): Promise<MgmValidateResponse> {
  await requireStartedAction(deps.db, caller);
  await countLookup(deps.counters, caller.userId);
  const consumer = await requireReferable(deps.db, emailOf(body.consumer));
  await requireConsents(deps, consumer);
  return { uuid: checkToken(caller.userId, consumer.id), brand: consumer.brand };
}

/** The consents of the body as records: spec §7 emailOptIn (always true) rides on the newsletter's text. */
const RECORDED_CONSENTS = [
  ['newsletterCommercialAuthorization', 'newsletterCommercialAuthorization'],
  ['mobileOptIn', 'mobileOptIn'],
  ['socialMediaOptIn', 'socialMediaOptIn'],
  ['hypercareOptIn', 'hypercareOptIn'],
  ['emailOptIn', 'newsletterCommercialAuthorization'],
] as const;

/**
 * spec §7 /mgm/update-consumer: the consumer's marketing consents, appended as consent records (channel
 * 'mgm') with the catalogue's texts, by her (lastModifiedSource must be her own hostess code).
 */
export async function updateConsumer(deps: MgmDeps, caller: CallerUser, body: MgmUpdateBody): Promise<MgmUpdateResponse> {
  const { db } = deps;
  const action = await requireStartedAction(db, caller);
  const { consumer: given } = body;
  if (given.lastModifiedSource.trim() !== (await findUserIdent(db, caller.userId))) throw new AppError('E_NOT_YOUR_HOSTESS_CODE');
  await countLookup(deps.counters, caller.userId);
  const consumer = await requireReferable(db, emailOf(given));
  if (given.brand !== consumer.brand) {
    throw new AppError('E_VALIDATION', [
      { path: 'body.consumer.brand', message: "not the consumer's brand (validate-consumer answers it)" },
    ]);
  }
  const recordedAt = deps.now().toISOString();
  const rows = RECORDED_CONSENTS.map(([field, textOf]) => {
    const text = consentText(deps.catalogues, textOf);
    return {
      id: newId(),
      consumer_id: consumer.id,
      lead_id: null,
      field,
      decision: given[field] ? (1 as const) : (0 as const),
      text_version: text.version,
      text_hash: text.textHash,
      recorded_at: recordedAt,
      user_id: caller.userId,
      action_id: action.action_id,
      action_point_id: action.action_point_id,
      channel: 'mgm' as const,
    };
  });
  await insertConsentRecords(db, rows);
  return { uuid: checkToken(caller.userId, consumer.id) };
}

/**
 * One more of her hits in the hour's window of `key`, refused with `code` past `max`; a refused hit is
 * not counted. Returns how to give it back (a hit that ends up refused for another reason).
 */
async function hourlyHit(counters: RateCounters, key: string, max: number, code: ErrorCode): Promise<() => Promise<void>> {
  const { count } = await counters.hit(key, HOUR_MS);
  const release = () => counters.release(key);
  if (count > max) {
    await release();
    throw new AppError(code);
  }
  return release;
}

/** At most MGM_LOOKUPS_PER_HOUR look-ups of a consumer by e-mail an hour; each counts, whatever it answers. */
async function countLookup(counters: RateCounters, userId: string): Promise<void> {
  await hourlyHit(counters, `mgm-lookup:${userId}`, MGM_LOOKUPS_PER_HOUR, 'E_TOO_MANY_REQUESTS');
}

/** At most MGM_INVITES_PER_HOUR invitations an hour; a refused one does not count. */
function countInvitation(counters: RateCounters, userId: string): Promise<() => Promise<void>> {
  return hourlyHit(counters, `mgm-invite:${userId}`, MGM_INVITES_PER_HOUR, 'E_INVITE_LIMIT');
}

/**
 * spec §7 /mgm/invite-consumer: an SMS with a link to the club's sign-up, the invitation stored with its
 * points, and her ranking after it (data[0]). One invitation per consumer, whoever sends it.
 */
export async function inviteConsumer(
  deps: MgmDeps,
  caller: CallerUser,
  body: MgmInviteBody,
  context?: SendContext,
): Promise<MgmInviteResponse> {
  const { db } = deps;
  const action = await requireStartedAction(db, caller);
  await countLookup(deps.counters, caller.userId);
  const consumer = await requireReferable(db, emailOf(body.consumer));
  await requireConsents(deps, consumer);
  const release = await countInvitation(deps.counters, caller.userId);

  const id = newId();
  try {
    await repo.insertInvitation(db, {
      id,
      user_id: caller.userId,
      consumer_id: consumer.id,
      action_id: action.action_id,
      points: MGM_INVITATION_POINTS,
      created_at: deps.now().toISOString(),
    });
  } catch (error) {
    await release();
    // Another invitation of the same consumer came first (two promoters at once).
    throw isUniqueViolation(error) ? new AppError('E_ALREADY_INVITED') : error;
  }
  await deps.notifier.send(
    {
      channel: 'sms',
      recipient: consumer.mobileNumber,
      subject: 'Zaproszenie do Inspiration Club',
      body: invitationSms(consumer.brand, id),
    },
    context,
  );
  return [{ uuid: id, points: MGM_INVITATION_POINTS, ranking: await rankingOf(db, caller.userId) }];
}

import type {
  MgmInviteBody,
  MgmInviteResponse,
  MgmMaybeJoinResponse,
  MgmRanking,
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
import { findStartedAction } from '../actions/actions.service.ts';
import { findConsumer, findConsumerBrand } from '../consumers/consumers.service.ts';
import { withdrawnSince } from '../privacy/consumer-privacy.service.ts';
import { asLookup, hourlyHit } from './mgm-lookups.ts';
import * as repo from './mgm.repository.ts';

// spec §2 Member-get-member, §4 its status values, §7 /mgm/* (issue 12; decision 070). The consents
// entered for a consumer and her confirmation: mgm-consents.service.ts (decision 079).

export type MgmDeps = { db: Db; now: () => Date; notifier: Notifier; counters: RateCounters; catalogues: WebformCataloguesResponse };

/** Decision 070: the points one invitation earns her. */
export const MGM_INVITATION_POINTS = 10;
/** Decision 070: invitations (SMS) a promoter may send in an hour. */
export const MGM_INVITES_PER_HOUR = 20;
/**
 * Where the SMS leads: the loyalty club's sign-up page with the invitation's id, so the club can credit
 * the referral. The address is the demo's (a reserved .example domain, RFC 2606): decision 070.
 */
export const INVITATION_LINK = (invitationId: string) => `https://inspirationclub.example/dolacz?zaproszenie=${invitationId}`;

export const invitationSms = (brand: string, invitationId: string) =>
  `Zaproszenie do Inspiration Club ${brand}: dołącz do programu lojalnościowego i korzystaj z jego nagród. ${INVITATION_LINK(invitationId)}`;

/** The marketing consent the referral needs (spec §5 MGM: required in the form). */
const REQUIRED_CONSENT = 'newsletterCommercialAuthorization';

export const emailOf = (consumer: { emailAddress: string }) => consumer.emailAddress.trim().toLowerCase();

/**
 * §3 token uuid: an id of "this promoter checking this consumer", shaped as a UUID. Derived, not stored:
 * the same for her every time, another promoter's differs, and it says nothing about the consumer.
 */
export function checkToken(userId: string, consumerId: string): string {
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
export async function requireStartedAction(db: Db, caller: CallerUser) {
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

export type Invitable = { id: string; mobileNumber: string; brand: string };

/**
 * The consumer can be referred, consents aside: known (E_CONSUMER_NOT_FOUND), not a club member
 * (E_ALREADY_MEMBER), not invited yet by anyone (E_ALREADY_INVITED), with a device or product
 * (E_NO_PRODUCTS; her brand is her first one's).
 */
export async function requireReferable(db: Db, emailAddress: string): Promise<Invitable> {
  const consumer = await findConsumer(db, emailAddress);
  if (!consumer) throw new AppError('E_CONSUMER_NOT_FOUND');
  if (consumer.clubMember) throw new AppError('E_ALREADY_MEMBER');
  if (await repo.isInvited(db, consumer.id)) throw new AppError('E_ALREADY_INVITED');
  const brand = await findConsumerBrand(db, consumer.id);
  if (brand === undefined) throw new AppError('E_NO_PRODUCTS');
  return { id: consumer.id, mobileNumber: consumer.mobileNumber, brand };
}

/** The catalogue's text of a consent: what the form shows and what a record proves (decision 065). */
export function consentText(catalogues: WebformCataloguesResponse, field: string) {
  const text = catalogues.catalogues.consents.find((consent) => consent.field === field);
  if (!text) throw new Error(`The catalogue has no text of consent ${field}`);
  return text;
}

/**
 * Her latest proven record of newsletterCommercialAuthorization must give it to the text the catalogue
 * has now: else E_NO_CONSENTS (never given, or withdrawn — by a record, or through the privacy officer
 * since: §4 no-consents, decision 097) or E_CONSENTS_OUTDATED (given to an older text: §4 opt-in-request).
 * Neither says more (decision 079: no details before her code).
 */
async function requireConsents(deps: MgmDeps, consumer: Invitable): Promise<void> {
  const latest = await repo.latestConsent(deps.db, consumer.id, REQUIRED_CONSENT);
  const current = consentText(deps.catalogues, REQUIRED_CONSENT);
  if (!latest || latest.decision !== 1) throw new AppError('E_NO_CONSENTS');
  if (await withdrawnSince(deps.db, consumer.id, REQUIRED_CONSENT, latest.recorded_at)) throw new AppError('E_NO_CONSENTS');
  if (latest.text_version !== current.version || latest.text_hash !== current.textHash) throw new AppError('E_CONSENTS_OUTDATED');
}

/** spec §7 /mgm/validate-consumer: whether the consumer can be invited now; only her check's token (decision 079). */
export async function validateConsumer(deps: MgmDeps, caller: CallerUser, body: MgmValidateBody): Promise<MgmValidateResponse> {
  const action = await requireStartedAction(deps.db, caller);
  return asLookup(deps, caller, action.action_id, 'validate', emailOf(body.consumer), async () => {
    const consumer = await requireReferable(deps.db, emailOf(body.consumer));
    await requireConsents(deps, consumer);
    return { uuid: checkToken(caller.userId, consumer.id) };
  });
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
  return asLookup(deps, caller, action.action_id, 'invite', emailOf(body.consumer), async () => {
    const consumer = await requireReferable(db, emailOf(body.consumer));
    // Points only for a consumer whose consents she proved herself: a webform's codes or her MGM code.
    await requireConsents(deps, consumer);
    return sendInvitation(deps, caller, { consumer, actionId: action.action_id }, context);
  });
}

/** The invitation stored (one per consumer), its SMS, her points; within her invitation limit. */
async function sendInvitation(
  deps: MgmDeps,
  caller: CallerUser,
  { consumer, actionId }: { consumer: Invitable; actionId: string },
  context?: SendContext,
): Promise<MgmInviteResponse> {
  const { db } = deps;
  const release = await countInvitation(deps.counters, caller.userId);

  const id = newId();
  try {
    await repo.insertInvitation(db, {
      id,
      user_id: caller.userId,
      consumer_id: consumer.id,
      action_id: actionId,
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

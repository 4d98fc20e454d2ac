import { randomBytes, randomUUID } from 'node:crypto';
import { leadItemsFor, type LeadRegisterBody, type SelectedOffers, type WebformCataloguesResponse } from '@promotor/contract';
import type { Dialect } from '../db/kysely.ts';
import type { LeadItemTable } from '../db/schema.ts';
import { listOutbox } from '../modules/notifier/notifier.ts';
import { buildConsumer, buildGloSerials, type ConsumerOptions } from './consumer-builders.ts';
import { buildAction, buildEvent, buildSignedInPromoter, wallDay, type ActionOptions, type BuiltPromoter } from './builders.ts';
import { createTestApp, post, type TestApp } from './test-app.ts';

// The webform's calls as the phone makes them (/lead/otp, /lead/verify, /lead/register, /device/burn),
// so the registration tests read as the flow they protect. Every test builds its own promoter, action
// and consumer contact.

export type Contact = { emailAddress: string; numberNoPrefix: string; mobileNumber: string };
export type Codes = { sms: string; email: string };

/** A consumer's contact never used by another test. */
export function newContact(): Contact {
  const digits = String(parseInt(randomBytes(4).toString('hex'), 16) % 1_000_000_000).padStart(9, '5');
  return { emailAddress: `konsument-${randomBytes(4).toString('hex')}@test.pl`, numberNoPrefix: digits, mobileNumber: `+48${digits}` };
}

export type Workplace = {
  /** The action's uuid, ident (tourPlan), event ident and points (uuid with petraId). */
  action: { uuid: string; ident: string; name: string; eventIdent: string; points: { uuid: string; petraId: string | null }[] };
};
export type Registrar = BuiltPromoter & { token: string } & Workplace;

/** A promoter running an action (started by default) in an event of its own. */
export async function buildRegistrar(t: TestApp, o: ActionOptions = {}): Promise<Registrar> {
  const promoter = await buildSignedInPromoter(t);
  const eventId = o.eventId ?? (await buildEvent(t));
  const built = await buildAction(t, promoter, { status: 'started', ...o, eventId });
  const row = await t.db
    .selectFrom('actions as a')
    .innerJoin('events as e', 'e.id', 'a.event_id')
    .select(['a.ident', 'e.ident as eventIdent'])
    .where('a.id', '=', built.uuid)
    .executeTakeFirstOrThrow();
  const points = await t.db
    .selectFrom('action_points')
    .select(['id', 'petra_id'])
    .where('action_id', '=', built.uuid)
    .orderBy('position')
    .execute();
  return {
    ...promoter,
    action: {
      uuid: built.uuid,
      ident: row.ident,
      name: built.name,
      eventIdent: row.eventIdent,
      points: points.map((p) => ({ uuid: p.id, petraId: p.petra_id })),
    },
  };
}

export async function catalogues(t: TestApp, token: string): Promise<WebformCataloguesResponse> {
  const res = await post(t.app, '/webform/catalogues', undefined, token);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data;
}

/** A test file's app on that database, and the catalogues the webform reads (for its beforeAll). */
export async function startRegistrationApp(
  dialect: Dialect,
  options?: Parameters<typeof createTestApp>[1],
): Promise<{ t: TestApp; cat: WebformCataloguesResponse }> {
  const t = await createTestApp(dialect, options);
  return { t, cat: await catalogues(t, (await buildSignedInPromoter(t)).token) };
}

/** A consumer the registry already knows by this contact (Jan Znany unless said otherwise); her id. */
export const knownConsumer = (t: TestApp, c: Pick<Contact, 'emailAddress' | 'mobileNumber'>, o: ConsumerOptions = {}) =>
  buildConsumer(t, { emailAddress: c.emailAddress, mobileNumber: c.mobileNumber, firstName: 'Jan', lastName: 'Znany', ...o });

/** The newest code the outbox holds for this recipient, read from the message's text. */
async function codeSentTo(t: TestApp, recipient: string): Promise<string> {
  const message = (await listOutbox(t.db, 500)).find((m) => m.recipient === recipient);
  if (!message) throw new Error(`no message to ${recipient}`);
  return /kod weryfikacyjny: ([A-Z0-9]{5})\./.exec(message.body)![1]!;
}

/** /lead/otp as the webform sends it; `token` undefined: without a session. */
export const requestCodes = (t: TestApp, token: string | undefined, c: Pick<Contact, 'emailAddress' | 'mobileNumber'>) =>
  post(t.app, '/lead/otp', { lead: { process: 'TOURPLANNER', emailAddress: c.emailAddress, mobileNumber: c.mobileNumber } }, token);

/** /lead/otp, then the two codes as the consumer reads them. */
export async function sendCodes(t: TestApp, token: string, c: Contact): Promise<Codes> {
  const res = await requestCodes(t, token, c);
  if (res.statusCode !== 200) throw new Error(res.body);
  return { sms: await codeSentTo(t, c.mobileNumber), email: await codeSentTo(t, c.emailAddress) };
}

/** No codes: the test action's verification and registration (spec §2). */
export const NO_CODES: Codes = { sms: '', email: '' };

/** /lead/verify as the webform sends it, in the event of her action; `lead` replaces fields. */
export const verify = (t: TestApp, r: Pick<Registrar, 'token' | 'action'>, c: Contact, codes: Codes, lead: Record<string, unknown> = {}) =>
  post(
    t.app,
    '/lead/verify',
    {
      lead: {
        process: 'TOURPLANNER',
        emailAddress: c.emailAddress,
        otpEmail: codes.email,
        mobileNumber: c.mobileNumber,
        mobileNumberNoPrefix: c.numberNoPrefix,
        otp: codes.sms,
        eventIdent: r.action.eventIdent,
        phoneVerified: true,
        ...lead,
      },
    },
    r.token,
    { 'sf-bypassed': 'true' },
  );

/** Glo Hyper Pro from a 'GLO solo / POP' source (no samplings, no extra consents), with a serial when given. */
export const gloOffer = (serialNumber?: string): SelectedOffers['Glo'] => ({
  model: 'Hyper Pro',
  color: 'Czarny',
  assetSource: 'GLO solo / POP',
  ...(serialNumber ? { serialNumber } : {}),
});

export type RegistrationOptions = {
  codes: Codes;
  offers: SelectedOffers;
  /** Replaces fields of the lead after the items were built from the offers. */
  lead?: Record<string, unknown>;
  /** The point registered at: the action's first by default. */
  point?: number;
  /** The timestamp in a Vuse Go name beside Glo. */
  timestamp?: number;
};

/** /lead/register's body exactly as the webform builds it (spec §3), items from the real catalogue. */
export function registrationBody(
  t: TestApp,
  r: Registrar,
  c: Contact,
  cat: WebformCataloguesResponse,
  o: RegistrationOptions,
): LeadRegisterBody {
  const point = r.action.points[o.point ?? 0]!;
  const items = leadItemsFor(o.offers, cat.catalogues, {
    tourPlan: r.action.ident,
    storeId: point.petraId,
    purchaseDate: wallDay(t),
    timestamp: o.timestamp ?? t.clock.now().getTime(),
  });
  const lead = {
    process: 'TOURPLANNER',
    otp: o.codes.sms,
    otpEmail: o.codes.email,
    firstName: 'Janina',
    lastName: 'Konsumencka',
    emailAddress: c.emailAddress,
    mobileNumber: c.mobileNumber,
    mobileNumberNoPrefix: c.numberNoPrefix,
    tourPlan: r.action.ident,
    hostessCode: r.ident,
    accountSource: 'Hostess',
    emailVerificationStatus: 'Verified',
    emailVerified: true,
    phoneVerified: true,
    ageVerified: true,
    pointIdent: point.uuid,
    formIdent: 'glo.pl-tourplanner',
    lastModifiedSource: 'Hostess',
    category: 'Heated Products',
    secondaryBrand: 'GLO',
    deviceName: items.deviceName,
    eventIdent: r.action.eventIdent,
    birthDate: '1991-03-14',
    billingPostalCode: '02-495',
    coordinates: { latitude: 52.2297, longitude: 21.0122 },
    brand: items.brand,
    isHoreca: false,
    consent: {
      ageVerified: true,
      personalDataRegistrationAuthorisation: true,
      personalDataHandling: true,
      externalCompaniesAuthorization: true,
      newsletterCommercialAuthorization: true,
      mobileOptIn: true,
      socialMediaOptIn: true,
      hypercareOptIn: true,
      inspirationClub: o.offers.InspirationClub === true,
    },
    consentTexts: cat.catalogues.consents.map(({ field, version, textHash }) => ({ field, version, textHash })),
    selectedOffers: o.offers,
    assetItems: items.assetItems,
    productInterestItems: items.productInterestItems,
    ...o.lead,
  };
  const trace = {
    steps: [0, 1, 2, 3].map((step) => ({ step, timestamp: new Date(t.clock.now().getTime() - (4 - step) * 60_000).toISOString() })),
    buildNumber: 'test-build',
    uuid: randomUUID(),
    isWebView: false,
  };
  return { lead, trace } as LeadRegisterBody;
}

export const register = (t: TestApp, token: string, body: unknown, headers: Record<string, string> = {}) =>
  post(t.app, '/lead/register', body, token, { 'sf-bypassed': 'true', ...headers });

type Res = { statusCode: number; json: () => { data: { error?: string } & Record<string, unknown> } };
export const errorOf = (res: Res) => [res.statusCode, res.json().data.error];

/** Serial numbers the device registry knows, unregistered, unique to the test. */
export const gloSerials = buildGloSerials;

/** The items of a stored lead, in their order, with the columns a test looks at. */
export function leadItemsOf<C extends keyof LeadItemTable>(t: TestApp, leadId: string, columns: readonly C[]) {
  return t.db.selectFrom('lead_items').select(columns).where('lead_id', '=', leadId).orderBy('position').execute();
}

import { randomBytes } from 'node:crypto';
import { newId } from '../lib/crypto.ts';
import { loadCatalogues } from '../modules/catalogues/catalogues.service.ts';
import { listOutbox } from '../modules/notifier/notifier.ts';
import { buildAction, buildSignedInPromoter, type BuiltPromoter } from './builders.ts';
import { buildConsumer, type ConsumerOptions as BuiltConsumerOptions } from './consumer-builders.ts';
import { post, type TestApp } from './test-app.ts';

// Member-get-member's test kit (decisions 070, 079): promoters during a started action, consumers of
// the registry in every state, and the /mgm calls.

type Res = { statusCode: number; json: () => { data: Record<string, unknown> & { error?: string; details?: unknown } } };
/** [HTTP status, data.error] of an answer. */
export const errorOf = (res: Res) => [res.statusCode, res.json().data.error];

export type Promoter = BuiltPromoter & { token: string; actionId: string; pointId: string };

/** What a test app needs to build referral cases: promoters during an action, consumers in every state. */
export function mgmKit(t: () => TestApp) {
  const newsletter = () => {
    const text = loadCatalogues(t().config.cataloguesFile).catalogues.consents.find(
      (c) => c.field === 'newsletterCommercialAuthorization',
    )!;
    return { version: text.version, hash: text.textHash };
  };

  /** A promoter, logged in, running a started action (maybe-join's rule). */
  async function promoter(o: { started?: boolean } = {}): Promise<Promoter> {
    const p = await buildSignedInPromoter(t());
    const action = await buildAction(t(), p, { status: o.started === false ? null : 'started' });
    return { ...p, actionId: action.uuid, pointId: action.points[0]! };
  }

  type ConsumerOptions = BuiltConsumerOptions & {
    /** newsletterCommercialAuthorization on record: given to the catalogue's text (default), an older one, withdrawn, none. */
    consents?: 'current' | 'outdated' | 'withdrawn' | 'none';
  };

  let registrarOf: { app: unknown; promoter: Promise<{ userId: string }> } | undefined;
  function registrar(): Promise<{ userId: string }> {
    if (registrarOf?.app !== t()) registrarOf = { app: t(), promoter: buildSignedInPromoter(t()) };
    return registrarOf.promoter;
  }

  /** A consumer of the registry with a Glo by default and her newsletter consent given; returns her e-mail. */
  async function consumer(o: ConsumerOptions = {}): Promise<{ id: string; emailAddress: string; mobileNumber: string }> {
    const id8 = randomBytes(4).toString('hex');
    const c = {
      emailAddress: `konsument-${id8}@test.pl`,
      mobileNumber: `+48${String(parseInt(id8, 16) % 1_000_000_000).padStart(9, '7')}`,
      firstName: 'Jan',
      lastName: 'Konsument',
      items: [{ kind: 'asset' as const, brand: 'Glo' as const, model: 'Hyper X2' }],
      ...o,
    };
    const consumerId = await buildConsumer(t(), c);
    const consents = o.consents ?? 'current';
    if (consents !== 'none') {
      // Recorded by some other promoter's registration, earlier (one such promoter serves every consumer
      // of the app: signing one in costs a password hash, tens of them a busy machine's seconds).
      const by = await registrar();
      const record = (decision: 0 | 1, text: { version: string; hash: string }, at: string) => ({
        id: newId(),
        consumer_id: consumerId,
        lead_id: null,
        field: 'newsletterCommercialAuthorization',
        decision,
        text_version: text.version,
        text_hash: text.hash,
        recorded_at: at,
        user_id: by.userId,
        action_id: null,
        action_point_id: null,
        channel: 'webform' as const,
      });
      const earlier = new Date(t().clock.now().getTime() - 60_000).toISOString();
      const rows =
        consents === 'withdrawn'
          ? [record(1, newsletter(), earlier), record(0, newsletter(), t().clock.now().toISOString())]
          : [record(1, consents === 'current' ? newsletter() : { version: '2025-01', hash: 'f'.repeat(64) }, earlier)];
      await t().db.insertInto('consent_records').values(rows).execute();
    }
    return { id: consumerId, emailAddress: c.emailAddress, mobileNumber: c.mobileNumber };
  }

  const maybeJoin = (p: { token: string }) => post(t().app, '/mgm/maybe-join', undefined, p.token);
  const validate = (p: { token: string }, emailAddress: string) =>
    post(t().app, '/mgm/validate-consumer', { consumer: { emailAddress } }, p.token);
  const invite = (p: { token: string }, emailAddress: string, headers: Record<string, string> = {}) =>
    post(t().app, '/mgm/invite-consumer', { consumer: { emailAddress } }, p.token, headers);
  const update = (p: { token: string; ident: string }, c: { emailAddress: string }, o: Record<string, unknown> = {}, headers = {}) =>
    post(
      t().app,
      '/mgm/update-consumer',
      {
        consumer: {
          mobileOptIn: true,
          emailOptIn: true,
          hypercareOptIn: false,
          socialMediaOptIn: true,
          emailAddress: c.emailAddress,
          brand: 'Glo',
          newsletterCommercialAuthorization: true,
          lastModifiedSource: p.ident,
          ...o,
        },
      },
      p.token,
      headers,
    );

  const smsTo = async (recipient: string) => (await listOutbox(t().db, 1000)).filter((m) => m.recipient === recipient);
  const confirm = (p: { token: string }, emailAddress: string, otp: string, headers: Record<string, string> = {}) =>
    post(t().app, '/mgm/confirm-consumer', { consumer: { emailAddress, otp } }, p.token, headers);

  /** The code of the newest consent confirmation SMS sent to that number (decision 079). */
  async function codeSentTo(mobileNumber: string): Promise<string> {
    const messages = (await smsTo(mobileNumber)).filter((m) => m.subject === 'Potwierdzenie zgód');
    const code = /kod: ([A-Z0-9]{5})\./.exec(messages[0]?.body ?? '')?.[1];
    if (!code) throw new Error(`no confirmation code sent to ${mobileNumber}`);
    return code;
  }

  /** She enters the consents (update) and the consumer confirms them with the code from her SMS. */
  async function updateAndConfirm(p: Promoter, c: { emailAddress: string; mobileNumber: string }, o: Record<string, unknown> = {}) {
    const updated = await update(p, c, o);
    if (updated.statusCode !== 200) throw new Error(`update-consumer answered ${updated.statusCode}: ${updated.body}`);
    return confirm(p, c.emailAddress, await codeSentTo(c.mobileNumber));
  }

  return { newsletter, promoter, consumer, maybeJoin, validate, invite, update, confirm, codeSentTo, updateAndConfirm, smsTo };
}

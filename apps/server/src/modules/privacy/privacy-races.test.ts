import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../test/admin-builders.ts';
import { buildConsumer } from '../../test/consumer-builders.ts';
import { race, raceSame, requestGate, serverErrors, sortedLabels } from '../../test/races.ts';
import { buildRequest, officer, requestsApi } from '../../test/subject-requests.ts';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { newId } from '../../lib/crypto.ts';

// Issue 32's race harness (test/races.ts) on the privacy officer's writes: a double click, two tabs, or
// two officers on one request. Each request's state moves once (the statements are conditional on
// 'pending' and on no extension); a retried call with its key runs once.

describe.each(testDatabases)("the privacy officer's writes at once (%s)", (dialect) => {
  let t: TestApp;
  const gate = requestGate();
  beforeAll(async () => {
    t = await createTestApp(dialect, { prepare: (app) => app.addHook('preHandler', gate.hook) });
  });
  afterAll(() => t.close());
  const api = () => requestsApi(t);
  const auditedFor = async (verb: string, request: string) =>
    (await auditEntries(t, verb)).filter((e) => (JSON.parse(e.details ?? '{}') as { request?: string }).request === request);

  it('two officers extend one request at once: extended once, the other told it is no longer allowed', async () => {
    const [a, b] = [await officer(t), await officer(t)];
    const request = await buildRequest(t, await buildConsumer(t));
    gate.together(['/admin/consumers/requests/extend'], 2);
    const answers = await race([() => api().extend(a.token, request), () => api().extend(b.token, request)]);
    expect(sortedLabels(answers)).toEqual(['200', '409 E_EXTENSION_NOT_ALLOWED']);
    expect(await auditedFor('consumers.request_extend', request)).toHaveLength(1);
  });

  it('one request carried out and denied at once: one outcome, the other told the request is no longer pending', async () => {
    const [a, b] = [await officer(t), await officer(t)];
    const request = await buildRequest(t, await buildConsumer(t), 'access');
    gate.together(['/admin/consumers/requests/complete'], 2);
    const answers = await race([
      () => api().complete(a.token, request, { outcome: 'completed' }),
      () => api().complete(b.token, request, { outcome: 'denied', note: 'Brak potwierdzenia tożsamości' }),
    ]);
    expect(sortedLabels(answers)).toEqual(['200', '409 E_REQUEST_WRONG_STATE']);
    const row = await t.db.selectFrom('consumer_requests').select('state').where('id', '=', request).executeTakeFirstOrThrow();
    const winner = answers[0]!.status === 200 ? 'completed' : 'denied';
    expect(row.state).toBe(winner);
    const closings = [
      ...(await auditedFor('consumers.request_complete', request)),
      ...(await auditedFor('consumers.request_deny', request)),
    ];
    expect(closings).toHaveLength(1);
  });

  it('an erasure carried out from two tabs at once: she is erased once, one entry in the log, no 5xx', async () => {
    const o = await officer(t);
    const consumer = await buildConsumer(t, { emailAddress: `usun-${newId().slice(0, 8)}@test.pl` });
    const request = await buildRequest(t, consumer, 'erasure');
    gate.together(['/admin/consumers/requests/complete'], 2);
    const answers = await raceSame(2, () => api().complete(o.token, request, { outcome: 'completed' }));
    expect(serverErrors(answers)).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.find((a) => a.status !== 200)?.error).toMatch(/^(E_REQUEST_WRONG_STATE|E_CONSUMER_ERASED)$/);
    const row = await t.db
      .selectFrom('consumers')
      .select(['erased_at', 'email_address'])
      .where('id', '=', consumer)
      .executeTakeFirstOrThrow();
    expect(row.erased_at).not.toBeNull();
    expect(row.email_address).toBe(`erased-${consumer}@invalid`);
    expect(await auditedFor('consumers.erase', request)).toHaveLength(1);
  });

  // No gate here: the idempotency check answers the second call before the gate would hold it.
  it('a withdrawal and a new request sent twice at once with one Idempotency-Key (a double click): each recorded once', async () => {
    const o = await officer(t);
    const consumer = await buildConsumer(t);
    const withdrawKey = newId();
    const withdrawals = await raceSame(2, () =>
      post(t.app, '/admin/consumers/withdraw', { consumer: { uuid: consumer }, consents: ['mobileOptIn'], note: 'Telefon' }, o.token, {
        'idempotency-key': withdrawKey,
      }),
    );
    expect(serverErrors(withdrawals)).toEqual([]);
    const createKey = newId();
    const creates = await raceSame(2, () =>
      post(t.app, '/admin/consumers/requests/create', { consumer: { uuid: consumer }, kind: 'access' }, o.token, {
        'idempotency-key': createKey,
      }),
    );
    expect(serverErrors(creates)).toEqual([]);
    const withdrawn = await t.db.selectFrom('consent_withdrawals').select('id').where('consumer_id', '=', consumer).execute();
    expect(withdrawn).toHaveLength(1);
    const requests = await t.db.selectFrom('consumer_requests').select('id').where('consumer_id', '=', consumer).execute();
    expect(requests).toHaveLength(1);
  });
});

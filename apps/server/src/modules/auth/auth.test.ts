import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMOTER_PASSWORD, createTestApp, loginAs, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildPromoter, buildSignedInPromoter } from '../../test/builders.ts';
import { listOutbox } from '../notifier/notifier.ts';

const codeFromOutbox = async (t: TestApp) => {
  const [latest] = await listOutbox(t.db, 1);
  const code = /: ([A-Z0-9]{5})\./.exec(latest?.body ?? '')?.[1];
  if (!code) throw new Error('no reset code in the outbox');
  return code;
};

describe.each(testDatabases)('authentication on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('a promoter logs in and gets a token and her user data', async () => {
    const anna = await buildPromoter(t, {
      firstname: 'Anna',
      lastname: 'Nowak',
      mobilePhone: '+48600100200',
      territories: ['WAW-POLUDNIE', 'WAW-CENTRUM'],
    });
    // The login form may send the address with capitals and a stray space.
    const res = await post(t.app, '/auth/login', { username: ` ${anna.username.toUpperCase()} `, password: PROMOTER_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toEqual({ success: true });
    expect(typeof body.meta.ts).toBe('string');
    expect(body.data.token.token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(body.data.token.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.user).toEqual({
      ident: anna.ident,
      username: anna.username,
      firstname: 'Anna',
      lastname: 'Nowak',
      territories: [{ ident: 'WAW-CENTRUM' }, { ident: 'WAW-POLUDNIE' }],
      emailAddress: anna.username,
      mobilePhone: '+48600100200',
    });
  });

  it('the token is stored only as a hash', async () => {
    const { token } = await buildSignedInPromoter(t);
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('an unknown user and a wrong password answer with their codes', async () => {
    const unknown = await post(t.app, '/auth/login', { username: 'nikt@demo.pl', password: 'whatever-1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: { success: false }, data: { error: 'E_USER_NOT_FOUND' } });
    const { username } = await buildPromoter(t);
    const wrong = await post(t.app, '/auth/login', { username, password: 'zle-haslo-123' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().data.error).toBe('E_USER_WRONG_PASSWORD');
  });

  it('empty login fields are refused with the Polish messages of the form', async () => {
    const res = await post(t.app, '/auth/login', { username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({
      error: 'E_VALIDATION',
      details: [
        { path: 'body.username', message: 'Wpisz adres email' },
        { path: 'body.password', message: 'Wpisz hasło' },
      ],
    });
  });

  it('a session resumes with the same token, and ends at logout', async () => {
    const { token } = await buildSignedInPromoter(t, { firstname: 'Piotr' });
    const resumed = await post(t.app, '/auth/session', undefined, token);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data.token.token).toBe(token);
    expect(resumed.json().data.user.firstname).toBe('Piotr');

    expect((await post(t.app, '/auth/logout', undefined, token)).statusCode).toBe(200);
    const after = await post(t.app, '/auth/session', undefined, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().data.error).toBe('E_UNAUTHORIZED');
  });

  it('resuming starts the lifetime again, in steps of a minute: a resume seconds later keeps the expiry it was given', async () => {
    const { token } = await buildSignedInPromoter(t);
    const stored = async () => (await t.db.selectFrom('sessions').select('expires_at').execute()).map((r) => r.expires_at);
    const expiryAfterResume = async () => (await post(t.app, '/auth/session', undefined, token)).json().data.token.expiresAt as string;
    const hour = 3_600_000;
    t.clock.advance(2 * hour);
    try {
      const first = await expiryAfterResume();
      expect(Date.parse(first)).toBe(t.clock.now().getTime() + t.config.sessionTtlMs);
      expect(await stored()).toContain(first);
      t.clock.advance(10_000);
      expect(await expiryAfterResume()).toBe(first);
      expect(await stored()).toContain(first);
      t.clock.advance(60_000);
      const later = await expiryAfterResume();
      expect(Date.parse(later)).toBe(t.clock.now().getTime() + t.config.sessionTtlMs);
      expect(await stored()).toContain(later);
    } finally {
      t.clock.advance(-(2 * hour + 70_000));
    }
  });

  it('a missing or unknown token is E_UNAUTHORIZED and an expired one E_EXPIRED', async () => {
    expect((await post(t.app, '/auth/session')).json().data.error).toBe('E_UNAUTHORIZED');
    expect((await post(t.app, '/auth/session', undefined, 'not-a-real-token')).json().data.error).toBe('E_UNAUTHORIZED');
    const { token } = await buildSignedInPromoter(t);
    t.clock.advance(t.config.sessionTtlMs + 1000);
    try {
      const res = await post(t.app, '/auth/session', undefined, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().data.error).toBe('E_EXPIRED');
    } finally {
      t.clock.advance(-(t.config.sessionTtlMs + 1000));
    }
  });

  it('a promoter changes her password: the new one works, the old one not, other sessions end', async () => {
    const { username } = await buildPromoter(t);
    const phone = await loginAs(t.app, username);
    const tablet = await loginAs(t.app, username);
    const short = await post(t.app, '/auth/update-password', { user: { password: 'krotkie' } }, phone);
    expect(short.statusCode).toBe(400);
    expect(short.json().data.details[0]).toEqual({ path: 'body.user.password', message: 'Hasło musi mieć co najmniej 8 znaków.' });

    const res = await post(t.app, '/auth/update-password', { user: { password: 'nowe-haslo-piotra' } }, phone);
    expect(res.statusCode).toBe(200);
    expect((await post(t.app, '/auth/session', undefined, phone)).statusCode).toBe(200);
    expect((await post(t.app, '/auth/session', undefined, tablet)).json().data.error).toBe('E_UNAUTHORIZED');
    expect((await post(t.app, '/auth/login', { username, password: PROMOTER_PASSWORD })).json().data.error).toBe('E_USER_WRONG_PASSWORD');
    await loginAs(t.app, username, 'nowe-haslo-piotra');
  });

  it('a password reset code arrives in the outbox, works once, and ends every session', async () => {
    const { username } = await buildPromoter(t, { mobilePhone: '+48600999000' });
    const before = await loginAs(t.app, username);
    expect((await post(t.app, '/auth/reset-token', { username: 'nikt@demo.pl' })).json().data.error).toBe('E_USER_NOT_FOUND');
    expect((await post(t.app, '/auth/reset-token', { username })).statusCode).toBe(200);
    const messages = await listOutbox(t.db, 2);
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const code = await codeFromOutbox(t);

    const wrong = await post(t.app, '/auth/reset-password', { username, otp: 'AAAAA', password: 'haslo-po-resecie' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().data.error).toBe('E_RESET_CODE_INVALID');

    const ok = await post(t.app, '/auth/reset-password', { username, otp: code.toLowerCase(), password: 'haslo-po-resecie' });
    expect(ok.statusCode).toBe(200);
    expect((await post(t.app, '/auth/session', undefined, before)).json().data.error).toBe('E_UNAUTHORIZED');
    await loginAs(t.app, username, 'haslo-po-resecie');

    const again = await post(t.app, '/auth/reset-password', { username, otp: code, password: 'jeszcze-inne-haslo' });
    expect(again.json().data.error).toBe('E_RESET_CODE_INVALID');
  });

  it('a reset code expires after 10 minutes', async () => {
    const { username } = await buildPromoter(t);
    await post(t.app, '/auth/reset-token', { username });
    const code = await codeFromOutbox(t);
    t.clock.advance(10 * 60_000 + 1);
    try {
      const res = await post(t.app, '/auth/reset-password', { username, otp: code, password: 'haslo-po-czasie' });
      expect(res.json().data.error).toBe('E_RESET_CODE_EXPIRED');
    } finally {
      t.clock.advance(-(10 * 60_000 + 1));
    }
  });

  it('a reset code stops working after 5 wrong tries, even with the right code', async () => {
    const { username } = await buildPromoter(t);
    await post(t.app, '/auth/reset-token', { username });
    const code = await codeFromOutbox(t);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push((await post(t.app, '/auth/reset-password', { username, otp: 'ZZZZZ', password: 'haslo-zgadywane' })).json().data.error);
    }
    expect(answers).toEqual([...Array(4).fill('E_RESET_CODE_INVALID'), 'E_RESET_CODE_TOO_MANY_ATTEMPTS']);
    const right = await post(t.app, '/auth/reset-password', { username, otp: code, password: 'haslo-zgadywane' });
    expect(right.json().data.error).toBe('E_RESET_CODE_TOO_MANY_ATTEMPTS');
  });
});

describe.each(testDatabases)('login rate limits (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { LOGIN_LIMIT_PER_IP_PER_MINUTE: '6', LOGIN_LIMIT_PER_USER_PER_15_MINUTES: '3' },
    });
  });
  afterAll(() => t.close());

  const attempt = (username: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { username, password: 'zgaduje-haslo' } });

  it('too many tries for one username answer 429 E_TOO_MANY_REQUESTS, from any address', async () => {
    const { username } = await buildPromoter(t);
    const codes = [];
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) codes.push((await attempt(username, ip)).json().data.error);
    expect(codes).toEqual(['E_USER_WRONG_PASSWORD', 'E_USER_WRONG_PASSWORD', 'E_USER_WRONG_PASSWORD', 'E_TOO_MANY_REQUESTS']);
  });

  it('successful logins never lock a promoter out; a success clears her failed tries', async () => {
    const { username } = await buildPromoter(t);
    const logIn = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { username, password: PROMOTER_PASSWORD } });
    for (let i = 0; i < 6; i++) {
      const ok = await logIn(`10.1.0.${i}`);
      expect(ok.statusCode).toBe(200);
    }
    for (let i = 0; i < 2; i++) await attempt(username, `10.2.0.${i}`);
    expect((await logIn('10.3.0.1')).statusCode).toBe(200);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await attempt(username, `10.4.0.${i}`)).json().data.error);
    expect(codes).toEqual(['E_USER_WRONG_PASSWORD', 'E_USER_WRONG_PASSWORD', 'E_USER_WRONG_PASSWORD']);
  });

  it('too many tries from one address answer 429 whatever the username', async () => {
    const res = [];
    for (let i = 0; i < 7; i++) res.push(await attempt(`osoba${i}@demo.pl`, '10.9.9.9'));
    expect(res.at(-1)!.statusCode).toBe(429);
    expect(res.at(-1)!.json()).toMatchObject({ status: { success: false }, data: { error: 'E_TOO_MANY_REQUESTS' } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLiveResponse } from '@promotor/contract';
import { staffLogin } from '../test/admin-builders.ts';
import { createTestApp, post, type TestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD } from './demo-seed.ts';

// The live day's demo data (issue 25): on `npm start` the map and 'what is still on the phones' show
// something — each running promoter's recent pings at her point, and Piotr's phone with items waiting.
describe('live day demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: true });
  });
  afterAll(() => t.close());

  const liveAs = async (username: string): Promise<AdminLiveResponse> => {
    const token = await staffLogin(t.app, username, DEMO_PASSWORD);
    return (await post(t.app, '/admin/live', {}, token)).json().data;
  };
  const running = (answer: AdminLiveResponse) =>
    answer.actions.flatMap((a) => a.promoters.filter((p) => p.status === 'started').map((p) => ({ action: a, promoter: p })));

  it('the Warsaw coordinator sees Anna running near her point, a minute ago, nothing on her phone', async () => {
    const [anna, ...others] = running(await liveAs('koordynator.waw@demo.pl'));
    expect(others).toEqual([]);
    expect(anna!.action.points.every((p) => p.latitude !== null && p.longitude !== null)).toBe(true);
    expect(anna!.promoter).toMatchObject({ ident: 'HST1001', name: 'Anna Nowak', outbox: { count: 0, oldestAt: null } });
    expect(anna!.promoter.lastPosition).not.toBeNull();
    expect(anna!.promoter.distanceMeters).toBeLessThan(100);
    expect(Date.parse(anna!.promoter.lastPosition!.capturedAt)).toBeGreaterThan(t.clock.now().getTime() - 5 * 60_000);
  });

  it('the Kraków coordinator sees Piotr with two items waiting on his phone, as an exception', async () => {
    const answer = await liveAs('koordynator.krk@demo.pl');
    const [piotr, ...others] = running(answer);
    expect(others).toEqual([]);
    expect(piotr!.promoter).toMatchObject({ ident: 'HST1002', outbox: { count: 2 } });
    expect(piotr!.promoter.distanceMeters).toBeLessThan(100);
    expect(answer.exceptions.map((e) => [e.kind, e.promoter.ident])).toContainEqual(['data_on_phone', 'HST1002']);
    expect(answer.exceptions.map((e) => e.kind)).not.toContain('started_far');
  });
});

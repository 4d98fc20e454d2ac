import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../store/app-store.ts';
import { buildSession, successEnvelope } from '../../../test/builders.ts';
import { useFakeFetch } from '../../../test/fake-fetch.ts';
import { ActionsBackground } from '../components/actions-background.tsx';
import { buildAction } from '../test/build-action.ts';
import { enqueue, pendingItems, resetOutboxMock } from '../test/outbox-mock.ts';
import { stubPosition } from '../test/render-action-page.tsx';

vi.mock('../../../lib/outbox/index.ts', () => import('../test/outbox-mock.ts'));

describe('tracking the current action behind every page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubPosition({ latitude: 52.23, longitude: 21.01, accuracy: 20 });
    useAppStore.getState().setSession(buildSession());
  });
  afterEach(() => {
    vi.useRealTimers();
    resetOutboxMock();
  });

  it('pings while she has a started action and stops when it is no longer current', async () => {
    const { requests } = useFakeFetch({ '/api/action/location/save': { body: successEnvelope({}) } });
    const started = buildAction({ uuid: 'a1', status: 'started' });
    useAppStore.setState({ actions: { list: [started], currentAction: started } });
    render(<ActionsBackground />);

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(requests.map((r) => r.url)).toEqual(['/api/action/location/save']);
    expect(requests[0]?.body).toEqual({
      action: { uuid: 'a1' },
      location: { latitude: 52.23, longitude: 21.01, accuracy: 20, capturedAt: new Date().toISOString() },
    });

    act(() => {
      useAppStore.setState({ actions: { list: [], currentAction: null } });
    });
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(requests).toHaveLength(1);
  });

  it('a ping that finds no connection is queued with the Idempotency-Key its direct try had', async () => {
    const { requests } = useFakeFetch({ '/api/action/location/save': 'network-error' });
    const started = buildAction({ uuid: 'a1', status: 'started' });
    useAppStore.setState({ actions: { list: [started], currentAction: started } });
    render(<ActionsBackground />);

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(requests).toHaveLength(1);
    const key = requests[0]!.headers['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(enqueue).toHaveBeenCalledWith([
      { kind: 'location', route: 'actionLocationSave', group: 'a1', body: requests[0]!.body, idempotencyKey: key },
    ]);
  });

  it('inside an Android wrapper that can track, its service pings instead of the page', async () => {
    const startLocationTracking = vi.fn();
    const stopLocationTracking = vi.fn();
    vi.stubGlobal('PromotorAndroid', { startLocationTracking, stopLocationTracking });
    localStorage.setItem('token', 'token-of-anna');
    const { requests } = useFakeFetch({});
    const started = buildAction({ uuid: 'a1', status: 'started' });
    useAppStore.setState({ actions: { list: [started], currentAction: started } });
    const view = render(<ActionsBackground />);

    await act(() => vi.advanceTimersByTimeAsync(6 * 60_000));
    expect(requests).toHaveLength(0);
    expect(JSON.parse(startLocationTracking.mock.calls[0]?.[0] as string)).toEqual({
      actionUuid: 'a1',
      token: 'token-of-anna',
      url: 'http://localhost:3000/api/action/location/save',
      intervalMs: 300_000,
      attempts: 3,
      retryDelayMs: 3_000,
    });

    view.unmount();
    expect(stopLocationTracking).toHaveBeenCalledTimes(1);
  });

  it('does not ping once her check-out waits in the outbox', async () => {
    pendingItems.push({ group: 'a1', kind: 'check-out' });
    const { requests } = useFakeFetch({ '/api/action/location/save': { body: successEnvelope({}) } });
    const started = buildAction({ uuid: 'a1', status: 'started' });
    useAppStore.setState({ actions: { list: [started], currentAction: started } });
    render(<ActionsBackground />);

    await act(() => vi.advanceTimersByTimeAsync(6 * 60_000));
    expect(requests).toHaveLength(0);
  });
});

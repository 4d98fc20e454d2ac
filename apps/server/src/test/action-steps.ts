import type { FastifyInstance } from 'fastify';
import type { BuiltAction } from './builders.ts';
import { post } from './test-app.ts';

// What the phone sends for an action, as one step each: tests read as the flow they protect.

export type ListedAction = {
  uuid: string;
  name: string;
  ident: string;
  actionPoints: { uuid: string }[];
  status: {
    user: { status: string | null; actionPoint: { uuid: string } | null; lastStatusCreated: { date: string } | null };
    global: { ident: string };
  };
  since: { date: string };
};

/** Her current actions from `since` on (the actions page's call). */
export async function listCurrent(app: FastifyInstance, token: string, since: string): Promise<ListedAction[]> {
  const body = { actions: { since, filters: { statuses: ['started', 'accepted'] } }, pagination: { limit: 200, offset: 0 } };
  const res = await post(app, '/action/list', body, token);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.actions;
}

/** Her finished actions (the history page's call). */
export async function listHistory(
  app: FastifyInstance,
  token: string,
  o: { since?: string; until?: string; limit?: number; offset?: number } = {},
): Promise<ListedAction[]> {
  const actions = { since: o.since ?? '2020-01-01 00:00:00', ...(o.until ? { until: o.until } : {}), finished: true };
  const res = await post(app, '/action/list', { actions, pagination: { limit: o.limit ?? 100, offset: o.offset ?? 0 } }, token);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.actions;
}

export const checkIn = (app: FastifyInstance, token: string, action: BuiltAction, extra: object = {}) =>
  post(
    app,
    '/action/check-in',
    {
      action: { uuid: action.uuid },
      actionPoint: { uuid: action.points[0] },
      location: { latitude: 52.2297, longitude: 21.0122 },
      cashTerminal: { id: 'K12' },
      ...extra,
    },
    token,
  );

export const checkOut = (app: FastifyInstance, token: string, action: BuiltAction, headers: Record<string, string> = {}) =>
  post(app, '/action/check-out', { action: { uuid: action.uuid }, actionPoint: { uuid: action.points[0] } }, token, headers);

import type { FastifyInstance } from 'fastify';
import type { BuiltAction } from './builders.ts';
import { buildJpeg, uploadPhotos } from './files.ts';
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

/** Her start photos, front and rear (spec §4: sent before the check-in, which needs them — decision 072). */
export const sendStartPhotos = (app: FastifyInstance, token: string, action: BuiltAction) =>
  uploadPhotos(app, token, { action: { uuid: action.uuid }, ident: 'bereal_start' }, [buildJpeg(), buildJpeg()]);

/** The check-in call alone, without the start photos before it (for the tests of that rule). */
export const checkInOnly = (app: FastifyInstance, token: string, action: BuiltAction, extra: object = {}) =>
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

/**
 * A start as the app makes it: the start photos, then the check-in. A refused upload (another action
 * running, a cancelled action) is left for the check-in to refuse with its own code.
 */
export async function checkIn(app: FastifyInstance, token: string, action: BuiltAction, extra: object = {}) {
  await sendStartPhotos(app, token, action);
  return checkInOnly(app, token, action, extra);
}

export const checkOut = (
  app: FastifyInstance,
  token: string,
  action: BuiltAction,
  headers: Record<string, string> = {},
  extra: object = {},
) => post(app, '/action/check-out', { action: { uuid: action.uuid }, actionPoint: { uuid: action.points[0] }, ...extra }, token, headers);

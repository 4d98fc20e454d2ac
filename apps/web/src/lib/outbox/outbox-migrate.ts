import { routePaths, type RouteName } from '@promotor/contract/route-paths';
import type { OutboxFailure, OutboxItem } from './outbox-types.ts';

// Items and failures stored by the outbox before its kinds (database version 1): a path and a label
// instead of a route and a kind, the action's uuid instead of a group, a form's input and files beside
// the item instead of in its body. They are rewritten once, when the new version first opens the
// database, so that what waited across the update is sent exactly once and its failures still show.

type V1Base = { actionUuid: string; label: string; path: string };
export type V1Item = Omit<OutboxItem, 'kind' | 'route' | 'body' | 'group'> &
  V1Base &
  ({ kind: 'json'; body: unknown } | { kind: 'form'; input: unknown; files: Blob[] });
export type V1Failure = Omit<OutboxFailure, 'kind' | 'group'> & { actionUuid: string; label: string };

const routeOfPath = new Map(Object.entries(routePaths).map(([name, { path }]) => [path as string, name as RouteName]));

/** The item in today's shape; null for a path the route table does not know (version 1 used only its own six). */
export function migrateItem(old: V1Item): OutboxItem | null {
  const route = routeOfPath.get(old.path);
  if (!route) return null;
  const { actionUuid, label, path: _path, ...rest } = old;
  const body = old.kind === 'form' ? { input: old.input, files: old.files } : old.body;
  const {
    input: _input,
    files: _files,
    body: _body,
    ...common
  } = rest as typeof rest & { input?: unknown; files?: unknown; body?: unknown };
  return { ...common, kind: label, route, group: actionUuid, body } as OutboxItem;
}

export function migrateFailure(old: V1Failure): OutboxFailure {
  const { actionUuid, label, ...rest } = old;
  return { ...rest, kind: label, group: actionUuid };
}

import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { vi } from 'vitest';
import { buildSession, failureEnvelope, successEnvelope } from '../../../test/builders.ts';
import { OUTBOX_DB_NAME } from '../outbox-db.ts';
import type { V1Failure, V1Item } from '../outbox-migrate.ts';
// The kinds of the app's one feature that queues items: the outbox is tested with real kinds (their
// routes, their order across groups). A test that reloads the outbox's modules registers them again
// with registerKindsAgain().
import {
  cancelKind,
  checkInKind,
  checkOutKind,
  locationKind,
  photosKind,
  pollKind,
} from '../../../features/actions/submit/outbox-kinds.ts';

// Test helpers of the outbox: a fresh in-memory IndexedDB, a scripted server, item builders.
// Import 'fake-indexeddb/auto' in the test file before this one.

/**
 * jsdom's Blob is not known to Node's structuredClone, which fake-indexeddb uses to store values: keep
 * Blobs by reference (a browser stores their bytes) and clone everything else for real, so a value
 * that cannot be stored still throws DataCloneError.
 */
const realStructuredClone = globalThis.structuredClone;
function cloneKeepingBlobs(value: unknown): unknown {
  if (value instanceof Blob) return value;
  if (Array.isArray(value)) return value.map(cloneKeepingBlobs);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, cloneKeepingBlobs(inner)]));
  }
  return realStructuredClone(value);
}

/** A new, empty IndexedDB for this test; it outlives module reloads like a browser's does. */
export function useFreshIndexedDb(): void {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('structuredClone', cloneKeepingBlobs);
}

export type ServerRequest = {
  path: string;
  idempotencyKey: string;
  token: string | null;
  /** The X-Outbox header (decision 093), null when none was sent. */
  outbox: string | null;
  body: unknown;
  form: FormData | null;
  /** action.uuid of the JSON body or of the form's `_input`. */
  actionUuid: string | null;
};

function actionUuidOf(body: unknown, form: FormData | null): string | null {
  const input = form ? JSON.parse(String(form.get('_input'))) : body;
  return (input as { action?: { uuid?: string } } | null)?.action?.uuid ?? null;
}
export type ServerAnswer = { status?: number; body: unknown } | 'network-error';
export const ok = (data: unknown = {}): ServerAnswer => ({ body: successEnvelope(data) });
export const refused = (code: string, status = 409): ServerAnswer => ({ status, body: failureEnvelope(code) });

/** A fake API: `answer` decides each request (it may wait); every request is recorded. */
export function useFakeServer(answer: (request: ServerRequest) => ServerAnswer | Promise<ServerAnswer>) {
  const requests: ServerRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const form = init?.body instanceof FormData ? init.body : null;
    const body = typeof init?.body === 'string' && init.body ? JSON.parse(init.body) : null;
    const request: ServerRequest = {
      path: String(input).replace(/^\/api/, ''),
      idempotencyKey: headers['Idempotency-Key'] ?? '',
      token: headers.Authorization?.replace(/^Bearer /, '') ?? null,
      outbox: headers['X-Outbox'] ?? null,
      body,
      form,
      actionUuid: actionUuidOf(body, form),
    };
    requests.push(request);
    const reply = await answer(request);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, paths: () => requests.map((request) => request.path) };
}

/**
 * She logs in (her token, and her profile in the store, which names the items' owner); null: nobody
 * is logged in. The store is imported here, after any vi.resetModules(), so it is the outbox's one.
 */
export async function logIn(ident: string | null, token = `token-of-${ident}`): Promise<void> {
  const { useAppStore } = await import('../../../store/app-store.ts');
  if (ident === null) {
    localStorage.removeItem('token');
    useAppStore.setState({ user: useAppStore.getInitialState().user });
    return;
  }
  localStorage.setItem('token', token);
  useAppStore.getState().setSession(buildSession({ token, user: { ident, firstname: ident } }));
}

export function buildPollAnswer(actionUuid: string) {
  return pollKind.item(actionUuid, {
    action: { uuid: actionUuid },
    poll: { ident: 'action_start', content: [{ question_ident: 'q0', answer_ident: ['has_badge'] }] },
  });
}

export function buildPhotos(actionUuid: string) {
  const files = [new Blob(['front'], { type: 'image/jpeg' }), new Blob(['rear'], { type: 'image/jpeg' })];
  return photosKind.item(actionUuid, { input: { action: { uuid: actionUuid }, ident: 'bereal_start' }, files });
}

const statusBody = (actionUuid: string) => ({
  action: { uuid: actionUuid },
  actionPoint: { uuid: `${actionUuid}-point` },
  location: { latitude: null, longitude: null },
});

export const buildCheckIn = (actionUuid: string) => checkInKind.item(actionUuid, statusBody(actionUuid));
export const buildCheckOut = (actionUuid: string) => checkOutKind.item(actionUuid, statusBody(actionUuid));
export const buildCancel = (actionUuid: string) => cancelKind.item(actionUuid, { action: { uuid: actionUuid } });

export function buildLocation(actionUuid: string) {
  return locationKind.item(actionUuid, { action: { uuid: actionUuid }, location: { latitude: 52.23, longitude: 21.01, accuracy: 12 } });
}

export type OutboxModule = typeof import('../outbox.ts');

/**
 * A fresh outbox module over the same IndexedDB: what a reload of the page (or a new tab) sees.
 * `withKinds` false: the page whose outbox starts before the feature that registers the kinds loaded.
 */
export async function reloadOutbox(previous: OutboxModule | undefined, withKinds = true): Promise<OutboxModule> {
  await previous?.stopOutbox();
  vi.resetModules();
  // As on a real reload, the store comes first (restored from localStorage) and tells the fresh outbox
  // who is logged in (store/app-store.ts registers the owner source), its slices registered first as
  // in main.tsx (app/store-slices.ts).
  await import('../../../app/store-slices.ts');
  await import('../../../store/app-store.ts');
  const outbox = await import('../outbox.ts');
  if (withKinds) await registerKindsAgain();
  return outbox;
}

/** After vi.resetModules(): the freshly loaded outbox knows no kind until the feature's module runs again. */
export async function registerKindsAgain(): Promise<void> {
  await import('../../../features/actions/submit/outbox-kinds.ts');
}

/** The start flow of spec §4: answers, then photos, then the check-in. */
export const buildStartFlow = (actionUuid: string) => [buildPollAnswer(actionUuid), buildPhotos(actionUuid), buildCheckIn(actionUuid)];

/** What the outbox of the previous version (database version 1) left on the phone. */
export async function storeAsVersion1(items: Omit<V1Item, 'seq'>[], failures: V1Failure[] = []): Promise<void> {
  const db = await openDB(OUTBOX_DB_NAME, 1, {
    upgrade(v1) {
      v1.createObjectStore('items', { keyPath: 'seq', autoIncrement: true }).createIndex('byAction', ['actionUuid', 'seq']);
      v1.createObjectStore('failures', { keyPath: 'id' });
    },
  });
  for (const item of items) await db.add('items', item);
  for (const failure of failures) await db.put('failures', failure);
  db.close();
}

/** An item as version 1 stored it, waiting since `createdAt`. */
export function version1Item(
  fields: Pick<V1Item, 'actionUuid' | 'label' | 'path' | 'idempotencyKey'> &
    ({ kind: 'json'; body: unknown } | { kind: 'form'; input: unknown; files: Blob[] }),
) {
  return {
    ...fields,
    id: `id-${fields.idempotencyKey}`,
    owner: 'anna',
    createdAt: '2024-05-01T08:00:00.000Z',
    attempts: 2,
    nextAttemptAt: 0,
    lastError: 'network',
  } as Omit<V1Item, 'seq'>;
}

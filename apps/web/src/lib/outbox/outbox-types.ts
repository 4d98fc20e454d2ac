import type { RouteName } from '@promotor/contract/route-paths';
import type { CallBody } from '../api-client.ts';

// The shapes of the offline outbox (issue 3 "Offline outbox", issue 7 "A generic outbox"). Items and
// failures are kept in IndexedDB, so everything here must survive the structured clone (plain data
// and Blobs only). What an item is for belongs to the feature that registered its kind (outbox-kinds.ts).

/** An item to queue: `body` is what api.call takes for `route` ({ input, files } for a multipart call). */
export type OutboxItemInput<K extends string = string, R extends RouteName = RouteName> = {
  /** The registered kind (e.g. 'check-in'): how a final refusal reads, and the order it keeps. */
  kind: K;
  route: R;
  body: CallBody<R>;
  /** Items of one group are sent strictly in the order they were queued (e.g. one action's items). */
  group: string;
  /**
   * The caller's key, when the same intent may already have been tried directly (a location ping
   * whose answer was lost): the server then applies it once. Left out, the outbox makes a fresh one.
   */
  idempotencyKey?: string;
  /**
   * What it is about, in her words, for the failure popup (e.g. 'Akcja „Degustacja velo”'): a refusal
   * then says which action it was, even after the action has left her list.
   */
  subject?: string;
};

/**
 * The promoter an item or failure belongs to (her SessionUser.ident): sent only while she is logged
 * in, shown only to her. Null or missing (items stored before owners were recorded, or while nobody
 * was logged in): whoever is logged in.
 */
export type OutboxOwner = string | null;

export type OutboxItem = OutboxItemInput & {
  id: string;
  owner?: OutboxOwner;
  /** Order of enqueueing across the whole outbox; items of one group are sent in this order. */
  seq: number;
  /**
   * The items of one group queued together (one enqueue call, e.g. a start's answers, photos and
   * check-in) share it: the step waits, from its first item on, for what any of its items waits for
   * (outbox-order.ts). Missing on items stored before steps were recorded: each is its own step.
   */
  step?: string;
  /** Sent with every try, so the server applies the item once (docs/decisions/005-idempotency.md). */
  idempotencyKey: string;
  createdAt: string;
  /** Tries that ended without an answer to keep (network, 5xx, …). */
  attempts: number;
  /** Epoch ms before which the sender does not try again on its own (backoff). */
  nextAttemptAt: number;
  /** The code or kind of the last failed try, for debugging. */
  lastError: string | null;
};

/** An item the server refused for good: shown once to the promoter, then dismissed. */
export type OutboxFailure = {
  id: string;
  owner?: OutboxOwner;
  group: string;
  /** The item's kind: its registration says how the failure reads. */
  kind: string;
  /** The item's subject (which action), when it had one. */
  subject?: string;
  /** data.error of the answer (E_…). */
  code: string | null;
  /** meta.ts of the answer: shown as 'Kod błędu:'. */
  ts: string | null;
  /** When the failure was recorded (ISO). */
  at: string;
};

// The shapes of the offline outbox (issue 3 "Offline outbox"). Items and failures are kept in
// IndexedDB, so everything here must survive the structured clone (plain data and Blobs only).

/** What an item does, for the promoter: it picks the Polish text of a failure. */
export type OutboxLabel = 'poll' | 'photos' | 'check-in' | 'check-out' | 'cancel' | 'location';

type OutboxItemBase = {
  actionUuid: string;
  label: OutboxLabel;
  /** e.g. '/action/check-in' */
  path: string;
  /**
   * The caller's key, when the same intent may already have been tried directly (a location ping
   * whose answer was lost): the server then applies it once. Left out, the outbox makes a fresh one.
   */
  idempotencyKey?: string;
};

export type OutboxItemInput =
  /** A JSON POST of `body` to `path`. */
  | (OutboxItemBase & { kind: 'json'; body: unknown })
  /** multipart/form-data: field `_input` = JSON.stringify(input), then each Blob as `files[]` (photo-N.jpg). */
  | (OutboxItemBase & { kind: 'form'; input: unknown; files: Blob[] });

/**
 * The promoter an item or failure belongs to (her SessionUser.ident): sent only while she is logged
 * in, shown only to her. Null or missing (items stored before owners were recorded, or while nobody
 * was logged in): whoever is logged in.
 */
export type OutboxOwner = string | null;

export type OutboxItem = OutboxItemInput & {
  id: string;
  owner?: OutboxOwner;
  /** Order of enqueueing across the whole outbox; items of one action are sent in this order. */
  seq: number;
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
  actionUuid: string;
  label: OutboxLabel;
  /** data.error of the answer (E_…). */
  code: string | null;
  /** meta.ts of the answer: shown as 'Kod błędu:'. */
  ts: string | null;
  /** When the failure was recorded (ISO). */
  at: string;
};

// The shapes of the offline outbox (issue 3 "Offline outbox"). Items and failures are kept in
// IndexedDB, so everything here must survive the structured clone (plain data and Blobs only).

/** What an item does, for the promoter: it picks the Polish text of a failure. */
export type OutboxLabel = 'poll' | 'photos' | 'check-in' | 'check-out' | 'cancel' | 'location';

export type OutboxItemInput =
  /** A JSON POST of `body` to `path` (e.g. '/action/check-in'). */
  | { kind: 'json'; actionUuid: string; label: OutboxLabel; path: string; body: unknown }
  /** multipart/form-data: field `_input` = JSON.stringify(input), then each Blob as `files[]` (photo-N.jpg). */
  | { kind: 'form'; actionUuid: string; label: OutboxLabel; path: string; input: unknown; files: Blob[] };

export type OutboxItem = OutboxItemInput & {
  id: string;
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
  actionUuid: string;
  label: OutboxLabel;
  /** data.error of the answer (E_…). */
  code: string | null;
  /** meta.ts of the answer: shown as 'Kod błędu:'. */
  ts: string | null;
  /** When the failure was recorded (ISO). */
  at: string;
};

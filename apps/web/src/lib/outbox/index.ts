// The offline outbox (issue 3): import it only from lazily loaded modules (the header, the overlays,
// the action pages) — it brings IndexedDB code that /login must not download (scripts/check-bundle-size.mjs).
export {
  enqueue,
  flushOutbox,
  onOutboxRefused,
  onOutboxSent,
  outboxKind,
  outboxSettled,
  registerOutboxKind,
  useOutbox,
  type OutboxFailure,
  type OutboxItem,
  type OutboxItemInput,
  type OutboxKindHandle,
  type OutboxKindOptions,
} from './outbox.ts';

// The offline outbox (issue 3): import it only from lazily loaded modules (the header, the overlays,
// the action pages) — it brings IndexedDB code that /login must not download (scripts/check-bundle-size.mjs).
export {
  enqueue,
  flushOutbox,
  onOutboxRefused,
  onOutboxSent,
  outboxSettled,
  useOutbox,
  type OutboxFailure,
  type OutboxItem,
  type OutboxItemInput,
  type OutboxLabel,
} from './outbox.ts';

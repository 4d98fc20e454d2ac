import type { RouteName } from '@promotor/contract/route-paths';
import type { CallBody } from '../api-client.ts';
import type { OutboxItemInput } from './outbox-types.ts';

// The kinds of items features queue (issue 7 "A generic outbox"): the outbox itself knows no feature.
// A feature registers each of its kinds once, from its own module, and builds its items through the
// handle it gets back — so an item of a kind carries only the body of that kind's route.

export type OutboxKindOptions<R extends RouteName> = {
  route: R;
  /**
   * What a final refusal says in Polish, followed by the message of its code (see failureReason).
   * null: a refusal is only logged, never shown (spec §4 Location tracking).
   */
  failureMessage: string | null;
  /** Whole texts for particular codes, instead of failureMessage and the code's message. */
  failureMessageByCode?: Readonly<Partial<Record<string, string>>>;
  /** false: failureMessage alone, without the code's message after it. Default true. */
  failureReason?: boolean;
  /** Refusals with these codes are only logged, never shown (spec §8: the receipt tolerates E_MISSING_LEAD_ID). */
  toleratedCodes?: readonly string[];
  /**
   * Goes only after every older item of the other groups (of her items) was answered: e.g. an
   * action's check-in after her check-out of the previous one, which the server needs first. The
   * whole step it belongs to waits with it (outbox-order.ts): a start's answers and photos too.
   */
  waitsForOtherGroups?: boolean;
  /**
   * A final refusal drops the rest of its group unsent (spec §4 Photos survey submit: the second photo
   * goes only if the first succeeded). Default false: the group goes on (spec §4 Start/end flow).
   */
  refusalEndsGroup?: boolean;
};

export type OutboxKind = OutboxKindOptions<RouteName> & { name: string };

/** A registered kind: builds its items. */
export type OutboxKindHandle<K extends string, R extends RouteName> = {
  readonly name: K;
  readonly route: R;
  item: (group: string, body: CallBody<R>, options?: { idempotencyKey?: string; subject?: string }) => OutboxItemInput<K, R>;
};

const kinds = new Map<string, OutboxKind>();
const listeners = new Set<() => void>();

/**
 * Registers a kind of item (again after a reload of the module: the same name and route replace the
 * old registration). Items of a kind not registered yet wait in the outbox until it is.
 */
export function registerOutboxKind<K extends string, R extends RouteName>(name: K, options: OutboxKindOptions<R>): OutboxKindHandle<K, R> {
  const known = kinds.get(name);
  if (known && known.route !== options.route) throw new Error(`outbox: kind '${name}' is already registered for ${known.route}`);
  kinds.set(name, { ...options, name });
  listeners.forEach((listener) => listener());
  return {
    name,
    route: options.route,
    item: (group, body, itemOptions = {}) => ({ kind: name, route: options.route, body, group, ...itemOptions }),
  };
}

export const outboxKind = (name: string): OutboxKind | undefined => kinds.get(name);

/** Called after each registration (the sender tries the items that waited for it). */
export function onKindRegistered(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

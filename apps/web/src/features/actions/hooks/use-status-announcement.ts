import type { Action } from '@promotor/contract';
import { useState } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { isCancelled } from '../action-rules.ts';

type Announced = keyof typeof pl.actions.announce;
type States = ReadonlyMap<string, Announced | null>;

const stateOf = (action: Action, inProgress: boolean): Announced | null => {
  if (inProgress) return 'pending';
  if (isCancelled(action)) return 'cancelled';
  return action.status.user.status;
};

const sameStates = (a: States, b: States) => a.size === b.size && [...a].every(([uuid, state]) => b.get(uuid) === state);

/**
 * What a screen reader says when an action of her list changes state — her start waits in the
 * outbox, then the server has it, the office cancels it — which the eye sees as a changed mark
 * (WCAG 4.1.3). The first list is not read out: only what changes while she is on the page.
 * The last states are kept in state and compared while rendering (React's "previous props" pattern).
 */
export function useStatusAnnouncement(list: readonly Action[], inProgress: (uuid: string) => boolean): string {
  const states: States = new Map(list.map((action) => [action.uuid, stateOf(action, inProgress(action.uuid))]));
  const [seen, setSeen] = useState(states);
  const [message, setMessage] = useState('');
  if (!sameStates(seen, states)) {
    const said = list.flatMap((action) => {
      const state = states.get(action.uuid);
      return seen.has(action.uuid) && seen.get(action.uuid) !== state && state ? [pl.actions.announce[state](action.name)] : [];
    });
    setSeen(states);
    if (said.length > 0) setMessage(said.join(' '));
  }
  return message;
}

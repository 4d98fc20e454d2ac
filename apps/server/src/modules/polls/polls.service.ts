import type { PollAnswerBody } from '@promotor/contract';
import { newId } from '../../lib/crypto.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import { requireActionInStatus } from '../actions/action-guards.ts';
import type { ActionsDeps } from '../actions/actions.service.ts';
import { tapTime } from '../../lib/tap-time.ts';
import * as repo from './polls.repository.ts';

/**
 * Stores the start checklist (before check-in) or the end reason (while started). Answering again
 * replaces the earlier answer: the promoter may go back and start the form over. It counts when she
 * answered (tappedAt within its bounds, decision 072), and the receipt time is kept beside it.
 */
export async function answer(deps: ActionsDeps, caller: CallerUser, body: PollAnswerBody): Promise<void> {
  const userStatus = body.poll.ident === 'action_start' ? null : 'started';
  const action = await requireActionInStatus(deps.db, caller, body.action.uuid, { userStatus });
  const at = tapTime(body.tappedAt, { now: deps.now(), timezone: deps.timezone, since: action.since });
  await repo.upsertAnswer(deps.db, {
    id: newId(),
    action_id: action.id,
    user_id: caller.userId,
    ident: body.poll.ident,
    content: JSON.stringify(body.poll.content),
    created_at: at.iso,
    received_at: at.receivedIso,
  });
}

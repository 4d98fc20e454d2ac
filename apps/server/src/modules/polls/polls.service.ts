import type { PollAnswerBody } from '@promotor/contract';
import { newId } from '../../lib/crypto.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import { requireActionInStatus } from '../actions/action-guards.ts';
import type { ActionsDeps } from '../actions/actions.service.ts';
import * as repo from './polls.repository.ts';

/**
 * Stores the start checklist (before check-in) or the end reason (while started). Answering again
 * replaces the earlier answer: the promoter may go back and start the form over.
 */
export async function answer(deps: ActionsDeps, caller: CallerUser, body: PollAnswerBody): Promise<void> {
  const userStatus = body.poll.ident === 'action_start' ? null : 'started';
  const action = await requireActionInStatus(deps.db, caller, body.action.uuid, { userStatus });
  await repo.upsertAnswer(deps.db, {
    id: newId(),
    action_id: action.id,
    user_id: caller.userId,
    ident: body.poll.ident,
    content: JSON.stringify(body.poll.content),
    created_at: deps.now().toISOString(),
  });
}

import type { PollAnswerBody } from '@promotor/contract';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { requireAssignedAction, type ActionsDeps } from '../actions/actions.service.ts';
import * as repo from './polls.repository.ts';

/**
 * Stores the start checklist (before check-in) or the end reason (while started). Answering again
 * replaces the earlier answer: the promoter may go back and start the form over.
 */
export async function answer(deps: ActionsDeps, caller: { userId: string }, body: PollAnswerBody): Promise<void> {
  const action = await requireAssignedAction(deps.db, caller, body.action.uuid);
  if (action.global_status === 'hst_cancelled') throw new AppError('E_WRONG_ACTION_STATUS');
  const expected = body.poll.ident === 'action_start' ? null : 'started';
  if (action.user_status !== expected) {
    throw new AppError(action.user_status === 'finished' ? 'E_ACTION_ALREADY_CHECK_OUT' : 'E_WRONG_ACTION_STATUS');
  }
  await repo.upsertAnswer(deps.db, {
    id: newId(),
    action_id: action.id,
    user_id: caller.userId,
    ident: body.poll.ident,
    content: JSON.stringify(body.poll.content),
    created_at: deps.now().toISOString(),
  });
}

import type { PollAnswerBody } from '@promotor/contract';
import { END_AS_PLANNED } from '@promotor/contract/constants';
import { endsBeforePlan } from '@promotor/contract/rules';
import { AppError } from '../../lib/app-error.ts';
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
  // Decision 119: 'as planned' (no reason) only within 15 minutes of the planned end or after it; an
  // earlier end needs one of §2's reasons, as her phone asks.
  if (body.poll.ident === 'action_end' && body.poll.content[0].answer_ident[0] === END_AS_PLANNED) {
    if (endsBeforePlan(action.until, at.wall)) throw new AppError('E_END_REASON_REQUIRED');
  }
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

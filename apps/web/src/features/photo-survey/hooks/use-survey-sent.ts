import { useEffect, useState } from 'react';
import { surveyAlreadySent } from '../api/photo-survey.api.ts';

/** 'checking' until the server answered; 'open' also when it could not be asked (offline: the outbox takes the survey). */
export type SurveyCheck = 'checking' | 'sent' | 'open';

/**
 * Asks whether her survey of the action is already stored — when the page opens and again for each
 * `round` (after each survey she saved): the form is offered only while another would be taken.
 * `resend`: it is sent again (decision 093), so nothing is asked.
 */
export function useSurveySent(actionUuid: string, round: number, resend = false): SurveyCheck {
  const [answer, setAnswer] = useState<{ actionUuid: string; round: number; sent: boolean } | null>(null);
  useEffect(() => {
    if (resend) return;
    let current = true;
    const keep = (sent: boolean) => current && setAnswer({ actionUuid, round, sent });
    surveyAlreadySent(actionUuid).then(keep, () => keep(false));
    return () => {
      current = false;
    };
  }, [actionUuid, round, resend]);
  if (resend) return 'open';
  if (answer?.actionUuid !== actionUuid || answer.round !== round) return 'checking';
  return answer.sent ? 'sent' : 'open';
}

import { useEffect, useRef } from 'react';
import { enqueue, onOutboxRefused, onOutboxSent, useOutbox } from '../../../lib/outbox/index.ts';
import { surveyUpload, type SurveyData } from '../submit/survey-items.ts';

/**
 * What became of a survey handed to the outbox: both photos accepted; waiting for a connection
 * (offline, a try without an answer, or no answer within QUEUED_AFTER_MS); or refused (the app's
 * outbox-failure popup says why, with meta.ts as the code: spec §8).
 */
export type SurveyOutcome = 'sent' | 'queued' | 'refused';

/** How long 'Proszę czekać...' may stay before she is told the survey waits in the phone (decision 062). */
export const QUEUED_AFTER_MS = 20_000;

type Waiting = { keys: Set<string>; endKey: string; settle: (outcome: SurveyOutcome) => void };

/**
 * spec §4 Photos survey submit through the outbox (decision 062): both uploads stored at once, the
 * 'start' one sent first and the 'end' one only after it was accepted (the kind's refusal ends the
 * group); `send` resolves with the outcome, so the form shows 'Proszę czekać...' until then.
 */
export function useSurveySending(): (actionUuid: string, data: SurveyData) => Promise<SurveyOutcome> {
  const waiting = useRef<Waiting | null>(null);
  const { pending } = useOutbox();

  useEffect(() => {
    const offSent = onOutboxSent((item) => {
      if (item.idempotencyKey === waiting.current?.endKey) waiting.current.settle('sent');
    });
    const offRefused = onOutboxRefused((item) => {
      if (waiting.current?.keys.has(item.idempotencyKey)) waiting.current.settle('refused');
    });
    const offline = () => waiting.current?.settle('queued');
    window.addEventListener('offline', offline);
    return () => {
      offSent();
      offRefused();
      window.removeEventListener('offline', offline);
      waiting.current?.settle('queued'); // she left the page: the outbox goes on without her
    };
  }, []);

  // A try that ended without an answer (no connection, server unreachable): it waits for the next one.
  useEffect(() => {
    const current = waiting.current;
    if (current && pending.some((item) => current.keys.has(item.idempotencyKey) && item.attempts > 0)) current.settle('queued');
  }, [pending]);

  return async (actionUuid, data) => {
    const upload = surveyUpload(actionUuid, data);
    const outcome = new Promise<SurveyOutcome>((resolve) => {
      const timer = setTimeout(() => settle('queued'), QUEUED_AFTER_MS);
      const settle = (result: SurveyOutcome) => {
        clearTimeout(timer);
        if (waiting.current?.endKey === upload.endKey) waiting.current = null;
        resolve(result);
      };
      waiting.current = { keys: new Set([upload.startKey, upload.endKey]), endKey: upload.endKey, settle };
    });
    try {
      await enqueue(upload.items);
    } catch (error) {
      waiting.current = null;
      throw error;
    }
    if (typeof navigator !== 'undefined' && navigator.onLine === false) waiting.current?.settle('queued');
    return outcome;
  };
}

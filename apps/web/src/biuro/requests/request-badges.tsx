import { Link } from 'react-router';
import * as pl from '../../i18n/pl.ts';
import type { ConsumerRequest, ConsumerRequestState } from '../api/admin-types.ts';
import { consumerCardPath, deadlineOf } from './requests-view.ts';

const t = pl.biuroRequests;

/** A request's state in words (colour is never the only sign). */
export function RequestStateBadge({ state }: { state: ConsumerRequestState }) {
  return <span className={`request-state request-state--${state}`}>{t.requestStates[state]}</span>;
}

/** Days left to a pending request's due date; a warning when it is near (7 days) or past. */
export function DeadlineBadge({ request, now }: { request: ConsumerRequest; now: Date }) {
  const deadline = deadlineOf(request, now);
  if (!deadline) return null;
  return (
    <span className={`request-deadline request-deadline--${deadline.tone}`}>
      {deadline.tone === 'ok' ? null : (
        <span className="request-deadline__mark" aria-hidden="true">
          ⚠{' '}
        </span>
      )}
      {deadline.tone === 'soon' ? <span className="visually-hidden">{t.dueSoon}: </span> : null}
      {deadline.text}
    </span>
  );
}

/** Her card, a link (issue 33): after an erasure no search finds her, so each request leads to her card. */
export function ConsumerCardLink({ uuid }: { uuid: string }) {
  const short = uuid.slice(0, 8);
  return (
    <Link to={consumerCardPath(uuid)} aria-label={t.consumerCardOf(short)} title={uuid}>
      {t.consumerCard} <code>{short}</code>
    </Link>
  );
}

import { useEffect, useRef, useState } from 'react';
import * as pl from '../../i18n/pl.ts';
import type { ConsumerRequest } from '../api/admin-types.ts';
import { SidePanel } from '../components/side-panel.tsx';
import { dateText, dateTimeText } from '../consumers/consumers-view.ts';
import { CompleteSection } from './complete-request.tsx';
import { DenySection, ExtendSection, mayExtend, type Changed } from './request-actions.tsx';
import { ConsumerCardLink, DeadlineBadge, RequestStateBadge } from './request-badges.tsx';

const t = pl.biuroRequests;

type Props = {
  request: ConsumerRequest | null;
  onClose: () => void;
  /** An action changed the request: the list (or her card) shows it anew. */
  onChanged: Changed;
};

/** One request in a side panel: what it is, and while pending, what may be done with it. */
export function RequestPanel({ request, onClose, onChanged }: Props) {
  // The last request stays in the panel while it closes.
  const last = useRef<ConsumerRequest | null>(null);
  if (request) last.current = request;
  const shown = request ?? last.current;
  return (
    <SidePanel open={request !== null} title={shown ? t.panel.title(t.requestKinds[shown.kind]) : t.title} onClose={onClose}>
      {shown ? <RequestDetail key={shown.uuid} request={shown} onChanged={onChanged} /> : null}
    </SidePanel>
  );
}

function RequestDetail({ request: loaded, onChanged }: { request: ConsumerRequest; onChanged: Changed }) {
  // What this panel changed (an extension, the outcome) shows at once over what it was opened with.
  const [request, setRequest] = useState(loaded);
  const [notice, setNotice] = useState<string | null>(null);
  // The section whose button had focus is gone once the request closes: focus goes to what happened,
  // so the panel keeps it (Escape still closes it) and a screen reader reads the outcome.
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const now = new Date();
  const changed: Changed = (next, message) => {
    setRequest(next);
    setNotice(message);
    onChanged(next, message);
  };
  return (
    <div className="request-detail">
      {notice ? (
        <p className="biuro-notice" role="status" tabIndex={-1} ref={noticeRef}>
          {notice}
        </p>
      ) : null}
      <RequestFacts request={request} now={now} />
      {request.state === 'pending' ? (
        <>
          <CompleteSection request={request} onChanged={changed} />
          {mayExtend(request, now) ? <ExtendSection request={request} onChanged={changed} /> : null}
          <DenySection request={request} onChanged={changed} />
        </>
      ) : (
        <p className="biuro-muted">{t.panel.closed}</p>
      )}
    </div>
  );
}

function RequestFacts({ request, now }: { request: ConsumerRequest; now: Date }) {
  return (
    <dl className="request-facts">
      <dt>{t.columns.state}</dt>
      <dd>
        <RequestStateBadge state={request.state} />
      </dd>
      <dt>{t.panel.received}</dt>
      <dd>{dateTimeText(request.receivedAt)}</dd>
      <dt>{t.panel.due}</dt>
      <dd>
        {dateText(request.dueAt)} <DeadlineBadge request={request} now={now} />
      </dd>
      <dt>{t.panel.consumer}</dt>
      <dd>
        <ConsumerCardLink uuid={request.consumer.uuid} />
      </dd>
      <dt>{t.panel.createdBy}</dt>
      <dd>{request.createdBy}</dd>
      <dt>{t.panel.note}</dt>
      <dd>{request.note ?? t.panel.none}</dd>
      {request.extension ? (
        <>
          <dt>{t.extend.title}</dt>
          <dd>{t.panel.extension(dateTimeText(request.extension.at), request.extension.by, request.extension.reason)}</dd>
        </>
      ) : null}
      {request.completedAt ? (
        <>
          <dt>{t.panel.closedAt}</dt>
          <dd>{t.panel.outcome(t.requestStates[request.state], dateTimeText(request.completedAt), request.completedBy ?? t.panel.none)}</dd>
        </>
      ) : null}
      {request.outcomeNote ? (
        <>
          <dt>{t.panel.outcomeNote}</dt>
          <dd>{request.outcomeNote}</dd>
        </>
      ) : null}
    </dl>
  );
}

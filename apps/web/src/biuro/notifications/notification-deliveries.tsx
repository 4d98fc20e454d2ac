import { useEffect, useId, useState } from 'react';
import * as pl from '../../i18n/pl.ts';
import type { AdminBody, NotificationDelivery } from '../api/admin-types.ts';
import { useCan } from '../auth/use-can.ts';
import { EmptyState, ErrorState, LoadingState } from '../components/data-states.tsx';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { NotificationResend } from './notification-resend.tsx';
import { appStatus, deliveryLabel, kindText, pushStatus, resentText, smsStatus, wallDateTime, type Status } from './notifications-view.ts';
import './notifications.css';

const t = pl.biuroNotifications;

type Props = {
  /** A report's (the action and her ident) or an action's (all its promoters). */
  of: AdminBody<'/admin/notifications/list'>;
  /** Whose notifications, for the list's name: her name, or the action's. */
  whose: string;
};

/**
 * 'Powiadomienia' in a report's or an action's panel (issue 37): per notification, what it was, when,
 * and what reached her — push, read in the app, SMS — with a resend for those who review reports.
 */
export function NotificationDeliveries({ of, whose }: Props) {
  const headingId = useId();
  const canResend = useCan('reports.review');
  const query = useAdminQuery('/admin/notifications/list', of);
  // Rows a resend answered, shown over the loaded list until it loads again.
  const [answered, setAnswered] = useState<Map<number, NotificationDelivery>>(new Map());
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => setAnswered(new Map()), [query.data]);

  const loaded = query.data?.notifications ?? null;
  const notifications = loaded?.map((one) => answered.get(one.id) ?? one) ?? null;
  // An action's list holds several promoters: each row names her.
  const withPromoter = !of.promoter;

  const resent = (delivery: NotificationDelivery) => {
    setAnswered((old) => new Map(old).set(delivery.id, delivery));
    setNotice(t.resent);
  };

  return (
    <section className="side-panel__section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t.title}</h3>
      {notice ? (
        <p className="biuro-notice" role="status">
          {notice}
        </p>
      ) : null}
      {notifications === null ? (
        query.status === 'failed' ? (
          <ErrorState message={query.message} onRetry={query.reload} />
        ) : (
          <LoadingState text={t.loading} />
        )
      ) : notifications.length === 0 ? (
        <EmptyState text={t.empty} />
      ) : (
        <ul className="notification-list" aria-label={t.listOf(whose)}>
          {notifications.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} withPromoter={withPromoter} canResend={canResend} onResent={resent} />
          ))}
        </ul>
      )}
    </section>
  );
}

type ItemProps = {
  delivery: NotificationDelivery;
  withPromoter: boolean;
  canResend: boolean;
  onResent: (delivery: NotificationDelivery) => void;
};

function DeliveryItem({ delivery, withPromoter, canResend, onResent }: ItemProps) {
  const headingId = useId();
  return (
    <li className="notification" aria-labelledby={headingId}>
      <h4 id={headingId} className="notification__title">
        {kindText(delivery.kind)}
        {withPromoter ? (
          <>
            {' — '}
            <span className="notification__who">{delivery.promoter.name}</span>
          </>
        ) : null}
      </h4>
      <dl className="notification__facts">
        <dt>{t.createdAt}</dt>
        <dd>
          <time dateTime={delivery.createdAt}>{wallDateTime(delivery.createdAt)}</time>
        </dd>
        <dt>{t.channels.push}</dt>
        <dd>
          <StatusText status={pushStatus(delivery)} />
        </dd>
        <dt>{t.channels.app}</dt>
        <dd>
          <StatusText status={appStatus(delivery)} />
        </dd>
        <dt>{t.channels.sms}</dt>
        <dd>
          <StatusText status={smsStatus(delivery)} />
        </dd>
        <dt>{t.channels.resent}</dt>
        <dd>{resentText(delivery)}</dd>
      </dl>
      {canResend ? <NotificationResend delivery={delivery} label={deliveryLabel(delivery, withPromoter)} onResent={onResent} /> : null}
    </li>
  );
}

/** The words say the state; the mark and colour only repeat them. */
function StatusText({ status }: { status: Status }) {
  return (
    <span className={`notification-status notification-status--${status.tone}`}>
      <span className="notification-status__mark" aria-hidden="true" />
      {status.text}
    </span>
  );
}

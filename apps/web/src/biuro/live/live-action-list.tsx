import * as pl from '../../i18n/pl.ts';
import {
  actionMarkerId,
  agoText,
  isOnMap,
  promoterMarkerId,
  promoterStatus,
  wallTime,
  type LiveAction,
  type LivePromoter,
} from './live-view.ts';

type Show = (markerId: string) => void;

function Outbox({ promoter, now }: { promoter: LivePromoter; now: number }) {
  const { outbox } = promoter;
  if (!outbox) return <>{pl.biuroLive.phones.unknown}</>;
  if (outbox.count === 0) return <>{pl.biuroLive.phones.nothing}</>;
  return (
    <>
      {pl.biuroLive.phones.items(outbox.count)}
      {outbox.oldestAt ? `, ${pl.biuroLive.phones.columns.oldest.toLowerCase()} ${agoText(outbox.oldestAt, now)}` : ''}
    </>
  );
}

function PromoterRow({ action, promoter, now, onShow }: { action: LiveAction; promoter: LivePromoter; now: number; onShow: Show }) {
  const status = promoter.cancelled ? 'cancelled' : (promoter.status ?? 'none');
  return (
    <li className="live-promoter">
      <div className="live-promoter__head">
        <strong>{promoter.name}</strong>
        <span className={`live-status live-status--${status}`}>{promoterStatus(promoter)}</span>
      </div>
      <dl className="live-facts">
        <div>
          <dt>{pl.biuroLive.list.position}</dt>
          <dd>
            {promoter.lastPosition ? (
              <time dateTime={promoter.lastPosition.capturedAt}>{agoText(promoter.lastPosition.capturedAt, now)}</time>
            ) : (
              pl.biuroLive.list.noPosition
            )}
          </dd>
        </div>
        <div>
          <dt>{pl.biuroLive.list.distance}</dt>
          <dd>{promoter.distanceMeters !== null ? pl.biuroLive.distance(promoter.distanceMeters) : '—'}</dd>
        </div>
        <div>
          <dt>{pl.biuroLive.list.outbox}</dt>
          <dd>
            <Outbox promoter={promoter} now={now} />
          </dd>
        </div>
        <div>
          <dt>{pl.biuroLive.list.lastSeen}</dt>
          <dd>
            {promoter.lastSeenAt ? (
              <time dateTime={promoter.lastSeenAt}>
                {wallTime(promoter.lastSeenAt)} ({agoText(promoter.lastSeenAt, now)})
              </time>
            ) : (
              pl.biuroLive.list.never
            )}
          </dd>
        </div>
      </dl>
      {isOnMap(promoter) ? (
        <button
          type="button"
          className="biuro-link-button"
          onClick={() => onShow(promoterMarkerId(action.uuid, promoter.uuid))}
          aria-label={pl.biuroLive.list.showOnMapOf(promoter.name)}
        >
          {pl.biuroLive.list.showOnMap}
        </button>
      ) : null}
    </li>
  );
}

/** The list beside the map: each of today's actions with its promoters, as the map shows them. */
export function LiveActionList({ actions, now, onShow }: { actions: LiveAction[]; now: number; onShow: Show }) {
  return (
    <section className="live-list" aria-labelledby="live-list-title">
      <h2 id="live-list-title">{pl.biuroLive.list.title}</h2>
      <ul className="live-actions">
        {actions.map((action) => {
          const target = actionMarkerId(action);
          return (
            <li key={action.uuid} className="live-action" aria-labelledby={`live-action-${action.uuid}`}>
              <div className="live-action__head">
                <h3 id={`live-action-${action.uuid}`}>{action.name}</h3>
                <span className={`live-status live-status--${action.status}`}>
                  {pl.biuro.plan.statuses[action.status] ?? action.status}
                </span>
              </div>
              <p className="biuro-muted live-action__meta">
                {pl.biuroLive.list.hours(action.since.slice(11, 16), action.until.slice(11, 16))}
                {action.territory ? ` · ${action.territory.ident}` : ''}
                {action.points.length ? ` · ${action.points.map((point) => point.name).join(', ')}` : ''}
              </p>
              {target ? (
                <button
                  type="button"
                  className="biuro-link-button"
                  onClick={() => onShow(target)}
                  aria-label={pl.biuroLive.list.showOnMapOf(action.name)}
                >
                  {pl.biuroLive.list.showOnMap}
                </button>
              ) : (
                <p className="biuro-muted">{pl.biuroLive.list.noPoints}</p>
              )}
              {action.promoters.length === 0 ? (
                <p className="biuro-muted">{pl.biuroLive.list.noPromoters}</p>
              ) : (
                <ul className="live-promoters">
                  {action.promoters.map((promoter) => (
                    <PromoterRow key={promoter.uuid} action={action} promoter={promoter} now={now} onShow={onShow} />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import * as pl from '../../i18n/pl.ts';
import { agoText, phoneRows, wallTime, type LiveAction } from './live-view.ts';

/**
 * 'Co czeka w telefonach' (issue 25, ODK's most asked-for missing view): per promoter, what her phone
 * reported with its last call — items waiting, the oldest one's age — and when that call was.
 */
export function LivePhones({ actions, now }: { actions: LiveAction[]; now: number }) {
  const rows = phoneRows(actions);
  const columns = pl.biuroLive.phones.columns;
  return (
    <section className="live-panel live-phones" aria-labelledby="live-phones-title">
      <div className="live-panel__head">
        <h2 id="live-phones-title">{pl.biuroLive.phones.title}</h2>
      </div>
      <p className="biuro-muted">{pl.biuroLive.phones.intro}</p>
      {rows.length === 0 ? (
        <p className="biuro-state biuro-state--empty">{pl.biuroLive.phones.empty}</p>
      ) : (
        <div className="live-table-scroll">
          <table className="live-table">
            <caption className="visually-hidden">{pl.biuroLive.phones.title}</caption>
            <thead>
              <tr>
                <th scope="col">{columns.promoter}</th>
                <th scope="col">{columns.count}</th>
                <th scope="col">{columns.oldest}</th>
                <th scope="col">{columns.lastSeen}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.uuid} className={row.outbox && row.outbox.count > 0 ? 'live-table__waiting' : undefined}>
                  <th scope="row">
                    {row.name}
                    <span className="live-table__sub">{row.ident}</span>
                  </th>
                  <td>
                    {row.outbox
                      ? row.outbox.count > 0
                        ? pl.biuroLive.phones.items(row.outbox.count)
                        : pl.biuroLive.phones.nothing
                      : pl.biuroLive.phones.unknown}
                  </td>
                  <td>{row.outbox?.oldestAt ? <time dateTime={row.outbox.oldestAt}>{agoText(row.outbox.oldestAt, now)}</time> : '—'}</td>
                  <td>
                    {row.lastSeenAt ? (
                      <time dateTime={row.lastSeenAt}>
                        {wallTime(row.lastSeenAt)} ({agoText(row.lastSeenAt, now)})
                      </time>
                    ) : (
                      pl.biuroLive.list.never
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import * as pl from '../../i18n/pl.ts';
import type { ConsentEntry, ConsumerHistory } from '../api/admin-types.ts';
import { consentLabel, dateText, dateTimeText, newestFirst, proofText } from './consumers-view.ts';

const t = pl.biuroConsumers;

/** Each consent's decision now (the newest record of its field). */
export function CurrentConsents({ history }: { history: ConsumerHistory }) {
  if (history.current.length === 0) return <p className="biuro-muted">{t.current.empty}</p>;
  return (
    <ul className="consent-current">
      {history.current.map((consent) => (
        <li key={consent.field} className={`consent-current__item consent-current__item--${consent.decision ? 'given' : 'refused'}`}>
          <span className="consent-current__name">{consentLabel(consent.field)}</span>{' '}
          <span className="consent-current__decision">
            {consent.decision ? t.current.given : t.current.refused}, {t.current.since(dateText(consent.since))}
          </span>
        </li>
      ))}
    </ul>
  );
}

const dash = t.history.none;

function TextShown({ entry }: { entry: ConsentEntry }) {
  if (!entry.text) return <span className="biuro-muted">{t.history.noText}</span>;
  return (
    <details className="consent-text">
      <summary>{t.history.showText}</summary>
      <p className="consent-text__words">{entry.text.words ?? t.history.noText}</p>
      <p className="biuro-muted consent-text__version">{t.history.textVersion(entry.text.version, entry.text.sha256)}</p>
    </details>
  );
}

/** Every decision on every consent, newest first, with the exact text shown (expandable) and its proof. */
export function ConsentHistory({ history }: { history: ConsumerHistory }) {
  if (history.consents.length === 0) return <p className="biuro-muted">{t.history.empty}</p>;
  const c = t.history.columns;
  return (
    <div className="data-table">
      <div className="data-table__scroll">
        <table className="consent-history">
          <caption className="visually-hidden">{t.history.caption}</caption>
          <thead>
            <tr>
              {[c.consent, c.decision, c.channel, c.time, c.promoter, c.action, c.point, c.proof].map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {newestFirst(history.consents).map((entry) => (
              <tr key={entry.uuid}>
                <th scope="row">
                  {consentLabel(entry.field)}
                  <TextShown entry={entry} />
                </th>
                <td>
                  <span className={`consent-decision consent-decision--${entry.decision ? 'given' : 'refused'}`}>
                    {entry.decision ? t.history.given : t.history.refused}
                  </span>
                </td>
                <td>{t.history.channels[entry.channel]}</td>
                <td>
                  <time dateTime={entry.recordedAt}>{dateTimeText(entry.recordedAt)}</time>
                </td>
                <td>{entry.promoter ? `${entry.promoter.firstname} ${entry.promoter.lastname} (${entry.promoter.ident})` : dash}</td>
                <td>{entry.action ? entry.action.name : dash}</td>
                <td>{entry.point ? `${entry.point.name}, ${entry.point.streetAddress}, ${entry.point.cityName}` : dash}</td>
                <td>{proofText(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

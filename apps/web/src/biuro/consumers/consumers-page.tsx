import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import * as pl from '../../i18n/pl.ts';
import type { Consumer } from '../api/admin-types.ts';
import { EmptyState } from '../components/data-states.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';
import '../components/data-table.css';
import '../requests/requests.css';
import { ConsumerCard } from './consumer-card.tsx';
import { ConsumerFindForm } from './consumer-find-form.tsx';
import { consumerName, dateText } from './consumers-view.ts';
import './consumers.css';

const t = pl.biuroConsumers;

function FoundConsumers({ consumers, onOpen }: { consumers: Consumer[]; onOpen: (consumer: Consumer) => void }) {
  if (consumers.length === 0) return <EmptyState text={t.noResults} />;
  const c = t.columns;
  return (
    <div className="data-table">
      <div className="data-table__scroll">
        <table>
          <caption className="visually-hidden">{t.results}</caption>
          <thead>
            <tr>
              {[c.name, c.email, c.phone, c.created].map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {consumers.map((consumer) => (
              <tr key={consumer.uuid}>
                <td>
                  <button
                    type="button"
                    className="biuro-link-button"
                    aria-label={t.open(consumerName(consumer))}
                    onClick={() => onOpen(consumer)}
                  >
                    {consumerName(consumer)}
                  </button>
                </td>
                <td>{consumer.emailAddress ?? t.card.none}</td>
                <td>{consumer.mobileNumber ?? t.card.none}</td>
                <td>{dateText(consumer.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * /biuro/konsumenci (issue 26, decision 100): the privacy officer finds a consumer by her exact e-mail
 * or number, with the reason the audit log keeps, and opens her card. The address holds only the id of
 * the card open (`?konsument=`, issue 33: a request links to it, an erased consumer being found by no
 * search): her e-mail or number never lands in the browser's history.
 */
export function ConsumersPage() {
  const [found, setFound] = useState<Consumer[] | null>(null);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const openedId = params.get('konsument');
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const open = (consumer: Consumer) => setParams({ konsument: consumer.uuid });

  usePageTitle(t.title);
  useEffect(() => {
    // A search answered, or back from her card: focus goes to the results (her card takes it itself).
    if (!openedId) resultsHeading.current?.focus();
  }, [found, openedId]);

  return (
    <section aria-labelledby="consumers-title">
      <div className="biuro-page-head">
        <h1 id="consumers-title">{t.title}</h1>
      </div>
      <p className="biuro-muted">{t.intro}</p>
      <ConsumerFindForm
        onFound={(consumers) => {
          setFound(consumers);
          if (openedId) setParams({});
        }}
      />
      {openedId ? (
        <ConsumerCard
          key={openedId}
          uuid={openedId}
          found={found?.find((consumer) => consumer.uuid === openedId)}
          backLabel={found ? t.card.back : t.card.backToRequests}
          // Opened from a request's link there are no results to go back to: back to the requests.
          onBack={() => (found ? setParams({}) : void navigate('/wnioski'))}
        />
      ) : found ? (
        <section aria-labelledby="consumers-results" className="consumers-results">
          <h2 id="consumers-results" ref={resultsHeading} tabIndex={-1}>
            {t.results}
          </h2>
          <FoundConsumers consumers={found} onOpen={open} />
        </section>
      ) : null}
    </section>
  );
}

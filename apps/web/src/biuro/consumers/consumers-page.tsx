import { useEffect, useRef, useState } from 'react';
import * as pl from '../../i18n/pl.ts';
import type { Consumer } from '../api/admin-types.ts';
import { EmptyState } from '../components/data-states.tsx';
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
 * or number, with the reason the audit log keeps, and opens her card. Nothing is in the address: her
 * e-mail or number never lands in the browser's history.
 */
export function ConsumersPage() {
  const [found, setFound] = useState<Consumer[] | null>(null);
  const [opened, setOpened] = useState<Consumer | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = pl.biuro.pageTitle(t.title);
  }, []);
  useEffect(() => {
    // A search answered, or back from her card: focus goes to the results (her card takes it itself).
    if (!opened) resultsHeading.current?.focus();
  }, [found, opened]);

  return (
    <section aria-labelledby="consumers-title">
      <div className="biuro-page-head">
        <h1 id="consumers-title">{t.title}</h1>
      </div>
      <p className="biuro-muted">{t.intro}</p>
      <ConsumerFindForm
        onFound={(consumers) => {
          setOpened(null);
          setFound(consumers);
        }}
      />
      {opened ? (
        <ConsumerCard key={opened.uuid} consumer={opened} onBack={() => setOpened(null)} />
      ) : found ? (
        <section aria-labelledby="consumers-results" className="consumers-results">
          <h2 id="consumers-results" ref={resultsHeading} tabIndex={-1}>
            {t.results}
          </h2>
          <FoundConsumers consumers={found} onOpen={setOpened} />
        </section>
      ) : null}
    </section>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminProof } from '../api/admin-api.ts';
import type { Consumer } from '../api/admin-types.ts';
import { useCan } from '../auth/use-can.ts';
import { ErrorState, LoadingState } from '../components/data-states.tsx';
import { saveFile } from '../exports/exports-view.ts';
import { errorMessage } from '../lib/error-message.ts';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { ConsentHistory, CurrentConsents } from './consent-history.tsx';
import { ConsumerRequests } from './consumer-requests.tsx';
import { consumerName, dateText, dateTimeText, givenConsents, proofFileName } from './consumers-view.ts';
import { WithdrawForm } from './withdraw-form.tsx';

const t = pl.biuroConsumers;

function CardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="consumer-card__section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** Her data as held, or the day it was erased. */
function ConsumerData({ consumer }: { consumer: Consumer }) {
  if (consumer.erasedAt) return <p className="consumer-erased">{t.erased(dateText(consumer.erasedAt))}</p>;
  const c = t.card;
  const rows: [string, string | null][] = [
    [c.firstName, consumer.firstName],
    [c.lastName, consumer.lastName],
    [c.email, consumer.emailAddress],
    [c.phone, consumer.mobileNumber],
    [c.birthDate, consumer.birthDate],
    [c.postalCode, consumer.postalCode],
    [c.created, dateTimeText(consumer.createdAt)],
  ];
  return (
    <dl className="consumer-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="consumer-facts__row">
          <dt>{label}</dt>
          <dd>{value ?? c.none}</dd>
        </div>
      ))}
    </dl>
  );
}

type Outcome = { kind: 'done' | 'failed'; text: string } | null;

/** "Pobierz dowód (PDF)" and "(JSON)": the file the server answers, saved under its name (or ours). */
function ProofDownloads({ consumer }: { consumer: Consumer }) {
  const [busy, setBusy] = useState<'pdf' | 'json' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function download(format: 'pdf' | 'json') {
    setBusy(format);
    setOutcome(null);
    try {
      const file = await adminProof('/admin/consumers/proof', { consumer: { uuid: consumer.uuid }, format });
      const name = file.fileName ?? proofFileName(consumer, format, new Date());
      saveFile(file.blob, name);
      setOutcome({ kind: 'done', text: t.proof.downloaded(name) });
    } catch (failure) {
      setOutcome({ kind: 'failed', text: t.proof.failed(errorMessage(failure)) });
    } finally {
      setBusy(null);
    }
  }
  return (
    <>
      <p className="biuro-muted">{t.proof.intro}</p>
      <div className="consumer-card__buttons">
        {(['pdf', 'json'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            busy={busy === format}
            disabled={busy !== null && busy !== format}
            onClick={() => void download(format)}
          >
            {busy === format ? t.proof.downloading : format === 'pdf' ? t.proof.pdf : t.proof.json}
          </Button>
        ))}
      </div>
      {outcome ? (
        <p className={outcome.kind === 'done' ? 'biuro-notice' : 'biuro-alert'} role={outcome.kind === 'done' ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      ) : null}
    </>
  );
}

/**
 * Her card (issue 26): her data, her consents now and their whole history, the proof to download, a
 * withdrawal on her request, and her data-subject requests. Focus moves to its heading when it opens.
 * `found`: what the search answered, shown until her history comes (opened by its address: nothing).
 */
export function ConsumerCard({
  uuid,
  found,
  backLabel,
  onBack,
}: {
  uuid: string;
  found?: Consumer | undefined;
  backLabel: string;
  onBack: () => void;
}) {
  const query = useAdminQuery('/admin/consumers/history', { consumer: { uuid } });
  const canManage = useCan('consumers.manage');
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const history = query.data;
  const consumer = history?.consumer ?? found;
  const changed = (message: string) => {
    setNotice(message);
    query.reload();
  };

  return (
    <article className="consumer-card" aria-labelledby="consumer-card-title">
      <div className="biuro-page-head">
        <h2 id="consumer-card-title" ref={heading} tabIndex={-1}>
          {consumer ? t.card.title(consumerName(consumer)) : t.card.untitled}
        </h2>
        <Button variant="secondary" onClick={onBack}>
          {backLabel}
        </Button>
      </div>
      {notice ? (
        <p className="biuro-notice" role="status">
          {notice}
        </p>
      ) : null}
      {consumer ? (
        <CardSection id="consumer-data" title={t.card.data}>
          <ConsumerData consumer={consumer} />
        </CardSection>
      ) : null}
      {!history || !consumer ? (
        query.status === 'failed' ? (
          <ErrorState message={query.message} onRetry={query.reload} />
        ) : (
          <LoadingState text={t.card.loading} />
        )
      ) : (
        <>
          <CardSection id="consumer-current" title={t.current.title}>
            <CurrentConsents history={history} />
          </CardSection>
          <CardSection id="consumer-proof" title={t.proof.title}>
            <ProofDownloads consumer={consumer} />
          </CardSection>
          <CardSection id="consumer-history" title={t.history.title}>
            <ConsentHistory history={history} />
          </CardSection>
          {canManage && !consumer.erasedAt ? (
            <CardSection id="consumer-withdraw" title={t.withdraw.title}>
              <WithdrawForm consumer={consumer} given={givenConsents(history)} onWithdrawn={changed} />
            </CardSection>
          ) : null}
          <CardSection id="consumer-requests" title={t.requests.title}>
            <ConsumerRequests
              consumer={consumer}
              requests={history.requests}
              canCreate={canManage && !consumer.erasedAt}
              onChanged={changed}
            />
          </CardSection>
        </>
      )}
    </article>
  );
}

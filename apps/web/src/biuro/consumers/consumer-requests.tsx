import { trimInvisible, visibleLength } from '@promotor/contract/rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import type { Consumer, ConsumerRequest, ConsumerRequestKind } from '../api/admin-types.ts';
import { NoteField } from '../components/note-field.tsx';
import { errorMessage } from '../lib/error-message.ts';
import { useOpenedFocus } from '../lib/use-opened-focus.ts';
import { DeadlineBadge, RequestStateBadge } from '../requests/request-badges.tsx';
import { RequestPanel } from '../requests/request-panel.tsx';
import { REQUEST_KINDS } from '../requests/requests-view.ts';
import { dateText, NOTE_MAX } from './consumers-view.ts';

const t = pl.biuroConsumers.requests;
const kinds = pl.biuroConsumers.requestKinds;

type Props = { consumer: Consumer; requests: ConsumerRequest[]; canCreate: boolean; onChanged: (message: string) => void };

/** Her requests, each opening the same panel as on "Wnioski", and "Nowy wniosek". */
export function ConsumerRequests({ consumer, requests, canCreate, onChanged }: Props) {
  const [opened, setOpened] = useState<ConsumerRequest | null>(null);
  const now = new Date();
  return (
    <>
      {requests.length === 0 ? (
        <p className="biuro-muted">{t.empty}</p>
      ) : (
        <ul className="consumer-requests">
          {requests.map((request) => (
            <li key={request.uuid} className="consumer-requests__item">
              <button
                type="button"
                className="biuro-link-button"
                aria-label={t.open(kinds[request.kind])}
                onClick={() => setOpened(request)}
              >
                {kinds[request.kind]}
              </button>{' '}
              <RequestStateBadge state={request.state} /> <span className="biuro-muted">{dateText(request.receivedAt)}</span>{' '}
              <DeadlineBadge request={request} now={now} />
            </li>
          ))}
        </ul>
      )}
      {canCreate ? <NewRequestForm consumer={consumer} onCreated={onChanged} /> : null}
      <RequestPanel request={opened} onClose={() => setOpened(null)} onChanged={(_, message) => onChanged(message)} />
    </>
  );
}

function NewRequestForm({ consumer, onCreated }: { consumer: Consumer; onCreated: (message: string) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ConsumerRequestKind>('access');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useOpenedFocus<HTMLDivElement>(open);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { consumer: { uuid: consumer.uuid }, kind, ...(visibleLength(note) > 0 ? { note: trimInvisible(note) } : {}) };
      await adminCall('/admin/consumers/requests/create', body);
      setOpen(false);
      setNote('');
      onCreated(t.created(kinds[kind]));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={ref} className="consumer-requests__new">
      {open ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <h4 className="consumer-requests__new-title">{t.new}</h4>
          {error ? (
            <p className="biuro-alert" role="alert">
              {error}
            </p>
          ) : null}
          <div className="field">
            <label className="field__label" htmlFor={`${id}-kind`}>
              {t.kind}
            </label>
            <select
              data-focus-here
              id={`${id}-kind`}
              className="field__input"
              value={kind}
              onChange={(event) => setKind(event.target.value as ConsumerRequestKind)}
            >
              {REQUEST_KINDS.map((value) => (
                <option key={value} value={value}>
                  {kinds[value]}
                </option>
              ))}
            </select>
          </div>
          <NoteField label={t.note} hint={t.noteHint} value={note} maxLength={NOTE_MAX} onChange={setNote} />
          <div className="modal__actions">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {pl.biuro.panel.cancel}
            </Button>
            <Button type="submit" busy={busy}>
              {t.create}
            </Button>
          </div>
        </form>
      ) : (
        <Button data-focus-here variant="secondary" onClick={() => setOpen(true)}>
          {t.new}
        </Button>
      )}
    </div>
  );
}

import { trimInvisible, visibleLength } from '@promotor/contract/rules';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import type { ConsumerRequest } from '../api/admin-types.ts';
import { NoteField } from '../components/note-field.tsx';
import { errorMessage, fieldErrorsOf } from '../lib/error-message.ts';
import { useOpenedFocus } from '../lib/use-opened-focus.ts';
import { NOTE_MAX, REASON_MAX, REASON_MIN } from '../consumers/consumers-view.ts';

const t = pl.biuroRequests;

export type Changed = (request: ConsumerRequest, message: string) => void;

/** A titled part of the request's panel. */
export function ActionSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="side-panel__section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** The extension may be asked while pending, not yet extended and within the first month (the unextended due date). */
export const mayExtend = (request: ConsumerRequest, now: Date) =>
  request.state === 'pending' && request.extension === null && new Date(request.dueAt).getTime() > now.getTime();

/** A form opened in place by one button, with one required text and one call. */
function NoteForm({
  id,
  title,
  openLabel,
  intro,
  label,
  required,
  minLength = 1,
  maxLength,
  submitLabel,
  danger,
  send,
}: {
  id: string;
  title: string;
  openLabel: string;
  intro?: string;
  label: string;
  required: string;
  minLength?: number;
  maxLength: number;
  submitLabel: string;
  danger?: boolean;
  /** The call; its failure's message is shown here (a field's message under the field). */
  send: (text: string) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useOpenedFocus<HTMLDivElement>(open);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (visibleLength(text) < minLength) {
      setFieldError(required);
      ref.current?.querySelector<HTMLElement>('[data-focus-here]')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(trimInvisible(text));
    } catch (failure) {
      const fields = Object.values(fieldErrorsOf(failure, 'body.'));
      if (fields[0]) setFieldError(fields[0]);
      else setError(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <ActionSection id={id} title={title}>
      {intro ? <p className="biuro-muted">{intro}</p> : null}
      {error ? (
        <p className="biuro-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div ref={ref}>
        {open ? (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <NoteField
              focusHere
              label={label}
              value={text}
              maxLength={maxLength}
              error={fieldError}
              onChange={(value) => {
                setText(value);
                setFieldError(null);
              }}
            />
            <div className="modal__actions">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {pl.biuro.panel.cancel}
              </Button>
              <Button type="submit" busy={busy} className={danger ? 'button--danger' : undefined}>
                {submitLabel}
              </Button>
            </div>
          </form>
        ) : (
          <Button data-focus-here variant="secondary" onClick={() => setOpen(true)}>
            {openLabel}
          </Button>
        )}
      </div>
    </ActionSection>
  );
}

/** "Przedłuż termin": two more months, once, within the first month, with a reason (art. 12(3)). */
export function ExtendSection({ request, onChanged }: { request: ConsumerRequest; onChanged: Changed }) {
  return (
    <NoteForm
      id="request-extend"
      title={t.extend.title}
      openLabel={t.extend.open}
      intro={t.extend.intro}
      label={t.extend.reason}
      required={t.extend.reasonRequired}
      minLength={REASON_MIN}
      maxLength={REASON_MAX}
      submitLabel={t.extend.submit}
      // The server decides (409 E_EXTENSION_NOT_ALLOWED, said from the catalogue); the button shows only when it may.
      send={async (reason) => {
        const answer = await adminCall('/admin/consumers/requests/extend', { request: { uuid: request.uuid }, reason });
        onChanged(answer.request, t.extend.done);
      }}
    />
  );
}

/** "Odmów": closes the request without acting; the reason is required and kept. */
export function DenySection({ request, onChanged }: { request: ConsumerRequest; onChanged: Changed }) {
  return (
    <NoteForm
      id="request-deny"
      title={t.deny.title}
      openLabel={t.deny.open}
      label={t.deny.note}
      required={t.deny.noteRequired}
      maxLength={NOTE_MAX}
      submitLabel={t.deny.submit}
      danger
      send={async (note) => {
        const answer = await adminCall('/admin/consumers/requests/complete', { request: { uuid: request.uuid }, outcome: 'denied', note });
        onChanged(answer.request, t.deny.done);
      }}
    />
  );
}

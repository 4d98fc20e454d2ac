import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import type { AdminBody, ConsumerRectification, ConsumerRequest } from '../api/admin-types.ts';
import { saveFile } from '../exports/exports-view.ts';
import { errorMessage, fieldErrorsOf } from '../lib/error-message.ts';
import { useOpenedFocus } from '../lib/use-opened-focus.ts';
import { ActionSection, type Changed } from './request-actions.tsx';
import { answersExport, exportFileName } from './requests-view.ts';

const t = pl.biuroRequests.complete;
type Props = { request: ConsumerRequest; onChanged: Changed };
type CompleteBody = AdminBody<'/admin/consumers/requests/complete'>;

/** One call that carries the request out, with its busy state and its failure said in Polish. */
function useComplete() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function complete(body: CompleteBody) {
    setBusy(true);
    setError(null);
    try {
      return await adminCall('/admin/consumers/requests/complete', body);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
      throw failure;
    }
  }
  const alert = error ? (
    <p className="biuro-alert" role="alert">
      {error}
    </p>
  ) : null;
  return { busy, complete, alert };
}

/** "Zrealizuj": what carrying it out means depends on the kind (art. 15, 16, 17, 20). */
export function CompleteSection({ request, onChanged }: Props) {
  if (answersExport(request.kind)) return <CompleteWithExport request={request} onChanged={onChanged} />;
  if (request.kind === 'rectification') return <CompleteRectification request={request} onChanged={onChanged} />;
  return <CompleteErasure request={request} onChanged={onChanged} />;
}

/** Access and portability: the server answers her data; it is saved at once as a JSON file. */
function CompleteWithExport({ request, onChanged }: Props) {
  const { busy, complete, alert } = useComplete();
  async function run() {
    const answer = await complete({ request: { uuid: request.uuid } }).catch(() => null);
    if (!answer) return;
    const name = exportFileName(request, new Date());
    if (answer.export) saveFile(new Blob([JSON.stringify(answer.export, null, 2)], { type: 'application/json' }), name);
    onChanged(answer.request, answer.export ? t.downloaded(name) : pl.biuroRequests.complete.done);
  }
  return (
    <ActionSection id="request-complete" title={t.title}>
      <p className="biuro-muted">{t.accessIntro}</p>
      {alert}
      <Button busy={busy} onClick={() => void run()}>
        {t.accessSubmit}
      </Button>
    </ActionSection>
  );
}

const RECTIFIABLE = [
  'firstName',
  'lastName',
  'emailAddress',
  'mobileNumber',
  'birthDate',
  'postalCode',
] as const satisfies readonly (keyof ConsumerRectification)[];
type Rectifiable = (typeof RECTIFIABLE)[number];
const EMPTY = Object.fromEntries(RECTIFIABLE.map((field) => [field, ''])) as Record<Rectifiable, string>;

/** Rectification: only the fields typed in are sent; the contract's messages come back under each. */
function CompleteRectification({ request, onChanged }: Props) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { busy, complete, alert } = useComplete();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const rectification = Object.fromEntries(
      RECTIFIABLE.flatMap((field) => (values[field].trim() ? [[field, values[field].trim()]] : [])),
    ) as ConsumerRectification;
    if (Object.keys(rectification).length === 0) {
      setFormError(t.pickOne);
      return;
    }
    setFormError(null);
    setErrors({});
    try {
      const answer = await complete({ request: { uuid: request.uuid }, rectification });
      onChanged(answer.request, t.done);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure, 'body.rectification.'));
    }
  }

  return (
    <ActionSection id="request-complete" title={t.title}>
      <p className="biuro-muted">{t.rectificationIntro}</p>
      {alert}
      <form className="request-rectification" onSubmit={(event) => void submit(event)} noValidate>
        {RECTIFIABLE.map((field) => (
          <Field
            key={field}
            name={field}
            label={t.fields[field]}
            type={field === 'birthDate' ? 'date' : field === 'emailAddress' ? 'email' : 'text'}
            value={values[field]}
            error={errors[field]}
            onChange={(event) => setValues((old) => ({ ...old, [field]: event.target.value }))}
          />
        ))}
        {formError ? (
          <p className="field__error" role="alert">
            {formError}
          </p>
        ) : null}
        <Button type="submit" busy={busy}>
          {t.rectificationSubmit}
        </Button>
      </form>
    </ActionSection>
  );
}

/** Erasure: a dialog in place that says it cannot be undone, and acts only once she ticks that she understands. */
function CompleteErasure({ request, onChanged }: Props) {
  const [asking, setAsking] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const { busy, complete, alert } = useComplete();
  const ref = useOpenedFocus<HTMLDivElement>(asking);

  async function erase() {
    const answer = await complete({ request: { uuid: request.uuid } }).catch(() => null);
    if (answer) onChanged(answer.request, t.erased);
  }

  return (
    <ActionSection id="request-complete" title={t.title}>
      <p className="biuro-muted">{t.erasureIntro}</p>
      {alert}
      <div ref={ref}>
        {asking ? (
          <div role="alertdialog" aria-labelledby="erasure-question" className="request-erasure">
            <p id="erasure-question" className="request-erasure__question">
              {t.erasureQuestion}
            </p>
            <label className="request-erasure__understood">
              <input data-focus-here type="checkbox" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />{' '}
              {t.erasureUnderstood}
            </label>
            <div className="modal__actions">
              <Button
                variant="secondary"
                onClick={() => {
                  setAsking(false);
                  setUnderstood(false);
                }}
              >
                {t.cancel}
              </Button>
              <Button className="button--danger" disabled={!understood} busy={busy} onClick={() => void erase()}>
                {t.erasureSubmit}
              </Button>
            </div>
          </div>
        ) : (
          <Button data-focus-here className="button--danger" onClick={() => setAsking(true)}>
            {t.erasureOpen}
          </Button>
        )}
      </div>
    </ActionSection>
  );
}

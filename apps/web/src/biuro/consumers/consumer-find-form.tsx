import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import type { Consumer } from '../api/admin-types.ts';
import { errorMessage, fieldErrorsOf } from '../lib/error-message.ts';
import { findBody, findErrors, REASON_MAX, type FindErrors, type FindForm } from './consumers-view.ts';

const t = pl.biuroConsumers.find;

/**
 * E-mail or phone, the value and the reason (required: every look-up is audited with it). The form's
 * own checks come first; the server's field messages (the contract's) show under the same fields.
 */
export function ConsumerFindForm({ onFound }: { onFound: (consumers: Consumer[]) => void }) {
  const id = useId();
  const [form, setForm] = useState<FindForm>({ by: 'email', value: '', reason: '' });
  const [errors, setErrors] = useState<FindErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (patch: Partial<FindForm>) => {
    setForm((old) => ({ ...old, ...patch }));
    setErrors((old) => ({
      ...old,
      ...('value' in patch || 'by' in patch ? { value: undefined } : {}),
      ...('reason' in patch ? { reason: undefined } : {}),
    }));
  };

  // Each refusal (the form's or the server's) moves focus to the first field it names, once drawn.
  const [refusals, setRefusals] = useState(0);
  const focusFirstInvalid = () => setRefusals((n) => n + 1);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = findErrors(form);
    setErrors(found);
    setError(null);
    if (found.value || found.reason) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const answer = await adminCall('/admin/consumers/find', findBody(form));
      onFound(answer.consumers);
    } catch (failure) {
      const fields = fieldErrorsOf(failure, 'body.');
      const server: FindErrors = { value: fields.emailAddress ?? fields.mobileNumber, reason: fields.reason };
      if (server.value || server.reason) {
        setErrors(server);
        focusFirstInvalid();
      } else {
        setError(errorMessage(failure));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="consumer-find" aria-label={t.label} onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="biuro-checks consumer-find__by">
        <legend className="field__label">{t.by}</legend>
        {(['email', 'phone'] as const).map((by) => (
          <label key={by} className="biuro-check">
            <input type="radio" name={`${id}-by`} value={by} checked={form.by === by} onChange={() => change({ by, value: '' })} />
            {by === 'email' ? t.email : t.phone}
          </label>
        ))}
      </fieldset>
      <div className="consumer-find__fields">
        <Field
          name="value"
          label={form.by === 'email' ? t.emailValue : t.phoneValue}
          type={form.by === 'email' ? 'email' : 'tel'}
          autoComplete="off"
          placeholder={form.by === 'phone' ? t.phoneHint : undefined}
          value={form.value}
          error={errors.value}
          onChange={(event) => change({ value: event.target.value })}
        />
        <Field
          name="reason"
          label={t.reason}
          placeholder={t.reasonHint}
          maxLength={REASON_MAX}
          value={form.reason}
          error={errors.reason}
          onChange={(event) => change({ reason: event.target.value })}
        />
        <Button type="submit" busy={busy} className="consumer-find__submit">
          {busy ? t.searching : t.submit}
        </Button>
      </div>
      {error ? (
        <p className="biuro-alert" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

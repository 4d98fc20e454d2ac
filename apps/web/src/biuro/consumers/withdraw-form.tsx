import { trimInvisible, visibleLength } from '@promotor/contract/rules';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import type { ConsentField, Consumer } from '../api/admin-types.ts';
import { NoteField } from '../components/note-field.tsx';
import { errorMessage, fieldErrorsOf } from '../lib/error-message.ts';
import { useOpenedFocus } from '../lib/use-opened-focus.ts';
import { consentLabel, NOTE_MAX } from './consumers-view.ts';

const t = pl.biuroConsumers.withdraw;

type Props = { consumer: Consumer; given: ConsentField[]; onWithdrawn: (message: string) => void };
type Step = 'closed' | 'form' | 'confirm';

/**
 * "Wycofaj zgody" (art. 7(3)): the consents she gives now to tick, how she asked (required), a
 * question before anything is recorded; each becomes a new record, effective at once.
 */
export function WithdrawForm({ consumer, given, onWithdrawn }: Props) {
  const [step, setStep] = useState<Step>('closed');
  const [picked, setPicked] = useState<ConsentField[]>([]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ consents?: string; note?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useOpenedFocus<HTMLDivElement>(step !== 'closed');

  if (given.length === 0) return <p className="biuro-muted">{t.none}</p>;

  function check(event: FormEvent) {
    event.preventDefault();
    const found = { consents: picked.length === 0 ? t.pickOne : undefined, note: visibleLength(note) > 0 ? undefined : t.noteRequired };
    setErrors(found);
    if (!found.consents && !found.note) setStep('confirm');
  }

  async function withdraw() {
    setBusy(true);
    setError(null);
    try {
      // Sent in the order she gave them (the list's), whatever the order of the ticks.
      const consents = given.filter((field) => picked.includes(field));
      await adminCall('/admin/consumers/withdraw', { consumer: { uuid: consumer.uuid }, consents, note: trimInvisible(note) });
      setStep('closed');
      setPicked([]);
      setNote('');
      onWithdrawn(t.done);
    } catch (failure) {
      const fields = fieldErrorsOf(failure, 'body.');
      if (fields.consents || fields.note) {
        setErrors({ consents: fields.consents, note: fields.note });
        setStep('form');
      } else {
        setError(errorMessage(failure));
      }
    } finally {
      setBusy(false);
    }
  }

  const toggle = (field: ConsentField, on: boolean) => {
    setPicked((old) => (on ? [...old, field] : old.filter((one) => one !== field)));
    setErrors((old) => ({ ...old, consents: undefined }));
  };

  return (
    <div ref={ref}>
      {error ? (
        <p className="biuro-alert" role="alert">
          {error}
        </p>
      ) : null}
      {step === 'closed' ? (
        <Button data-focus-here variant="secondary" onClick={() => setStep('form')}>
          {t.open}
        </Button>
      ) : (
        <form onSubmit={check} noValidate className="withdraw-form">
          <p className="biuro-muted">{t.intro}</p>
          <fieldset
            className="biuro-checks"
            aria-describedby={errors.consents ? 'withdraw-consents-error' : undefined}
            disabled={step === 'confirm'}
          >
            <legend className="field__label">{t.consents}</legend>
            {given.map((field, index) => (
              <label key={field} className="biuro-check withdraw-form__consent">
                <input
                  type="checkbox"
                  data-focus-here={index === 0 || undefined}
                  checked={picked.includes(field)}
                  aria-invalid={errors.consents ? true : undefined}
                  onChange={(event) => toggle(field, event.target.checked)}
                />
                {consentLabel(field)}
              </label>
            ))}
            {errors.consents ? (
              <p id="withdraw-consents-error" className="field__error">
                {errors.consents}
              </p>
            ) : null}
          </fieldset>
          <NoteField
            label={t.note}
            hint={t.noteHint}
            value={note}
            maxLength={NOTE_MAX}
            error={errors.note}
            onChange={(value) => {
              setNote(value);
              setErrors((old) => ({ ...old, note: undefined }));
            }}
          />
          {step === 'confirm' ? (
            <div role="alertdialog" aria-labelledby="withdraw-question" className="withdraw-form__confirm">
              <p id="withdraw-question">{t.confirm(picked.length)}</p>
              <div className="modal__actions">
                <Button variant="secondary" onClick={() => setStep('form')}>
                  {t.back}
                </Button>
                <Button className="button--danger" busy={busy} onClick={() => void withdraw()} autoFocus>
                  {t.submit}
                </Button>
              </div>
            </div>
          ) : (
            <div className="modal__actions">
              <Button variant="secondary" onClick={() => setStep('closed')}>
                {pl.biuro.panel.cancel}
              </Button>
              <Button type="submit">{t.submit}…</Button>
            </div>
          )}
        </form>
      )}
    </div>
  );
}

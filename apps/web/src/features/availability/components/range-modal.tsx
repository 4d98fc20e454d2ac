import type { Availability } from '@promotor/contract';
import { AVAILABILITY_MAX_HOUR, AVAILABILITY_MIN_HOUR } from '@promotor/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import * as pl from '../../../i18n/pl.ts';
import { ApiError, endsSession } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFormKit } from '../../../lib/forms/use-form-kit.ts';
import { createAvailability, deleteAvailability, updateAvailability } from '../api/availability.api.ts';
import { calendarRequest, wallNow } from '../availability-store.ts';
import { defaultRange, rangeOf, rangeProblems, rangeRules, type RangeValues } from '../range-rules.ts';

// spec §2, §5: whole hours from 6 to 22.
const HOUR_INPUT = {
  type: 'number',
  inputMode: 'numeric',
  min: AVAILABILITY_MIN_HOUR,
  max: AVAILABILITY_MAX_HOUR,
  step: 1,
} as const;

/** What a tap opened: an empty hour cell (a new block) or one of her blocks. */
export type RangeTarget = { kind: 'create'; day: string; hour: number } | { kind: 'edit'; block: Availability };

export type RangeModalProps = { open: boolean; target: RangeTarget | null; onClose: () => void };

/**
 * spec §2 Calendar: 'Podaj zakres dostępności' (from/to hours, 'Gotowe') for an empty cell, 'Edytuj
 * zakres dostępności' ('Zapisz', 'Usuń') for a block. The list reloads after each change (§4).
 */
export function RangeModal({ open, target, onClose }: RangeModalProps) {
  const title = target?.kind === 'edit' ? pl.calendar.editTitle : pl.calendar.createTitle;
  return (
    <Modal open={open} title={title} onClose={onClose} variant="sheet">
      {/* Inside the modal, so each opening starts from the tapped cell or block. */}
      {target ? <RangeForm target={target} onDone={onClose} /> : null}
    </Modal>
  );
}

const hourOfTime = (time: string) => String(Number(time.slice(11, 13)));

/**
 * A refusal or a lost connection is said inside the popup and the form stays as she filled it
 * (decision 059: no outbox for availability). An ended session is said on the login page.
 */
function failureText(error: unknown): string | null {
  if (endsSession(error)) return null;
  if (error instanceof ApiError && error.kind === 'network') return pl.calendar.offline;
  return errorMessage(error);
}

function RangeForm({ target, onDone }: { target: RangeTarget; onDone: () => void }) {
  const block = target.kind === 'edit' ? target.block : null;
  const day = block ? block.since.date.slice(0, 10) : (target as { day: string }).day;
  const initial: RangeValues = block
    ? { fromHour: hourOfTime(block.since.date), toHour: hourOfTime(block.until.date) }
    : defaultRange((target as { hour: number }).hour);
  const form = useFormKit<RangeValues>({ initial, rules: rangeRules, validate: (values) => rangeProblems(day, values, wallNow()) });
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  // The pressed button is disabled while sending, which drops focus out of the popup: the message
  // takes it, so that it is read and Escape and Tab still work inside the popup.
  const failureRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const afterChange = async () => {
    await calendarRequest.refresh();
    onDone();
  };
  const onSubmit = form.handleSubmit(
    async (values) => {
      const range = rangeOf(day, values);
      if (!range) return;
      setFailure(null);
      if (block) await updateAvailability(block.uuid, range.since, range.until);
      else await createAvailability(range.since, range.until);
      await afterChange();
    },
    (error) => setFailure(failureText(error)),
  );
  const remove = async () => {
    if (!block) return;
    setFailure(null);
    setRemoving(true);
    try {
      await deleteAvailability(block.uuid);
      await afterChange();
    } catch (error) {
      setFailure(failureText(error));
      setRemoving(false);
    }
  };

  const busy = form.submitting || removing;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="range-form">
      <div className="range-form__hours">
        <TextField {...form.bind('fromHour')} label={pl.calendar.fromHour} {...HOUR_INPUT} />
        <TextField {...form.bind('toHour')} label={pl.calendar.toHour} {...HOUR_INPUT} />
      </div>
      {failure ? (
        <p ref={failureRef} className="range-form__failure" role="alert" tabIndex={-1}>
          {failure}
        </p>
      ) : null}
      <div className="modal__actions">
        {block ? (
          <Button variant="secondary" onClick={() => void remove()} busy={removing} disabled={busy}>
            {pl.calendar.remove}
          </Button>
        ) : null}
        <SubmitButton sending={form.submitting} disabled={busy}>
          {block ? pl.calendar.save : pl.calendar.done}
        </SubmitButton>
      </div>
    </form>
  );
}

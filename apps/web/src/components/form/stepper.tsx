import { useState } from 'react';
import * as pl from '../../i18n/pl.ts';
import { classNames } from '../ui/class-names.ts';
import { Button } from '../ui/button.tsx';

/** Steps 0..count-1 (the webform's 0 to 4, spec §9) with back and next. */
export function useStepper(count: number, initial = 0) {
  const [step, setStep] = useState(initial);
  const goTo = (next: number) => setStep(Math.min(Math.max(next, 0), count - 1));
  return { step, count, isFirst: step === 0, isLast: step === count - 1, next: () => goTo(step + 1), back: () => goTo(step - 1), goTo };
}

/** spec §2 Webform: the progress indicator of steps; the current one is aria-current="step". */
export function Stepper({ step, count }: { step: number; count: number }) {
  return (
    <ol className="stepper" aria-label={pl.forms.stepper.label}>
      {Array.from({ length: count }, (_, index) => (
        <li
          key={index}
          className={classNames('stepper__step', index < step && 'stepper__step--done')}
          aria-current={index === step ? 'step' : undefined}
          aria-label={pl.forms.stepper.step(index + 1, count)}
        >
          {index + 1}
        </li>
      ))}
    </ol>
  );
}

export type StepperNavProps = {
  onBack?: () => void;
  /** Without onNext the button submits the step's form. */
  onNext?: () => void;
  backLabel?: string;
  nextLabel?: string;
  nextDisabled?: boolean;
};

/** 'Cofnij' and 'Dalej' (or the step's own labels: 'Wyślij kody', 'Zweryfikuj', 'Zarejestruj'). */
export function StepperNav({
  onBack,
  onNext,
  backLabel = pl.forms.stepper.back,
  nextLabel = pl.forms.stepper.next,
  nextDisabled,
}: StepperNavProps) {
  return (
    <div className="stepper__nav">
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          {backLabel}
        </Button>
      ) : (
        <span />
      )}
      <Button type={onNext ? 'button' : 'submit'} onClick={onNext} disabled={nextDisabled}>
        {nextLabel}
      </Button>
    </div>
  );
}

import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { periodLabel, shiftPeriod, type Period } from './plan-period.ts';

/**
 * The week (or month) shown, with the steps to the one before and after and back to today's: the
 * plan's and 'Nieobsadzone''s. `onDay`: a day of the period to show ('' for today's).
 */
export function PeriodStepper({ period, onDay }: { period: Period; onDay: (day: string) => void }) {
  return (
    <div className="plan-period" role="group" aria-label={pl.biuro.plan.period}>
      <Button variant="secondary" onClick={() => onDay(shiftPeriod(period, -1))} aria-label={pl.biuro.plan.previous}>
        ‹
      </Button>
      <strong className="plan-period__label" aria-live="polite">
        {periodLabel(period)}
      </strong>
      <Button variant="secondary" onClick={() => onDay(shiftPeriod(period, 1))} aria-label={pl.biuro.plan.next}>
        ›
      </Button>
      <Button variant="text" onClick={() => onDay('')}>
        {pl.biuro.plan.today}
      </Button>
    </div>
  );
}

import { stateText } from './reports-view.ts';

/** A report's review state as a coloured label ('Do poprawy'). */
export function StateBadge({ state }: { state: string }) {
  return <span className={`report-state report-state--${state}`}>{stateText(state)}</span>;
}

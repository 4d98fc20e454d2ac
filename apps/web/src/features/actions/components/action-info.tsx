import type { Action } from '@promotor/contract';
import * as pl from '../../../i18n/pl.ts';
import { formatActionTime, formatAddress } from '../action-format.ts';

const t = pl.actionDetail;

/** spec §2 Action detail info block: duration (date and time range) and the first point's location. */
export function ActionInfo({ action }: { action: Action }) {
  const { day, hours } = formatActionTime(action);
  const point = action.actionPoints[0];
  return (
    <dl className="action-info">
      <div>
        <dt>{t.duration}</dt>
        <dd>
          {day}, {hours}
        </dd>
      </div>
      <div>
        <dt>{t.location}</dt>
        <dd>
          {point ? (
            <>
              {point.name}
              <br />
              {formatAddress(point)}
            </>
          ) : (
            t.noPoints
          )}
        </dd>
      </div>
    </dl>
  );
}

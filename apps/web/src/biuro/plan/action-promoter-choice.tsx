import * as pl from '../../i18n/pl.ts';
import type { AdminData } from '../api/admin-types.ts';

type Promoter = AdminData<'/admin/promoters/list'>['promoters'][number];

type Props = {
  /** The active promoters of the action's territory; null while it is not chosen. */
  promoters: Promoter[] | null;
  chosen: string[];
  onChange: (chosen: string[]) => void;
};

/** A new action's promoters, assigned with it (as the import assigns them): those of its territory. */
export function ActionPromoterChoice({ promoters, chosen, onChange }: Props) {
  return (
    <fieldset className="plan-point plan-promoter-choice">
      <legend>{pl.biuro.plan.assigned}</legend>
      {promoters === null ? (
        <p className="biuro-muted">{pl.biuro.plan.chooseTerritoryFirst}</p>
      ) : promoters.length === 0 ? (
        <p className="biuro-muted">{pl.biuro.plan.noPromotersHere}</p>
      ) : (
        promoters.map((promoter) => (
          <label key={promoter.uuid} className="plan-check">
            <input
              type="checkbox"
              name="promoters"
              value={promoter.uuid}
              checked={chosen.includes(promoter.uuid)}
              onChange={(event) =>
                onChange(event.target.checked ? [...chosen, promoter.uuid] : chosen.filter((uuid) => uuid !== promoter.uuid))
              }
            />
            {promoter.firstname} {promoter.lastname} <span className="biuro-muted">({promoter.ident})</span>
          </label>
        ))
      )}
    </fieldset>
  );
}

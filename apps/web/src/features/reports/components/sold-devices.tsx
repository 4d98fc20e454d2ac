import type { SampleStatsResponse } from '@promotor/contract';
import { useId, useState } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { soldDeviceGroups, type BrandTotal } from '../report-format.ts';

const t = pl.reports;

/** One brand's total; tapping it shows (or hides) the count of each model (spec §2). */
function BrandDisclosure({ total }: { total: BrandTotal }) {
  const [open, setOpen] = useState(false);
  const modelsId = useId();
  return (
    <li className="sold-brand">
      <button
        type="button"
        className="sold-brand__toggle"
        aria-expanded={open}
        aria-controls={modelsId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="sold-brand__name">{total.label}</span> <span className="sold-brand__count">{total.count}</span>
        <span className="sold-brand__chevron" aria-hidden="true" />
      </button>
      <ul id={modelsId} className="sold-models" hidden={!open}>
        {total.models.map(({ model, count }) => (
          <li key={model}>
            <span>{model}</span> <span className="sold-brand__count">{count}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** 'Ilość sprzedanych urządzeń:' with its groups; nothing sold at all is said in one line. */
export function SoldDevices({ stats }: { stats: SampleStatsResponse }) {
  const groups = soldDeviceGroups(stats);
  if (groups.length === 0) return <p className="note">{t.noDevices}</p>;
  return (
    <div className="sold-groups">
      {groups.map((group) => (
        <section key={group.period} className="sold-group" aria-label={group.label}>
          <h3>{group.label}</h3>
          <ul className="sold-brands">
            {group.brands.map((total) => (
              <BrandDisclosure key={total.brand} total={total} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

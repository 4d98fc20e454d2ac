import * as pl from '../../../i18n/pl.ts';

/** Why the submit button is disabled, next to it (spec §2 form widgets: disabled when invalid). */
export function FormBlockers({ id, blockers }: { id: string; blockers: readonly string[] }) {
  if (blockers.length === 0) return null;
  return (
    <div id={id} className="form-blockers">
      <p>{pl.actionForm.blockers}</p>
      <ul>
        {blockers.map((blocker) => (
          <li key={blocker}>{blocker}</li>
        ))}
      </ul>
    </div>
  );
}

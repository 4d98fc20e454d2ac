import * as pl from '../../i18n/pl.ts';

// What a copy made (decision 127): how many, and the promoters not copied with them (no longer active,
// or no longer of the territory), named so the coordinator staffs those copies herself.

/** How many copies, and the names of the promoters left out. */
export type CopyDone = { count: number; left: string[] };

/** The names of the promoters a copy's answer left out, each once. */
export const leftNames = (left: readonly { promoter: { firstname: string; lastname: string; ident: string } }[]): string[] => [
  ...new Set(left.map(({ promoter: p }) => `${p.firstname} ${p.lastname} (${p.ident})`)),
];

export function CopyOutcome({ done }: { done: CopyDone | null }) {
  if (!done) return null;
  const left = done.left;
  return (
    <div className="biuro-notice" role="status">
      <p>{pl.biuroSchedule.copy.done(done.count)}</p>
      {left.length ? <p>{pl.biuroSchedule.copy.left(left.join(', '))}</p> : null}
    </div>
  );
}

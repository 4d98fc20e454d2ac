import { BackLink } from '../../components/ui/back-link.tsx';
import * as pl from '../../i18n/pl.ts';

export type PageInPreparationProps = {
  title: string;
  back?: { to: string; label: string };
};

/** A page of spec §2 whose content a later issue builds: its title, and an honest note. */
export function PageInPreparation({ title, back }: PageInPreparationProps) {
  return (
    <section className="page-in-preparation">
      <title>{pl.pageTitle(title)}</title>
      {back ? <BackLink to={back.to}>{back.label}</BackLink> : null}
      <h1>{title}</h1>
      <p className="note">{pl.inPreparation}</p>
    </section>
  );
}

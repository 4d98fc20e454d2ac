import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import '../auth/auth-card.css';

/** A page that failed to draw or to load its code: said in Polish, with its own title (not the router's English default). */
export function BiuroErrorPage() {
  const t = pl.biuro.errorPage;
  usePageTitle(t.title);
  return (
    <main className="biuro-login">
      <div className="biuro-login__card" role="alert">
        <p className="biuro-login__brand">{pl.biuro.appName}</p>
        <h1>{t.title}</h1>
        <p>{t.intro}</p>
        <Button onClick={() => window.location.reload()}>{t.reload}</Button>
      </div>
    </main>
  );
}

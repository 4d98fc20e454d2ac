import { useEffect, useRef, type ReactNode } from 'react';
import * as pl from '../../i18n/pl.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import './auth-card.css';

/** The login page's card, for the pages without a session: her link, a forgotten password (issue 34). */
export function AuthCard({ title, failure, children }: { title: string; failure: string | null; children: ReactNode }) {
  const alertRef = useRef<HTMLParagraphElement>(null);
  usePageTitle(title);
  // A refusal takes focus, so that it is read out and seen before anything else.
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  return (
    <main className="biuro-login">
      <div className="biuro-login__card">
        <p className="biuro-login__brand">{pl.biuro.appName}</p>
        <h1>{title}</h1>
        {failure ? (
          <p ref={alertRef} className="biuro-alert" role="alert" tabIndex={-1}>
            {failure}
          </p>
        ) : null}
        {children}
      </div>
    </main>
  );
}

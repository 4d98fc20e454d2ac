import type { ReactNode } from 'react';
import { OfflineNotice } from '../../../components/ui/offline-notice.tsx';
import * as pl from '../../../i18n/pl.ts';
import './auth-screen.css';

/** The frame of the pages without a header (login, password reminder): the brand above a card. */
/** The e-mail field of login and the password reminder: a phone offers its e-mail keyboard and saved login. */
export const usernameInputProps = {
  type: 'email',
  autoComplete: 'username',
  inputMode: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;

export function AuthScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-screen">
      <title>{pl.pageTitle(title)}</title>
      <p className="auth-screen__brand" aria-hidden="true">
        <img src="/icons/icon-192.png" alt="" width="56" height="56" />
        {pl.appName}
      </p>
      <section className="auth-screen__card">
        <OfflineNotice />
        <h1 className="auth-screen__title">{title}</h1>
        {children}
      </section>
    </div>
  );
}

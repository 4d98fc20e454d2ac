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

/**
 * The app icon (public/icons, drawn by scripts/make-icons.mjs) drawn inline with the same shapes: the
 * login form then needs no image request after the script's (docs/decisions/081-…).
 */
function BrandIcon() {
  return (
    <svg viewBox="0 0 100 100" width="56" height="56" aria-hidden="true">
      <rect width="100" height="100" rx="20" fill="#1d2a44" />
      <path
        fill="#fff"
        fillRule="evenodd"
        d="M29.9 24H48.8A16.1 16.1 0 0 1 48.8 56.2H41.3V76H29.9ZM41.3 35.1H48.8A5 5 0 0 1 48.8 45H41.3Z"
      />
      <circle cx="66.1" cy="68.6" r="6.2" fill="#f26b21" />
    </svg>
  );
}

export function AuthScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-screen">
      <title>{pl.pageTitle(title)}</title>
      <p className="auth-screen__brand" aria-hidden="true">
        <BrandIcon />
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

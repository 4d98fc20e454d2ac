import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { isAndroidWrapper } from '../../lib/android/android-bridge.ts';
import { APP_BUILD_ID } from '../../lib/pwa/build-time.ts';
import { clearAllStorage } from '../../lib/storage/browser-storage.ts';
import { encodeErrorDetails } from './error-report.ts';
import './fatal-error.css';

const t = pl.fatal;

export type FatalErrorScreenProps = {
  error: unknown;
  /** How the app is opened again; a full page load by default (tests pass their own). */
  goTo?: (url: string) => void;
};

/**
 * spec §2 fatal-error screen: 'Wystąpił błąd', the encoded error details, the path, the user agent,
 * the app build id and whether it runs in the Android wrapper. 'Załaduj ponownie aplikację' clears
 * local and session storage and goes to /.
 */
export function FatalErrorScreen({ error, goTo = (url) => window.location.assign(url) }: FatalErrorScreenProps) {
  const detailsId = useId();
  const [details] = useState(() => encodeErrorDetails(error));
  const facts = [
    [t.path, window.location.pathname],
    [t.userAgent, navigator.userAgent],
    [t.buildId, APP_BUILD_ID],
    [t.androidWrapper, isAndroidWrapper() ? t.yes : t.no],
  ] as const;

  return (
    <div className="fatal-error">
      <title>{pl.pageTitle(t.title)}</title>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <label htmlFor={detailsId} className="fatal-error__label">
        {t.details}
      </label>
      <textarea
        id={detailsId}
        className="fatal-error__details"
        readOnly
        rows={4}
        value={details}
        onFocus={(e) => e.currentTarget.select()}
      />
      <dl className="fatal-error__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Button
        block
        onClick={() => {
          clearAllStorage();
          goTo('/');
        }}
      >
        {t.reload}
      </Button>
    </div>
  );
}

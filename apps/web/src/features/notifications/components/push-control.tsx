import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { enablePush, type EnableOutcome } from '../push/push-subscription.ts';
import { pushPermission, pushSupport } from '../push/push-support.ts';

const t = pl.notifications.push;

type PushState = 'unsupported' | 'ios' | 'denied' | 'off' | 'enabling' | 'enabled' | 'unavailable' | 'failed';

/** Where the phone stands now: nothing is asked until she taps (issue 37: never on load). */
function currentState(wanted: boolean): PushState {
  const support = pushSupport();
  if (support === 'ios-home-screen') return 'ios';
  if (support === 'unsupported') return 'unsupported';
  const permission = pushPermission();
  if (permission === 'denied') return 'denied';
  return permission === 'granted' && wanted ? 'enabled' : 'off';
}

const AFTER_TAP: Record<EnableOutcome, PushState> = {
  enabled: 'enabled',
  dismissed: 'off',
  denied: 'denied',
  unavailable: 'unavailable',
  failed: 'failed',
};

/** iPhone and iPad: push only reaches an app added to the Home Screen, so that comes first. */
function HomeScreenFirst() {
  return (
    <>
      <p>
        <strong>{t.iosHeading}</strong>
      </p>
      <p>{t.iosWhy}</p>
      <ol className="push-control__steps">
        {t.iosSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </>
  );
}

function Explanation({ state }: { state: Exclude<PushState, 'off' | 'enabling' | 'failed'> }) {
  if (state === 'ios') return <HomeScreenFirst />;
  if (state === 'denied')
    return (
      <>
        <p>
          <strong>{t.denied}</strong>
        </p>
        <p>{t.deniedHelp}</p>
      </>
    );
  return <p>{t[state]}</p>;
}

/** 'Włącz powiadomienia' on her inbox, or what keeps push from this phone (issue 37). */
export function PushControl() {
  const wanted = useAppStore((state) => state.notifications.pushWanted);
  const [afterTap, setAfterTap] = useState<PushState | null>(null);
  const state = afterTap ?? currentState(wanted);

  const enable = async () => {
    setAfterTap('enabling');
    setAfterTap(AFTER_TAP[await enablePush()]);
  };

  return (
    // Not a named region: the toasts' region is 'Powiadomienia' already (app-overlays), and a second
    // region whose name starts with it would make that one ambiguous to find.
    <div className="push-control">
      <h2>{t.heading}</h2>
      {state === 'off' || state === 'enabling' || state === 'failed' ? (
        <>
          <p>{t.offer}</p>
          {state === 'failed' ? <p role="alert">{t.failed}</p> : null}
          <Button block busy={state === 'enabling'} onClick={() => void enable()}>
            {state === 'enabling' ? t.enabling : t.enable}
          </Button>
        </>
      ) : (
        <Explanation state={state} />
      )}
    </div>
  );
}

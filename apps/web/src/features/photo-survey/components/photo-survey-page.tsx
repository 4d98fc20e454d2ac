import type { ComponentType } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { useAppStore } from '../../../store/app-store.ts';
import type { SingleCameraProps } from '../camera-props.ts';
import { SurveyForm } from './survey-form.tsx';
import './photo-survey.css';

const t = pl.photoSurvey;

/** '2026-03-05 08:00:00' → '2026-03-05 08:00' (spec §9 action display format). */
const minutes = (dateTime: string) => dateTime.slice(0, 16);

/** spec §2 'YYYY-MM-DD HH:mm to HH:mm'; an action ending on another day shows that day too. */
export function actionTimeRange(since: string, until: string): string {
  const end = since.slice(0, 10) === until.slice(0, 10) ? until.slice(11, 16) : minutes(until);
  return t.actionTime(minutes(since), end);
}

/** A finished action whose survey she sends again (issue 25): its name and its planned start. */
export type ResentSurveyAction = { uuid: string; name: string; since: string };

type Props = {
  Camera: ComponentType<SingleCameraProps>;
  /**
   * The finished action whose report the coordinator sent back (decision 093): its survey may be sent
   * again, replacing the first; the route opens it only while changes are requested.
   */
  resent?: ResentSurveyAction;
};

/**
 * spec §2 Photos survey (/photos): for her current action (user status started, spec §4) its name and
 * time, then the survey; without one, why there is nothing to do.
 */
export function PhotoSurveyPage({ Camera, resent }: Props) {
  if (resent) {
    return (
      <section className="photo-survey">
        <title>{pl.pageTitle(t.title)}</title>
        <h1>{t.title}</h1>
        <p className="photo-survey__action">
          <strong>{resent.name}</strong>
          <span>{minutes(resent.since)}</span>
        </p>
        <p className="note">{t.resend}</p>
        <SurveyForm key={resent.uuid} action={resent} Camera={Camera} resend />
      </section>
    );
  }
  return <CurrentActionSurvey Camera={Camera} />;
}

function CurrentActionSurvey({ Camera }: Pick<Props, 'Camera'>) {
  const current = useAppStore((state) => state.actions.currentAction);
  const action = current?.status.user.status === 'started' ? current : null;
  return (
    <section className="photo-survey">
      <title>{pl.pageTitle(t.title)}</title>
      <h1>{t.title}</h1>
      {action ? (
        <>
          <p className="photo-survey__action">
            <strong>{action.name}</strong>
            <span>{actionTimeRange(action.since.date, action.until.date)}</span>
          </p>
          {/* A survey belongs to one action: another action gets a fresh form. */}
          <SurveyForm key={action.uuid} action={action} Camera={Camera} />
        </>
      ) : (
        <div className="photo-survey__empty">
          <p>
            <strong>{t.noAction}</strong>
          </p>
          <p>{t.noActionHint}</p>
        </div>
      )}
    </section>
  );
}

import type { Action } from '@promotor/contract';
import type { ComponentType, ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link.tsx';
import * as pl from '../../../i18n/pl.ts';
import { isStartable, isStarted, startPoint, startRefusal } from '../action-rules.ts';
import { useActionProgress } from '../hooks/use-action-progress.ts';
import { useRunningAction } from '../hooks/use-running-action.ts';
import type { CameraModalProps } from '../submit/photo-pair.ts';
import { ActionDetailPage } from './action-detail-page.tsx';
import { ActionEndForm } from './action-end-form.tsx';
import { ActionGate } from './action-gate.tsx';
import { ActionStartForm } from './action-start-form.tsx';
import { ActionsPage } from './actions-page.tsx';
import { StartRefusalNote } from './start-refusal-note.tsx';
import './action-form.css';
import './actions.css';

// All four pages live in one module so that they share one chunk (each extra chunk adds its name to
// the entry chunk's preload map, and /login's budget has no room to spare).

/** /akcja/koniec/{actionId}?poprawka: her end photos again (decision 093; the app gates it on her report's review). */
export { EndPhotosForm } from './end-photos-form.tsx';

/** /akcje */
export const ActionsScreen = ActionsPage;

/** A page about one action: back link to /akcje, an optional title, then the action (or not found). */
function ActionPage({ title, children }: { title?: string; children: (actionUuid: string | undefined) => ReactNode }) {
  const { actionId } = useParams();
  return (
    <section className="action-page">
      {title ? <title>{pl.pageTitle(title)}</title> : null}
      <BackLink to="/akcje">{pl.pages.backToActions}</BackLink>
      {title ? <h1>{title}</h1> : null}
      {children(actionId)}
    </section>
  );
}

/** /akcja/{actionId}; `onOpenVouchers` is what 'Kody promocyjne' does (the app brings the voucher popups). */
export function ActionDetailScreen({ onOpenVouchers }: { onOpenVouchers?: (action: Action) => void } = {}) {
  return (
    <ActionPage>
      {(actionId) => (
        <ActionGate key={actionId} actionId={actionId} title={pl.pages.actionDetail}>
          {(action) => <ActionDetailPage action={action} onOpenVouchers={onOpenVouchers} />}
        </ActionGate>
      )}
    </ActionPage>
  );
}

const Unavailable = ({ text }: { text: string }) => <p className="note">{text}</p>;

/**
 * The start form, or why not: a started, finished, cancelled or future action is not startable at
 * all; otherwise the same refusals as 'Rozpocznij' on the list and the detail (an address opened
 * directly must not lead her through the form and the camera for a start that will be refused).
 */
function StartGate({ action, Camera }: { action: Action; Camera: ComponentType<CameraModalProps> }) {
  const [params] = useSearchParams();
  const running = useRunningAction();
  const inProgress = useActionProgress()(action.uuid);
  if (!isStartable(action, new Date())) return <Unavailable text={pl.actionStart.unavailable} />;
  const refusal = startRefusal(action, running, inProgress);
  if (refusal) return <StartRefusalNote refusal={refusal} />;
  return <ActionStartForm action={action} initialPoint={startPoint(action, params.get('punkt'))} Camera={Camera} />;
}

/** /akcja/start/{actionId}, 'Rozpoczynanie akcji' */
export function ActionStartScreen({ Camera }: { Camera: ComponentType<CameraModalProps> }) {
  return (
    <ActionPage title={pl.pages.actionStart}>
      {(actionId) => (
        <ActionGate key={actionId} actionId={actionId}>
          {(action) => <StartGate action={action} Camera={Camera} />}
        </ActionGate>
      )}
    </ActionPage>
  );
}

/** /akcja/koniec/{actionId}, 'Zakończenie akcji' */
export function ActionEndScreen({ Camera }: { Camera: ComponentType<CameraModalProps> }) {
  const inProgress = useActionProgress();
  return (
    <ActionPage title={pl.pages.actionEnd}>
      {(actionId) => (
        <ActionGate key={actionId} actionId={actionId}>
          {(action) =>
            isStarted(action) && !inProgress(action.uuid) ? (
              <ActionEndForm action={action} Camera={Camera} />
            ) : (
              <Unavailable text={pl.actionEnd.unavailable} />
            )
          }
        </ActionGate>
      )}
    </ActionPage>
  );
}

import type { Action, SessionUser } from '@promotor/contract';
import { useEffect, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { useCatalogues } from '../hooks/use-catalogues.ts';
import type { ReceiptCameraProps } from '../receipt/receipt-camera-props.ts';
import { currentForm, discardForm, formFor, startForm } from '../webform-store.ts';
import { WebformFlow } from './webform-flow.tsx';
import '../webform.css';

const t = pl.webform;

/**
 * spec §2 Webform (/webform): the registration of a consumer during her started action (spec §4 "the
 * current action"); without one, 'Brak aktywnych akcji'. /webform?empty=true opens a fresh form.
 */
export function WebformPage({ Camera }: { Camera: ComponentType<ReceiptCameraProps> }) {
  const current = useAppStore((state) => state.actions.currentAction);
  const user = useAppStore((state) => state.user.profile);
  const action = current?.status.user.status === 'started' ? current : null;
  useEmptyForm(action, user);
  return (
    <section className="webform">
      <title>{pl.pageTitle(pl.pages.webform)}</title>
      <h1>{pl.pages.webform}</h1>
      {action && user ? (
        <WebformForAction key={action.uuid} action={action} user={user} Camera={Camera} />
      ) : (
        <div className="webform__empty">
          <p>
            <strong>{t.noAction}</strong>
          </p>
          <p>{t.noActionHint}</p>
          <Link to="/akcje">{t.goToActions}</Link>
        </div>
      )}
    </section>
  );
}

/**
 * spec §2: "/webform?empty=true is used when no e-mail or phone is typed or when there is no active
 * action": the form starts afresh (nothing kept of the last one), and the address loses the parameter,
 * so a reload does not empty the form again (decision 068). Not a form whose registration awaits its
 * answer: its result would be lost unseen ('Zacznij od nowa' asks first).
 */
function useEmptyForm(action: Action | null, user: SessionUser | null) {
  const [params, setParams] = useSearchParams();
  const empty = params.get('empty') === 'true';
  useEffect(() => {
    if (!empty) return;
    if (!currentForm()?.pendingRegistration) {
      if (action && user) startForm(action, user);
      else discardForm();
    }
    setParams(
      (previous) => {
        previous.delete('empty');
        return previous;
      },
      { replace: true },
    );
  }, [empty, action, user, setParams]);
}

type ForActionProps = { action: Action; user: SessionUser; Camera: ComponentType<ReceiptCameraProps> };

/** The form of this action (a form of another action, or none, starts afresh) once the catalogues are there. */
function WebformForAction({ action, user, Camera }: ForActionProps) {
  const form = useAppStore((state) => formFor(state.webform, action.uuid));
  const { catalogues, status, reload } = useCatalogues();
  useEffect(() => {
    if (!form) startForm(action, user);
  }, [form, action, user]);

  if (!catalogues) {
    return status === 'failed' ? (
      <div className="webform__empty" role="alert">
        <p>{t.cataloguesFailed}</p>
        <Button onClick={reload}>{t.retry}</Button>
      </div>
    ) : (
      <p role="status">{t.cataloguesLoading}</p>
    );
  }
  if (!form) return null; // started by the effect above, in this very commit
  return <WebformFlow action={action} user={user} form={form} catalogues={catalogues} Camera={Camera} />;
}

import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorCode } from '../../../components/ui/error-popup.tsx';
import * as pl from '../../../i18n/pl.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import type { RequestView } from '../../../lib/requests/index.ts';
import { retryMayHelp } from '../../../lib/retry-may-help.ts';
import { cancel, clear, invite, openConsentForm, retry, useMayJoin, type MgmErrorDetails } from '../mgm-store.ts';
import type { MgmState } from '../mgm.slice.ts';
import { CodeConfirmForm } from './code-confirm-form.tsx';
import { ConsentsForm } from './consents-form.tsx';
import { EmailCheckForm } from './email-check-form.tsx';

const t = pl.mgm;

type StepProps = { title: string; children: ReactNode; actions: ReactNode; tone?: 'done' | 'refused' };

/** One status of the flow: its heading, what it says, and its buttons. */
function Step({ title, children, actions, tone }: StepProps) {
  return (
    <section className={`mgm-step${tone ? ` mgm-step--${tone}` : ''}`} aria-labelledby="mgm-step-title">
      <h2 id="mgm-step-title">{title}</h2>
      {children}
      <div className="mgm-step__actions">{actions}</div>
    </section>
  );
}

const cancelButton = (
  <Button variant="secondary" onClick={cancel}>
    {pl.cancel}
  </Button>
);

/** An outcome of the check (not-found, already-member, no-products): 'Wróć' keeps the e-mail to correct. */
function Outcome({ title, text }: { title: string; text: string }) {
  return (
    <Step
      title={title}
      tone="refused"
      actions={
        <>
          <Button onClick={clear}>{t.back}</Button>
          {cancelButton}
        </>
      }
    >
      <p>{text}</p>
    </Step>
  );
}

/** spec §4 error: 'Ups! Coś poszło nie tak...', what failed, and the code to quote (meta.ts). */
function ErrorStep({ details }: { details: MgmErrorDetails | null }) {
  const reason =
    details?.kind === 'interrupted'
      ? t.interrupted
      : errorMessage(new ApiError(details?.kind ?? 'unexpected', details?.code ?? null, details?.ts ?? null, details?.details));
  return (
    <Step
      title={t.errorTitle}
      tone="refused"
      actions={
        <>
          {/* A refusal (already invited…) would only come again: 'Wróć' to correct the e-mail instead (decision 075). */}
          {retryMayHelp(details) ? <Button onClick={retry}>{t.retry}</Button> : <Button onClick={clear}>{t.back}</Button>}
          {cancelButton}
        </>
      }
    >
      <p>{reason}</p>
      {details?.ts ? <ErrorCode code={details.ts} /> : null}
    </Step>
  );
}

/** spec §4 null: the e-mail check form, if she may join now (maybe-join); otherwise why not. */
function Start({ state, maybeJoin }: { state: MgmState; maybeJoin: RequestView }) {
  const mayJoin = useMayJoin((s) => s.mayJoin);
  if (maybeJoin.status === 'loading') return <p role="status">{pl.loading}</p>;
  // A failed maybe-join is said by the ranking, with 'Spróbuj ponownie'.
  if (mayJoin === null) return null;
  if (!mayJoin) return <p className="note">{t.notAllowed}</p>;
  return <EmailCheckForm initialEmail={state.mgmUser.emailAddress} />;
}

/** spec §4 Member-get-member status values, one screen each. */
export function MgmFlow({ state, maybeJoin }: { state: MgmState; maybeJoin: RequestView }) {
  const { emailAddress } = state.mgmUser;
  switch (state.status) {
    case 'null':
      return <Start state={state} maybeJoin={maybeJoin} />;
    case 'processing':
      return (
        <div className="mgm-processing" role="status">
          {/* The app's one spinner (app/layout/layout.css, always loaded). */}
          <span className="app-loading__spinner" aria-hidden="true" />
          <span>{t.processing}</span>
        </div>
      );
    case 'no-consents':
    case 'opt-in-request':
      return (
        <Step
          title={state.status === 'no-consents' ? t.noConsentsTitle : t.optInRequestTitle}
          actions={
            <>
              <Button onClick={openConsentForm}>{t.confirmConsents}</Button>
              {cancelButton}
            </>
          }
        >
          <p>{state.status === 'no-consents' ? t.noConsents : t.optInRequest}</p>
        </Step>
      );
    case 'opt-in-form':
      return <ConsentsForm consents={state.consents} />;
    case 'awaiting-code':
      return <CodeConfirmForm wrongCode={state.errorDetails as MgmErrorDetails | null} />;
    case 'can-invite':
      return (
        <Step
          title={t.inviteTitle}
          actions={
            <>
              <Button onClick={() => void invite()}>{t.invite}</Button>
              {cancelButton}
            </>
          }
        >
          <p>{t.canInvite(emailAddress)}</p>
          <p>{t.inviteQuestion}</p>
        </Step>
      );
    case 'finished':
      return (
        <Step title={t.finishedTitle} tone="done" actions={<Button onClick={cancel}>{t.inviteAnother}</Button>}>
          <p>{t.finished}</p>
        </Step>
      );
    case 'not-found':
      return <Outcome title={t.notFoundTitle} text={t.notFound(emailAddress)} />;
    case 'already-member':
      return <Outcome title={t.alreadyMemberTitle} text={t.alreadyMember} />;
    case 'no-products':
      return <Outcome title={t.noProductsTitle} text={t.noProducts} />;
    case 'error':
      return <ErrorStep details={state.errorDetails as MgmErrorDetails | null} />;
  }
}

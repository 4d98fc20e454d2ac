import type { Action, SessionUser, WebformCatalogues } from '@promotor/contract';
import { isTestActionName } from '@promotor/contract/lead-items';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Stepper } from '../../../components/form/stepper.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmSheet } from '../../../components/ui/confirm-sheet.tsx';
import * as pl from '../../../i18n/pl.ts';
import { appDay } from '../../../lib/dates/app-time-zone.ts';
import { cataloguesRequest } from '../hooks/use-catalogues.ts';
import { useCodes } from '../hooks/use-codes.ts';
import { useRegistration } from '../hooks/use-registration.ts';
import type { ReceiptCameraProps } from '../receipt/receipt-camera-props.ts';
import { sourceRequiresAllConsents } from '../submit/lead-body.ts';
import { availableOffers } from '../verification.ts';
import type { WebformForm } from '../webform.slice.ts';
import { goToStep, patchData, startForm } from '../webform-store.ts';
import { CodesStep } from './codes-step.tsx';
import { ConsumerStep } from './consumer-step.tsx';
import { ContactStep } from './contact-step.tsx';
import { OffersStep } from './offers-step.tsx';
import { SuccessStep } from './success-step.tsx';
import { WebformModals, type WebformModal } from './webform-modals.tsx';

const t = pl.webform;

/** spec §9: steps 0 to 4. */
const STEP_COUNT = 5;

export type WebformFlowProps = {
  action: Action;
  user: SessionUser;
  form: WebformForm;
  catalogues: WebformCatalogues;
  Camera: ComponentType<ReceiptCameraProps>;
};

/** spec §2, §4 Webform: the step indicator, the current step, 'Zacznij od nowa' and the modals. */
export function WebformFlow({ action, user, form, catalogues, Camera }: WebformFlowProps) {
  const [modal, setModal] = useState<WebformModal | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const testAction = isTestActionName(action.name);
  const codes = useCodes(action.event.ident, setModal);
  const registration = useRegistration({
    action,
    catalogues,
    testAction,
    show: setModal,
    reloadCatalogues: () => void cataloguesRequest.refresh(),
  });
  const { step, data } = form;
  const busy = codes.busy !== null || registration.submitting;
  // A registration sent without an answer yet: starting afresh would leave its result unknown.
  const awaitingAnswer = form.pendingRegistration !== null;
  useTopOnNewStep(step);

  return (
    <>
      {testAction ? <p className="note webform__test">{t.testAction}</p> : null}
      <Stepper step={step} count={STEP_COUNT} />
      {step === 0 ? (
        <ContactStep
          initial={{ emailAddress: data.emailAddress, numberPrefix: data.numberPrefix, mobileNumber: data.mobileNumber }}
          prefixes={catalogues.phonePrefixes}
          sending={codes.busy === 'send'}
          testAction={testAction}
          onSend={async () => {
            if (await codes.send()) goToStep(1);
          }}
          onSkip={() => goToStep(1, { codesSkipped: true })}
        />
      ) : null}
      {step === 1 ? (
        <CodesStep
          data={data}
          busy={codes.busy}
          testAction={testAction}
          codesSent={form.codesSkipped !== true}
          onResend={codes.send}
          onVerify={codes.verify}
          onBack={() => goToStep(0, { verified: false })}
        />
      ) : null}
      {step === 2 ? (
        <OffersStep
          catalogues={catalogues}
          selected={data.selectedOffers}
          available={availableOffers(form.verification)}
          actionName={action.name}
          onChange={(selectedOffers) => patchData({ selectedOffers })}
          onNext={() => goToStep(3, { areOffersChosen: true })}
          onBack={() => goToStep(1)}
        />
      ) : null}
      {step === 3 ? (
        <RegistrationStep
          {...{ action, form, catalogues, Camera, testAction }}
          register={registration.register}
          submitting={registration.submitting}
        />
      ) : null}
      {step === 4 ? <SuccessStep form={form} onFinish={() => startForm(action, user)} /> : null}
      {step > 0 && step < 4 ? (
        <Button variant="text" className="webform__reset" disabled={busy} onClick={() => setConfirmReset(true)}>
          {t.startOver}
        </Button>
      ) : null}
      <ConfirmSheet
        open={confirmReset}
        title={awaitingAnswer ? t.startOverPendingQuestion : t.startOverQuestion}
        description={awaitingAnswer ? t.startOverPendingWarning : undefined}
        confirmLabel={t.startOver}
        busy={false}
        onConfirm={() => {
          setConfirmReset(false);
          startForm(action, user);
        }}
        onCancel={() => setConfirmReset(false)}
      />
      <WebformModals modal={modal} onClose={() => setModal(null)} />
    </>
  );
}

/** A new step starts at its top (step 2 is long: 'Dalej' is far down), not where the last one was left. */
function useTopOnNewStep(step: number) {
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    document.scrollingElement?.scrollTo?.({ top: 0 });
  }, [step]);
}

type RegistrationStepProps = Pick<WebformFlowProps, 'action' | 'form' | 'catalogues' | 'Camera'> & {
  testAction: boolean;
  register: (withoutCodes: boolean) => Promise<void>;
  submitting: boolean;
};

/**
 * Step 3: the consumer's data (STEPS' ConsumerStep) sent by 'Zarejestruj'; on the test action also without
 * codes. While a registration awaits its answer the step is locked: a notice and 'Wyślij ponownie', which
 * resends the very attempt (decision 068).
 */
function RegistrationStep({ action, form, catalogues, Camera, testAction, register, submitting }: RegistrationStepProps) {
  // 'Zarejestruj bez kodów' submits the step's own form, so its §5 checks still run first; the submit
  // runs synchronously (requestSubmit), so the flag is read by this submit only.
  const consumerForm = useRef<HTMLFormElement>(null);
  const withoutCodes = useRef(false);
  const registerWithoutCodes = () => {
    withoutCodes.current = true;
    try {
      consumerForm.current?.requestSubmit();
    } finally {
      withoutCodes.current = false;
    }
  };
  const awaitingAnswer = form.pendingRegistration !== null;
  const context = {
    today: appDay(new Date()),
    multiLocation: action.actionPoints.length > 1,
    sourceRequiresAllConsents: sourceRequiresAllConsents(catalogues, form.data.selectedOffers),
  };
  return (
    <div className="webform__registration">
      <ConsumerStep
        catalogues={catalogues}
        values={form.data}
        context={context}
        actionPoints={action.actionPoints.map(({ uuid, name }) => ({ uuid, name }))}
        formUuid={form.trace.uuid}
        onChange={patchData}
        onSubmit={() => void register(withoutCodes.current)}
        submitting={submitting}
        onBack={() => goToStep(2, { areOffersChosen: false })}
        Camera={Camera}
        locked={awaitingAnswer}
        footer={awaitingAnswer && !submitting ? <AwaitingAnswer onSend={() => void register(false)} /> : null}
        formRef={consumerForm}
      />
      {testAction && !awaitingAnswer ? (
        <Button variant="secondary" block disabled={submitting} onClick={registerWithoutCodes}>
          {t.registerWithoutCodes}
        </Button>
      ) : null}
    </div>
  );
}

/** The locked step's notice, brought into view (after a reload the step opens at its top). */
function AwaitingAnswer({ onSend }: { onSend: () => void }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // In braces: a browser's scrollIntoView may answer a promise, which React would take for a clean-up.
    notice.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <div ref={notice} className="note webform__awaiting" role="status">
      <p>{t.pendingAttempt}</p>
      <Button block onClick={onSend}>
        {t.sendAttemptAgain}
      </Button>
    </div>
  );
}

import type { WebformCatalogues } from '@promotor/contract';
import { consumerFormErrors, receiptRequired, requiredConsents, type WebformContext, type WebformValues } from '@promotor/contract/rules';
import { useEffect, useRef, useState, type ComponentType, type FormEvent, type JSX, type ReactNode, type RefObject } from 'react';
import { CheckboxField } from '../../../components/form/choice-fields.tsx';
import { BirthDateField, PostalCodeField } from '../../../components/form/date-fields.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import type { ReceiptCameraProps } from '../receipt/receipt-camera-props.ts';
import { ConsumerConsents } from './consumer-consents.tsx';
import { shownConsents } from './consumer-data.ts';
import { focusFirstInvalid, useShownMessages } from './offers-consumer-messages.ts';
import { ReceiptPhotoField } from './receipt-photo-field.tsx';
import '../webform-steps.css';

const t = pl.webformSteps.consumer;

export type ConsumerStepProps = {
  catalogues: WebformCatalogues;
  values: WebformValues;
  context: WebformContext;
  /** The action's points, for the registration location (shown only when context.multiLocation). */
  actionPoints: { uuid: string; name: string }[];
  /** The form's uuid (trace.uuid): the receipt is stored under it. */
  formUuid: string;
  onChange: (patch: Partial<WebformValues>) => void;
  /** Called only when consumerFormErrors(values, context) is empty ('Zarejestruj'). */
  onSubmit: () => void;
  /** A registration is being sent: the button says 'Wysyłanie' and is disabled. */
  submitting: boolean;
  onBack: () => void;
  /** The single-shot camera for the receipt (the route passes features/dual-camera's SingleCameraModal). */
  Camera: ComponentType<ReceiptCameraProps>;
  /** Nothing can be changed: a registration was sent with these values and awaits its answer. */
  locked?: boolean;
  /** In place of 'Cofnij' and 'Zarejestruj', outside the lock (the locked form's notice and its button). */
  footer?: ReactNode;
  /** The step's <form>, for a button outside it that sends it through its checks (requestSubmit). */
  formRef?: RefObject<HTMLFormElement | null>;
};

type TextKey = 'hostessCode' | 'tourPlan' | 'registerLocation' | 'firstName' | 'lastName' | 'birthDate' | 'billingPostalCode' | 'category';

/**
 * spec §2 Webform step 3: the consumer's data, the consents and the receipt photo, 'Cofnij' and
 * 'Zarejestruj'. The §5 Consumer form rules are the contract's: each message on blur under its field,
 * all of them on 'Zarejestruj', with focus on the first; after that 'Zarejestruj' stays disabled until
 * the form is valid (§2 "disabled while sending or when invalid").
 */
export function ConsumerStep(props: ConsumerStepProps): JSX.Element {
  const {
    catalogues,
    values,
    context,
    actionPoints,
    formUuid,
    onChange,
    onSubmit,
    submitting,
    onBack,
    Camera,
    locked = false,
    footer,
    formRef,
  } = props;
  const ownForm = useRef<HTMLFormElement>(null);
  const form = formRef ?? ownForm;
  const [attempted, setAttempted] = useState(false);
  const problems = consumerFormErrors(values, context);
  const messages = useShownMessages(problems);
  const invalid = Object.keys(problems).length > 0;
  const consents = shownConsents(catalogues, values.selectedOffers);
  const icChosen = values.selectedOffers.InspirationClub === true;

  // A consent not shown is not given: the loyalty club's, ticked before its offer was unticked in step 2.
  useEffect(() => {
    if (!icChosen && values.inspirationClub) onChange({ inspirationClub: false });
  }, [icChosen, values.inspirationClub, onChange]);

  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    error: messages.messageOf(key),
    onChange: (value: string) => onChange({ [key]: value }),
    onBlur: () => messages.show(key),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || locked) return;
    setAttempted(true);
    if (messages.showAll()) onSubmit();
    else focusFirstInvalid(form.current, problems);
  };

  return (
    <form ref={form} className="webform-step" noValidate onSubmit={submit}>
      {/* Disabled, the fieldset disables every field and button inside it (a native lock). */}
      <fieldset className="webform-step__lock" disabled={locked}>
        <fieldset className="webform-step__section">
          <legend className="webform-step__title">{t.data}</legend>
          <TextField label={t.hostessCode} {...text('hostessCode')} readOnly />
          <TextField label={t.tourPlan} {...text('tourPlan')} readOnly />
          {context.multiLocation ? (
            <SelectField
              label={t.registerLocation}
              {...text('registerLocation')}
              options={actionPoints.map((point) => ({ value: point.uuid, label: point.name }))}
              value={values.registerLocation || null}
            />
          ) : null}
          {/* Another consumer's data each time: the browser must not offer the last one's. */}
          <TextField label={t.firstName} {...text('firstName')} autoComplete="off" autoCapitalize="words" />
          <TextField label={t.lastName} {...text('lastName')} autoComplete="off" autoCapitalize="words" />
          <BirthDateField label={t.birthDate} {...text('birthDate')} />
          <PostalCodeField label={t.billingPostalCode} {...text('billingPostalCode')} />
          <SelectField
            label={t.category}
            {...text('category')}
            options={catalogues.consumerCategories.map((category) => ({ value: category.label, label: category.label }))}
            value={values.category || null}
          />
          <CheckboxField label={t.isHoreca} name="isHoreca" value={values.isHoreca} onChange={(isHoreca) => onChange({ isHoreca })} />
        </fieldset>
        <ConsumerConsents
          consents={consents}
          required={requiredConsents(values.selectedOffers, context.sourceRequiresAllConsents)}
          checked={(field) => values[field]}
          onChange={(field, checked) => onChange({ [field]: checked })}
          onBlur={(field) => messages.show(field)}
          messageOf={messages.messageOf}
        />
        <ReceiptPhotoField
          formUuid={formUuid}
          recieptURL={values.recieptURL}
          onChange={(recieptURL) => onChange({ recieptURL })}
          required={receiptRequired(values.selectedOffers)}
          error={messages.messageOf('recieptURL')}
          Camera={Camera}
        />
        {footer ? null : (
          <div className="stepper__nav">
            <Button variant="secondary" onClick={onBack} disabled={submitting}>
              {pl.webformSteps.back}
            </Button>
            <SubmitButton sending={submitting} invalid={attempted && invalid}>
              {t.register}
            </SubmitButton>
          </div>
        )}
      </fieldset>
      {footer}
    </form>
  );
}

import { emailAddressRules, mobileNumberError, numberPrefixRules, type WebformValues } from '@promotor/contract/rules';
import { PhoneField } from '../../../components/form/phone-field.tsx';
import { StepperNav } from '../../../components/form/stepper.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useFormKit, type FieldBinding } from '../../../lib/forms/use-form-kit.ts';
import { patchData } from '../webform-store.ts';

const t = pl.webform;

type Contact = Pick<WebformValues, 'emailAddress' | 'numberPrefix' | 'mobileNumber'>;

export type ContactStepProps = {
  initial: Contact;
  prefixes: readonly string[];
  sending: boolean;
  testAction: boolean;
  /** 'Wyślij kody' with a valid e-mail and phone. */
  onSend: () => Promise<void>;
  /** The test action's way on without codes (spec §2). */
  onSkip: () => void;
};

/** spec §2 Webform step 0: the consumer's e-mail and phone, checked on blur by the §5 rules; 'Wyślij kody'. */
export function ContactStep({ initial, prefixes, sending, testAction, onSend, onSkip }: ContactStepProps) {
  const form = useFormKit<Contact>({
    initial,
    rules: { emailAddress: emailAddressRules, numberPrefix: numberPrefixRules },
    validate: (values) => {
      const message = mobileNumberError(values.numberPrefix, values.mobileNumber);
      return message ? { mobileNumber: message } : {};
    },
  });
  // Every keystroke is kept in the store too: a reload finds what was typed.
  const bound = (field: keyof Contact): FieldBinding<string> => {
    const binding: FieldBinding<string> = form.bind(field);
    return { ...binding, onChange: (value) => (binding.onChange(value), patchData({ [field]: value })) };
  };
  const email = bound('emailAddress');
  // The number's message depends on the prefix too: once shown, it follows both (8 digits are fine for +380).
  const number = { ...bound('mobileNumber'), error: form.touched.has('mobileNumber') ? (form.problems.mobileNumber ?? null) : null };

  return (
    <form className="webform__step" noValidate onSubmit={form.handleSubmit(onSend, () => {})}>
      <h2>{t.contactTitle}</h2>
      <TextField label={t.email} type="email" autoComplete="off" inputMode="email" {...email} />
      <PhoneField label={t.phone} prefixes={prefixes} prefix={bound('numberPrefix')} number={number} />
      {testAction ? (
        <Button
          variant="secondary"
          disabled={sending}
          onClick={() => form.touch('emailAddress', 'numberPrefix', 'mobileNumber') && onSkip()}
        >
          {t.skipCodes}
        </Button>
      ) : null}
      <StepperNav nextLabel={sending ? pl.forms.sending : t.sendCodes} nextDisabled={sending} />
    </form>
  );
}

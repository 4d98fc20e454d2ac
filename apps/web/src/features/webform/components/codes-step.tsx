import { otpRules, type WebformValues } from '@promotor/contract/rules';
import { useState } from 'react';
import { StepperNav } from '../../../components/form/stepper.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useFormKit, type FieldBinding } from '../../../lib/forms/use-form-kit.ts';
import { fullNumber } from '../api/webform.api.ts';
import { patchData } from '../webform-store.ts';

const t = pl.webform;

type Codes = Pick<WebformValues, 'otp' | 'otpEmail'>;

export type CodesStepProps = {
  data: WebformValues;
  busy: 'send' | 'verify' | null;
  testAction: boolean;
  /** False after the test action's 'Dalej bez kodów': nothing was sent, so nothing is said to be. */
  codesSent: boolean;
  onResend: () => Promise<boolean>;
  onVerify: (withoutCodes: boolean) => Promise<void>;
  onBack: () => void;
};

/** Codes are compared in capitals (decision 063); a pasted code may bring spaces. */
const asCode = (value: string) => value.replace(/\s/g, '').toUpperCase();

/**
 * spec §2 Webform step 1: the SMS and e-mail codes (§5: 5 characters each), 'Wyślij ponownie', 'Cofnij',
 * 'Zweryfikuj'. New codes replace the old ones: the fields start empty again.
 */
export function CodesStep(props: CodesStepProps) {
  const [sends, setSends] = useState(0);
  async function resend() {
    if (await props.onResend()) setSends((count) => count + 1);
  }
  return <CodesForm key={sends} {...props} resent={sends > 0} onResend={resend} />;
}

function CodesForm({
  data,
  busy,
  testAction,
  codesSent,
  resent,
  onResend,
  onVerify,
  onBack,
}: Omit<CodesStepProps, 'onResend'> & { resent: boolean; onResend: () => void }) {
  const form = useFormKit<Codes>({ initial: { otp: data.otp, otpEmail: data.otpEmail }, rules: { otp: otpRules, otpEmail: otpRules } });
  const bound = (field: keyof Codes): FieldBinding<string> => {
    const binding: FieldBinding<string> = form.bind(field);
    return { ...binding, onChange: (value) => (binding.onChange(asCode(value)), patchData({ [field]: asCode(value) })) };
  };

  return (
    <form
      className="webform__step"
      noValidate
      onSubmit={form.handleSubmit(
        () => onVerify(false),
        () => {},
      )}
    >
      <h2>{t.codesTitle}</h2>
      <p>{codesSent ? t.codesSentTo(data.emailAddress, fullNumber(data)) : t.codesSkipped}</p>
      <TextField label={t.smsCode} autoComplete="one-time-code" autoCapitalize="characters" maxLength={5} {...bound('otp')} />
      <TextField label={t.emailCode} autoComplete="off" autoCapitalize="characters" maxLength={5} {...bound('otpEmail')} />
      <div className="webform__row">
        <Button variant="text" busy={busy === 'send'} disabled={busy !== null} onClick={onResend}>
          {t.resend}
        </Button>
        {resent ? (
          <p role="status" className="webform__status">
            {t.resent}
          </p>
        ) : null}
      </div>
      {testAction ? (
        <Button variant="secondary" disabled={busy !== null} onClick={() => onVerify(true)}>
          {t.verifyWithoutCodes}
        </Button>
      ) : null}
      <StepperNav
        onBack={onBack}
        backLabel={t.back}
        nextLabel={busy === 'verify' ? pl.forms.sending : t.verify}
        nextDisabled={busy !== null}
      />
    </form>
  );
}

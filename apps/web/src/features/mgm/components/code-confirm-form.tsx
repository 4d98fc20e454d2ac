import { otpRules } from '@promotor/contract/rules';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFormKit } from '../../../lib/forms/use-form-kit.ts';
import { cancel, confirmCode, resendCode, type MgmErrorDetails } from '../mgm-store.ts';

const t = pl.mgm;

/** A code as she types it from what the consumer reads out: no spaces, upper case (the server ignores case). */
const asCode = (value: string) => value.replace(/\s/g, '').toUpperCase();

/**
 * awaiting-code (decision 079): the consents she entered wait for the consumer, who got them listed in
 * an SMS with a code. The code she reads out confirms them; a wrong one is said under the field.
 */
export function CodeConfirmForm({ wrongCode }: { wrongCode: MgmErrorDetails | null }) {
  const form = useFormKit({ initial: { code: '' }, rules: { code: otpRules } });
  const onSubmit = form.handleSubmit(
    ({ code }) => confirmCode(code),
    () => {},
  );
  const binding = form.bind('code');
  const refusal = wrongCode
    ? errorMessage(new ApiError(wrongCode.kind === 'interrupted' ? 'unexpected' : wrongCode.kind, wrongCode.code, wrongCode.ts))
    : null;

  return (
    <section className="mgm-step" aria-labelledby="mgm-step-title">
      <h2 id="mgm-step-title">{t.codeTitle}</h2>
      <p>{t.codeSent}</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          {...binding}
          onChange={(value) => binding.onChange(asCode(value))}
          label={t.code}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={5}
          error={binding.error ?? refusal}
        />
        <div className="mgm-step__actions">
          <Button type="submit">{t.confirmCode}</Button>
          <Button variant="secondary" onClick={() => void resendCode()}>
            {t.resendCode}
          </Button>
          <Button variant="secondary" onClick={cancel}>
            {pl.cancel}
          </Button>
        </div>
      </form>
    </section>
  );
}

import { mgmRequiredConsentRules } from '@promotor/contract/rules';
import { CheckboxField } from '../../../components/form/choice-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useFormKit } from '../../../lib/forms/use-form-kit.ts';
import { useRequest } from '../../../lib/requests/index.ts';
import { cancel, consentTextsRequest, saveConsents, setConsents, useConsentTexts } from '../mgm-store.ts';
import type { MgmState } from '../mgm.slice.ts';

const t = pl.mgm;

type Consents = MgmState['consents'];

/** The consents the form asks for, in this order; the first is required (spec §5 MGM). */
const FIELDS = [
  'newsletterCommercialAuthorization',
  'mobileOptIn',
  'socialMediaOptIn',
  'hypercareOptIn',
] as const satisfies readonly (keyof Consents)[];

/**
 * spec §4 opt-in-form: the marketing consents with the texts the server records them with (the webform
 * catalogue's), newsletterCommercialAuthorization required ('Zaznacz wymagane zgody'). Her ticks are kept
 * in the slice as she makes them (spec §3 consents).
 */
export function ConsentsForm({ consents }: { consents: Consents }) {
  const view = useRequest(consentTextsRequest);
  const texts = useConsentTexts((s) => s.texts);
  const form = useFormKit<Consents>({ initial: consents, rules: { newsletterCommercialAuthorization: mgmRequiredConsentRules } });
  const onSubmit = form.handleSubmit(saveConsents, () => {});
  const textOf = (field: keyof Consents) => texts.find((text) => text.field === field)?.text;

  const cancelButton = (
    <Button variant="secondary" onClick={cancel}>
      {pl.cancel}
    </Button>
  );
  let body;
  if (view.status === 'failed' && texts.length === 0) {
    body = (
      <>
        <p>{t.consentsFailed}</p>
        <div className="mgm-step__actions">
          <Button onClick={view.reload}>{t.retry}</Button>
          {cancelButton}
        </div>
      </>
    );
  } else if (texts.length === 0) {
    body = <p role="status">{t.loadingConsents}</p>;
  } else {
    body = (
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <p>{t.consentsIntro}</p>
        {FIELDS.map((field, index) => {
          const binding = form.bind(field);
          const text = textOf(field) ?? field;
          return (
            <CheckboxField
              key={field}
              {...binding}
              onChange={(value) => {
                binding.onChange(value);
                setConsents({ ...form.values, [field]: value });
              }}
              label={index === 0 ? t.required(text) : text}
            />
          );
        })}
        <div className="mgm-step__actions">
          <Button type="submit">{t.saveConsents}</Button>
          {cancelButton}
        </div>
      </form>
    );
  }

  return (
    <section className="mgm-step" aria-labelledby="mgm-step-title">
      <h2 id="mgm-step-title">{t.consentsTitle}</h2>
      {body}
    </section>
  );
}

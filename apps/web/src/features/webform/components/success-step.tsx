import { chosenOffers } from '@promotor/contract/rules';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import type { WebformForm } from '../webform.slice.ts';

const t = pl.webform;

/**
 * spec §2 Webform step 4: a message per chosen offer, then the loyalty programme's activation e-mail
 * note, or its error code and message when the enrolment failed (§4: still a success); 'Zakończ'.
 */
export function SuccessStep({ form, onFinish }: { form: Pick<WebformForm, 'data' | 'icError'>; onFinish: () => void }) {
  const offers = chosenOffers(form.data.selectedOffers);
  const { icError } = form;
  return (
    <section className="webform__step webform__success" aria-labelledby="webform-success-title">
      <h2 id="webform-success-title">{t.successTitle}</h2>
      <ul className="webform__offers-done">
        {offers
          .filter((offer) => offer !== 'InspirationClub' || icError === null)
          .map((offer) => (
            <li key={offer}>{t.offerDone[offer]}</li>
          ))}
      </ul>
      {offers.includes('InspirationClub') && icError === null ? <p className="note">{t.activationEmail}</p> : null}
      {icError ? (
        <div className="note webform__ic-error" role="alert">
          <p>{t.icFailed}</p>
          <p>{icError.message}</p>
          <p>
            {t.icCode} <strong>{icError.code}</strong>
          </p>
        </div>
      ) : null}
      <Button block onClick={onFinish}>
        {t.finish}
      </Button>
    </section>
  );
}

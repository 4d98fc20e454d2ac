import type { WebformCatalogues } from '@promotor/contract';
import { chosenOffers, type ChoosableOffer, type SelectedOffers } from '@promotor/contract/rules';
import { useRef, type FormEvent, type JSX } from 'react';
import { StepperNav } from '../../../components/form/stepper.tsx';
import * as pl from '../../../i18n/pl.ts';
import { focusFirstInvalid, useShownMessages } from './offers-consumer-messages.ts';
import { OfferCards } from './offers-cards.tsx';
import { GloFields, NeoFields, VeloFields, VuseFields, type OfferFieldProps } from './offers-fields.tsx';
import { offersProblems, toggleOffer } from './offers-selection.ts';
import '../webform-steps.css';

export type OffersStepProps = {
  catalogues: WebformCatalogues;
  selected: SelectedOffers;
  /** Which offers the verification allows (each group collapsed per §4; a new consumer: all true). */
  available: Record<ChoosableOffer, boolean>;
  /** The started action's name: the three-pack Glo source only when it ends with TT/DA (showsThreePackSource). */
  actionName: string;
  onChange: (selected: SelectedOffers) => void;
  /** Called only when the offers pass the §5 Offers rules ('Dalej'). */
  onNext: () => void;
  onBack: () => void;
};

/**
 * spec §2 Webform step 2: the offer cards, each chosen offer's fields, 'Cofnij' and 'Dalej'. The §4 offer
 * rules and the §5 Offers messages are the contract's; messages show on blur and all on 'Dalej', which
 * moves focus to the first field with one.
 */
export function OffersStep({ catalogues, selected, available, actionName, onChange, onNext, onBack }: OffersStepProps): JSX.Element {
  const form = useRef<HTMLFormElement>(null);
  const problems = offersProblems(selected);
  const messages = useShownMessages(problems);
  const field: OfferFieldProps = (path) => ({ name: path, error: messages.messageOf(path), onBlur: () => messages.show(path) });
  const titleOf = (offer: ChoosableOffer) => catalogues.offerCards.find((card) => card.offer === offer)?.title ?? offer;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (messages.showAll()) onNext();
    else focusFirstInvalid(form.current, problems);
  };

  const { Glo, Vuse, Velo, Neo } = selected;
  return (
    <form ref={form} className="webform-step" noValidate onSubmit={submit}>
      <OfferCards
        cards={catalogues.offerCards}
        selected={selected}
        available={available}
        onToggle={(offer, on) => onChange(toggleOffer(selected, offer, on, catalogues))}
        onBlur={() => messages.show('selectedOffers')}
        error={messages.messageOf('selectedOffers')}
      />
      {chosenOffers(selected).map((offer) => {
        const common = { title: titleOf(offer), catalogues, field };
        if (offer === 'Glo' && Glo) {
          return (
            <GloFields
              key={offer}
              {...common}
              value={Glo}
              actionName={actionName}
              onChange={(next) => onChange({ ...selected, Glo: next })}
            />
          );
        }
        if (offer === 'Vuse' && Vuse)
          return <VuseFields key={offer} {...common} value={Vuse} onChange={(next) => onChange({ ...selected, Vuse: next })} />;
        if (offer === 'Velo' && Velo)
          return <VeloFields key={offer} {...common} value={Velo} onChange={(next) => onChange({ ...selected, Velo: next })} />;
        if (offer === 'Neo' && Neo)
          return <NeoFields key={offer} {...common} value={Neo} onChange={(next) => onChange({ ...selected, Neo: next })} />;
        return null; // InspirationClub has no fields
      })}
      <StepperNav onBack={onBack} backLabel={pl.webformSteps.back} nextLabel={pl.webformSteps.offers.next} />
    </form>
  );
}

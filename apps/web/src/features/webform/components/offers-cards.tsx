import type { OfferCard } from '@promotor/contract';
import type { ChoosableOffer, SelectedOffers } from '@promotor/contract/rules';
import { useId } from 'react';
import { errorAria, FieldError } from '../../../components/form/field-frame.tsx';
import { classNames } from '../../../components/ui/class-names.ts';
import * as pl from '../../../i18n/pl.ts';
import { offerCardState } from './offers-selection.ts';

type OfferCardsProps = {
  cards: readonly OfferCard[];
  selected: SelectedOffers;
  available: Record<ChoosableOffer, boolean>;
  onToggle: (offer: ChoosableOffer, on: boolean) => void;
  onBlur: () => void;
  /** The choice's message (none, InspirationClub alone, Neo with others). */
  error: string | null;
};

/**
 * spec §2 Webform step 2, §3 Catalogues offer cards: one checkbox a card, named by its title and
 * described by its text; a card that cannot be ticked says why (§4 offer rules, the verification).
 */
export function OfferCards({ cards, selected, available, onToggle, onBlur, error }: OfferCardsProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={classNames('offer-cards', error && 'field--invalid')} {...errorAria(error, errorId)}>
      <legend className="webform-step__title">{pl.webformSteps.offers.legend}</legend>
      {cards.map((card) => {
        const state = offerCardState(card.offer, selected, available);
        const ids = { title: `${id}-${card.offer}-title`, text: `${id}-${card.offer}-text`, reason: `${id}-${card.offer}-reason` };
        return (
          <label
            key={card.offer}
            className={classNames('offer-card', state.chosen && 'offer-card--chosen', state.disabled && 'offer-card--disabled')}
          >
            <input
              type="checkbox"
              name="selectedOffers"
              value={card.offer}
              checked={state.chosen}
              disabled={state.disabled}
              aria-labelledby={ids.title}
              aria-describedby={state.reason ? `${ids.text} ${ids.reason}` : ids.text}
              onChange={(event) => onToggle(card.offer, event.target.checked)}
              onBlur={onBlur}
            />
            <span className="offer-card__body">
              <span id={ids.title} className="offer-card__title">
                {card.title}
              </span>
              <span id={ids.text} className="offer-card__text">
                {card.description}
              </span>
              {state.reason ? (
                <span id={ids.reason} className="offer-card__reason">
                  {state.reason}
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

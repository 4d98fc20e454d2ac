import type { WebformCatalogues } from '@promotor/contract';
import type { ChoosableOffer, SelectedOffers } from '@promotor/contract/rules';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OffersStep } from './offers-step.tsx';
import { allAvailable, buildCatalogues, choose, optionsOf } from '../test/offers-test-kit.ts';

type Options = {
  selected?: SelectedOffers;
  available?: Record<ChoosableOffer, boolean>;
  actionName?: string;
  catalogues?: WebformCatalogues;
};

/** Step 2 as the page holds it: the selection in state, changed only through onChange. */
function renderOffers({
  selected = {},
  available = allAvailable(),
  actionName = 'Degustacja Rynek',
  catalogues = buildCatalogues(),
}: Options = {}) {
  const onNext = vi.fn();
  const onBack = vi.fn();
  const current = { selected };
  function Page() {
    const [value, setValue] = useState(selected);
    current.selected = value;
    return (
      <OffersStep
        catalogues={catalogues}
        selected={value}
        available={available}
        actionName={actionName}
        onChange={setValue}
        onNext={onNext}
        onBack={onBack}
      />
    );
  }
  render(<Page />);
  return { user: userEvent.setup(), onNext, onBack, current };
}

const card = (title: string) => screen.getByRole('checkbox', { name: title });
const next = () => screen.getByRole('button', { name: 'Dalej' });
const cardsGroup = () => screen.getByRole('group', { name: 'Wybierz ofertę' });

describe('webform step 2: offers', () => {
  it('shows the catalogue cards as checkboxes named by title and described by their text; nothing chosen says so on Dalej', async () => {
    const { user, onNext, onBack } = renderOffers();
    expect(card('glo')).toHaveAccessibleDescription('Urządzenie glo w cenie promocyjnej.');
    expect(
      within(cardsGroup())
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['Glo', 'Vuse', 'Velo', 'Neo', 'InspirationClub']);
    expect(
      within(cardsGroup())
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked),
    ).toEqual([]);

    await user.click(next());

    expect(cardsGroup()).toHaveAccessibleDescription('Wybierz co najmniej jedną ofertę.');
    expect(card('glo')).toHaveFocus();
    expect(onNext).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cofnij' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('InspirationClub waits for another offer, and alone again it is refused', async () => {
    const { user, onNext, current } = renderOffers();
    expect(card('Inspiration Club')).toBeDisabled();
    expect(card('Inspiration Club')).toHaveAccessibleDescription('Program lojalnościowy. Najpierw wybierz inną ofertę.');

    await user.click(card('Velo'));
    expect(card('Inspiration Club')).toBeEnabled();
    await user.click(card('Inspiration Club'));
    await user.click(card('Velo'));
    expect(current.selected).toEqual({ InspirationClub: true });
    await user.click(next());

    expect(cardsGroup()).toHaveAccessibleDescription('Zaznaczono tylko InspirationClub, wybierz dodatkową ofertę');
    expect(onNext).not.toHaveBeenCalled();
  });

  it('choosing Neo drops Glo and Vuse and disables them; Velo and InspirationClub stay', async () => {
    const { user, current } = renderOffers();
    await user.click(card('glo'));
    await user.click(card('Vuse'));
    expect(screen.getByRole('group', { name: 'Oferta glo' })).toBeInTheDocument();

    await user.click(card('neo'));

    expect(card('glo')).not.toBeChecked();
    expect(card('Vuse')).not.toBeChecked();
    expect(card('glo')).toBeDisabled();
    expect(card('Vuse')).toHaveAccessibleDescription('Urządzenie Vuse Go. Nie łączy się z ofertą Neo.');
    expect(screen.queryByRole('group', { name: 'Oferta glo' })).not.toBeInTheDocument();
    expect(card('Velo')).toBeEnabled();
    await user.click(card('Inspiration Club'));
    expect(current.selected).toEqual({ Neo: { neoOffers: '' }, InspirationClub: true });

    await user.click(card('neo'));
    expect(card('glo')).toBeEnabled();
  });

  it('Neo with another offer (a selection kept from before) says what Neo combines with', async () => {
    const { user, onNext } = renderOffers({
      selected: { Neo: { neoOffers: '0' }, Glo: { model: 'Hyper Pro', color: 'Czarny', assetSource: 'GLO solo / POP' } },
    });
    await user.click(next());
    expect(cardsGroup()).toHaveAccessibleDescription('Oferta Neo może jedynie łączyć się z ofertą InspirationClub i Velo');
    expect(onNext).not.toHaveBeenCalled();
  });

  it('offers the verification does not allow cannot be chosen and say why', () => {
    renderOffers({ available: allAvailable({ Glo: false, InspirationClub: false }) });
    expect(card('glo')).toBeDisabled();
    expect(card('glo')).toHaveAccessibleDescription('Urządzenie glo w cenie promocyjnej. Oferta niedostępna dla tego konsumenta.');
    expect(card('Velo')).toBeEnabled();
  });

  it.each([
    ['Degustacja Rynek TT', true],
    ['Degustacja Rynek DA', true],
    ['Degustacja Rynek', false],
    ['Degustacja TT Rynek', false],
  ])('the three-pack Glo source on the action %s: offered %s', async (actionName, offered) => {
    const { user } = renderOffers({ actionName, selected: { Glo: { model: 'Hyper Pro', color: '', assetSource: '' } } });
    const sources = await optionsOf(user, 'Źródło urządzenia');
    expect(sources.includes('3 Paczki POP + GLO KASOTERMINAL zg. Markt. + veo gratis')).toBe(offered);
    expect(sources).toContain('GLO solo / POP');
  });

  it('the Glo source decides the veo samplings asked; a source that needs fewer drops the others', async () => {
    const { user, current } = renderOffers({
      actionName: 'Degustacja TT',
      selected: { Glo: { model: 'Hyper Pro', color: 'Czarny', assetSource: '' } },
    });
    const samplings = () => screen.queryAllByRole('combobox', { name: /^Próbka veo/ }).map((select) => select.getAttribute('name'));
    expect(samplings()).toEqual([]);

    await choose(user, 'Źródło urządzenia', '3 Paczki POP + GLO KASOTERMINAL zg. Markt. + veo gratis');
    expect(samplings()).toEqual([
      'selectedOffers.Glo.samplingOne',
      'selectedOffers.Glo.samplingTwo',
      'selectedOffers.Glo.samplingThree',
      'selectedOffers.Glo.samplingFour',
    ]);
    for (const number of [1, 2, 3, 4]) await choose(user, `Próbka veo ${number}`, 'veo Ruby Fresh');
    expect(current.selected.Glo?.samplingFour).toBe('VEORUB20');

    await choose(user, 'Źródło urządzenia', 'GLO + 2 paczki / POP');
    expect(samplings()).toEqual(['selectedOffers.Glo.samplingOne', 'selectedOffers.Glo.samplingTwo']);
    expect(current.selected.Glo).toEqual({
      model: 'Hyper Pro',
      color: 'Czarny',
      assetSource: 'GLO + 2 paczki / POP',
      samplingOne: 'VEORUB20',
      samplingTwo: 'VEORUB20',
    });

    await choose(user, 'Źródło urządzenia', 'GLO solo / KASOTERMINAL');
    expect(samplings()).toEqual([]);
    expect(current.selected.Glo).toEqual({ model: 'Hyper Pro', color: 'Czarny', assetSource: 'GLO solo / KASOTERMINAL' });
  });

  it("a changed model clears its colour and offers the new model's; Vuse Go is picked by flavour", async () => {
    const { user, current } = renderOffers({ selected: { Glo: { model: 'Hyper Pro', color: 'Rubinowy', assetSource: '' } } });
    expect(await optionsOf(user, 'Kolor')).toEqual(['Czarny', 'Rubinowy']);
    await choose(user, 'Model', 'Hyper X2');
    expect(current.selected.Glo?.color).toBe('');
    expect(screen.getByRole('combobox', { name: 'Kolor' })).toHaveTextContent('Select...');
    expect(await optionsOf(user, 'Kolor')).toEqual(['Biały', 'Turkusowy']);

    await user.click(card('Vuse'));
    const vuse = within(screen.getByRole('group', { name: 'Oferta Vuse' }));
    expect(vuse.getByRole('combobox', { name: 'Kolor' })).toBeInTheDocument();
    await user.click(vuse.getByRole('combobox', { name: 'Model' }));
    await user.click(screen.getByRole('option', { name: 'Vuse Go' }));
    expect(vuse.getByRole('combobox', { name: 'Smak' })).toBeInTheDocument();
  });

  it('a field left empty says so under it on blur; Dalej shows every message and focuses the first', async () => {
    const { user, onNext } = renderOffers();
    await user.click(card('glo'));
    await user.click(card('Velo'));

    // Hyper Pro and Hyper X2: the model is hers to pick.
    const model = screen.getByRole('combobox', { name: 'Model' });
    await user.click(model);
    await user.click(model);
    await user.tab();
    expect(model).toHaveAccessibleDescription('To pole jest wymagane.');
    expect(screen.getByRole('combobox', { name: 'Kolor' })).not.toHaveAccessibleDescription();

    await user.click(next());

    for (const name of ['Model', 'Kolor', 'Źródło urządzenia', 'Smak Velo']) {
      expect(screen.getByRole('combobox', { name })).toHaveAccessibleDescription('To pole jest wymagane.');
    }
    expect(model).toHaveFocus();
    expect(onNext).not.toHaveBeenCalled();
  });

  it('a serial number is optional, but one of spaces is not a number', async () => {
    const { user, current } = renderOffers({ selected: { Glo: { model: 'Hyper Pro', color: 'Czarny', assetSource: 'GLO solo / POP' } } });
    const serial = screen.getByRole('textbox', { name: 'Numer seryjny urządzenia (opcjonalnie)' });
    await user.type(serial, '  ');
    await user.tab();
    expect(serial).toHaveAccessibleDescription('To pole jest wymagane.');
    await user.clear(serial);
    expect(current.selected.Glo).not.toHaveProperty('serialNumber');
    expect(serial).not.toHaveAccessibleDescription();
    await user.type(serial, 'GLO123456');
    expect(current.selected.Glo?.serialNumber).toBe('GLO123456');
  });

  it('complete offers go on with Dalej: the values the registration reads (SKUs, the Neo value)', async () => {
    const { user, onNext, current } = renderOffers();
    await user.click(card('Velo'));
    await choose(user, 'Smak Velo', 'Velo Ruby Berry');
    await user.click(card('neo'));
    await user.click(screen.getByRole('radio', { name: 'Próbka neo: 2 paczki' }));
    await user.click(card('Inspiration Club'));

    await user.click(next());

    expect(onNext).toHaveBeenCalledTimes(1);
    expect(current.selected).toEqual({ Velo: { sampling: 'VELORUB10' }, Neo: { neoOffers: '1' }, InspirationClub: true });
  });
});

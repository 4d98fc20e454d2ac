import type { WebformCatalogues } from '@promotor/contract';
import { gloSamplingFields, type GloSelection, type NeoSelection, type VeloSelection, type VuseSelection } from '@promotor/contract/rules';
import type { ReactNode } from 'react';
import { RadioGroup, type ChoiceOption } from '../../../components/form/choice-fields.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import * as pl from '../../../i18n/pl.ts';
import { deviceOf, gloSourcesFor, updateGlo, updateVuse } from './offers-selection.ts';

// spec §3 selectedOffers, §5 Offers: each chosen offer's fields. Values as lead-items.ts reads them:
// models, colours and sources by name, samplings and Velo by SKU, Neo by its value.

const t = pl.webformSteps.offers;

/** A field's name (its path, which its message is keyed by), shown message and blur. */
export type OfferFieldProps = (path: string) => { name: string; error: string | null; onBlur: () => void };

type FieldsProps<S> = { title: string; catalogues: WebformCatalogues; value: S; onChange: (value: S) => void; field: OfferFieldProps };

const names = (list: readonly string[]): ChoiceOption<string>[] => list.map((name) => ({ value: name, label: name }));
const products = (list: readonly { name: string; sku: string }[]): ChoiceOption<string>[] =>
  list.map((product) => ({ value: product.sku, label: product.name }));
/** '' is "not chosen yet" in the values, null in a select. */
const orNull = (value: string | undefined) => (value ? value : null);

function OfferFieldset({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="offer-fields">
      <legend className="offer-fields__title">{t.details(title)}</legend>
      {children}
    </fieldset>
  );
}

const SAMPLING_NUMBER = { samplingOne: 1, samplingTwo: 2, samplingThree: 3, samplingFour: 4 } as const;

export function GloFields({ title, catalogues, value, onChange, field, actionName }: FieldsProps<GloSelection> & { actionName: string }) {
  const set = (patch: Partial<GloSelection>) => onChange(updateGlo(value, patch));
  const colours = deviceOf(catalogues, 'Glo', value.model)?.variants ?? [];
  const flavours = products(catalogues.glo.samplingFlavours);
  return (
    <OfferFieldset title={title}>
      <SelectField
        label={t.model}
        {...field('selectedOffers.Glo.model')}
        options={names(catalogues.glo.availableModels)}
        value={orNull(value.model)}
        onChange={(model) => set({ model })}
      />
      <SelectField
        label={t.colour}
        {...field('selectedOffers.Glo.color')}
        options={names(colours)}
        value={orNull(value.color)}
        onChange={(color) => set({ color })}
      />
      <SelectField
        label={t.assetSource}
        {...field('selectedOffers.Glo.assetSource')}
        options={names(gloSourcesFor(catalogues, actionName).map((source) => source.name))}
        value={orNull(value.assetSource)}
        onChange={(assetSource) => set({ assetSource })}
      />
      {value.assetSource
        ? gloSamplingFields(value.assetSource).map((sampling) => (
            <SelectField
              key={sampling}
              label={t.sampling(SAMPLING_NUMBER[sampling])}
              {...field(`selectedOffers.Glo.${sampling}`)}
              options={flavours}
              value={orNull(value[sampling])}
              onChange={(sku) => set({ [sampling]: sku })}
            />
          ))
        : null}
      <TextField
        label={t.serialNumber}
        {...field('selectedOffers.Glo.serialNumber')}
        value={value.serialNumber ?? ''}
        // Optional: an emptied field is no serial number at all, not an empty one (§5).
        onChange={(serialNumber) => {
          const { serialNumber: _old, ...rest } = value;
          onChange(serialNumber === '' ? rest : { ...rest, serialNumber });
        }}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
    </OfferFieldset>
  );
}

export function VuseFields({ title, catalogues, value, onChange, field }: FieldsProps<VuseSelection>) {
  const set = (patch: Partial<VuseSelection>) => onChange(updateVuse(value, patch));
  const device = deviceOf(catalogues, 'Vuse', value.model);
  return (
    <OfferFieldset title={title}>
      <SelectField
        label={t.model}
        {...field('selectedOffers.Vuse.model')}
        options={names(catalogues.vuse.availableModels)}
        value={orNull(value.model)}
        onChange={(model) => set({ model })}
      />
      <SelectField
        // Vuse Go is picked by flavour, the other models by colour (catalogue variantKind).
        label={device?.variantKind === 'flavour' ? t.flavour : t.colour}
        {...field('selectedOffers.Vuse.color')}
        options={names(device?.variants ?? [])}
        value={orNull(value.color)}
        onChange={(color) => set({ color })}
      />
      <SelectField
        label={t.assetSource}
        {...field('selectedOffers.Vuse.assetSource')}
        options={names(catalogues.vuse.assetSources.map((source) => source.name))}
        value={orNull(value.assetSource)}
        onChange={(assetSource) => set({ assetSource })}
      />
    </OfferFieldset>
  );
}

export function VeloFields({ title, catalogues, value, onChange, field }: FieldsProps<VeloSelection>) {
  return (
    <OfferFieldset title={title}>
      <SelectField
        label={t.veloFlavour}
        {...field('selectedOffers.Velo.sampling')}
        options={products(catalogues.velo.flavours)}
        value={orNull(value.sampling)}
        onChange={(sampling) => onChange({ sampling })}
      />
    </OfferFieldset>
  );
}

export function NeoFields({ title, catalogues, value, onChange, field }: FieldsProps<NeoSelection>) {
  return (
    <OfferFieldset title={title}>
      <RadioGroup
        legend={t.neoOffer}
        {...field('selectedOffers.Neo.neoOffers')}
        options={catalogues.neo.offers.map((offer) => ({ value: offer.value, label: offer.label }))}
        value={orNull(value.neoOffers)}
        onChange={(neoOffers) => onChange({ neoOffers: neoOffers ?? '' })}
      />
    </OfferFieldset>
  );
}

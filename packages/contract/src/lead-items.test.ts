import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebformCataloguesFile } from './catalogues.ts';
import {
  isIcErrorCode,
  isTestActionName,
  leadItemsFor,
  UnknownCatalogueEntry,
  vuseDeviceName,
  type LeadItemsContext,
} from './lead-items.ts';
import type { SelectedOffers } from './rules/webform.rules.ts';

// spec §3 Asset item, Product interest item; §9 (brand Glo when the first offer is Neo, the Vuse Go
// device name). Read against the catalogue file the server ships, so the web app and the server build
// the same items from what an operator will really serve.
const file = path.resolve(import.meta.dirname, '../../../apps/server/catalogues/webform-catalogues.json');
const catalogues = WebformCataloguesFile.parse(JSON.parse(fs.readFileSync(file, 'utf8')));

const context: LeadItemsContext = { tourPlan: 'AK-7Q2M4X', storeId: 'P-10231', purchaseDate: '2026-03-14', timestamp: 1773480000000 };
const asset = { status: 'Active', type: 'Sold', purchaseDate: '2026-03-14', storeId: 'P-10231', tourPlan: 'AK-7Q2M4X' };
const product = { status: 'Trial', unitOfMeasure: 'Can', tourPlan: 'AK-7Q2M4X' };
const items = (selected: SelectedOffers) => leadItemsFor(selected, catalogues, context);
const hyperPro = { model: 'Hyper Pro', color: 'Czarny' };

describe('leadItemsFor with the shipped catalogue', () => {
  it("a Glo from a solo source is one asset item with its source's SKU and the serial number, no samples", () => {
    expect(items({ Glo: { ...hyperPro, assetSource: 'GLO solo / POP', serialNumber: ' GLO1000001 ' }, InspirationClub: true })).toEqual({
      assetItems: [
        {
          ...asset,
          brand: 'Glo',
          colour: 'Czarny',
          model: 'Hyper Pro',
          assetSource: 'GLOPRO1',
          deviceName: 'Hyper Pro',
          serialNumber: 'GLO1000001',
        },
      ],
      productInterestItems: [],
      brand: 'Glo',
      deviceName: 'Hyper Pro',
    });
  });

  it('a Glo from a pack source brings its veo samples (two, or four from the three-pack), by name and SKU', () => {
    const two = items({ Glo: { ...hyperPro, assetSource: 'GLO + 2 paczki veo / POP', samplingOne: 'VEOARC20', samplingTwo: 'VEOGRE20' } });
    expect(two.assetItems[0]).toMatchObject({ assetSource: 'GLOPROPAC3' });
    expect(two.assetItems[0]).not.toHaveProperty('serialNumber');
    expect(two.productInterestItems).toEqual([
      { ...product, sku: 'VEOARC20', name: 'veo Arctic Click', brand: 'Veo' },
      { ...product, sku: 'VEOGRE20', name: 'veo Green Click', brand: 'Veo' },
    ]);
    const four = items({
      Glo: {
        ...hyperPro,
        assetSource: '3 Paczki POP + GLO KASOTERMINAL zg. Markt. + veo gratis',
        samplingOne: 'VEOARC20',
        samplingTwo: 'VEOSCA20',
        samplingThree: 'VEOTRO20',
        samplingFour: 'VEOSUN20',
      },
    });
    expect(four.assetItems[0]!.assetSource).toBe('PACZKI3+1');
    expect(four.productInterestItems.map((p) => p.sku)).toEqual(['VEOARC20', 'VEOSCA20', 'VEOTRO20', 'VEOSUN20']);
  });

  it('a Vuse Go carries its flavour as taste and is named "Vuse Go <flavour>", with the timestamp only beside a Glo', () => {
    const vuse = { model: 'Vuse Go', color: 'Mango Ice', assetSource: 'Vuse Go + 2 wkłady / POP' };
    const alone = items({ Vuse: vuse });
    expect(alone).toEqual({
      assetItems: [
        {
          ...asset,
          brand: 'Vuse',
          colour: 'Mango Ice',
          taste: 'Mango Ice',
          model: 'Vuse Go',
          assetSource: 'VUSEPACKS1024',
          deviceName: 'Vuse Go Mango Ice',
        },
      ],
      productInterestItems: [],
      brand: 'Vuse',
      deviceName: 'Vuse Go Mango Ice',
    });
    const withGlo = items({ Glo: { ...hyperPro, assetSource: 'GLO solo / KASOTERMINAL' }, Vuse: vuse });
    expect(withGlo.assetItems.map((a) => a.deviceName)).toEqual(['Hyper Pro', 'Vuse Go Mango Ice 1773480000000']);
    expect([withGlo.brand, withGlo.deviceName]).toEqual(['Glo', 'Hyper Pro']);
    expect(vuseDeviceName('Vuse Go', 'Grape Ice', true, 42)).toBe('Vuse Go Grape Ice 42');
  });

  it('Velo is one product-interest item by SKU; Neo its offer; the brand is Glo when Neo comes first, else the first offer', () => {
    expect(items({ Velo: { sampling: 'VELOFRZ10' } })).toEqual({
      assetItems: [],
      productInterestItems: [{ ...product, sku: 'VELOFRZ10', name: 'Velo Freeze', brand: 'Velo' }],
      brand: 'Velo',
      deviceName: '',
    });
    const neo = items({ Neo: { neoOffers: '0' }, Velo: { sampling: 'VELOICE10' }, InspirationClub: true });
    expect(neo.productInterestItems).toEqual([
      { ...product, sku: 'VELOICE10', name: 'Velo Ice Cool', brand: 'Velo' },
      { ...product, sku: 'CFVEOSAMP1', name: 'Próbka neo: 1 paczka', brand: 'Neo' },
    ]);
    // Velo comes before Neo in the offers' order, so Velo is the first offer here.
    expect(neo.brand).toBe('Velo');
    expect(items({ Neo: { neoOffers: '1' } })).toMatchObject({ brand: 'Glo', productInterestItems: [{ sku: 'CFVEOSAMP2' }] });
  });

  it('what the catalogue does not have throws UnknownCatalogueEntry (the server answers error_unknown_asset_brand_model)', () => {
    const unknown: SelectedOffers[] = [
      // In devices, but not a model the Glo offer lets her pick.
      { Glo: { model: 'Hyper X2', color: 'Czarny', assetSource: 'GLO solo / POP' } },
      { Glo: { ...hyperPro, color: 'Fioletowy', assetSource: 'GLO solo / POP' } },
      { Glo: { ...hyperPro, assetSource: 'GLO z kosmosu' } },
      { Glo: { ...hyperPro, assetSource: 'GLO + 2 paczki veo / POP', samplingOne: 'VEOARC20' } },
      { Vuse: { model: 'ePod 2', color: 'Czarny', assetSource: 'Vuse Go solo / POP' } },
      { Vuse: { model: 'Vuse Go', color: 'Czarny', assetSource: 'Vuse Go solo / POP' } },
      { Velo: { sampling: 'VELONIEMA' } },
      { Neo: { neoOffers: '7' } },
    ];
    for (const selected of unknown) expect(() => items(selected), JSON.stringify(selected)).toThrow(UnknownCatalogueEntry);
  });
});

describe('the test action and the loyalty-club codes', () => {
  it('an action whose name contains exp1707 is the test action', () => {
    expect(isTestActionName('Test rejestracji exp1707 — Kiosk')).toBe(true);
    expect(isTestActionName('Degustacja glo — Żabka')).toBe(false);
    expect(isTestActionName('EXP1707')).toBe(false);
  });

  it('the three loyalty-club codes still count as a registration', () => {
    expect(
      ['error_ic_registration_failed', 'error_ic_consumer_multiple_found', 'error_ic_consumer_already_exists'].every(isIcErrorCode),
    ).toBe(true);
    expect(isIcErrorCode('error_m2_exception')).toBe(false);
  });
});

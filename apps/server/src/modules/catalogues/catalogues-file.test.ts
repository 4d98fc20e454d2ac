import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WebformCataloguesFile } from '@promotor/contract';
import { loadConfig } from '../../config/env.ts';
import { loadCatalogues } from './catalogues.service.ts';

const SHIPPED = loadConfig({}).cataloguesFile;
const shipped = () => JSON.parse(fs.readFileSync(SHIPPED, 'utf8')) as WebformCataloguesFile;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-catalogues-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let files = 0;
/** The shipped file as an operator might have edited it. */
function editedFile(edit: (file: WebformCataloguesFile) => void): string {
  const file = shipped();
  edit(file);
  const at = path.join(dir, `catalogues-${++files}.json`);
  fs.writeFileSync(at, JSON.stringify(file, null, 2));
  return at;
}

describe('the webform catalogues file', () => {
  it('the shipped file passes and holds the lists of spec §3', () => {
    const { catalogues, version } = loadCatalogues(SHIPPED);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(catalogues.phonePrefixes).toEqual(['+48', '+380', '+44', '+49', '+420', '+370', '+371', '+372', '+421']);
    expect(catalogues.devices.map((d) => d.model)).toEqual([
      'Hyper+ UNIQ',
      'Hyper X2',
      'Hyper X2 air',
      'Hyper Pro',
      'ePen',
      'ePod 2',
      'Vuse Go',
    ]);
    expect(catalogues.devices.find((d) => d.model === 'Vuse Go')?.variantKind).toBe('flavour');
    expect(catalogues.glo.availableModels).toEqual(['Hyper Pro']);
    expect(catalogues.vuse.availableModels).toEqual(['Vuse Go']);
    expect(catalogues.glo.assetSources.map((s) => s.sku)).toEqual([
      'GLOPRO1',
      'GLOPRO2',
      'GLOPROPAC1',
      'GLOPROPAC2',
      'GLOPROPAC3',
      'GLOPROPAC4',
      'PACZKI3+1',
    ]);
    expect(catalogues.glo.assetSources.map((s) => s.name)).toEqual(
      expect.arrayContaining(['GLO solo / POP', 'GLO solo / KASOTERMINAL', '3 Paczki POP + GLO KASOTERMINAL zg. Markt. + veo gratis']),
    );
    expect(catalogues.vuse.assetSources.map((s) => s.sku)).toEqual(['VUSEBM21024', 'VUSEPACKS1024', 'VUSEESW1024']);
    expect(catalogues.neo.offers.map(({ value, sku }) => ({ value, sku }))).toEqual([
      { value: '0', sku: 'CFVEOSAMP1' },
      { value: '1', sku: 'CFVEOSAMP2' },
    ]);
    expect(catalogues.velo.flavours).toHaveLength(19);
    expect(catalogues.offerCards.map((c) => c.offer)).toEqual(['Glo', 'Vuse', 'Velo', 'Neo', 'InspirationClub']);
    expect(catalogues.consumerCategories.filter((c) => c.category === 'Heated Products').map((c) => c.brand)).toEqual([
      'GLO',
      'IQOS',
      'PLOOM',
      'PULZE',
    ]);
  });

  it('gives each consent text the SHA-256 a consent record stores', () => {
    const { catalogues } = loadCatalogues(SHIPPED);
    const age = catalogues.consents.find((c) => c.field === 'ageVerified')!;
    expect(age.textHash).toBe(createHash('sha256').update(age.text).digest('hex'));
    expect(catalogues.consents.map((c) => c.field).sort()).toEqual(
      [
        'ageVerified',
        'externalCompaniesAuthorization',
        'hypercareOptIn',
        'inspirationClub',
        'mobileOptIn',
        'newsletterCommercialAuthorization',
        'personalDataRegistrationAuthorisation',
        'socialMediaOptIn',
      ].sort(),
    );
  });

  it('a changed file gets another version', () => {
    const other = editedFile((file) => file.phonePrefixes.push('+43'));
    expect(loadCatalogues(other).version).not.toBe(loadCatalogues(SHIPPED).version);
  });

  it('a missing list stops the start naming the list', () => {
    const file = editedFile((f) => Reflect.deleteProperty(f.velo, 'flavours'));
    expect(() => loadCatalogues(file)).toThrow(`Invalid catalogues file ${file}`);
    expect(() => loadCatalogues(file)).toThrow(/velo\.flavours: /);
  });

  it('a SKU used twice stops the start naming both places', () => {
    const file = editedFile((f) => (f.velo.flavours[3]!.sku = 'GLOPRO2'));
    expect(() => loadCatalogues(file)).toThrow('velo.flavours.3.sku: SKU "GLOPRO2" is already at glo.assetSources.1');
  });

  it('an asset source without requireAllConsents stops the start naming it', () => {
    const file = editedFile((f) => Reflect.deleteProperty(f.vuse.assetSources[2]!, 'requireAllConsents'));
    expect(() => loadCatalogues(file)).toThrow(/vuse\.assetSources\.2\.requireAllConsents: /);
  });

  it('a misspelt key, an unknown available model, a missing consent text, a renamed named source or a broken JSON stop the start', () => {
    const typo = editedFile((f) => Object.assign(f.glo, { assetsources: f.glo.assetSources }));
    expect(() => loadCatalogues(typo)).toThrow(/glo: Unrecognized key: "assetsources"/);
    const model = editedFile((f) => (f.glo.availableModels = ['Hyper Pro', 'Hyper Ultra']));
    expect(() => loadCatalogues(model)).toThrow('glo.availableModels.1: "Hyper Ultra" is not a Glo model of devices');
    const consent = editedFile((f) => (f.consents = f.consents.filter((c) => c.field !== 'mobileOptIn')));
    expect(() => loadCatalogues(consent)).toThrow('consents: the text of consent "mobileOptIn" is missing');
    const renamed = editedFile((f) => (f.glo.assetSources[1]!.name = 'GLO solo / KASA'));
    expect(() => loadCatalogues(renamed)).toThrow('glo.assetSources: the Glo source "GLO solo / KASOTERMINAL" is missing');
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(broken, '{ "devices": [');
    expect(() => loadCatalogues(broken)).toThrow(`Catalogues file ${broken} is not valid JSON`);
  });

  it('CATALOGUES_FILE chooses the file; one that does not exist stops the start naming the key', () => {
    const mine = editedFile(() => {});
    expect(loadConfig({ CATALOGUES_FILE: mine }).cataloguesFile).toBe(mine);
    expect(() => loadConfig({ CATALOGUES_FILE: path.join(dir, 'nie-ma.json') })).toThrow(/CATALOGUES_FILE: no such file/);
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildSignedInPromoter } from '../../test/builders.ts';

describe.each(testDatabases)('webform catalogues (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('a promoter gets the lists of the catalogues file, with its version and the hashes of the consent texts', async () => {
    const ewa = await buildSignedInPromoter(t);
    const res = await post(t.app, '/webform/catalogues', undefined, ewa.token);
    expect(res.statusCode).toBe(200);
    const { version, catalogues } = res.json().data;
    const bytes = fs.readFileSync(t.config.cataloguesFile);
    expect(version).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 16));
    const file = JSON.parse(bytes.toString('utf8'));
    expect(catalogues.velo.flavours).toEqual(file.velo.flavours);
    expect(catalogues.glo.assetSources).toContainEqual({ name: 'GLO solo / POP', sku: 'GLOPRO1', requireAllConsents: false });
    expect(catalogues.neo.offers.map((o: { sku: string }) => o.sku)).toEqual(['CFVEOSAMP1', 'CFVEOSAMP2']);
    expect(catalogues.phonePrefixes[0]).toBe('+48');
    const ic = catalogues.consents.find((c: { field: string }) => c.field === 'inspirationClub');
    expect(ic).toEqual({
      ...file.consents.find((c: { field: string }) => c.field === 'inspirationClub'),
      textHash: createHash('sha256').update(ic.text).digest('hex'),
    });
  });

  it('every promoter gets the same answer', async () => {
    const ewa = await buildSignedInPromoter(t);
    const ola = await buildSignedInPromoter(t);
    const first = (await post(t.app, '/webform/catalogues', undefined, ewa.token)).json().data;
    const second = (await post(t.app, '/webform/catalogues', undefined, ola.token)).json().data;
    expect(second).toEqual(first);
  });

  it('without a token the call answers 401 E_UNAUTHORIZED', async () => {
    const res = await post(t.app, '/webform/catalogues');
    expect(res.statusCode).toBe(401);
    expect(res.json().data).toEqual({ error: 'E_UNAUTHORIZED' });
  });
});

describe('a replaced catalogues file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-catalogues-app-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const shipped = () =>
    JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../catalogues/webform-catalogues.json'), 'utf8'));

  it('is what promoters get, without code changes', async () => {
    const file = shipped();
    file.phonePrefixes = ['+48', '+43'];
    const at = path.join(dir, 'moje.json');
    fs.writeFileSync(at, JSON.stringify(file));
    const t = await createTestApp('sqlite', { env: { CATALOGUES_FILE: at } });
    try {
      const ewa = await buildSignedInPromoter(t);
      const res = await post(t.app, '/webform/catalogues', undefined, ewa.token);
      expect(res.json().data.catalogues.phonePrefixes).toEqual(['+48', '+43']);
    } finally {
      await t.close();
    }
  });

  it('with a mistake stops the start, naming the place in the file', async () => {
    const file = shipped();
    delete file.glo.assetSources[0].requireAllConsents;
    const at = path.join(dir, 'zly.json');
    fs.writeFileSync(at, JSON.stringify(file));
    await expect(createTestApp('sqlite', { env: { CATALOGUES_FILE: at } })).rejects.toThrow(
      new RegExp(`Invalid catalogues file ${at.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\n  glo\\.assetSources\\.0\\.requireAllConsents: `),
    );
  });
});

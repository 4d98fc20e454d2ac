import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuMs } from '../../test/cpu-time.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { buildEvent, buildVoucherBatch } from '../../test/builders.ts';
import { ImportError, importVoucherCodes, parseCodes, VOUCHER_IMPORT_MAX_LINES } from './voucher-import.ts';

const run = promisify(execFile);

describe('the codes of a CSV file', () => {
  it('one a line, the first column, trimmed and unquoted; empty lines and a header skipped', async () => {
    expect(await parseCodes('\uFEFFkod;opis\r\n GLO-AB12CD \r\n\r\n"VELO-99XY",2 saszetki\n\t\nVUSE_0001\n')).toEqual([
      'GLO-AB12CD',
      'VELO-99XY',
      'VUSE_0001',
    ]);
    // A first line that is a code is a code.
    expect(await parseCodes('AB12\nCD34')).toEqual(['AB12', 'CD34']);
  });

  it(`a file of more than ${VOUCHER_IMPORT_MAX_LINES} lines, blank ones counted, is refused before it is read`, async () => {
    const tooLong = Buffer.from(`kod\nAB12\n${'\n'.repeat(10 * 1024 * 1024 - 10)}`);
    const atTheLimit = Buffer.from(`kod\nAB12\n${'\n'.repeat(VOUCHER_IMPORT_MAX_LINES - 2)}`);
    let refused = Infinity;
    for (let i = 0; i < 3; i++) {
      const started = cpuMs();
      await expect(parseCodes(tooLong)).rejects.toThrow(
        new ImportError(
          `Plik ma więcej niż ${VOUCHER_IMPORT_MAX_LINES} wierszy (puste też się liczą): podziel go na części; nic nie dodano.`,
        ),
      );
      refused = Math.min(refused, cpuMs() - started);
    }
    // Up to the limit, blank lines are skipped as before.
    const started = cpuMs();
    expect(await parseCodes(atTheLimit)).toEqual(['AB12']);
    const read = cpuMs() - started;
    // The 10-million-line file is refused sooner than a file of the limit's 100,000 lines is read (reading
    // it would take some hundred times as long). A ratio of the CPU each cost (test/cpu-time.ts): CI's
    // loaded machine once took 3.1 s of the wall clock over what takes 0.1 s on a quiet one.
    expect(refused).toBeLessThan(read);
  });

  it('a line that is no code after the first one stops the import, naming the line', async () => {
    await expect(parseCodes('kod\nAB12\nto nie kod\n')).rejects.toThrow(
      new ImportError('Wiersz 3: „to nie kod” nie wygląda na kod; nic nie dodano.'),
    );
  });
});

describe.each(testDatabases)('import-vouchers (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  let count = 0;
  const newEvent = async () => {
    const ident = `EV-IMPORT-${dialect}-${++count}-${Date.now()}`;
    return { ident, id: await buildEvent(t, { ident }) };
  };
  const poolOf = (eventId: string, batchIdent: string) =>
    t.db
      .selectFrom('vouchers as v')
      .innerJoin('voucher_batches as b', 'b.id', 'v.batch_id')
      .where('b.event_id', '=', eventId)
      .where('b.ident', '=', batchIdent)
      .select(['v.ident', 'v.assigned_to', 'v.redeemed_at'])
      .orderBy('v.ident')
      .execute();

  it('creates the batch when missing and adds the codes to its pool, skipping duplicates in the file and in the database', async () => {
    const event = await newEvent();
    const other = await buildVoucherBatch(t, event.id, { pool: 1 });
    const taken = (await t.db.selectFrom('vouchers').select('ident').where('id', '=', other.pool[0]!).executeTakeFirstOrThrow()).ident;
    const suffix = `${count}${dialect === 'sqlite' ? 'S' : 'P'}`;
    const text = `kod\nGLO-A1${suffix}\nGLO-A2${suffix}\nGLO-A1${suffix}\n${taken}\n`;

    const first = await importVoucherCodes(t.db, { eventIdent: event.ident, batchIdent: 'glo hyper X2', text });
    expect(first).toEqual({ added: 2, skipped: 2, batchCreated: true });
    expect(await poolOf(event.id, 'glo hyper X2')).toEqual([
      { ident: `GLO-A1${suffix}`, assigned_to: null, redeemed_at: null },
      { ident: `GLO-A2${suffix}`, assigned_to: null, redeemed_at: null },
    ]);

    // Again, with one new code: the batch is found, the known codes skipped.
    const again = await importVoucherCodes(t.db, { eventIdent: event.ident, batchIdent: 'glo hyper X2', text: `${text}GLO-A3${suffix}` });
    expect(again).toEqual({ added: 1, skipped: 4, batchCreated: false });
    expect(await poolOf(event.id, 'glo hyper X2')).toHaveLength(3);
    expect(await t.db.selectFrom('voucher_batches').select('id').where('event_id', '=', event.id).execute()).toHaveLength(2);
  });

  it('an unknown event is refused with a readable message and nothing is created', async () => {
    await expect(importVoucherCodes(t.db, { eventIdent: 'EV-NIE-MA', batchIdent: 'x', text: 'AB12' })).rejects.toThrow(
      'Nie ma wydarzenia EV-NIE-MA.',
    );
    expect(await t.db.selectFrom('vouchers').select('id').where('ident', '=', 'AB12').execute()).toEqual([]);
  });
});

// The command itself once, on SQLite: the server's file is the database it is pointed at.
describe('npm run admin -- import-vouchers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('prints what it added and skipped', async () => {
    const ident = `EV-IMPORT-CLI-${Date.now()}`;
    const eventId = await buildEvent(t, { ident });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-import-'));
    const file = path.join(dir, 'kody.csv');
    fs.writeFileSync(file, 'kod\nCLI-0001\nCLI-0002\nCLI-0001\n');
    try {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', 'src/cli/admin.ts', 'import-vouchers', '--event', ident, '--batch', 'vuse go', '--file', file],
        {
          cwd: path.resolve(import.meta.dirname, '../../..'),
          env: { ...process.env, DATABASE_URL: t.config.databaseUrl, LOG_LEVEL: 'silent' },
        },
      );
      expect(stdout.trim()).toBe(`Partia „vuse go” wydarzenia ${ident} (nowa): dodano kodów: 2, pominięto duplikatów: 1.`);
      const pool = await t.db
        .selectFrom('vouchers as v')
        .innerJoin('voucher_batches as b', 'b.id', 'v.batch_id')
        .where('b.event_id', '=', eventId)
        .where('b.ident', '=', 'vuse go')
        .select('v.ident')
        .orderBy('v.ident')
        .execute();
      expect(pool.map((v) => v.ident)).toEqual(['CLI-0001', 'CLI-0002']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // A process of its own, compiled by tsx as it starts: 2 s on a quiet machine, over 20 on CI's loaded one.
  }, 60_000);
});

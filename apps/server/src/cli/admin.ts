// npm run admin -- <command>: the few administrative tasks a deployment needs without SQL.
import { parseArgs } from 'node:util';
import { normalizeUsername, newPasswordRules, firstError } from '@promotor/contract';
import { loadConfig } from '../config/env.ts';
import { openMigratedDatabase } from '../db/database-roles.ts';
import { createPromoter, resetPromoterPassword } from '../modules/auth/admin.service.ts';
import { createStaff } from '../modules/staff/staff-accounts.service.ts';
import { importVouchersCommand } from './import-vouchers.ts';

const USAGE = `Użycie:
  npm run admin -- create-promoter --username EMAIL --password HASŁO --ident KOD_HST --firstname IMIĘ --lastname NAZWISKO [--phone +48…] [--territory IDENT …]
  npm run admin -- reset-password --username EMAIL --password NOWE_HASŁO
  npm run admin -- create-staff --username EMAIL --password HASŁO --role admin|coordinator|client|privacy [--role …] [--territory IDENT …] [--firstname IMIĘ --lastname NAZWISKO]
  npm run admin -- import-vouchers --event IDENT_WYDARZENIA --batch NAZWA_PARTII --file KODY.csv`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    username: { type: 'string' },
    password: { type: 'string' },
    ident: { type: 'string' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    phone: { type: 'string' },
    territory: { type: 'string', multiple: true },
    role: { type: 'string', multiple: true },
    event: { type: 'string' },
    batch: { type: 'string' },
    file: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const command = positionals[0];
if (command === 'import-vouchers') process.exit(await importVouchersCommand(values, fail));
if (command !== 'create-promoter' && command !== 'reset-password' && command !== 'create-staff') fail('Nieznane polecenie.');
if (!values.username) fail('Brak --username.');
if (!values.password) fail('Brak --password.');
const passwordProblem = firstError(newPasswordRules, values.password);
if (passwordProblem) fail(passwordProblem);

const config = loadConfig();
const database = await openMigratedDatabase({ url: config.databaseUrl, migrationUrl: config.migrationDatabaseUrl }).catch(
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
try {
  const username = normalizeUsername(values.username);
  if (command === 'create-staff') {
    if (!values.role?.length) fail('Podaj co najmniej jedną --role.');
    await createStaff(database.db, {
      username,
      password: values.password,
      firstname: values.firstname ?? '',
      lastname: values.lastname ?? '',
      roles: values.role,
      territories: values.territory ?? [],
    });
    console.log(`Utworzono konto biura ${username} (${values.role.join(', ')}).`);
  } else if (command === 'create-promoter') {
    if (!values.ident || !values.firstname || !values.lastname) fail('Podaj --ident, --firstname i --lastname.');
    await createPromoter(database.db, {
      username,
      password: values.password,
      ident: values.ident,
      firstname: values.firstname,
      lastname: values.lastname,
      mobilePhone: values.phone ?? null,
      territories: values.territory ?? [],
    });
    console.log(`Utworzono konto promotora ${username}.`);
  } else {
    await resetPromoterPassword(database.db, username, values.password);
    console.log(`Zmieniono hasło konta ${username}; jego sesje zostały zakończone.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.destroy();
}

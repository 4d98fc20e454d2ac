import { characters } from './messages.ts';
import { eventIdentRules } from './planning.rules.ts';
import { maxLength, pattern, required, type Rule } from './rule.ts';

// Events and territories (issue 34, decision 123): created and renamed on their back-office pages, and
// only named by plans, voucher batches, promoters and staff. Checked the same way in the pages' forms
// and in /api/admin/events|territories/*. Zod-free, for the web app's forms.

export const CATALOGUE_LIMITS = { eventName: 200, territoryIdent: 40, territoryName: 100 } as const;

export const catalogueMessages = {
  eventNameRequired: 'Podaj nazwę wydarzenia.',
  eventNameTooLong: `Nazwa wydarzenia może mieć najwyżej ${characters(CATALOGUE_LIMITS.eventName)}.`,
  territoryIdentRequired: 'Podaj kod terytorium.',
  territoryIdent: `Kod terytorium: wielkie litery, cyfry i „-”, najwyżej ${characters(CATALOGUE_LIMITS.territoryIdent)}, np. WAW-CENTRUM.`,
  territoryNameRequired: 'Podaj nazwę terytorium.',
  territoryNameTooLong: `Nazwa terytorium może mieć najwyżej ${characters(CATALOGUE_LIMITS.territoryName)}.`,
} as const;

/** An event's ident: the plan file's rule (letters, digits, „-”, „_”, „.”), as its column is checked. */
export const eventCodeRules: readonly Rule[] = eventIdentRules;
export const eventNameRules: readonly Rule[] = [
  required(catalogueMessages.eventNameRequired),
  maxLength(CATALOGUE_LIMITS.eventName, catalogueMessages.eventNameTooLong),
];
/** A territory's ident as every other call names it (TerritoryIdent): capitals, digits and dashes. */
export const territoryCodeRules: readonly Rule[] = [
  required(catalogueMessages.territoryIdentRequired),
  pattern(/^[A-Z0-9][A-Z0-9-]{0,39}$/, catalogueMessages.territoryIdent),
];
export const territoryNameRules: readonly Rule[] = [
  required(catalogueMessages.territoryNameRequired),
  maxLength(CATALOGUE_LIMITS.territoryName, catalogueMessages.territoryNameTooLong),
];

import {
  catalogueMessages,
  eventCodeRules,
  eventNameRules,
  firstError,
  territoryCodeRules,
  territoryNameRules,
  type Rule,
} from '@promotor/contract/rules';

// The form of an event or a territory (issue 34, decision 123): text as typed, checked by the
// contract's rules — the ones the server applies — before it is sent.

export type CatalogueKind = 'events' | 'territories';
export type CatalogueFormValues = { ident: string; name: string };
export type CatalogueFormErrors = Partial<Record<keyof CatalogueFormValues, string>>;

const RULES: Record<CatalogueKind, Record<keyof CatalogueFormValues, readonly Rule[]>> = {
  events: { ident: eventCodeRules, name: eventNameRules },
  territories: { ident: territoryCodeRules, name: territoryNameRules },
};

/** What is sent: trimmed; a territory's code in capitals, as every other call names it. */
export function catalogueFieldsOf(kind: CatalogueKind, values: CatalogueFormValues): CatalogueFormValues {
  const ident = values.ident.trim();
  return { ident: kind === 'territories' ? ident.toUpperCase() : ident, name: values.name.trim() };
}

/** Each field's first problem, in the form's order (the first one takes focus). */
export function validateCatalogueForm(kind: CatalogueKind, values: CatalogueFormValues): CatalogueFormErrors {
  const fields = catalogueFieldsOf(kind, values);
  const errors: CatalogueFormErrors = {};
  for (const name of ['ident', 'name'] as const) {
    const message = firstError(RULES[kind][name], fields[name]);
    if (message) errors[name] = message;
  }
  return errors;
}

export { catalogueMessages };

import type { core } from 'zod';
import { characters, ruleMessages } from './rules/messages.ts';

// zod's own messages are English and name types ('Invalid input: expected object, received undefined');
// the back office shows a refused field's message under it (issue 33). The server parses every body
// with this map: a schema's own Polish message (§5 rules) still wins, every other issue says in Polish
// what is wrong, without type or field names.

type Issue = core.$ZodRawIssue;

/** 'N pozycja/pozycje/pozycji', as `characters` agrees 'znak'. */
function items(count: number): string {
  const few = count % 10 >= 2 && count % 10 <= 4 && (count % 100 < 12 || count % 100 > 14);
  return `${count} ${count === 1 ? 'pozycja' : few ? 'pozycje' : 'pozycji'}`;
}

function sizeMessage(issue: Issue & { code: 'too_small' | 'too_big' }): string {
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  if (issue.origin === 'string') {
    if (small && limit <= 1) return ruleMessages.fieldRequired;
    return small ? `Wprowadź co najmniej ${characters(limit)}.` : `Wprowadź najwyżej ${characters(limit)}.`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    if (small && limit <= 1) return 'Wybierz co najmniej jedną pozycję.';
    return small ? `Co najmniej ${items(limit)}.` : `Najwyżej ${items(limit)}.`;
  }
  return small ? `Wartość nie może być mniejsza niż ${limit}.` : `Wartość nie może być większa niż ${limit}.`;
}

const FORMATS: Record<string, string> = {
  email: ruleMessages.invalidEmail,
  datetime: 'Nieprawidłowa data lub godzina.',
  date: 'Nieprawidłowa data.',
  time: 'Nieprawidłowa godzina.',
  uuid: 'Nieprawidłowy identyfikator.',
  url: 'Nieprawidłowy adres.',
};

/** The Polish message of an issue the schema gave no message of its own. */
export function polishIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? ruleMessages.fieldRequired : 'Nieprawidłowa wartość.';
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue);
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'Nieprawidłowy format.';
    case 'invalid_value':
      return 'Wybierz jedną z dozwolonych wartości.';
    case 'unrecognized_keys':
      return 'Nieznane pole.';
    default:
      return 'Nieprawidłowa wartość.';
  }
}

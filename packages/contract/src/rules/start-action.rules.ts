import { CASH_TERMINAL_MAX, CASH_TERMINAL_MIN } from '../constants.ts';
import { ruleMessages as m } from './messages.ts';
import { maxLength, minLength, pattern, required, type Rule } from './rule.ts';

// spec §5 Start action: the cash-terminal number, checked in this order.
export const cashTerminalRules: readonly Rule[] = [
  required(m.fieldRequired),
  pattern(/^[\p{L}\d]*$/u, m.lettersAndDigitsOnly),
  minLength(CASH_TERMINAL_MIN, m.atLeast3Chars),
  maxLength(CASH_TERMINAL_MAX, m.atMost4Chars),
];

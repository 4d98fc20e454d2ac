import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { ruleMessages as m } from './messages.ts';
import { maxLength, minLength, required, type Rule } from './rule.ts';

// spec §5 Login and Reminder
export const usernameRules: readonly Rule[] = [required(m.emailRequired)];
export const passwordRules: readonly Rule[] = [required(m.passwordRequired)];
export const resetCodeRules: readonly Rule[] = [required(m.smsCodeRequired)];

/** A password being set (reset, change): our own length rule on top of the spec's 'required'. */
export const newPasswordRules: readonly Rule[] = [
  required(m.passwordRequired),
  minLength(PASSWORD_MIN_LENGTH, m.passwordTooShort),
  maxLength(PASSWORD_MAX_LENGTH, m.passwordTooLong),
];

import * as pl from '../../i18n/pl.ts';

/** What the login page says on arrival after a password was set (her link) or changed (a code), and her login. */
export type LoginNotice = { notice: 'passwordSet' | 'passwordChanged'; username: string };

/** The second password must be the first, typed again. */
export const repeatProblem = (password: string, repeat: string): string | null =>
  !repeat ? pl.biuro.login.required : repeat === password ? null : pl.biuroPasswords.mismatch;

/** The username carried from the login page to the reminder's steps and back. */
export function usernameOf(state: unknown): string {
  const username = (state as { username?: unknown } | null)?.username;
  return typeof username === 'string' ? username : '';
}

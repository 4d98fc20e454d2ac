import { required, type Rule } from './rule.ts';

// The back office's staff accounts (issue 34, decisions 118 and 120): what the 'Personel' form and the
// staff password reset check, with the server's schemas (admin/staff-accounts.ts) using the same words.

export const staffAccountMessages = {
  rolesRequired: 'Wybierz co najmniej jedną rolę.',
  coordinatorTerritoriesRequired: 'Koordynator musi mieć co najmniej jedno terytorium.',
  emailCodeRequired: 'Wpisz kod z wiadomości e-mail',
} as const;

/** The code of a staff password reset: sent by e-mail, not SMS (the promoter's resetCodeRules say 'kod SMS'). */
export const staffResetCodeRules: readonly Rule[] = [required(staffAccountMessages.emailCodeRequired)];

/**
 * What is wrong with a staff member's roles and territories, or null: at least one role, and a
 * coordinator — whose roles reach only her territories (decision 085) — at least one territory.
 */
export function staffRolesProblem(roles: readonly string[], territories: readonly string[]): string | null {
  if (roles.length === 0) return staffAccountMessages.rolesRequired;
  if (roles.includes('coordinator') && territories.length === 0) return staffAccountMessages.coordinatorTerritoriesRequired;
  return null;
}

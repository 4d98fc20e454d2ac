import { z } from 'zod';
import { ACTION_STATES } from '../rules/action-state.rules.ts';

// What the back office's calls share.

export const ADMIN_PAGE_SIZE_MAX = 200;

/** A territory's ident: capitals, digits and dashes (WAW-CENTRUM). */
export const TerritoryIdent = z
  .string()
  .trim()
  .regex(/^[A-Z0-9][A-Z0-9-]{0,39}$/, 'Oczekiwano kodu terytorium, np. WAW-CENTRUM');

/** A page of a list: 1-based. */
export const PageBody = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(50),
});

export const PageInfo = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

/** An object by its id. */
export const UuidRef = z.object({ uuid: z.string().min(1).max(64) });

/** An action's status in the back office, derived by the contract's rule (decision 110). */
export const AdminActionState = z.enum(ACTION_STATES);

import { z } from 'zod';
import { SessionToken } from '../auth.ts';
import { STAFF_ROLES } from './permissions.ts';

// /api/admin/auth/*: the back office's own login and session (issue 24, decision 085).

export const StaffRoleName = z.enum(STAFF_ROLES);

export const Staff = z.object({
  uuid: z.string(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  roles: z.array(StaffRoleName),
  /** Idents of her territories, e.g. 'WAW-CENTRUM'. */
  territories: z.array(z.string()),
});
export type Staff = z.infer<typeof Staff>;

/** The territories a staff member may choose in a filter: hers, or every one for a role of them all (issue 33). */
export const AdminTerritoriesResponse = z.object({ territories: z.array(z.object({ ident: z.string(), name: z.string() })) });
export type AdminTerritoriesResponse = z.infer<typeof AdminTerritoriesResponse>;

export const StaffSessionResponse = z.object({ token: SessionToken, staff: Staff });
export type StaffSessionResponse = z.infer<typeof StaffSessionResponse>;

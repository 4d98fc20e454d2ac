import type { Db } from '../../db/kysely.ts';
import type { TerritoryScope } from './planning.repository.ts';

// What every planning service takes: its dependencies and the caller, a staff member with her scope.

export type PlanningCaller = { staffId: string; scope: TerritoryScope };

export type AuditEntry = { action: string; object: { type: string; id: string } | null; details?: unknown };

export type PlanningDeps = {
  db: Db;
  now: () => Date;
  timezone: string;
  /** Records a change in the audit log, in the change's transaction. */
  audit: (trx: Db, caller: PlanningCaller, entry: AuditEntry) => Promise<void>;
};

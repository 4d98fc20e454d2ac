import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 37, review (decision 135): the SMS fallback's claim of a notification's SMS gets its own random
// token. Before, a claim was known by its attempt number, which a staff resend sets back to 0: a sweep
// still waiting on the gateway with attempt 1 then wrote its outcome over the resend's 'sent'. Only the
// claim that holds the token writes; a resend clears it, so an older claim writes nothing.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('sms_claim', 'text').execute();
}

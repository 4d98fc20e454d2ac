import type { Db } from '../../db/kysely.ts';
import type { PollAnswerTable } from '../../db/schema.ts';

export async function upsertAnswer(db: Db, row: PollAnswerTable): Promise<void> {
  await db
    .insertInto('poll_answers')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['action_id', 'user_id', 'ident'])
        .doUpdateSet({ content: row.content, created_at: row.created_at, received_at: row.received_at }),
    )
    .execute();
}

// The redeem case's codes (issue 8 names /voucher/redeem a hot path once it exists): every request
// gives another code, so a case needs as many codes as it can send. They are put in a batch of the
// event of Piotr's started action (the demo seed), assigned to him, through the bench's own
// connection (bench/bench-db.mjs) in batched inserts.
import { randomUUID } from 'node:crypto';

const CHUNK = 500;

/**
 * @param {Awaited<ReturnType<import('./bench-db.mjs').openBenchDb>>} db
 * @param {{ count: number }} options
 * @returns {Promise<{ batchId: string, ids: string[] }>}
 */
export async function addRedeemPool(db, { count }) {
  const [started] = await db.all(
    `select u.id as user_id, a.event_id from users u
       join action_assignments s on s.user_id = u.id and s.status = 'started'
       join actions a on a.id = s.action_id
      where u.username = ?`,
    ['piotr@demo.pl'],
  );
  if (!started) throw new Error('The demo seed gave piotr@demo.pl no started action.');
  const batchId = randomUUID();
  const ids = Array.from({ length: count }, () => randomUUID());
  const at = new Date().toISOString();
  await db.transaction(async () => {
    await db.run('insert into voucher_batches (id, event_id, ident) values (?, ?, ?)', [
      batchId,
      started.event_id,
      `bench ${batchId.slice(0, 8)}`,
    ]);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      await db.run(
        `insert into vouchers (id, batch_id, ident, assigned_to, assigned_at) values ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
        chunk.flatMap((id) => [id, batchId, `BENCH-${id}`, started.user_id, at]),
      );
    }
  });
  // As the database's own statistics would soon say (autovacuum): the pool is no longer a few rows.
  await db.exec('analyze vouchers');
  return { batchId, ids };
}

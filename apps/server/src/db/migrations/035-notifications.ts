import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 37 (decision 135): her inbox and how each notification reached her.
// - notifications: one row per event for one promoter, written in the transaction of the change it
//   tells of; `details` is the inbox's snapshot (JSON, NotificationDetails); `topic` collapses repeated
//   pushes of one subject (Web Push Topic); the SMS fallback's state and due time live on the row.
// - push_subscriptions: one per device/session (PushSubscription.toJSON()), renewed at each app start.
// - push_sends: the sender's queue, one row per notification × subscription, each with its own random
//   receipt (the payload carries it; /notifications/shown takes it back from the service worker).
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('report_returned', 'action_cancelled', 'action_moved', 'action_assigned', 'plan_changed')`),
    )
    .addColumn('action_id', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('urgent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('push_devices', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('push_sent_at', 'text')
    .addColumn('push_shown_at', 'text')
    .addColumn('sms_state', 'text', (c) => c.notNull().check(sql`sms_state in ('not_needed', 'waiting', 'quiet_hours', 'sent', 'failed')`))
    .addColumn('sms_due_at', 'text')
    .addColumn('sms_sent_at', 'text')
    .addColumn('sms_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resent_at', 'text')
    .addColumn('resent_by', 'text')
    .execute();
  // Her inbox, newest first; the unread count.
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
  // The back office's question: what reached her of this action.
  await db.schema.createIndex('notifications_action_idx').on('notifications').columns(['action_id', 'user_id']).execute();
  // The fallback sweep's question: what waits, due first.
  await db.schema.createIndex('notifications_sms_due_idx').on('notifications').columns(['sms_state', 'sms_due_at']).execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('session_id', 'text')
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('renewed_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('push_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id'))
    .addColumn('subscription_id', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('receipt', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending', 'sent', 'superseded', 'failed', 'gone')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('shown_at', 'text')
    .execute();
  // The sender's question: what is pending and due, oldest first.
  await db.schema.createIndex('push_sends_pending_idx').on('push_sends').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('push_sends_notification_idx').on('push_sends').column('notification_id').execute();
}

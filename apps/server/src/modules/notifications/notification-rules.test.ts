import { describe, expect, it } from 'vitest';
import { instantOfWall } from '@promotor/contract/wall-clock';
import { fallsBackToSms, inQuietHours, isUrgent, quietHoursEnd, startsWithin, topicOf, NOTIFY_AHEAD_MS } from './notification-rules.ts';

// The rules of decision 135, without a database: the windows, the urgency, the SMS's quiet hours, the topics.

const TZ = 'Europe/Warsaw';
const at = (wall: string) => instantOfWall(wall, TZ);
const action = (since: string, until: string) => ({ since, until });

describe('which events notify, how urgently, and when an SMS may go', () => {
  const now = at('2030-03-04 10:00:00');

  it('her next 7 days: an action running now or starting before the same hour a week on; not one over, not one later', () => {
    expect(startsWithin(action('2030-03-04 08:00:00', '2030-03-04 12:00:00'), now, NOTIFY_AHEAD_MS, TZ)).toBe(true);
    expect(startsWithin(action('2030-03-11 09:59:59', '2030-03-11 18:00:00'), now, NOTIFY_AHEAD_MS, TZ)).toBe(true);
    expect(startsWithin(action('2030-03-11 10:00:00', '2030-03-11 18:00:00'), now, NOTIFY_AHEAD_MS, TZ)).toBe(false);
    expect(startsWithin(action('2030-03-04 06:00:00', '2030-03-04 10:00:00'), now, NOTIFY_AHEAD_MS, TZ)).toBe(false);
  });

  it('a send-back always falls back to SMS; a cancellation or move only within 24 hours (a move: before or after it); others never', () => {
    const tomorrowMorning = action('2030-03-05 09:00:00', '2030-03-05 17:00:00');
    const nextWeek = action('2030-03-11 09:00:00', '2030-03-11 17:00:00');
    expect(fallsBackToSms('report_returned', [], now, TZ)).toBe(true);
    expect(fallsBackToSms('action_cancelled', [tomorrowMorning], now, TZ)).toBe(true);
    expect(fallsBackToSms('action_cancelled', [nextWeek], now, TZ)).toBe(false);
    expect(fallsBackToSms('action_moved', [nextWeek, tomorrowMorning], now, TZ)).toBe(true);
    expect(fallsBackToSms('action_moved', [tomorrowMorning, nextWeek], now, TZ)).toBe(true);
    expect(fallsBackToSms('action_assigned', [tomorrowMorning], now, TZ)).toBe(false);
    expect(fallsBackToSms('plan_changed', [tomorrowMorning], now, TZ)).toBe(false);
  });

  it('urgent: a send-back, and a cancellation of an action starting today — not tomorrow, not a move', () => {
    const today = action('2030-03-04 16:00:00', '2030-03-04 20:00:00');
    expect(isUrgent('report_returned', null, now, TZ)).toBe(true);
    expect(isUrgent('action_cancelled', today, now, TZ)).toBe(true);
    expect(isUrgent('action_cancelled', action('2030-03-05 08:00:00', '2030-03-05 12:00:00'), now, TZ)).toBe(false);
    expect(isUrgent('action_moved', today, now, TZ)).toBe(false);
  });

  it('quiet hours are 21:00–8:00 of the wall clock, and end at 8:00 of the same night', () => {
    expect(inQuietHours(at('2030-03-04 20:59:59'), TZ)).toBe(false);
    expect(inQuietHours(at('2030-03-04 21:00:00'), TZ)).toBe(true);
    expect(inQuietHours(at('2030-03-05 07:59:59'), TZ)).toBe(true);
    expect(inQuietHours(at('2030-03-05 08:00:00'), TZ)).toBe(false);
    expect(quietHoursEnd(at('2030-03-04 22:30:00'), TZ)).toEqual(at('2030-03-05 08:00:00'));
    expect(quietHoursEnd(at('2030-03-05 03:00:00'), TZ)).toEqual(at('2030-03-05 08:00:00'));
    // The night summer time begins (2030-03-31): 8:00 is still 8:00 on her clock.
    expect(quietHoursEnd(at('2030-03-30 23:00:00'), TZ)).toEqual(new Date('2030-03-31T06:00:00Z'));
  });

  it('a topic is at most 32 URL-safe base64 characters, one per subject and promoter, and names no id', () => {
    const a = topicOf('action', 'user-1', '0b7c3f1e-1111-4222-8333-944445555666');
    expect(a).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(a).not.toContain('0b7c3f1e');
    expect(topicOf('action', 'user-1', '0b7c3f1e-1111-4222-8333-944445555666')).toBe(a);
    expect(topicOf('action', 'user-2', '0b7c3f1e-1111-4222-8333-944445555666')).not.toBe(a);
    expect(topicOf('report', 'user-1', '0b7c3f1e-1111-4222-8333-944445555666')).not.toBe(a);
    expect(topicOf('plan', 'user-1', null)).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });
});

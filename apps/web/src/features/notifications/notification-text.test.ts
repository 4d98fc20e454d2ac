import { NOTIFICATIONS_PAGE_SIZE } from '@promotor/contract';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from './hooks/use-older-pages.ts';
import { notificationTarget, notificationText } from './notification-text.ts';
import { NO_PENDING_READS, pendingReadsOf, unreadWith } from './pending-reads.ts';
import { actionDetails, buildNotification } from './test/notification-builders.ts';

describe('what her inbox says of a notification', () => {
  it.each([
    [1, '1 akcja w najbliższych 7 dniach'],
    [3, '3 akcje w najbliższych 7 dniach'],
    [5, '5 akcji w najbliższych 7 dniach'],
    [12, '12 akcji w najbliższych 7 dniach'],
    [22, '22 akcje w najbliższych 7 dniach'],
  ])("'Zmiany w planie' counts %i action(s) in Polish", (changedActions, line) => {
    expect(notificationText(buildNotification({ kind: 'plan_changed', details: { changedActions } }))).toEqual({
      title: 'Zmiany w planie',
      lines: [line],
    });
  });

  it('a moved action says its time and its point before → after', () => {
    const moved = buildNotification({
      kind: 'action_moved',
      details: actionDetails({
        since: '2026-03-06 10:00:00',
        previousSince: '2026-03-06 08:00:00',
        place: 'Lidl, Puławska 12',
        previousPlace: 'Żabka, Marszałkowska 1',
      }),
    });
    expect(notificationText(moved)).toEqual({
      title: 'Akcja przeniesiona',
      lines: ['Degustacja velo', '6-3-2026 08:00 → 6-3-2026 10:00', 'Żabka, Marszałkowska 1 → Lidl, Puławska 12'],
    });
  });

  it('a report sent back without a note says only the action and its day', () => {
    expect(notificationText(buildNotification({ kind: 'report_returned', details: { note: null } }))).toEqual({
      title: 'Raport do poprawy',
      lines: ['Degustacja glo, 4-3-2026'],
    });
  });

  it('a notification whose action is gone (no uuid) opens the list it belongs to', () => {
    expect(notificationTarget(buildNotification({ kind: 'report_returned', details: { actionUuid: null } }))).toBe('/raporty');
    expect(notificationTarget(buildNotification({ kind: 'action_moved', details: { actionUuid: null } }))).toBe('/akcje');
  });

  it("pages by the contract's page size", () => {
    expect(PAGE_SIZE).toBe(NOTIFICATIONS_PAGE_SIZE);
  });
});

describe('her reads waiting in the outbox', () => {
  const unread = [buildNotification({ id: 1 }), buildNotification({ id: 2 }), buildNotification({ id: 3, readAt: '2026-03-05 10:00:00' })];

  it('take their notifications off the unread count, once each', () => {
    expect(unreadWith(5, unread, pendingReadsOf([{ ids: [1] }, { ids: [2] }]))).toBe(3);
    expect(unreadWith(5, unread, NO_PENDING_READS)).toBe(5);
  });

  it('do not count one the server already has read (its answer came before the outbox said it was sent)', () => {
    expect(unreadWith(5, unread, pendingReadsOf([{ ids: [3] }]))).toBe(5);
  });

  it("'all' of an earlier app version (no upTo) leaves nothing unread", () => {
    expect(unreadWith(5, unread, pendingReadsOf([{ all: true }]))).toBe(0);
  });

  it("'all' up to the newest she had leaves unread only what came after it", () => {
    const kept = [buildNotification({ id: 5 }), buildNotification({ id: 4 }), ...unread];
    expect(unreadWith(9, kept, pendingReadsOf([{ all: true, upTo: 3 }]))).toBe(2);
    expect(unreadWith(9, kept, pendingReadsOf([{ all: true, upTo: 3 }, { ids: [5] }]))).toBe(1);
    expect(
      unreadWith(
        9,
        kept,
        pendingReadsOf([
          { all: true, upTo: 2 },
          { all: true, upTo: 4 },
        ]),
      ),
    ).toBe(1);
  });

  it("'all' below the whole kept page takes nothing off the server's count (what it covers is not on the page)", () => {
    const newer = [buildNotification({ id: 60 }), buildNotification({ id: 59 })];
    expect(unreadWith(7, newer, pendingReadsOf([{ all: true, upTo: 3 }]))).toBe(7);
  });
});

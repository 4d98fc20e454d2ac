import { readToken } from '../storage/token.ts';
import { openDb } from './outbox-connection.ts';
import * as db from './outbox-db.ts';
import { drainGroup, tokenUsable, type DrainResult } from './outbox-drain.ts';
import { onKindRegistered } from './outbox-kinds.ts';
import { belongsTo, currentOwner } from './outbox-owner.ts';
import { currentView, headsOf, subscribeView } from './outbox-view.ts';

// When to send what, in this tab: one chain per group (outbox-drain.ts sends its items in order),
// a timer for the earliest backoff, and a wake-up for chains held back — by another group's older
// items, or by a kind not registered yet — as soon as the outbox changes or a kind is registered.

const LOCK_PREFIX = 'promotor-outbox:';
/** After the database itself failed (quota, private mode), look again this much later. */
const DB_FAILURE_RETRY_MS = 60_000;

let active = false;
let timer: ReturnType<typeof setTimeout> | undefined;
/** The chain running for each group in this tab. */
const chains = new Map<string, Promise<void>>();
/** Groups asked for again while their chain ran (true: ignoring backoff). */
const chainAgain = new Map<string, boolean>();
/** Groups whose next item waits (another group's older items, its kind); woken by a change or a registration. */
const blocked = new Set<string>();
/** Counts the outbox's changes, so a chain can tell that one happened while it ran. */
let changes = 0;
let stopWaking: (() => void)[] = [];
let scanning: Promise<void> | null = null;
let scanAgain: { force: boolean } | null = null;

const logFailure = (error: unknown) => console.warn('outbox:', error);

export function startSender(): void {
  active = true;
  // Every change of the outbox (an item sent or refused here or in another tab) may free a held-back chain.
  if (stopWaking.length === 0) stopWaking = [subscribeView(wakeBlocked), onKindRegistered(wakeBlocked)];
}

/** Lets the running chains finish, then sends nothing more until started again. */
export async function stopSender(): Promise<void> {
  active = false;
  await outboxSettled();
  clearTimeout(timer);
  stopWaking.forEach((stop) => stop());
  stopWaking = [];
  blocked.clear();
}

/** Resolves once this tab's sender has nothing more to do right now (tests, and anyone who must wait). */
export async function outboxSettled(): Promise<void> {
  while (scanning || chains.size > 0) await Promise.all([scanning, ...chains.values()]);
}

/** Starts a chain for every group with waiting items (`force`: their backoff is ignored). */
export function requestSend(force: boolean): void {
  if (!active) return;
  if (scanning) {
    scanAgain = { force: force || (scanAgain?.force ?? false) };
    return;
  }
  scanning = scan(force)
    .catch((error: unknown) => {
      logFailure(error);
      clearTimeout(timer);
      timer = setTimeout(() => requestSend(false), DB_FAILURE_RETRY_MS);
    })
    .finally(() => {
      scanning = null;
    });
}

async function scan(force: boolean): Promise<void> {
  for (let next: { force: boolean } | null = { force }; next; next = scanAgain) {
    scanAgain = null;
    const owner = currentOwner();
    const items = (await db.allItems(await openDb())).filter((item) => belongsTo(item, owner));
    for (const group of new Set(items.map((item) => item.group))) startChain(group, next.force);
  }
  scheduleNext();
}

function startChain(group: string, force: boolean): void {
  if (!active) return;
  if (chains.has(group)) {
    chainAgain.set(group, force || (chainAgain.get(group) ?? false));
    return;
  }
  const changesBefore = changes;
  const send = async () => drainGroup(await openDb(), group, force);
  // Only one tab sends a group's items at a time; another waits, then reads what is left.
  const locked: Promise<DrainResult> =
    typeof navigator !== 'undefined' && navigator.locks
      ? navigator.locks.request(LOCK_PREFIX + group, send).then((result) => result)
      : send();
  const chain = locked
    .then((result) => {
      if (result !== 'blocked') blocked.delete(group);
      else {
        blocked.add(group);
        // The outbox changed while this chain ran: what held it back may be gone already.
        if (changes !== changesBefore) chainAgain.set(group, chainAgain.get(group) ?? false);
      }
    })
    .catch(logFailure)
    .finally(() => {
      chains.delete(group);
      const again = chainAgain.get(group);
      chainAgain.delete(group);
      if (again !== undefined) startChain(group, again);
      scheduleNext();
    });
  chains.set(group, chain);
}

/** Tries the held-back chains again: what held them back may be gone (no timer: at once). */
function wakeBlocked(): void {
  changes += 1;
  for (const group of blocked) startChain(group, false);
}

/**
 * Wakes the sender when the first waiting group's backoff ends; not at all while there is no usable
 * token. Held-back chains and another promoter's items wait for a change, not for a timer.
 */
function scheduleNext(): void {
  clearTimeout(timer);
  if (!active || !tokenUsable(readToken())) return;
  const owner = currentOwner();
  const mine = currentView().pending.filter((item) => belongsTo(item, owner));
  const waiting = headsOf(mine).filter((item) => !chains.has(item.group) && !blocked.has(item.group));
  const due = Math.min(...waiting.map((item) => item.nextAttemptAt));
  if (Number.isFinite(due)) timer = setTimeout(() => requestSend(false), Math.max(0, due - Date.now()));
}

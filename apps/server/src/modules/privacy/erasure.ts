import type { Db } from '../../db/schema.ts';
import { newId, sha256 } from '../../lib/crypto.ts';
import type { BlobStore } from '../../plugins/blob-store.ts';
import { recipientHash } from '../leads/leads.service.ts';
import { removeReceiptImages } from '../receipts/receipts.service.ts';
import * as repo from './erasure.repository.ts';
import type { ConsumerRow } from './consumer-privacy.repository.ts';

// Art. 17 (decision 098): her personal fields removed or pseudonymised in every table of the inventory
// (personal-data.ts), the rows kept, so the consent proofs, the registration counts, the promoters'
// points and the probing counts stay what they were. Two steps: her receipts' images first (bytes in
// the blob store, outside any transaction; removeReceiptImages is safe to repeat), then everything else
// in the caller's one transaction with the request's completion and its audit entry.

export type ErasureDeps = { db: Db; blobStore: BlobStore };

/** The images of her registrations' receipts: bytes deleted, rows kept with image_removed_at. */
export async function removeHerReceiptImages(deps: ErasureDeps, consumerId: string, at: Date): Promise<number> {
  const leadIds = (await repo.leadIdsOf(deps.db, consumerId)).map((l) => l.id);
  const receipts = (await repo.receiptIdsOf(deps.db, leadIds)).map((r) => r.id);
  return removeReceiptImages(deps, receipts, at);
}

/** The hashes other modules keep of her contact (leads' codes and send limits, MGM's look-ups). */
function hashesOf(consumer: ConsumerRow) {
  const emailAddress = consumer.email_address.trim().toLowerCase();
  return {
    otp: recipientHash({ emailAddress, mobileNumber: consumer.mobile_number }),
    // mgm/mgm-lookups.ts: the pseudonym of the e-mail a look-up named
    lookup: sha256(`mgm-lookup:${emailAddress}`),
    // leads/otp-send-limits.ts: the counters' keys end with these
    counters: [sha256(emailAddress), sha256(consumer.mobile_number)],
  };
}

/**
 * Everything but the images, inside the caller's transaction. Answers false when she was erased
 * already (nothing changed). `consumer` is her row as read before: its e-mail and number find what
 * other tables hold of her.
 */
export async function eraseConsumer(trx: Db, consumer: ConsumerRow, at: Date): Promise<boolean> {
  const iso = at.toISOString();
  if (!(await repo.eraseConsumerRow(trx, consumer.id, iso))) return false;
  const leadIds = (await repo.leadIdsOf(trx, consumer.id)).map((l) => l.id);
  // Read before they are emptied: the stored answers that hold them are found by them.
  const serials = await repo.serialsOf(trx, consumer.id, leadIds);
  const hashes = hashesOf(consumer);
  await repo.eraseItems(trx, consumer.id);
  await repo.eraseLeads(trx, consumer.id, leadIds);
  await repo.unlinkDevices(trx, consumer.id);
  await repo.eraseClubEntries(trx, consumer.id, consumer.email_address, iso);
  await repo.eraseMgmRecipients(trx, consumer.id);
  await repo.replaceLookupHash(trx, hashes.lookup, sha256(`erased:${newId()}`));
  await repo.deleteOtps(trx, hashes.otp);
  await repo.deleteCounters(trx, hashes.counters);
  await repo.deleteMessagesTo(trx, [consumer.email_address, consumer.mobile_number]);
  await repo.deleteStoredAnswers(trx, [consumer.id, consumer.email_address, consumer.mobile_number]);
  await scrubStoredAnswers(trx, serials);
  return true;
}

/**
 * Answers kept for replays that hold her devices' serials (/action/receipt/create answers the receipt
 * with its device.serial): each such value becomes null, as her receipt's device_serial does, so a
 * retry of that call still replays instead of running again — and names nothing. An answer that
 * still holds a serial elsewhere (inside a longer text) is deleted. (decision 108)
 */
async function scrubStoredAnswers(trx: Db, serials: readonly string[]): Promise<void> {
  const needles = serials.filter((s) => s.length >= 3).map((s) => s.toLowerCase());
  for (const row of await repo.storedAnswersHolding(trx, needles)) {
    const scrubbed = withoutValues(row.response_body!, new Set(needles));
    if (scrubbed === null || needles.some((n) => scrubbed.text.toLowerCase().includes(n))) {
      await repo.deleteStoredAnswer(trx, row.scope, row.key);
    } else if (scrubbed.changed) {
      await repo.replaceStoredAnswer(trx, row.scope, row.key, scrubbed.text);
    }
  }
}

/** The JSON text with every string equal (in any case) to one of `values` made null; null if it is not JSON. */
function withoutValues(json: string, values: ReadonlySet<string>): { text: string; changed: boolean } | null {
  let changed = false;
  try {
    const text = JSON.stringify(JSON.parse(json), (_key, value: unknown) => {
      if (typeof value !== 'string' || !values.has(value.trim().toLowerCase())) return value;
      changed = true;
      return null;
    });
    return { text, changed };
  } catch {
    return null;
  }
}

import { RECEIPTS_PAGE_SIZE, type Receipt, type ReceiptCreateInput, type ReceiptListBody } from '@promotor/contract';
import type { Db } from '../../db/kysely.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import type { BlobStore } from '../../plugins/blob-store.ts';
import type { UploadedFile, UploadRules } from '../../plugins/uploads.ts';
import { requireAssignedAction } from '../actions/action-guards.ts';
import * as repo from './receipts.repository.ts';

export type ReceiptsDeps = { db: Db; now: () => Date; blobStore: BlobStore };

/** spec §7 /action/receipt/create: one image per call. */
export const uploadRules: UploadRules = { files: { min: 1, max: 1 } };

/** Caps a real day never meets (decision 080): a lead has one receipt, a retake or two. */
export const RECEIPTS_PER_LEAD = 20;
/** A day's registrations of the action's promoters with a receipt each, several times over. */
export const RECEIPTS_PER_ACTION = 500;

const toReceipt = (r: { id: string; device_serial: string | null; device_beacon: string | null }): Receipt => ({
  uuid: r.id,
  device: { serial: r.device_serial, beacon: r.device_beacon },
});

/**
 * A receipt photo of one of her registrations in one of her actions (any status: the webform's
 * receipt may arrive after she has finished). Without a registration of hers in that action the answer
 * is E_MISSING_LEAD_ID, which the webform tolerates (spec §8), and nothing is stored (decision 060).
 * Past RECEIPTS_PER_LEAD or RECEIPTS_PER_ACTION it is E_LEAD_RECEIPT_LIMIT or E_ACTION_RECEIPT_LIMIT.
 */
export async function create(deps: ReceiptsDeps, caller: CallerUser, input: ReceiptCreateInput, file: UploadedFile): Promise<Receipt> {
  const action = await requireAssignedAction(deps.db, caller, input.action.uuid);
  const leadId = input.lead?.id;
  if (!leadId) throw new AppError('E_MISSING_LEAD_ID');
  const lead = await repo.findOwnLead(deps.db, leadId, caller.userId);
  if (!lead || (lead.action_id !== null && lead.action_id !== action.id)) throw new AppError('E_MISSING_LEAD_ID');
  // Refused before the photo is stored; the count in the transaction below is the one that holds.
  if (lead.receipt_count >= RECEIPTS_PER_LEAD) throw new AppError('E_LEAD_RECEIPT_LIMIT');

  const id = newId();
  const row = {
    id,
    action_id: action.id,
    user_id: caller.userId,
    lead_id: lead.id,
    device_serial: input.device?.serial ?? null,
    device_beacon: input.device?.beacon ?? null,
    blob_key: `receipt-${id}.${file.extension}`,
    content_type: file.type,
    size: file.data.length,
    created_at: deps.now().toISOString(),
  };
  await deps.blobStore.putThenWrite([{ key: row.blob_key, data: file.data, contentType: file.type }], async (trx) => {
    if (!(await repo.countReceipt(trx, 'leads', lead.id, RECEIPTS_PER_LEAD))) throw new AppError('E_LEAD_RECEIPT_LIMIT');
    if (!(await repo.countReceipt(trx, 'actions', action.id, RECEIPTS_PER_ACTION))) throw new AppError('E_ACTION_RECEIPT_LIMIT');
    await repo.insertReceipt(trx, row);
  });
  return toReceipt(row);
}

export async function list(deps: ReceiptsDeps, caller: CallerUser, body: ReceiptListBody): Promise<Receipt[]> {
  const action = await requireAssignedAction(deps.db, caller, body.action.uuid);
  // spec §9: page size 100, offset 0 when the app names none.
  const page = body.pagination ?? { limit: RECEIPTS_PAGE_SIZE, offset: 0 };
  return (await repo.receiptsOf(deps.db, action.id, caller.userId, page)).map(toReceipt);
}

/** The bytes of one of her receipts; anyone else's is 404; one whose image was removed (decision 099) 410. */
export async function serve(deps: ReceiptsDeps, caller: CallerUser, receiptId: string) {
  const receipt = await repo.findOwnReceipt(deps.db, receiptId, caller.userId);
  if (receipt?.image_removed_at) throw new AppError('E_RECEIPT_IMAGE_REMOVED');
  const image = receipt && (await deps.blobStore.open(receipt.blob_key, receipt.content_type));
  if (!receipt || !image) throw new AppError('E_RECEIPT_NOT_FOUND');
  return image;
}

/**
 * Removes the images of these receipts (retention, an erasure; issue 26): the bytes are deleted, the
 * row stays (the counts read it) with image_removed_at set. Safe to repeat: the bytes go first, so a
 * crash between the two leaves a row that the next call finishes. Answers how many were removed.
 */
export async function removeReceiptImages(
  deps: Pick<ReceiptsDeps, 'db' | 'blobStore'>,
  receiptIds: readonly string[],
  at: Date,
): Promise<number> {
  if (receiptIds.length === 0) return 0;
  let removed = 0;
  for (const receipt of await repo.receiptsWithImage(deps.db, receiptIds)) {
    await deps.blobStore.delete(receipt.blob_key);
    await repo.markImageRemoved(deps.db, receipt.id, at.toISOString());
    removed += 1;
  }
  return removed;
}

import { enqueue, type OutboxItemInput } from '../../../lib/outbox/index.ts';
import { deleteReceipt, loadReceipt } from '../receipt/receipt-store.ts';
import { deviceBurnKind, receiptKind } from './outbox-kinds.ts';

export type Registered = {
  actionUuid: string;
  lead: { id: string; bc: string };
  /** The Glo serial number registered, if any. */
  gloSerial: string | null;
  /** The form's recieptURL ('' without a receipt). */
  recieptURL: string;
  /**
   * The test action's registration without codes (exp1707, both codes ''): a sandbox, whose Glo serial
   * the server checks but does not register (decision 067), so there is nothing to burn.
   */
  sandbox: boolean;
};

/**
 * spec §5 Registration, §7: after a registration the server accepted, the receipt (only if a receipt
 * image exists) and /device/burn (only when a Glo serial was registered: one exists, and not in the
 * test action's sandbox) are queued in the outbox, in one group per registration. The receipt's photo moves into the outbox (which keeps its own copy)
 * and leaves the form's store.
 */
export async function queueAfterRegistration({ actionUuid, lead, gloSerial, recieptURL, sandbox }: Registered): Promise<void> {
  const group = `webform:${lead.id}`;
  const receipt = recieptURL ? await loadReceipt(recieptURL) : null;
  const items: OutboxItemInput[] = [];
  if (receipt) {
    const input = { action: { uuid: actionUuid }, device: { serial: gloSerial, beacon: lead.bc || null }, lead: { id: lead.id } };
    items.push(receiptKind.item(group, { input, files: [receipt] }));
  }
  if (gloSerial && !sandbox) items.push(deviceBurnKind.item(group, { device: { serialNumber: gloSerial } }));
  await enqueue(items);
  if (recieptURL) await deleteReceipt(recieptURL);
}

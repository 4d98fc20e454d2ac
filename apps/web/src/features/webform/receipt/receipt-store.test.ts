import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFreshIndexedDb } from '../../../lib/outbox/test/outbox-test-kit.ts';
import { endSession } from '../../../store/app-store.ts';
import { closeReceiptDb, deleteReceipt, loadReceipt, saveReceipt } from './receipt-store.ts';
import { WAIT_MS } from '../../../test/wait.ts';

const jpeg = (text: string) => new Blob([text], { type: 'image/jpeg' });

beforeEach(() => useFreshIndexedDb());
afterEach(() => closeReceiptDb());

describe('receipt store', () => {
  it('keeps the photo under the form uuid, answers its recieptURL, gives it back and forgets it', async () => {
    const recieptURL = await saveReceipt('form-1', jpeg('receipt of form 1'));
    expect(recieptURL).toBe('receipt:form-1');

    const loaded = await loadReceipt(recieptURL);
    expect(loaded?.type).toBe('image/jpeg');
    expect(await loaded?.text()).toBe('receipt of form 1');

    await deleteReceipt(recieptURL);
    expect(await loadReceipt(recieptURL)).toBeNull();
    await expect(deleteReceipt(recieptURL)).resolves.toBeUndefined();
  });

  it('a retake replaces the photo; forms do not share theirs', async () => {
    await saveReceipt('form-1', jpeg('first try'));
    await saveReceipt('form-2', jpeg('another consumer'));
    await saveReceipt('form-1', jpeg('second try'));
    expect(await (await loadReceipt('receipt:form-1'))?.text()).toBe('second try');
    expect(await (await loadReceipt('receipt:form-2'))?.text()).toBe('another consumer');
  });

  it('survives a reopened database (a reload at step 3)', async () => {
    await saveReceipt('form-1', jpeg('kept'));
    await closeReceiptDb();
    expect(await (await loadReceipt('receipt:form-1'))?.text()).toBe('kept');
  });

  it('a logout forgets every photo kept in the phone: each belonged to a form cleared with her data', async () => {
    await saveReceipt('form-1', jpeg('receipt of her form'));
    await saveReceipt('form-2', jpeg('receipt of an older form'));

    endSession();

    // The database is deleted once this tab's open connection has closed itself (a moment later).
    await vi.waitFor(async () => expect(await loadReceipt('receipt:form-1')).toBeNull(), { timeout: WAIT_MS });
    expect(await loadReceipt('receipt:form-2')).toBeNull();
    // The next promoter's photo is kept as usual.
    expect(await (await loadReceipt(await saveReceipt('form-3', jpeg('next promoter'))))?.text()).toBe('next promoter');
  });

  it('no photo taken, or a reference that is not one, loads nothing', async () => {
    expect(await loadReceipt('')).toBeNull();
    expect(await loadReceipt('receipt:')).toBeNull();
    expect(await loadReceipt('https://example.com/x.jpg')).toBeNull();
    expect(await loadReceipt('receipt:never-saved')).toBeNull();
  });
});

import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxFailureDescription } from '../../../app/outbox-failures.tsx';
import { flushOutbox, stopOutbox } from '../../../lib/outbox/outbox.ts';
import { logIn, ok, refused, useFakeServer, useFreshIndexedDb, type ServerRequest } from '../../../lib/outbox/test/outbox-test-kit.ts';
import { buildBatch, buildTodaysAction, buildVoucher, renderVouchers, resetVoucherPopups, unique } from '../test/render-vouchers.tsx';
import { useAppStore } from '../../../store/app-store.ts';
import '../submit/outbox-kinds.ts';

type Answer = ReturnType<typeof ok> | 'network-error';

/** A scripted API: each path answers what the test says at that moment. */
function useVoucherServer(answers: Record<string, (request: ServerRequest) => Answer>) {
  return useFakeServer((request) => answers[request.path]?.(request) ?? refused('E_NOT_FOUND', 404));
}

const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name });

beforeEach(async () => {
  useFreshIndexedDb();
  await logIn('anna');
});

afterEach(async () => {
  resetVoucherPopups();
  await stopOutbox();
});

// The flows open and close bottom sheets, each staying 1 s for its close animation (spec §9).
describe('voucher popups', { timeout: 20_000 }, () => {
  it("lists the batches under 'Wybierz kategorię:', then her unredeemed codes numbered, each with 'Wydaj'", async () => {
    const event = unique('event');
    const glo = buildBatch('glo hyper X2');
    const velo = buildBatch('velo 2 saszetki');
    const server = useVoucherServer({
      '/voucher/batches': () => ok({ batches: [glo, velo] }),
      '/voucher/vouchers': () =>
        ok({ vouchers: [buildVoucher('GLO-AAA'), buildVoucher('GLO-OLD', '2026-01-05 10:00:00'), buildVoucher('GLO-BBB')] }),
    });
    const user = userEvent.setup();
    renderVouchers(event);

    await user.click(screen.getByRole('button', { name: 'Kody promocyjne' }));
    const picker = await dialog('Wybierz kategorię:');
    await user.click(await within(picker).findByRole('button', { name: 'velo 2 saszetki' }));
    expect(server.requests.find((r) => r.path === '/voucher/batches')?.body).toEqual({ event: { uuid: event } });

    const codes = await dialog('Kody: velo 2 saszetki');
    const items = await within(codes).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['1.GLO-AAAWydaj', '2.GLO-BBBWydaj']);
    expect(within(codes).getByRole('button', { name: 'Wydaj kod GLO-AAA' })).toHaveTextContent('Wydaj');
    expect(server.requests.find((r) => r.path === '/voucher/vouchers')?.body).toEqual({ batch: { uuid: velo.uuid } });
    expect(useAppStore.getState().vouchers.selectedBatchUuid).toBe(velo.uuid);
  });

  it("'Wydaj' asks 'Wydaję kod …:'; 'Potwierdź' gives it: 'Wydano kod.', sent with the moment she confirmed, and the codes reload", async () => {
    const event = unique('event');
    const batch = buildBatch('glo hyper X2');
    const [first, second] = [buildVoucher('GLO-AAA'), buildVoucher('GLO-BBB')];
    let given = false;
    const server = useVoucherServer({
      '/voucher/batches': () => ok({ batches: [batch] }),
      '/voucher/vouchers': () => ok({ vouchers: [{ ...first, redeemed: given ? { dateTime: '2026-03-05 12:00:00' } : null }, second] }),
      '/voucher/redeem': (request) => {
        given = true;
        const body = request.body as { redemption: { dateTime: string } };
        return ok({ vouchers: [{ ...first, redeemed: body.redemption }] });
      },
    });
    const user = userEvent.setup();
    renderVouchers(event);
    await user.click(screen.getByRole('button', { name: 'Kody promocyjne' }));
    await user.click(await within(await dialog('Wybierz kategorię:')).findByRole('button', { name: 'glo hyper X2' }));
    await user.click(await within(await dialog('Kody: glo hyper X2')).findByRole('button', { name: 'Wydaj kod GLO-AAA' }));

    const confirmation = await dialog('Wydaję kod GLO-AAA:');
    await user.click(within(confirmation).getByRole('button', { name: 'Anuluj' }));
    await user.click(await within(await dialog('Kody: glo hyper X2')).findByRole('button', { name: 'Wydaj kod GLO-AAA' }));
    await user.click(within(await dialog('Wydaję kod GLO-AAA:')).getByRole('button', { name: 'Potwierdź' }));

    expect(await screen.findByText('Wydano kod.')).toBeInTheDocument();
    const codes = await dialog('Kody: glo hyper X2');
    await waitFor(() => expect(within(codes).queryByText('GLO-AAA')).not.toBeInTheDocument());
    expect(within(codes).getByText('GLO-BBB')).toBeInTheDocument();
    const redeem = server.requests.filter((r) => r.path === '/voucher/redeem');
    expect(redeem).toHaveLength(1);
    expect(redeem[0]!.body).toEqual({
      redemption: { dateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) },
      batch: { uuid: batch.uuid },
      vouchers: [{ uuid: first.uuid }],
    });
    expect(redeem[0]!.idempotencyKey).not.toBe('');
    // spec §4: redeem, then reload the codes
    await waitFor(() => expect(server.requests.filter((r) => r.path === '/voucher/vouchers')).toHaveLength(2));
  });

  it('without a connection the code is given at once, stays hidden while it waits, and is sent once, with one key, when she is back online', async () => {
    const event = unique('event');
    const batch = buildBatch('vuse go');
    const code = buildVoucher('VUSE-1');
    let online = true;
    const server = useVoucherServer({
      '/voucher/batches': () => ok({ batches: [batch] }),
      '/voucher/vouchers': () => (online ? ok({ vouchers: [code] }) : 'network-error'),
      '/voucher/redeem': () => (online ? ok({ vouchers: [{ ...code, redeemed: { dateTime: '2026-03-05 12:00:00' } }] }) : 'network-error'),
    });
    const user = userEvent.setup();
    renderVouchers(event);
    await user.click(screen.getByRole('button', { name: 'Kody promocyjne' }));
    await user.click(await within(await dialog('Wybierz kategorię:')).findByRole('button', { name: 'vuse go' }));
    await within(await dialog('Kody: vuse go')).findByText('VUSE-1');

    online = false;
    await user.click(screen.getByRole('button', { name: 'Wydaj kod VUSE-1' }));
    await user.click(within(await dialog('Wydaję kod VUSE-1:')).getByRole('button', { name: 'Potwierdź' }));
    expect(await screen.findByText('Wydano kod.')).toBeInTheDocument();
    const codes = await dialog('Kody: vuse go');
    await waitFor(() => expect(within(codes).queryByText('VUSE-1')).not.toBeInTheDocument());
    expect(await within(codes).findByText('Brak dostępnych kodów')).toBeInTheDocument();

    // Closed and opened again offline: the kept codes show, still without the one waiting.
    await user.click(within(codes).getByRole('button', { name: 'Zamknij' }));
    await user.click(screen.getByRole('button', { name: 'Kody promocyjne' }));
    await user.click(await within(await dialog('Wybierz kategorię:')).findByRole('button', { name: 'vuse go' }));
    const again = await dialog('Kody: vuse go');
    expect(await within(again).findByText('Nie udało się odświeżyć kodów. Pokazuję ostatnio wczytane.')).toBeInTheDocument();
    expect(within(again).getByText('Brak dostępnych kodów')).toBeInTheDocument();
    expect(within(again).queryByText('VUSE-1')).not.toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Zamknij' }));

    online = true;
    act(() => flushOutbox());
    await waitFor(() => expect(useAppStore.getState().vouchers.codes[batch.uuid]?.[0]?.redeemed).not.toBeNull());
    const tries = server.requests.filter((r) => r.path === '/voucher/redeem');
    expect(new Set(tries.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it("with no codes left: 'Brak dostępnych kodów' and 'Generuj kody', which assigns her new ones and reloads", async () => {
    const event = unique('event');
    const batch = buildBatch('glo hyper X2');
    let assigned = false;
    const server = useVoucherServer({
      '/voucher/batches': () => ok({ batches: [batch] }),
      '/voucher/vouchers': () => ok({ vouchers: assigned ? [buildVoucher('NEW-1')] : [buildVoucher('OLD-1', '2026-01-05 10:00:00')] }),
      '/voucher/generate': () => {
        assigned = true;
        return ok({ vouchers: [] });
      },
    });
    const user = userEvent.setup();
    renderVouchers(event);
    await user.click(screen.getByRole('button', { name: 'Kody promocyjne' }));
    await user.click(await within(await dialog('Wybierz kategorię:')).findByRole('button', { name: 'glo hyper X2' }));
    const codes = await dialog('Kody: glo hyper X2');
    expect(await within(codes).findByText('Brak dostępnych kodów')).toBeInTheDocument();

    await user.click(within(codes).getByRole('button', { name: 'Generuj kody' }));
    expect(await within(codes).findByText('NEW-1')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path === '/voucher/generate')?.body).toEqual({ batch: { uuid: batch.uuid } });
  });

  it("'Generuj kody' on an empty pool says so in Polish", async () => {
    const batch = buildBatch('glo hyper X2');
    useVoucherServer({
      '/voucher/batches': () => ok({ batches: [batch] }),
      '/voucher/vouchers': () => ok({ vouchers: [] }),
      '/voucher/generate': () => refused('E_INSUFFICIENT_AMOUNT_IN_DB', 409),
    });
    const user = userEvent.setup();
    renderVouchers(unique('event'));
    await user.click(screen.getByRole('button', { name: 'Kody promocyjne' }));
    await user.click(await within(await dialog('Wybierz kategorię:')).findByRole('button', { name: 'glo hyper X2' }));
    await user.click(await within(await dialog('Kody: glo hyper X2')).findByRole('button', { name: 'Generuj kody' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Brak wystarczającej liczby kodów w bazie.');
  });

  it('says when the batches cannot be loaded, and loads them again on request', async () => {
    let online = false;
    useVoucherServer({ '/voucher/batches': () => (online ? ok({ batches: [] }) : 'network-error') });
    const user = userEvent.setup();
    renderVouchers(unique('event'));
    await user.click(screen.getByRole('button', { name: 'Kody promocyjne' }));
    const picker = await dialog('Wybierz kategorię:');
    expect(await within(picker).findByText('Nie udało się wczytać kategorii kodów.')).toBeInTheDocument();
    online = true;
    await user.click(within(picker).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await within(picker).findByText('Brak kategorii kodów dla tej akcji.')).toBeInTheDocument();
  });

  it("'Generuj kody' whose answer is lost reloads her codes: the ones the server gave her are listed", async () => {
    const batch = buildBatch('vuse go');
    let assigned = false;
    const server = useVoucherServer({
      '/voucher/batches': () => ok({ batches: [batch] }),
      '/voucher/vouchers': () => ok({ vouchers: assigned ? [buildVoucher('VUSE-1'), buildVoucher('VUSE-2')] : [] }),
      '/voucher/generate': () => {
        assigned = true; // done on the server; the answer never reaches the phone
        return 'network-error';
      },
    });
    const user = userEvent.setup();
    renderVouchers(unique('event'));
    await user.click(screen.getByRole('button', { name: 'Kody promocyjne' }));
    await user.click(await within(await dialog('Wybierz kategorię:')).findByRole('button', { name: 'vuse go' }));
    await user.click(await within(await dialog('Kody: vuse go')).findByRole('button', { name: 'Generuj kody' }));
    const codes = await dialog('Kody: vuse go');
    expect(await within(codes).findAllByRole('listitem')).toHaveLength(2);
    expect(within(codes).queryByRole('button', { name: 'Generuj kody' })).not.toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/voucher/generate')).toHaveLength(1);
  });

  it("'Generuj kody' refused because codes remain (E_VOUCHERS_LEFT) lists them", async () => {
    const batch = buildBatch('glo hyper X2');
    let asked = 0;
    useVoucherServer({
      '/voucher/batches': () => ok({ batches: [batch] }),
      // The phone knew none of them (given on her other phone, say); the server does.
      '/voucher/vouchers': () => ok({ vouchers: ++asked > 1 ? [buildVoucher('GLO-LEFT')] : [] }),
      '/voucher/generate': () => refused('E_VOUCHERS_LEFT', 409),
    });
    const user = userEvent.setup();
    renderVouchers(unique('event'));
    await user.click(screen.getByRole('button', { name: 'Kody promocyjne' }));
    await user.click(await within(await dialog('Wybierz kategorię:')).findByRole('button', { name: 'glo hyper X2' }));
    await user.click(await within(await dialog('Kody: glo hyper X2')).findByRole('button', { name: 'Generuj kody' }));
    expect(await within(await dialog('Kody: glo hyper X2')).findByText('GLO-LEFT')).toBeInTheDocument();
  });

  it('keeps on the phone, once her list has come, the batches and her codes of the events of her actions of today', async () => {
    const [today, cancelled, later] = [unique('event'), unique('event'), unique('event')];
    const [glo, velo, other] = [buildBatch('glo hyper X2'), buildBatch('velo 2 saszetki'), buildBatch('vuse go')];
    const codesOf: Record<string, string> = { [glo.uuid]: 'GLO-1', [velo.uuid]: 'VELO-1', [other.uuid]: 'VUSE-1' };
    const server = useVoucherServer({
      '/voucher/batches': (r) => ok({ batches: (r.body as { event: { uuid: string } }).event.uuid === today ? [glo, velo] : [other] }),
      '/voucher/vouchers': (r) => ok({ vouchers: [buildVoucher(codesOf[(r.body as { batch: { uuid: string } }).batch.uuid]!)] }),
    });
    renderVouchers(today);
    // Her list arrives (at login): today's action, a cancelled one and one of the day after tomorrow.
    const list = [buildTodaysAction(today), buildTodaysAction(cancelled, { cancelled: true }), buildTodaysAction(later, { daysAhead: 2 })];
    await act(async () => {
      useAppStore.setState((state) => ({ actions: { ...state.actions, list } }));
    });
    await waitFor(() => expect(Object.keys(useAppStore.getState().vouchers.codes).sort()).toEqual([glo.uuid, velo.uuid].sort()));
    expect(useAppStore.getState().vouchers.codes[velo.uuid]?.map((v) => v.ident)).toEqual(['VELO-1']);
    expect(useAppStore.getState().vouchers.batches[today]).toEqual([glo, velo]);
    const events = server.requests
      .filter((r) => r.path === '/voucher/batches')
      .map((r) => (r.body as { event: { uuid: string } }).event.uuid);
    expect(new Set(events)).toEqual(new Set([today]));
  });

  it('a refused redemption reads clearly in the outbox failure popup', () => {
    expect(outboxFailureDescription({ kind: 'voucher-redeem', code: 'E_VOUCHER_ALREADY_REDEEMED' })).toBe(
      'Nie udało się zapisać wydania kodu. Ten kod został już wydany.',
    );
    expect(outboxFailureDescription({ kind: 'voucher-redeem', code: 'E_WRONG_ACTION_STATUS' })).toBe(
      'Nie udało się zapisać wydania kodu: w chwili wydania nie było rozpoczętej akcji tego wydarzenia.',
    );
  });
});

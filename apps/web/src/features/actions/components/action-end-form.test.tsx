import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAction, buildActionPoint } from '../test/build-action.ts';
import { enqueue, resetOutboxMock } from '../test/outbox-mock.ts';
import { FRONT, REAR, renderActionPage, stubObjectUrls, stubPosition } from '../test/render-action-page.tsx';
import { WAIT_MS } from '../../../test/wait.ts';

vi.mock('../../../lib/outbox/index.ts', () => import('../test/outbox-mock.ts'));

const REASONS = [
  'Brak produktu w miejscu akcji',
  'Brak produktu w moim zapasie',
  'Brak ruchu w miejscu akcji',
  'Brak sprzedaży',
  'Zmiana miejsca akcji',
  'Powód prywatny',
  'Inne',
];

const points = [buildActionPoint({ uuid: 'p1' }), buildActionPoint({ uuid: 'p2' })];
// Planned to run long after the tests' now: she ends early, so §2's reason is asked (decision 119).
const started = buildAction({ uuid: 'a1', status: 'started', points, checkedInAt: 'p2', until: '2099-12-31 22:00:00' });
/** Planned to end before now: she ends on plan. */
const over = buildAction({
  uuid: 'a1',
  status: 'started',
  points,
  checkedInAt: 'p2',
  since: '2020-01-02 08:00:00',
  until: '2020-01-02 16:00:00',
});

describe('end form (/akcja/koniec/{id})', () => {
  beforeEach(() => {
    stubObjectUrls();
    stubPosition({ latitude: 50.06, longitude: 19.94, accuracy: 8 });
  });
  afterEach(resetOutboxMock);

  it('offers the seven reasons as one choice, and "Anuluj" and "Zakończ"', () => {
    renderActionPage('/akcja/koniec/a1', [started]);

    expect(screen.getByRole('heading', { name: 'Zakończenie akcji' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Zaznacz odpowiednie' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toHaveLength(7);
    for (const reason of REASONS) expect(screen.getByRole('radio', { name: reason })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Anuluj' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Zakończ' })).toBeDisabled();
  });

  it('"Inne" reveals "Twoja treść..." and then requires a text', async () => {
    const user = userEvent.setup();
    renderActionPage('/akcja/koniec/a1', [started]);
    expect(screen.queryByPlaceholderText('Twoja treść...')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Inne' }));
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
    const text = screen.getByRole('textbox', { name: 'Opisz powód' });
    expect(text).toHaveAttribute('placeholder', 'Twoja treść...');

    await user.click(text);
    await user.tab();
    expect(text).toHaveAccessibleDescription('To pole jest wymagane');
    const submit = screen.getByRole('button', { name: 'Zakończ' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(/Opisz powód zakończenia\./);

    await user.type(text, 'Awaria prądu');
    expect(submit).toBeEnabled();
  });

  it('a finish queues the reason with its text, the photos and the check-out at her point, then opens the list', async () => {
    const user = userEvent.setup();
    const { router } = renderActionPage('/akcja/koniec/a1', [started]);

    await user.click(screen.getByRole('radio', { name: 'Inne' }));
    await user.type(screen.getByRole('textbox', { name: 'Opisz powód' }), '  Awaria prądu ');
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
    const tapped = Date.now();
    await user.click(screen.getByRole('button', { name: 'Zakończ' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/akcje'), { timeout: WAIT_MS });
    const subject = `Akcja „${started.name}”`;
    const tappedAt = (enqueue.mock.calls[0]?.[0][0] as { body: { tappedAt: string } }).body.tappedAt;
    expect(enqueue.mock.calls[0]?.[0]).toEqual([
      {
        kind: 'poll',
        route: 'pollAnswer',
        group: 'a1',
        subject,
        body: {
          action: { uuid: 'a1' },
          poll: { ident: 'action_end', content: [{ question_ident: 'q0', answer_ident: ['other'], answer_text: 'Awaria prądu' }] },
          tappedAt,
        },
      },
      {
        kind: 'photos',
        route: 'actionFileCreate',
        group: 'a1',
        subject,
        body: { input: { action: { uuid: 'a1' }, ident: 'bereal_end' }, files: [FRONT, REAR] },
      },
      {
        kind: 'check-out',
        route: 'actionCheckOut',
        group: 'a1',
        subject,
        body: { action: { uuid: 'a1' }, actionPoint: { uuid: 'p2' }, location: { latitude: 50.06, longitude: 19.94 }, tappedAt },
      },
    ]);
    // When she tapped 'Zakończ' (decision 072).
    expect(Date.parse(tappedAt)).toBeGreaterThanOrEqual(tapped);
  });

  it('another reason is sent without a text', async () => {
    const user = userEvent.setup();
    renderActionPage('/akcja/koniec/a1', [started]);

    await user.click(screen.getByRole('radio', { name: 'Brak sprzedaży' }));
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
    await user.click(screen.getByRole('button', { name: 'Zakończ' }));

    await vi.waitFor(() => expect(enqueue).toHaveBeenCalled(), { timeout: WAIT_MS });
    const poll = enqueue.mock.calls[0]?.[0][0] as { body: unknown };
    expect(poll.body).toEqual({
      action: { uuid: 'a1' },
      poll: { ident: 'action_end', content: [{ question_ident: 'q0', answer_ident: ['no_sales'] }] },
      tappedAt: expect.any(String),
    });
  });

  it('before the planned end a reason is needed to finish', async () => {
    const user = userEvent.setup();
    renderActionPage('/akcja/koniec/a1', [started]);
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
    const submit = screen.getByRole('button', { name: 'Zakończ' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(/Wybierz powód zakończenia\./);
    expect(screen.queryByText(/powód nie jest potrzebny/)).not.toBeInTheDocument();
  });

  it("after the planned end no reason is needed: the seven stay, and without one 'as_planned' is sent (decision 119)", async () => {
    const user = userEvent.setup();
    const { router } = renderActionPage('/akcja/koniec/a1', [over]);
    for (const reason of REASONS) expect(screen.getByRole('radio', { name: reason })).not.toBeChecked();
    expect(
      screen.getByText(
        'Akcja dobiegła planowanego końca (16:00), więc powód nie jest potrzebny. Zaznacz go tylko, jeśli coś poszło nie tak.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
    await user.click(screen.getByRole('button', { name: 'Zakończ' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/akcje'), { timeout: WAIT_MS });
    const poll = enqueue.mock.calls[0]?.[0][0] as { body: unknown };
    expect(poll.body).toEqual({
      action: { uuid: 'a1' },
      poll: { ident: 'action_end', content: [{ question_ident: 'q0', answer_ident: ['as_planned'] }] },
      tappedAt: expect.any(String),
    });
  });

  it('after the planned end she may still give a reason, or undo her choice', async () => {
    const user = userEvent.setup();
    renderActionPage('/akcja/koniec/a1', [over]);
    await user.click(screen.getByRole('radio', { name: 'Brak sprzedaży' }));
    await user.click(screen.getByRole('button', { name: 'Wyczyść wybór' }));
    expect(screen.getByRole('radio', { name: 'Brak sprzedaży' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Wyczyść wybór' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Brak ruchu w miejscu akcji' }));
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
    await user.click(screen.getByRole('button', { name: 'Zakończ' }));
    await vi.waitFor(() => expect(enqueue).toHaveBeenCalled(), { timeout: WAIT_MS });
    const poll = enqueue.mock.calls[0]?.[0][0] as { body: { poll: unknown } };
    expect(poll.body.poll).toEqual({ ident: 'action_end', content: [{ question_ident: 'q0', answer_ident: ['no_traffic'] }] });
  });

  it('"Usuń zdjęcia i zrób ponownie" takes the photos again', async () => {
    const user = userEvent.setup();
    renderActionPage('/akcja/koniec/a1', [started]);
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
    await user.click(screen.getByRole('button', { name: 'Usuń zdjęcia i zrób ponownie' }));
    expect(screen.getByRole('img', { name: 'Zdjęcie z tylnego aparatu' })).toBeInTheDocument();
  });

  it('"Anuluj" goes back', async () => {
    const user = userEvent.setup();
    const { router } = renderActionPage('/akcja/koniec/a1', [started]);
    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(router.state.location.pathname).toBe('/akcje');
    expect(enqueue).not.toHaveBeenCalled();
  });

  it('an action that is not started cannot be finished', () => {
    renderActionPage('/akcja/koniec/a1', [buildAction({ uuid: 'a1' })]);
    expect(screen.getByText('Tej akcji nie można teraz zakończyć.')).toBeInTheDocument();
  });
});

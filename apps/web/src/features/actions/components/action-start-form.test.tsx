import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAction, buildActionPoint } from '../test/build-action.ts';
import { enqueue, resetOutboxMock } from '../test/outbox-mock.ts';
import { FRONT, REAR, renderActionPage, stubObjectUrls, stubPosition } from '../test/render-action-page.tsx';
import { WAIT_MS } from '../../../test/wait.ts';

vi.mock('../../../lib/outbox/index.ts', () => import('../test/outbox-mock.ts'));

const point = buildActionPoint({ uuid: 'point-1' });
const action = buildAction({ uuid: 'a1', name: 'Degustacja glo', points: [point], since: '2020-01-01 08:00:00' });

describe('start form (/akcja/start/{id})', () => {
  beforeEach(() => {
    stubObjectUrls();
    stubPosition({ latitude: 52.23, longitude: 21.01, accuracy: 12 });
  });
  afterEach(resetOutboxMock);

  it('shows the three steps with the texts of the spec', () => {
    renderActionPage('/akcja/start/a1', [action]);

    expect(screen.getByRole('heading', { name: 'Rozpoczynanie akcji' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Wróć do akcji/ })).toHaveAttribute('href', '/akcje');
    expect(screen.getByRole('group', { name: 'Zaznacz odpowiednie' })).toBeInTheDocument();
    for (const label of ['Posiadam identyfikator', 'Posiadam tablet', 'Jestem ubrana(-y) w wymagany strój', 'Posiadam zapas produktu']) {
      expect(screen.getByRole('checkbox', { name: label })).not.toBeChecked();
    }
    expect(screen.getByRole('heading', { name: 'Wpisz numer kasoterminala' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nr kasoterminala' })).toHaveAttribute('placeholder', 'Wpisz numer');
    expect(screen.getByText('Stań naprzeciwko półki z produktami i uchwyć pełen widok.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rozpocznij' })).toBeDisabled();
  });

  it.each([
    ['', 'To pole jest wymagane'],
    ['12-3', 'Dozwolone są tylko litery i cyfry.'],
    ['A1', 'Wprowadź co najmniej 3 znaki.'],
    ['A1B2C', 'Wprowadź maksymalnie 4 znaki.'],
  ])('a cash terminal %j shows "%s" when the field is left', async (value, message) => {
    const user = userEvent.setup();
    renderActionPage('/akcja/start/a1', [action]);
    const field = screen.getByRole('textbox', { name: 'Nr kasoterminala' });

    await user.click(field);
    if (value) await user.type(field, value);
    expect(screen.queryByText(message)).not.toBeInTheDocument(); // not left yet
    await user.tab();

    expect(field).toHaveAccessibleDescription(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('says why "Rozpocznij" cannot be pressed yet', async () => {
    const user = userEvent.setup();
    renderActionPage('/akcja/start/a1', [action]);
    const submit = screen.getByRole('button', { name: 'Rozpocznij' });
    expect(submit).toHaveAccessibleDescription(/Wpisz poprawny numer kasoterminala\..*Zrób oba zdjęcia\./);

    await user.type(screen.getByRole('textbox', { name: 'Nr kasoterminala' }), 'K12');
    expect(submit).toHaveAccessibleDescription(/^Aby wysłać:\s*Zrób oba zdjęcia\.$/);
    expect(submit).toBeDisabled();
  });

  it('a start queues the answers, the photos and the check-in, in this order, then opens the list', async () => {
    const user = userEvent.setup();
    const { router } = renderActionPage('/akcja/start/a1', [action]);

    await user.click(screen.getByRole('checkbox', { name: 'Posiadam tablet' }));
    await user.click(screen.getByRole('checkbox', { name: 'Posiadam identyfikator' }));
    await user.type(screen.getByRole('textbox', { name: 'Nr kasoterminala' }), 'K12');
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
    expect(screen.getByRole('img', { name: 'Zdjęcie z przedniego aparatu' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Zdjęcie z tylnego aparatu' })).toBeInTheDocument();
    const tapped = Date.now();
    await user.click(screen.getByRole('button', { name: 'Rozpocznij' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/akcje'), { timeout: WAIT_MS });
    expect(enqueue).toHaveBeenCalledTimes(1);
    const subject = `Akcja „${action.name}”`;
    const tappedAt = (enqueue.mock.calls[0]?.[0][0] as { body: { tappedAt: string } }).body.tappedAt;
    expect(enqueue.mock.calls[0]?.[0]).toEqual([
      {
        kind: 'poll',
        route: 'pollAnswer',
        group: 'a1',
        subject,
        body: {
          action: { uuid: 'a1' },
          poll: { ident: 'action_start', content: [{ question_ident: 'q0', answer_ident: ['has_badge', 'has_tablet'] }] },
          tappedAt,
        },
      },
      {
        kind: 'photos',
        route: 'actionFileCreate',
        group: 'a1',
        subject,
        body: { input: { action: { uuid: 'a1' }, ident: 'bereal_start' }, files: [FRONT, REAR] },
      },
      {
        kind: 'check-in',
        route: 'actionCheckIn',
        group: 'a1',
        subject,
        body: {
          actionPoint: { uuid: 'point-1' },
          action: { uuid: 'a1' },
          // Its reported accuracy too: the check-in's plausibility is judged against it (decision 138).
          location: { latitude: 52.23, longitude: 21.01, accuracy: 12 },
          cashTerminal: { id: 'K12' },
          tappedAt,
        },
      },
    ]);
    // When she tapped 'Rozpocznij' (decision 072): the server counts the start then, however late it arrives.
    expect(Date.parse(tappedAt)).toBeGreaterThanOrEqual(tapped);
    expect(Date.parse(tappedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('without a position the check-in carries null coordinates', async () => {
    stubPosition(null);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderActionPage('/akcja/start/a1', [action]);

    await user.type(screen.getByRole('textbox', { name: 'Nr kasoterminala' }), '123');
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
    await user.click(screen.getByRole('button', { name: 'Rozpocznij' }));

    await vi.waitFor(() => expect(enqueue).toHaveBeenCalled(), { timeout: WAIT_MS });
    const checkIn = enqueue.mock.calls[0]?.[0][2] as { body: { location: unknown } };
    expect(checkIn.body.location).toEqual({ latitude: null, longitude: null });
  });

  it('when the items cannot be stored, she stays on the form with everything she entered', async () => {
    enqueue.mockRejectedValueOnce(new Error('QuotaExceededError'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { router } = renderActionPage('/akcja/start/a1', [action]);

    await user.click(screen.getByRole('checkbox', { name: 'Posiadam tablet' }));
    await user.type(screen.getByRole('textbox', { name: 'Nr kasoterminala' }), 'K12');
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
    await user.click(screen.getByRole('button', { name: 'Rozpocznij' }));

    expect(await screen.findByRole('button', { name: /Nie udało się zapisać/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/akcja/start/a1');
    expect(screen.getByRole('checkbox', { name: 'Posiadam tablet' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Nr kasoterminala' })).toHaveValue('K12');
    expect(screen.getByRole('img', { name: 'Zdjęcie z przedniego aparatu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rozpocznij' })).toBeEnabled();
  });

  it('an action with two points checks in at the point chosen on the detail page', async () => {
    const second = buildActionPoint({ uuid: 'point-2', name: 'Kiosk Arkadia' });
    const twoPoints = buildAction({ uuid: 'a2', points: [buildActionPoint(), second], since: '2020-01-01 08:00:00' });
    const user = userEvent.setup();
    renderActionPage('/akcja/start/a2?punkt=point-2', [twoPoints]);

    expect(screen.getByText(/Kiosk Arkadia/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Nr kasoterminala' }), 'K12');
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcia' }));
    await user.click(screen.getByRole('button', { name: 'Rozpocznij' }));

    await vi.waitFor(() => expect(enqueue).toHaveBeenCalled(), { timeout: WAIT_MS });
    const checkIn = enqueue.mock.calls[0]?.[0][2] as { body: { actionPoint: unknown } };
    expect(checkIn.body.actionPoint).toEqual({ uuid: 'point-2' });
  });

  it('an action she has already started cannot be started again', () => {
    renderActionPage('/akcja/start/a1', [buildAction({ uuid: 'a1', status: 'started' })]);
    expect(screen.getByText('Tej akcji nie można teraz rozpocząć.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rozpocznij' })).not.toBeInTheDocument();
  });

  it('opened while another action runs, it names that action and links to its finish instead of the form', () => {
    const running = buildAction({ uuid: 'run', name: 'Pokaz velo', status: 'started' });
    renderActionPage('/akcja/start/a1', [running, action]);

    expect(screen.getByText('Masz już rozpoczętą akcję „Pokaz velo”. Zakończ ją, zanim rozpoczniesz następną.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Przejdź do zakończenia akcji „Pokaz velo”' })).toHaveAttribute('href', '/akcja/koniec/run');
    expect(screen.queryByRole('textbox', { name: 'Nr kasoterminala' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zrób zdjęcia' })).not.toBeInTheDocument();
  });

  it('opened for an action without a point, it says why it cannot start', () => {
    renderActionPage('/akcja/start/a3', [buildAction({ uuid: 'a3', points: [], since: '2020-01-01 08:00:00' })]);
    expect(screen.getByText('Tej akcji nie można jeszcze rozpocząć: nie ma przypisanej lokalizacji.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Nr kasoterminala' })).not.toBeInTheDocument();
  });

  it('opened for an action with two points and no choice yet, the form asks where', () => {
    renderActionPage('/akcja/start/a2', [
      buildAction({ uuid: 'a2', points: [buildActionPoint(), buildActionPoint()], since: '2020-01-01 08:00:00' }),
    ]);
    expect(screen.getByText('Wybierz lokalizację akcji.', { selector: '.point-step p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rozpocznij' })).toBeDisabled();
  });
});

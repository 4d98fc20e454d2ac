import 'fake-indexeddb/auto';
import type { Action } from '@promotor/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxFailures } from '../../../app/outbox-failures.tsx';
import { installFakeCanvas } from '../../../lib/images/test/fake-canvas.ts';
import { stopOutbox } from '../../../lib/outbox/outbox.ts';
import {
  logIn,
  ok,
  refused,
  useFakeServer,
  useFreshIndexedDb,
  type ServerAnswer,
  type ServerRequest,
} from '../../../lib/outbox/test/outbox-test-kit.ts';
import { useAppStore } from '../../../store/app-store.ts';
import type { SingleCameraProps } from '../camera-props.ts';
import { PhotoSurveyPage, type ResentSurveyAction } from './photo-survey-page.tsx';

function startedAction(): Action {
  return {
    uuid: 'action-7',
    ident: 'AKC-7',
    name: 'Degustacja glo Rynek',
    since: { date: '2026-03-05 08:00:00' },
    until: { date: '2026-03-05 22:00:00' },
    actionPoints: [],
    event: { uuid: 'event-1', ident: 'EV-1' },
    status: { user: { status: 'started', actionPoint: null, lastStatusCreated: null }, global: { ident: 'started' } },
  };
}

/** The route's camera stands in as one button that "takes" a photo. */
function FakeCamera({ open, onAccept }: SingleCameraProps) {
  return open ? (
    <button type="button" onClick={() => onAccept(new Blob(['camera photo'], { type: 'image/jpeg' }))}>
      Zrób zdjęcie testowe
    </button>
  ) : null;
}

function renderPage(resent?: ResentSurveyAction) {
  render(
    <>
      <PhotoSurveyPage Camera={FakeCamera} resent={resent} />
      <OutboxFailures />
    </>,
  );
  return userEvent.setup();
}

/**
 * The server: /action/file/list lists a 'start' photo once one was accepted (as the real one does);
 * `answer` answers the uploads, and `requests` holds only those.
 */
function surveyServer(answer: (request: ServerRequest) => ServerAnswer | Promise<ServerAnswer>, sentBefore = false) {
  let startStored = sentBefore;
  const server = useFakeServer(async (request) => {
    if (request.path === '/action/file/list') return ok({ files: startStored ? [{ uuid: 'file-0', ident: 'start' }] : [], poll: null });
    const reply = await answer(request);
    if (reply !== 'network-error' && (reply.status ?? 200) < 400 && request.form?.get('_input')?.toString().includes('"start"'))
      startStored = true;
    return reply;
  });
  const uploads = () => server.requests.filter((request) => request.path !== '/action/file/list');
  return {
    get requests() {
      return uploads();
    },
    paths: () => uploads().map((request) => request.path),
  };
}

const surveyFormShown = () => screen.findByRole('button', { name: 'Dodaj zdjęcie: Zdjęcie przed ułożeniem ekspozycji' });

/** What a request to /action/file/create carried: its _input and its file's text. */
async function uploadOf(form: FormData | null) {
  const file = form?.get('files[]') ?? form?.get('files');
  return { input: JSON.parse(String(form?.get('_input'))), file: file instanceof Blob ? await file.text() : null };
}

async function fillSurvey(user: ReturnType<typeof userEvent.setup>) {
  await surveyFormShown();
  await user.click(screen.getByRole('button', { name: 'Dodaj zdjęcie: Zdjęcie przed ułożeniem ekspozycji' }));
  const sheet = screen.getByRole('dialog', { name: 'Wybierz sposób' });
  expect(within(sheet).getByRole('button', { name: 'Wybór mediów' })).toBeInTheDocument();
  await user.click(within(sheet).getByRole('button', { name: 'Aparat' }));
  await user.click(screen.getByRole('button', { name: 'Zrób zdjęcie testowe' }));
  await user.click(screen.getByRole('button', { name: 'Dodaj zdjęcie: Zdjęcie po ułożeniu ekspozycji' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Wybierz sposób' })).getByRole('button', { name: 'Aparat' }));
  await user.click(screen.getByRole('button', { name: 'Zrób zdjęcie testowe' }));
  for (const [question, answer] of [
    ['Czy nasze produkty są wyeksponowane na meblu?', 'tak'],
    ['Czy planogram został przygotowany?', 'nie'],
    ['Czy przeprowadzono szkolenie dla detalisty?', 'tak'],
  ] as const) {
    await user.click(within(screen.getByRole('group', { name: question })).getByRole('radio', { name: answer }));
  }
  await user.type(screen.getByLabelText('Twój komentarz (opcjonalnie)'), 'Półka przy kasie');
}

beforeEach(async () => {
  useFreshIndexedDb();
  await logIn('anna');
  useAppStore.setState({ actions: { list: [], currentAction: startedAction() } });
});

afterEach(async () => {
  await stopOutbox();
  useAppStore.setState({ actions: { list: [], currentAction: null } });
});

describe('photo survey page', () => {
  it('without a current action says there is none and shows no form', () => {
    useAppStore.setState({ actions: { list: [], currentAction: null } });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Zdjęcia produktów' })).toBeInTheDocument();
    expect(screen.getByText('Brak aktywnych akcji')).toBeInTheDocument();
    expect(screen.getByText('Rozpocznij nową akcję, aby móc dodać zdjęcia produktów')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zapisz' })).not.toBeInTheDocument();
  });

  it('shows the action with its time and every §5 message on an empty submit, sending nothing', async () => {
    const server = surveyServer(() => ok());
    const user = renderPage();
    await surveyFormShown();
    expect(screen.getByText('Degustacja glo Rynek')).toBeInTheDocument();
    expect(screen.getByText('2026-03-05 08:00 – 22:00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(screen.getAllByText('Zdjęcie jest wymagane')).toHaveLength(2);
    expect(screen.getAllByText('Odpowiedź jest wymagana')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Dodaj zdjęcie: Zdjęcie przed ułożeniem ekspozycji' })).toHaveFocus();
    expect(server.requests).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Dodaj zdjęcie: Zdjęcie przed ułożeniem ekspozycji' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Wybierz sposób' })).getByRole('button', { name: 'Aparat' }));
    await user.click(screen.getByRole('button', { name: 'Zrób zdjęcie testowe' }));
    expect(screen.getAllByText('Zdjęcie jest wymagane')).toHaveLength(1);
  });

  it("sends the 'start' photo with the answers, then the 'end' photo, then thanks her; the page then says her survey is stored", async () => {
    let release: () => void = () => {};
    const firstAnswered = new Promise<void>((resolve) => (release = resolve));
    const server = surveyServer(async () => {
      if (server.requests.length === 1) await firstAnswered;
      return ok({ files: [{ uuid: `file-${server.requests.length}`, ident: 'start' }] });
    });
    const user = renderPage();
    await fillSurvey(user);

    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(await screen.findByRole('button', { name: 'Proszę czekać...' })).toBeDisabled();
    await waitFor(() => expect(server.requests).toHaveLength(1));
    release();
    expect(await screen.findByRole('dialog', { name: 'Dziękujemy' })).toHaveTextContent('Twoje zdjęcia i odpowiedzi zostały zapisane.');
    const [start, end] = await Promise.all(server.requests.map((request) => uploadOf(request.form)));
    expect(start).toEqual({
      input: { action: { uuid: 'action-7' }, ident: 'start', form: { checkboxes: ['tak', 'nie', 'tak'], text: 'Półka przy kasie' } },
      file: 'camera photo',
    });
    expect(end).toEqual({ input: { action: { uuid: 'action-7' }, ident: 'end' }, file: 'camera photo' });
    expect(server.requests[0]!.idempotencyKey).not.toBe(server.requests[1]!.idempotencyKey);

    await user.click(screen.getByRole('button', { name: 'Zamknij' }));
    // Her survey of this action is stored: no form for another one, which would only be refused.
    expect(await screen.findByText('Masz już wgrane zdjęcia w ramach tej akcji')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zapisz' })).not.toBeInTheDocument();
  });

  it("a survey already stored for the action is said before she fills anything in: 'Masz już wgrane zdjęcia w ramach tej akcji', no form", async () => {
    const server = surveyServer(() => ok(), true);
    renderPage();
    expect(await screen.findByText('Masz już wgrane zdjęcia w ramach tej akcji')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zapisz' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Dodaj zdjęcie/ })).not.toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });

  it('a finished action whose report the coordinator sent back: its survey goes again, though one is stored (decision 093)', async () => {
    useAppStore.setState({ actions: { list: [], currentAction: null } });
    const server = surveyServer(() => ok({ files: [] }), true);
    const user = renderPage({ uuid: 'finished-3', name: 'Degustacja velo Lidl', since: '2026-03-03 10:00:00' });
    expect(screen.getByText('Degustacja velo Lidl')).toBeInTheDocument();
    await fillSurvey(user);

    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(await screen.findByRole('dialog', { name: 'Dziękujemy' })).toBeInTheDocument();
    const uploads = await Promise.all(server.requests.map((request) => uploadOf(request.form)));
    expect(uploads.map(({ input }) => [input.action.uuid, input.ident])).toEqual([
      ['finished-3', 'start'],
      ['finished-3', 'end'],
    ]);
  });

  it('a check that cannot reach the server (offline) leaves the form to her: the outbox takes the survey', async () => {
    useFakeServer((): ServerAnswer => 'network-error');
    renderPage();
    expect(await surveyFormShown()).toBeInTheDocument();
  });

  it("E_FILE_ALREADY_EXISTS on the 'start' photo shows its popup with meta.ts, and the 'end' photo is never sent", async () => {
    const server = surveyServer(() => refused('E_FILE_ALREADY_EXISTS'));
    const user = renderPage();
    await fillSurvey(user);

    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    const popup = await screen.findByRole('dialog', { name: 'Wystąpił błąd.' });
    expect(popup).toHaveTextContent('Masz już wgrane zdjęcia w ramach tej akcji');
    expect(popup).toHaveTextContent('Kod błędu:');
    expect(server.paths()).toEqual(['/action/file/create']);
    // The outbox shows the failure popup just before it tells the form: 'Proszę czekać...' may still
    // read for a moment (a synchronous lookup failed under load).
    expect(await screen.findByRole('button', { name: 'Zapisz' })).toBeEnabled();
  });

  it('without a connection the survey waits in the phone and she is told so', async () => {
    const server = surveyServer((): ServerAnswer => 'network-error');
    const user = renderPage();
    await fillSurvey(user);

    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(await screen.findByRole('dialog', { name: 'Zapisano w telefonie' })).toHaveTextContent('zostaną wysłane automatycznie');
    expect(server.paths()).toEqual(['/action/file/create']);
  });

  it('a picked file that is not an image is refused with a message', async () => {
    installFakeCanvas();
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new DOMException('bad', 'InvalidStateError')));
    surveyServer(() => ok());
    const user = renderPage();
    await surveyFormShown();
    await user.click(screen.getByRole('button', { name: 'Dodaj zdjęcie: Zdjęcie przed ułożeniem ekspozycji' }));
    await user.click(screen.getByRole('button', { name: 'Wybór mediów' }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('image/*');
    // The chooser's accept is only a hint (a gallery app may hand over anything): the page decodes it.
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'faktura.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Ten plik nie jest zdjęciem. Wybierz zdjęcie.')).toBeInTheDocument();
  });
});

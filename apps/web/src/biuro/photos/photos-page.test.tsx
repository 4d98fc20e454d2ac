import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildStaff, failure, ok } from '../test/builders.ts';
import { fakeAdminApi, type FakeAnswer } from '../test/fake-admin-api.ts';
import type { LibraryPhoto } from './photos-view.ts';

const t = pl.biuroPhotos;
const coordinator = buildStaff({ territories: ['WAW-CENTRUM', 'WAW-POLUDNIE'] });
const client = buildStaff({ username: 'klient@demo.pl', roles: ['client'], territories: [] });
const file = (name: string, type: string): FakeAnswer => ({ file: new Blob([name], { type }) });

let n = 0;
function buildLibraryPhoto(over: Partial<LibraryPhoto> = {}): LibraryPhoto {
  n += 1;
  return {
    uuid: `photo-${n}`,
    kind: 'start',
    takenAt: '2026-12-03 08:05:00',
    action: { uuid: `action-${n}`, name: `Akcja ${n}` },
    promoter: 'H0042',
    point: { uuid: 'point-1', name: 'Żabka Marszałkowska' },
    territory: 'WAW-CENTRUM',
    event: { ident: 'EV-2026', name: 'Sampling glo' },
    flags: [],
    ...over,
  };
}

function openPhotos(
  list: FakeAnswer | ((body: unknown) => FakeAnswer),
  { staff = coordinator, search = '?od=2026-12-01&do=2026-12-31' } = {},
) {
  staffSession.start({ token: 'staff-token', staff });
  const api = fakeAdminApi({
    '/admin/auth/session': { body: ok({ staff }) },
    '/admin/photos/list': list,
    '/admin/reports/file': file('full', 'image/jpeg'),
    '/admin/reports/file-thumbnail': file('thumbnail', 'image/webp'),
  });
  window.history.replaceState(null, '', `/biuro/zdjecia${search}`);
  render(<BiuroApp />);
  return api;
}

describe("the photo library 'Zdjęcia'", () => {
  beforeEach(() => {
    staffSession.end(null);
    let urls = 0;
    // jsdom has no object URLs.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:photo-${(urls += 1)}`, revokeObjectURL: () => {} }));
  });

  it('reads its filters from the address, asks the server with them, and writes a changed one back', async () => {
    const api = openPhotos(
      { body: ok({ photos: [buildLibraryPhoto()], next: null }) },
      { search: '?od=2026-12-01&do=2026-12-07&terytorium=WAW-CENTRUM&promotor=H0042&rodzaj=survey&wydarzenie=EV-2026' },
    );
    await waitFor(() =>
      expect(api.requestsTo('/admin/photos/list')[0]?.body).toEqual({
        from: '2026-12-01',
        to: '2026-12-07',
        pageSize: 60,
        territory: 'WAW-CENTRUM',
        promoter: 'H0042',
        event: 'EV-2026',
        kind: 'survey',
      }),
    );
    await userEvent.click(screen.getByLabelText(t.flaggedOnly));
    await waitFor(() => expect(api.requestsTo('/admin/photos/list').at(-1)?.body).toMatchObject({ flagged: true, kind: 'survey' }));
    expect(window.location.search).toContain('oznaczone=1');
    await userEvent.selectOptions(screen.getByLabelText(t.kind), t.kinds.end!);
    await waitFor(() => expect(api.requestsTo('/admin/photos/list').at(-1)?.body).toMatchObject({ kind: 'end' }));
    expect(window.location.search).toContain('rodzaj=end');
  });

  it("a thumbnail's point narrows the page to that point, shown by its name, and the chip's × brings every point back", async () => {
    const other = buildLibraryPhoto({ point: { uuid: 'point-2', name: 'Lewiatan Puławska' } });
    const api = openPhotos((body) =>
      (body as { point?: { uuid: string } }).point?.uuid === 'point-2'
        ? { body: ok({ photos: [other], next: null }) }
        : { body: ok({ photos: [buildLibraryPhoto(), other], next: null }) },
    );
    expect(await screen.findByText(t.anyPoint)).toBeInTheDocument();
    // The filters come before the photos' answer: wait for the thumbnails (a busy machine took longer).
    await userEvent.click(await screen.findByRole('button', { name: t.onlyPoint('Lewiatan Puławska') }));
    await waitFor(() => expect(api.requestsTo('/admin/photos/list').at(-1)?.body).toMatchObject({ point: { uuid: 'point-2' } }));
    expect(window.location.search).toContain('punkt=point-2');
    const clear = await screen.findByRole('button', { name: t.clearPoint('Lewiatan Puławska') });
    // While one point is shown, its name under a photo is text, not a filter again.
    expect(screen.queryByRole('button', { name: t.onlyPoint('Lewiatan Puławska') })).not.toBeInTheDocument();
    await userEvent.click(clear);
    await waitFor(() => expect(api.requestsTo('/admin/photos/list').at(-1)?.body).not.toHaveProperty('point'));
    expect(window.location.search).not.toContain('punkt=');
  });

  it('shows each photo as a thumbnail with its kind, time, promoter and point; "Pokaż więcej" brings the next page by its key', async () => {
    const first = buildLibraryPhoto({ flags: ['photo_reused'] });
    const second = buildLibraryPhoto({ kind: 'survey', takenAt: '2026-12-02 17:40:00', promoter: 'H0077', point: null });
    const api = openPhotos((body) =>
      (body as { after?: string }).after === 'key-1'
        ? { body: ok({ photos: [second], next: null }) }
        : { body: ok({ photos: [first], next: 'key-1' }) },
    );
    const tile = (await screen.findByRole('button', { name: t.open('Start, 03.12.2026 08:05, Żabka Marszałkowska, H0042') })).closest(
      'li',
    )!;
    expect(tile).toHaveTextContent('H0042');
    expect(tile).toHaveTextContent(t.flags.photo_reused!);
    // The thumbnail is decoration of its labelled button (alt=""), fetched with the staff token.
    await waitFor(() => expect(tile.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^blob:/)));

    await userEvent.click(screen.getByRole('button', { name: t.more }));
    expect(await screen.findByRole('button', { name: t.open(`Ankieta, 02.12.2026 17:40, ${t.noPoint}, H0077`) })).toBeInTheDocument();
    expect(api.requestsTo('/admin/photos/list').at(-1)?.body).toMatchObject({ after: 'key-1' });
    expect(screen.getAllByRole('listitem').filter((item) => item.classList.contains('photo-tile'))).toHaveLength(2);
    expect(screen.getByText(t.allShown)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.more })).not.toBeInTheDocument();
  });

  it('opens a photo full size in a dialog that Escape closes, giving focus back to its thumbnail', async () => {
    const photo = buildLibraryPhoto({ kind: 'end', takenAt: '2026-12-03 21:00:00' });
    const api = openPhotos({ body: ok({ photos: [photo], next: null }) });
    const thumbnail = await screen.findByRole('button', { name: t.open('Koniec, 03.12.2026 21:00, Żabka Marszałkowska, H0042') });
    await userEvent.click(thumbnail);
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle('Koniec, 03.12.2026 21:00, Żabka Marszałkowska, H0042') });
    await waitFor(() => expect(within(dialog).getByRole('img')).toHaveAttribute('alt', expect.stringContaining('Koniec')));
    expect(api.requestsTo('/admin/reports/file').at(-1)?.body).toEqual({ file: { uuid: photo.uuid } });
    expect(dialog).toHaveTextContent(t.action(photo.action.name));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(thumbnail).toHaveFocus());
  });

  it('the client has no promoter filter and sends none even when the address names one', async () => {
    const api = openPhotos(
      { body: ok({ photos: [buildLibraryPhoto({ promoter: null })], next: null }) },
      { staff: client, search: '?od=2026-12-01&do=2026-12-31&promotor=H0042' },
    );
    await screen.findByRole('button', { name: t.open('Start, 03.12.2026 08:05, Żabka Marszałkowska') });
    expect(screen.queryByLabelText(t.promoter)).not.toBeInTheDocument();
    expect(screen.getByText(t.clientIntro)).toBeInTheDocument();
    expect(api.requestsTo('/admin/photos/list')[0]?.body).not.toHaveProperty('promoter');
  });

  it('says when nothing matches, and when the server fails offers to try again', async () => {
    let calls = 0;
    openPhotos(() => {
      calls += 1;
      return calls === 1 ? { status: 500, body: failure('E_INTERNAL') } : { body: ok({ photos: [], next: null }) };
    });
    await userEvent.click(await screen.findByRole('button', { name: pl.biuro.table.retry }));
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { BiuroApp } from '../app/biuro-app.tsx';
import { staffSession } from '../auth/staff-session.ts';
import { buildStaff, failure, ok } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';
import { buildRegisterPoint, pointsImportAnswer, registerPage } from '../test/point-builders.ts';

const t = pl.biuroPoints;
const staff = buildStaff({ territories: ['WAW-CENTRUM'] });

function openPoints(answers: Parameters<typeof fakeAdminApi>[0], path = '/biuro/punkty') {
  staffSession.start({ token: 'staff-token', staff });
  const api = fakeAdminApi({
    '/admin/auth/session': { body: ok({ staff }) },
    '/admin/territories': { body: ok({ territories: [{ ident: 'WAW-CENTRUM', name: 'Warszawa Centrum' }] }) },
    ...answers,
  });
  window.history.replaceState(null, '', path);
  render(<BiuroApp />);
  return api;
}

const table = () => screen.findByRole('table', { name: t.title });

describe('the points page', () => {
  beforeEach(() => staffSession.end(null));

  it('lists the register of her territories; a search and the archive are asked of the server', async () => {
    const point = buildRegisterPoint({ name: 'Złote Tarasy', chain: 'Galerie', latitude: 52.2301, longitude: 21.0027 });
    const api = openPoints({ '/admin/points/list': { body: ok(registerPage([point])) } });
    const row = await within(await table()).findByRole('row', { name: /Złote Tarasy/ });
    expect(row).toHaveTextContent(point.code);
    expect(row).toHaveTextContent('ul. Marszałkowska 104, 00-017 Warszawa');
    expect(row).toHaveTextContent('52,2301, 21,0027');
    expect(api.requestsTo('/admin/points/list')[0]!.body).toEqual({ page: 1, pageSize: 200, archived: false });

    await userEvent.type(screen.getByRole('searchbox', { name: pl.biuro.table.search }), 'złote');
    await waitFor(() => expect(api.requestsTo('/admin/points/list').at(-1)!.body).toMatchObject({ search: 'złote' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: t.view }), t.archive);
    await screen.findByRole('table', { name: `${t.title}: ${t.archive}` });
    expect(api.requestsTo('/admin/points/list').at(-1)!.body).toEqual({ page: 1, pageSize: 200, archived: true, search: 'złote' });
    expect(window.location.search).toContain('widok=archiwum');
  });

  it('a new point: the first wrong field takes focus; once right, it goes to the server with its code in capitals', async () => {
    const created = buildRegisterPoint({ name: 'Arkadia' });
    const api = openPoints({
      '/admin/points/list': { body: ok(registerPage([])) },
      '/admin/points/create': { body: ok({ point: created }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: t.add }));
    const panel = await screen.findByRole('dialog', { name: t.createTitle });
    // Her only territory is chosen for her.
    expect(await within(panel).findByRole('combobox', { name: t.form.territory })).toHaveValue('WAW-CENTRUM');
    await userEvent.type(within(panel).getByLabelText(t.form.latitude), '52,2565');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    expect(within(panel).getByLabelText(t.form.name)).toHaveFocus();
    expect(within(panel).getByText('Podaj obie współrzędne albo żadnej.')).toBeInTheDocument();

    await userEvent.type(within(panel).getByLabelText(t.form.code), 'ark-01');
    await userEvent.type(within(panel).getByLabelText(t.form.name), 'Arkadia');
    await userEvent.type(within(panel).getByLabelText(t.form.street), 'al. Jana Pawła II 82');
    await userEvent.type(within(panel).getByLabelText(t.form.postalCode), '00-175');
    await userEvent.type(within(panel).getByLabelText(t.form.city), 'Warszawa');
    await userEvent.type(within(panel).getByLabelText(t.form.longitude), '20.9843');
    await userEvent.type(within(panel).getByLabelText(t.form.chain), 'Galerie');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));

    expect(await screen.findByText(t.created)).toBeInTheDocument();
    expect(api.requestsTo('/admin/points/create')[0]!.body).toEqual({
      point: {
        territory: { ident: 'WAW-CENTRUM' },
        code: 'ARK-01',
        name: 'Arkadia',
        streetAddress: 'al. Jana Pawła II 82',
        postalCode: '00-175',
        cityName: 'Warszawa',
        latitude: 52.2565,
        longitude: 20.9843,
        chain: 'Galerie',
        notes: null,
      },
    });
    expect(api.requestsTo('/admin/points/list')).toHaveLength(2);
  });

  it('a wrong territory or note is read with its field (aria-describedby), and the code with its hint', async () => {
    const two = buildStaff({ territories: ['WAW-CENTRUM', 'KRK'] });
    staffSession.start({ token: 'staff-token', staff: two });
    fakeAdminApi({
      '/admin/auth/session': { body: ok({ staff: two }) },
      '/admin/territories': { body: ok({ territories: [] }) },
      '/admin/points/list': { body: ok(registerPage([])) },
    });
    window.history.replaceState(null, '', '/biuro/punkty');
    render(<BiuroApp />);
    await userEvent.click(await screen.findByRole('button', { name: t.add }));
    const panel = await screen.findByRole('dialog', { name: t.createTitle });
    const territory = await within(panel).findByRole('combobox', { name: t.form.territory });
    expect(within(panel).getByLabelText(t.form.code)).toHaveAccessibleDescription(t.form.codeHint);
    await userEvent.click(within(panel).getByLabelText(t.form.notes));
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));

    expect(territory).toBeInvalid();
    expect(territory).toHaveAccessibleDescription(t.form.chooseTerritory);
    const notes = within(panel).getByLabelText(t.form.notes);
    expect(notes).toBeInvalid();
    expect(notes).toHaveAccessibleDescription(`${t.form.notesHint} Uwagi mogą mieć najwyżej 1000 znaków.`);
  });

  it('a point the register has already: the panel says so with its code', async () => {
    openPoints({
      '/admin/points/list': { body: ok(registerPage([])) },
      '/admin/points/create': { status: 409, body: { ...failure('E_POINT_EXISTS'), data: { error: 'E_POINT_EXISTS', code: 'P-7K2M9Q' } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: t.add }));
    const panel = await screen.findByRole('dialog', { name: t.createTitle });
    await within(panel).findByRole('option', { name: 'WAW-CENTRUM' });
    await userEvent.type(within(panel).getByLabelText(t.form.name), 'Arkadia');
    await userEvent.type(within(panel).getByLabelText(t.form.street), 'al. Jana Pawła II 82');
    await userEvent.type(within(panel).getByLabelText(t.form.city), 'Warszawa');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(t.existsAs('P-7K2M9Q'));
  });

  it('shows a point with coordinates as a pin where the map has tiles, and as text where it has none', async () => {
    const located = buildRegisterPoint({ name: 'Złote Tarasy', latitude: 52.2301, longitude: 21.0027 });
    openPoints({ '/admin/points/list': { body: ok(registerPage([located], 'https://tile.openstreetmap.org/{z}/{x}/{y}.png')) } });
    await userEvent.click(await within(await table()).findByRole('button', { name: 'Złote Tarasy' }));
    const panel = await screen.findByRole('dialog', { name: t.editTitle('Złote Tarasy') });
    const map = await within(panel).findByRole('region', { name: t.map.label('Złote Tarasy') });
    expect(await within(map).findByRole('button', { name: t.map.pin('Złote Tarasy') })).toBeInTheDocument();
    expect(within(panel).getByText(t.map.coordinates(52.2301, 21.0027))).toBeInTheDocument();
    // Its territory is not changed here.
    expect(within(panel).getByRole('combobox', { name: t.form.territory })).toBeDisabled();
  });

  it('without tiles: the coordinates as text, no map', async () => {
    const located = buildRegisterPoint({ name: 'Złote Tarasy', latitude: 52.2301, longitude: 21.0027 });
    openPoints({ '/admin/points/list': { body: ok(registerPage([located], null)) } });
    await userEvent.click(await within(await table()).findByRole('button', { name: 'Złote Tarasy' }));
    const panel = await screen.findByRole('dialog', { name: t.editTitle('Złote Tarasy') });
    expect(within(panel).getByText(t.map.coordinates(52.2301, 21.0027))).toBeInTheDocument();
    expect(within(panel).queryByRole('region', { name: t.map.label('Złote Tarasy') })).toBeNull();
  });

  it('an edit sends the point with its code; archiving asks first, then the list is loaded again', async () => {
    const point = buildRegisterPoint({ name: 'Arkadia' });
    const api = openPoints({
      '/admin/points/list': { body: ok(registerPage([point])) },
      '/admin/points/update': { body: ok({ point: { ...point, chain: 'Galerie' } }) },
      '/admin/points/archive': { body: ok({ point: { ...point, archived: true } }) },
    });
    await userEvent.click(await within(await table()).findByRole('button', { name: `${t.edit}: Arkadia (${point.code})` }));
    let panel = await screen.findByRole('dialog', { name: t.editTitle('Arkadia') });
    await userEvent.type(within(panel).getByLabelText(t.form.chain), 'Galerie');
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.panel.save }));
    expect(await screen.findByText(t.updated)).toBeInTheDocument();
    expect(api.requestsTo('/admin/points/update')[0]!.body).toMatchObject({
      point: { uuid: point.uuid, code: point.code, chain: 'Galerie' },
    });

    await userEvent.click(await within(await table()).findByRole('button', { name: 'Arkadia' }));
    panel = await screen.findByRole('dialog', { name: t.editTitle('Arkadia') });
    await userEvent.click(within(panel).getByRole('button', { name: `${t.archiveAction}…` }));
    expect(within(panel).getByRole('alertdialog')).toHaveTextContent(t.archiveConfirm('Arkadia'));
    await userEvent.click(within(panel).getByRole('button', { name: t.archiveAction }));
    expect(await screen.findByText(t.archived)).toBeInTheDocument();
    expect(api.requestsTo('/admin/points/archive')[0]!.body).toEqual({ point: { uuid: point.uuid }, archived: true });
  });

  it('the import: a dry run lists the changes, or the errors by row with the template’s column names; then the write', async () => {
    let answer = pointsImportAnswer({
      created: 1,
      updated: 1,
      unchanged: 3,
      changes: [
        { change: 'created', row: 2, territory: 'WAW-CENTRUM', code: null, name: 'Arkadia', fields: [] },
        { change: 'updated', row: 4, territory: 'WAW-CENTRUM', code: 'P-7K2M9Q', name: 'Złote Tarasy', fields: ['streetAddress', 'chain'] },
      ],
    });
    const api = openPoints({
      '/admin/points/list': { body: ok(registerPage([])) },
      '/admin/points/import': () => ({ body: ok(answer) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: t.import }));
    const panel = await screen.findByRole('dialog', { name: t.csv.title });
    await userEvent.upload(
      within(panel).getByLabelText(t.csv.file),
      new File(['terytorium;nazwa_punktu\n'], 'punkty.csv', { type: 'text/csv' }),
    );
    await userEvent.click(within(panel).getByRole('button', { name: t.csv.preview }));
    expect(await within(panel).findByText(t.csv.created(1))).toBeInTheDocument();
    const changes = within(panel).getAllByRole('row');
    expect(changes[1]).toHaveTextContent(t.csv.newCode);
    expect(changes[2]).toHaveTextContent('ulica, sieć');
    expect((api.requestsTo('/admin/points/import')[0]!.body as FormData).get('dryRun')).toBe('true');

    answer = { ...answer, dryRun: false };
    await userEvent.click(within(panel).getByRole('button', { name: t.csv.confirm }));
    expect(await screen.findByText(t.csv.done(1, 1))).toBeInTheDocument();
    expect((api.requestsTo('/admin/points/import')[1]!.body as FormData).get('dryRun')).toBe('false');
  });

  it('an import refused by row shows each error under the Polish name of its column', async () => {
    openPoints({
      '/admin/points/list': { body: ok(registerPage([])) },
      '/admin/points/import': {
        status: 422,
        body: {
          ...failure('E_POINTS_INVALID'),
          data: {
            error: 'E_POINTS_INVALID',
            errors: [{ row: 3, column: 'postal_code', message: 'Kod pocztowy musi mieć postać 00-000.' }],
            errorCount: 1,
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: t.import }));
    const panel = await screen.findByRole('dialog', { name: t.csv.title });
    await userEvent.upload(within(panel).getByLabelText(t.csv.file), new File(['x'], 'punkty.csv', { type: 'text/csv' }));
    await userEvent.click(within(panel).getByRole('button', { name: t.csv.preview }));
    expect(await within(panel).findByText(t.csv.errorsTitle(1))).toBeInTheDocument();
    expect(within(panel).getByRole('row', { name: /kod_pocztowy/ })).toHaveTextContent('Kod pocztowy musi mieć postać 00-000.');
    expect(within(panel).queryByRole('button', { name: t.csv.confirm })).toBeNull();
  });
});

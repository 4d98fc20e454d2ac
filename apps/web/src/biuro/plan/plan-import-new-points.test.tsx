import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import type { ImportAnswer } from '../api/admin-types.ts';
import { ok } from '../test/builders.ts';
import { fakeAdminApi } from '../test/fake-admin-api.ts';
import { PlanImportPanel } from './plan-import-panel.tsx';

// The plan import's dry run lists the points the register has not (issue 34, decision 125); the write adds them.

const answer = (over: Partial<ImportAnswer> = {}): ImportAnswer => ({
  dryRun: true,
  created: 0,
  updated: 0,
  unchanged: 2,
  changes: [],
  past: [],
  pastCount: 0,
  conflicts: [],
  conflictCount: 0,
  newPoints: [],
  newPointCount: 0,
  ...over,
});

describe("the plan import's new points", () => {
  it('lists each point new to the register with its row, and offers the write even when no action changes', async () => {
    let next = answer({
      newPoints: [
        {
          row: 3,
          territory: 'WAW-CENTRUM',
          name: 'Kiosk przy metrze',
          streetAddress: 'ul. Świętokrzyska 1',
          postalCode: null,
          cityName: 'Warszawa',
        },
      ],
      newPointCount: 1,
    });
    const api = fakeAdminApi({ '/admin/actions/import': () => ({ body: ok(next) }) });
    let imported = '';
    render(<PlanImportPanel open onClose={() => {}} onImported={(message) => (imported = message)} />);
    const panel = await screen.findByRole('dialog', { name: pl.biuro.csvImport.title });
    expect(within(panel).getByText(pl.biuroPoints.planImport.form)).toBeInTheDocument();
    // The template's header, as the dialog shows it, names the point's code.
    expect(panel.querySelector('code')?.textContent).toContain(';kod_punktu;nazwa_punktu;');
    await userEvent.upload(within(panel).getByLabelText(pl.biuro.csvImport.file), new File(['x'], 'plan.csv', { type: 'text/csv' }));
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.csvImport.preview }));

    const list = await within(panel).findByRole('region', { name: pl.biuroPoints.planImport.newPointsTitle(1) });
    expect(list).toHaveTextContent(
      pl.biuroPoints.planImport.newPoint(3, 'Kiosk przy metrze', 'ul. Świętokrzyska 1, Warszawa', 'WAW-CENTRUM'),
    );
    next = answer({ dryRun: false, newPointCount: 1 });
    await userEvent.click(within(panel).getByRole('button', { name: pl.biuro.csvImport.confirm }));
    expect(api.requestsTo('/admin/actions/import')).toHaveLength(2);
    await waitFor(() => expect(imported).toBe(pl.biuro.csvImport.done(0, 0)));
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { ConfirmedAction } from './confirmed-action.tsx';

const renderAction = (onConfirm = vi.fn()) =>
  render(<ConfirmedAction id="cancel-action" label="Odwołaj akcję" question="Odwołać akcję?" busy={false} onConfirm={onConfirm} />);

describe('confirmed action', () => {
  it('asked by keyboard, the question takes focus on its safe answer, and "Anuluj" gives it back to the first button', async () => {
    const user = userEvent.setup();
    renderAction();
    await user.tab();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('alertdialog', { name: 'Odwołać akcję?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: pl.biuro.panel.cancel })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Odwołaj akcję…' })).toHaveFocus();
  });

  it('only the second button acts', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderAction(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Odwołaj akcję…' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Odwołaj akcję' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

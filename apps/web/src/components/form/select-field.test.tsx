import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SelectField, type SelectFieldProps } from './select-field.tsx';

const colours = ['Biały', 'Czarny', 'Czerwony', 'Niebieski', 'Zielony', 'Złoty', 'Srebrny', 'Różowy'].map((label) => ({
  value: label.toLowerCase(),
  label,
}));

function Colour(props: Partial<SelectFieldProps<string>>) {
  const [value, setValue] = useState<string | null>(null);
  return <SelectField label="Kolor" name="color" options={colours} value={value} onChange={setValue} {...props} />;
}

describe('select', () => {
  it("says 'Select...' until something is chosen, and is named by its label", () => {
    render(<Colour />);
    expect(screen.getByRole('combobox', { name: 'Kolor' })).toHaveTextContent('Select...');
  });

  it("'No options' for an empty list and 'Loading...' while the options load", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Colour options={[]} />);
    await user.click(screen.getByRole('combobox', { name: 'Kolor' }));
    expect(screen.getByRole('listbox', { name: 'Kolor' })).toHaveTextContent('No options');

    rerender(<Colour options={[]} loading />);
    expect(screen.getByRole('listbox', { name: 'Kolor' })).toHaveTextContent('Loading...');
  });

  it('is used by keyboard: arrows, Page Down by five, End, Enter picks and focus stays on it', async () => {
    const user = userEvent.setup();
    render(<Colour />);
    const select = screen.getByRole('combobox', { name: 'Kolor' });
    select.focus();

    await user.keyboard('{ArrowDown}');
    expect(select).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{PageDown}');
    expect(select).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Srebrny' }).id);
    await user.keyboard('{End}{Enter}');

    expect(select).toHaveTextContent('Różowy');
    expect(select).toHaveAttribute('aria-expanded', 'false');
    expect(select).toHaveFocus();
  });

  it('Escape closes the menu without choosing; a click on an option chooses it', async () => {
    const user = userEvent.setup();
    render(<Colour />);
    const select = screen.getByRole('combobox', { name: 'Kolor' });

    await user.click(select);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(select).toHaveTextContent('Select...');

    await user.click(select);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Złoty' }));
    expect(select).toHaveTextContent('Złoty');
  });

  it('spec §9 sizes: the menu is at most 300 px high, and opens upwards when less than 140 px fit below', async () => {
    const user = userEvent.setup();
    render(<Colour />);
    const select = screen.getByRole('combobox', { name: 'Kolor' });
    await user.click(select);
    expect(screen.getByRole('listbox')).toHaveStyle({ maxHeight: '300px' });
    await user.keyboard('{Escape}');

    select.getBoundingClientRect = () => ({ top: 600, bottom: 648 }) as DOMRect;
    await user.click(select);
    expect(screen.getByRole('listbox')).toHaveClass('select__menu--above');
  });
});

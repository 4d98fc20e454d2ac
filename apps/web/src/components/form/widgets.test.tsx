import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup } from './choice-fields.tsx';
import { BirthDateField, PostalCodeField } from './date-fields.tsx';
import { PhoneField } from './phone-field.tsx';
import { Stepper, StepperNav, useStepper } from './stepper.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextareaField } from './textarea-field.tsx';

const binding = <T,>(name: string, value: T, error: string | null = null) => ({ name, value, error, onChange: vi.fn(), onBlur: vi.fn() });

describe('form widgets', () => {
  it('postal code: placeholder xx-xxx and the 99-999 mask as she types', async () => {
    const user = userEvent.setup();
    function Postal() {
      const [value, setValue] = useState('');
      return <PostalCodeField label="Kod pocztowy" name="billingPostalCode" value={value} onChange={setValue} />;
    }
    render(<Postal />);
    const field = screen.getByRole('textbox', { name: 'Kod pocztowy' });
    expect(field).toHaveAttribute('placeholder', 'xx-xxx');

    await user.type(field, '0a01234');

    expect(field).toHaveValue('00-123');
  });

  it('birth date: a date input from 1904-01-01 to today', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z'), toFake: ['Date'] });
    render(<BirthDateField label="Data urodzenia" {...binding('birthDate', '')} />);
    const field = screen.getByLabelText('Data urodzenia');
    expect(field).toHaveAttribute('type', 'date');
    expect(field).toHaveAttribute('min', '1904-01-01');
    expect(field).toHaveAttribute('max', '2026-11-23');
    vi.useRealTimers();
  });

  it('phone: a prefix dropdown and a tel number under one label, each with its message', () => {
    render(
      <PhoneField
        label="Telefon"
        prefixes={['+48', '+380']}
        prefix={binding('numberPrefix', '+48')}
        number={binding('mobileNumber', '12', 'Numer telefonu jest zbyt krótki.')}
      />,
    );
    expect(screen.getByRole('group', { name: 'Telefon' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Prefiks' })).toHaveValue('+48');
    expect(screen.getByRole('option', { name: '+380' })).toBeInTheDocument();
    const number = screen.getByRole('textbox', { name: 'Numer telefonu' });
    expect(number).toHaveAttribute('type', 'tel');
    expect(number).toHaveAccessibleDescription('Numer telefonu jest zbyt krótki.');
  });

  it('radio group: named by its legend, one choice, its message tied to the group', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <RadioGroup
        legend="Czy planogram został przygotowany?"
        options={[
          { value: 'tak', label: 'tak' },
          { value: 'nie', label: 'nie' },
        ]}
        {...binding<'tak' | 'nie' | null>('option2', null, 'Odpowiedź jest wymagana')}
        onChange={onChange}
      />,
    );
    const group = screen.getByRole('group', { name: 'Czy planogram został przygotowany?' });
    expect(group).toHaveAccessibleDescription('Odpowiedź jest wymagana');

    await user.click(screen.getByRole('radio', { name: 'nie' }));

    expect(onChange).toHaveBeenCalledWith('nie');
  });

  it('textarea: labelled, with its message', () => {
    render(<TextareaField label="Twój komentarz (opcjonalnie)" {...binding('additionalInfo', '', 'To pole jest wymagane')} />);
    expect(screen.getByRole('textbox', { name: 'Twój komentarz (opcjonalnie)' })).toHaveAccessibleDescription('To pole jest wymagane');
  });

  it("submit button: 'Wysyłanie' and disabled while sending; disabled while the form is invalid", () => {
    const { rerender } = render(
      <SubmitButton sending={false} invalid>
        Zarejestruj
      </SubmitButton>,
    );
    expect(screen.getByRole('button', { name: 'Zarejestruj' })).toBeDisabled();
    rerender(<SubmitButton sending={false}>Zarejestruj</SubmitButton>);
    expect(screen.getByRole('button', { name: 'Zarejestruj' })).toBeEnabled();
    rerender(<SubmitButton sending>Zarejestruj</SubmitButton>);
    expect(screen.getByRole('button', { name: 'Wysyłanie' })).toBeDisabled();
  });

  it("stepper: steps 0 to 4, 'Dalej' and 'Cofnij' move between them and stop at the ends", async () => {
    const user = userEvent.setup();
    function Steps() {
      const stepper = useStepper(5);
      return (
        <>
          <Stepper step={stepper.step} count={stepper.count} />
          <StepperNav onBack={stepper.isFirst ? undefined : stepper.back} onNext={stepper.next} nextDisabled={stepper.isLast} />
        </>
      );
    }
    render(<Steps />);
    const current = () => screen.getAllByRole('listitem').find((item) => item.getAttribute('aria-current') === 'step');
    expect(current()).toHaveAccessibleName('Krok 1 z 5');
    expect(screen.queryByRole('button', { name: 'Cofnij' })).not.toBeInTheDocument();

    for (let i = 0; i < 4; i += 1) await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(current()).toHaveAccessibleName('Krok 5 z 5');
    expect(screen.getByRole('button', { name: 'Dalej' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cofnij' }));
    expect(current()).toHaveAccessibleName('Krok 4 z 5');
  });
});

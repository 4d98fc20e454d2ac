import { cashTerminalRules, required, ruleMessages, type Rule } from '@promotor/contract/rules';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxField, CheckboxGroup } from '../../components/form/choice-fields.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormKit } from './use-form-kit.ts';

type Registration = {
  code: string;
  consent: boolean;
  flavours: readonly ('mint' | 'berry')[];
  offers: { Glo?: { model: string | null } };
};

const mustAgree: Rule<boolean> = (value) => (value ? null : 'Zgoda wymagana.');

function RegistrationForm({ send }: { send: (values: Registration) => Promise<void> }) {
  const form = useFormKit<Registration>({
    initial: { code: '', consent: false, flavours: [], offers: { Glo: { model: null } } },
    rules: { code: cashTerminalRules, consent: [mustAgree] },
    // Across fields: a chosen Glo offer needs its model (spec §5 Offers).
    validate: (values) => (values.offers.Glo && !values.offers.Glo.model ? { 'offers.Glo.model': ruleMessages.fieldRequired } : {}),
  });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(send, () => {})(event)}>
      <TextField label="Kod" {...form.bind('code')} />
      <CheckboxField label="Zgadzam się" {...form.bind('consent')} />
      <CheckboxGroup
        legend="Smaki"
        options={[
          { value: 'mint', label: 'Mięta' },
          { value: 'berry', label: 'Jagoda' },
        ]}
        {...form.bind('flavours')}
      />
      <SelectField label="Model" options={[{ value: 'hyper-pro', label: 'Hyper Pro' }]} {...form.bind('offers.Glo.model')} />
      <output>{form.dirty ? 'zmieniony' : 'bez zmian'}</output>
      <output>{JSON.stringify(form.values.flavours)}</output>
      <SubmitButton sending={form.submitting}>Zarejestruj</SubmitButton>
    </form>
  );
}

describe('form kit', () => {
  it('shows a field’s Polish message when it is left, not while it is first typed into', async () => {
    const user = userEvent.setup();
    render(<RegistrationForm send={vi.fn()} />);
    const code = screen.getByRole('textbox', { name: 'Kod' });

    await user.type(code, 'A');
    expect(screen.queryByText('Wprowadź co najmniej 3 znaki.')).not.toBeInTheDocument();
    await user.tab();

    expect(code).toHaveAccessibleDescription('Wprowadź co najmniej 3 znaki.');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.type(code, 'B1');
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  it('submit shows every message, focuses the first invalid field and sends nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<RegistrationForm send={send} />);

    await user.click(screen.getByRole('button', { name: 'Zarejestruj' }));

    expect(send).not.toHaveBeenCalled();
    const code = screen.getByRole('textbox', { name: 'Kod' });
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription('To pole jest wymagane');
    expect(screen.getByRole('checkbox', { name: 'Zgadzam się' })).toHaveAccessibleDescription('Zgoda wymagana.');
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveAccessibleDescription('To pole jest wymagane');
  });

  it('carries booleans, arrays and nested offers, and sends them typed; the button says "Wysyłanie" meanwhile', async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<RegistrationForm send={send} />);
    expect(screen.getByText('bez zmian')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Kod' }), 'AB12');
    await user.click(screen.getByRole('checkbox', { name: 'Zgadzam się' }));
    await user.click(screen.getByRole('checkbox', { name: 'Jagoda' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mięta' }));
    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    await user.click(screen.getByRole('option', { name: 'Hyper Pro' }));
    expect(screen.getByText('zmieniony')).toBeInTheDocument();
    expect(screen.getByText('["mint","berry"]')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zarejestruj' }));

    expect(send).toHaveBeenCalledWith({
      code: 'AB12',
      consent: true,
      flavours: ['mint', 'berry'],
      offers: { Glo: { model: 'hyper-pro' } },
    });
    expect(screen.getByRole('button', { name: 'Wysyłanie' })).toBeDisabled();
    finish();
    expect(await screen.findByRole('button', { name: 'Zarejestruj' })).toBeEnabled();
  });

  it('a failed send goes to onError and the form can be sent again', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    function Form() {
      const form = useFormKit({ initial: { name: 'Anna' }, rules: { name: [required('Podaj imię konsumenta.')] } });
      const send = () => Promise.reject(new Error('offline'));
      return (
        <form onSubmit={(event) => void form.handleSubmit(send, onError)(event)}>
          <SubmitButton sending={form.submitting}>Zapisz</SubmitButton>
        </form>
      );
    }
    render(<Form />);

    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(onError).toHaveBeenCalledWith(new Error('offline'));
    expect(screen.getByRole('button', { name: 'Zapisz' })).toBeEnabled();
  });
});

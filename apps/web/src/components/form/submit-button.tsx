import * as pl from '../../i18n/pl.ts';
import { Button, type ButtonProps } from '../ui/button.tsx';

export type SubmitButtonProps = Omit<ButtonProps, 'type' | 'busy'> & {
  sending: boolean;
  /** Invalid forms cannot be sent (spec §2); say why with aria-describedby. */
  invalid?: boolean;
};

/** spec §2 submit button: 'Wysyłanie' while sending; disabled while sending or when the form is invalid. */
export function SubmitButton({ sending, invalid = false, disabled, children, ...rest }: SubmitButtonProps) {
  return (
    <Button type="submit" busy={sending} disabled={disabled || invalid} {...rest}>
      {sending ? pl.forms.sending : children}
    </Button>
  );
}

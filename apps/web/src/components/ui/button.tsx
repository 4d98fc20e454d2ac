import type { ButtonHTMLAttributes } from 'react';
import { classNames } from './class-names.ts';
import './button.css';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'text';
  /** Disables the button and tells assistive technology that something is in progress. */
  busy?: boolean;
  block?: boolean;
};

export function Button({ variant = 'primary', busy = false, block = false, type = 'button', className, disabled, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={classNames('button', `button--${variant}`, block && 'button--block', className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    />
  );
}

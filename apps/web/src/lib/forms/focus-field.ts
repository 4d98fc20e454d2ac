/** Moves focus to the named control of a form (the first invalid field after submit); of radios, the first. */
export function focusField(form: HTMLFormElement, name: string): void {
  const element = form.elements.namedItem(name);
  const control = element instanceof RadioNodeList ? element[0] : element;
  if (control instanceof HTMLElement) control.focus();
}

/** After a check on submit: focuses the first field with an error and says whether there was one. */
export function focusFirstInvalid(form: HTMLFormElement, errors: Partial<Record<string, unknown>>): boolean {
  const first = Object.keys(errors).find((name) => errors[name] !== undefined);
  if (first) focusField(form, first);
  return first !== undefined;
}

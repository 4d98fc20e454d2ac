/** Moves focus to the named control of a form (the first invalid field after submit); of radios, the first. */
export function focusField(form: HTMLFormElement, name: string): void {
  const element = form.elements.namedItem(name);
  const control = element instanceof RadioNodeList ? element[0] : element;
  if (control instanceof HTMLElement) control.focus();
}

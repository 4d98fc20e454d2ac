/**
 * A number as people write it: '+48 600 123 456' for the stored '+48600123456' (E.164). Spaced, a
 * long number wraps between its groups, never inside one, when the text is large (issue 39: 200 %
 * text on a 360 px phone). Any other number is shown as stored.
 */
export function phoneNumberForReading(stored: string): string {
  const polish = /^\+48(\d{3})(\d{3})(\d{3})$/.exec(stored);
  return polish ? `+48 ${polish[1]} ${polish[2]} ${polish[3]}` : stored;
}

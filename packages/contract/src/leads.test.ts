import { describe, expect, it } from 'vitest';
import { LeadOtpBody } from './leads.ts';
import { webformMessages } from './rules/webform-messages.ts';

// The server's body schema and the form's step 0 rule must agree on what an e-mail address is.
const otpBody = (emailAddress: string) => ({ lead: { process: 'TOURPLANNER', emailAddress, mobileNumber: '+48600123456' } });

describe('LeadOtpBody e-mail', () => {
  it.each(['żaneta.kowalska@poczta.pl', 'jan..kowalski@example.com', 'ANNA@Example.PL'])('accepts %s, as the form does', (email) => {
    expect(LeadOtpBody.safeParse(otpBody(email)).success).toBe(true);
  });

  it.each(['anna@', 'anna kowalska@example.com', 'anna@example', '@example.com'])('refuses %s with the form message', (email) => {
    const result = LeadOtpBody.safeParse(otpBody(email));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(webformMessages.invalidEmail);
  });
});

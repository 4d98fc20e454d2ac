import { useRef, useState } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { ApiError, endsSession } from '../../../lib/api-client.ts';
import { sendCodes, verifyCodes } from '../api/webform.api.ts';
import type { WebformModal } from '../components/webform-modals.tsx';
import { allOffersEnabled, collapseChecks } from '../verification.ts';
import { currentForm, goToStep, patchData, updateForm } from '../webform-store.ts';

const t = pl.webform;

/** spec §8: a lost connection on the webform asks to check it; nothing typed is lost. */
export const networkModal = (): WebformModal => ({ kind: 'error', description: t.network, code: null });

const isNetwork = (error: unknown) => error instanceof ApiError && error.kind === 'network';

/**
 * Steps 0 and 1 (spec §4 Webform): sending the codes (step 0 → 1, and 'Wyślij ponownie') and the
 * verification (step 1 → 2). Each runs once at a time; the outcome is said by `show`.
 */
export function useCodes(eventIdent: string, show: (modal: WebformModal) => void) {
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const running = useRef(false);

  async function once(kind: 'send' | 'verify', work: () => Promise<void>): Promise<void> {
    if (running.current) return;
    running.current = true;
    setBusy(kind);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(null);
    }
  }

  /** spec §7 /lead/otp; §8 Other: a failure opens 'Wystąpił błąd.' with the code's message. Resolves true when sent. */
  async function send(): Promise<boolean> {
    let sent = false;
    await once('send', async () => {
      const form = currentForm();
      if (!form) return;
      try {
        await sendCodes(form.data);
        sent = true;
        // New codes replace the old ones (decision 063): what was typed is stale.
        patchData({ otp: '', otpEmail: '' });
        updateForm({ codesSkipped: false });
      } catch (error) {
        if (endsSession(error)) return;
        if (isNetwork(error)) return show(networkModal());
        const code = error instanceof ApiError ? error.code : null;
        show({ kind: 'error', description: code ? pl.errors.ofCode(code) : t.codesNotSent, code: (error as ApiError).ts ?? code });
      }
    });
    return sent;
  }

  /**
   * spec §4: a known consumer → verified, each group of flags collapsed, step 2 (Glo_Pro opens the
   * webform-available-modal); error_m2_not_found_in_salesforce → a new consumer with every offer;
   * any other error → step 1 stays, the error is stored, the OTP error popup opens.
   * `withoutCodes`: the special test action's verification (spec §2), '' codes.
   */
  function verify(withoutCodes = false): Promise<void> {
    return once('verify', async () => {
      const form = currentForm();
      if (!form) return;
      const data = withoutCodes ? { ...form.data, otp: '', otpEmail: '' } : form.data;
      try {
        const answer = await verifyCodes(data, eventIdent);
        goToStep(2, {
          verified: true,
          newUser: false,
          verification: collapseChecks(answer.verification),
          gloPro: answer.Glo_Pro,
          sfVerificationBypassed: answer.sfVerificationBypassed,
          verifyError: null,
        });
        if (answer.Glo_Pro) show({ kind: 'available' });
      } catch (error) {
        if (endsSession(error)) return;
        if (isNetwork(error)) return show(networkModal());
        const code = error instanceof ApiError ? error.code : null;
        if (code === 'error_m2_not_found_in_salesforce') {
          goToStep(2, { verified: true, newUser: true, verification: allOffersEnabled(), gloPro: false, verifyError: null });
          return;
        }
        updateForm({ verified: false, verifyError: code ?? 'unexpected' });
        show({ kind: 'otp', code });
      }
    });
  }

  return { send, verify, busy };
}

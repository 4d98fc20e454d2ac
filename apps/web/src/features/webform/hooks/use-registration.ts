import type { Action, WebformCatalogues } from '@promotor/contract';
import { sendRuleViolation } from '@promotor/contract/rules';
import { useRef, useState } from 'react';
import { withKeptIntent, type IntentKeeping } from '../../../lib/requests/index.ts';
import type { WebformModal } from '../components/webform-modals.tsx';
import { queueAfterRegistration } from '../submit/after-registration.ts';
import { newAttempt, sendAttempt } from '../submit/registration-attempt.ts';
import { backToCodes, registrationOutcome, type RegistrationOutcome } from '../submit/registration-outcome.ts';
import type { PendingRegistration, WebformForm } from '../webform.slice.ts';
import { currentForm, goToStep, updateForm } from '../webform-store.ts';

export type RegistrationContext = {
  action: Action;
  catalogues: WebformCatalogues;
  /** The special test action: no send rule (spec §2). */
  testAction: boolean;
  show: (modal: WebformModal) => void;
  /** E_CONSENT_TEXT_CHANGED: the catalogues (with the consent texts) are loaded again. */
  reloadCatalogues: () => void;
};

/** The attempt not answered yet, kept in the form (saved with the store): a reload keeps it too. */
const keptAttempt: IntentKeeping<PendingRegistration> = {
  kept: () => currentForm()?.pendingRegistration,
  keep: (attempt) => updateForm({ pendingRegistration: attempt }),
  forget: () => updateForm({ pendingRegistration: null }),
};

/**
 * spec §4, §5 Send rule and Registration, §8: 'Zarejestruj'. Sent directly with one Idempotency-Key
 * per attempt; the attempt (its key and whole body) is kept in the form until the server answers
 * (lib/requests/kept-intent.ts), and while it is kept the form is locked and a retry ('Wyślij
 * ponownie', even after a reload) sends that same body again, so she is registered once and told so.
 * What each answer leads to is registrationOutcome's. A second submit while one runs is ignored.
 */
export function useRegistration({ action, catalogues, testAction, show, reloadCatalogues }: RegistrationContext) {
  const running = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  async function follow({ queue, step, change, reloadCatalogues: reload, modal }: RegistrationOutcome): Promise<void> {
    if (queue) {
      try {
        await queueAfterRegistration({ actionUuid: action.uuid, ...queue });
      } catch (error) {
        // No IndexedDB on this phone: the registration stands; the receipt cannot wait to be sent.
        console.warn('webform: receipt or device burn not queued', error);
      }
    }
    if (reload) reloadCatalogues();
    if (step !== undefined) goToStep(step, change);
    else if (change) updateForm(change);
    if (modal) show(modal);
  }

  async function send(form: WebformForm, withoutCodes: boolean): Promise<void> {
    try {
      // The answer is followed before the attempt is forgotten: a reload meanwhile resends it, replayed.
      const make = () => newAttempt({ form, action, catalogues, withoutCodes });
      await withKeptIntent(keptAttempt, make, async (attempt) =>
        follow(registrationOutcome(form, { registered: await sendAttempt(attempt), sent: attempt.body })),
      );
    } catch (error) {
      await follow(registrationOutcome(form, { error }));
    }
  }

  /**
   * 'Zarejestruj' (after step 3's checks) or 'Wyślij ponownie'; `withoutCodes`: the test action's
   * 'Zarejestruj bez kodów'. A kept attempt is resent as it was: no rule is checked again.
   */
  async function register(withoutCodes = false): Promise<void> {
    const form = currentForm();
    if (running.current || !form) return;
    const violation = testAction || form.pendingRegistration ? null : sendRuleViolation(form.data);
    if (violation) return follow({ ...backToCodes(form), modal: { kind: 'error', description: violation, code: null } });
    running.current = true;
    setSubmitting(true);
    try {
      await send(form, withoutCodes);
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  }

  return { register, submitting };
}

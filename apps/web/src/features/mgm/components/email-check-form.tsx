import { mgmEmailRules } from '@promotor/contract/rules';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useFormKit } from '../../../lib/forms/use-form-kit.ts';
import { checkConsumer } from '../mgm-store.ts';

const t = pl.mgm;

/** spec §4 null: the consumer's e-mail, checked by §5 MGM's rule before /mgm/validate-consumer. */
export function EmailCheckForm({ initialEmail }: { initialEmail: string }) {
  const form = useFormKit({ initial: { emailAddress: initialEmail }, rules: { emailAddress: mgmEmailRules } });
  const onSubmit = form.handleSubmit(
    ({ emailAddress }) => checkConsumer(emailAddress.trim()),
    // checkConsumer says its failures as a status, it does not throw.
    () => {},
  );

  return (
    <section className="mgm-step" aria-labelledby="mgm-step-title">
      <h2 id="mgm-step-title">{t.checkTitle}</h2>
      <p>{t.checkIntro}</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField {...form.bind('emailAddress')} label={t.email} type="email" inputMode="email" autoComplete="off" spellCheck={false} />
        <Button type="submit" block>
          {t.check}
        </Button>
      </form>
    </section>
  );
}

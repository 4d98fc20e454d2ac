import { START_CHECKLIST, type StartChecklistItem } from '@promotor/contract/constants';
import { CheckboxGroup } from '../../../components/form/choice-fields.tsx';
import * as pl from '../../../i18n/pl.ts';
import type { FieldBinding } from '../../../lib/forms/use-form-kit.ts';

const OPTIONS = START_CHECKLIST.map((item) => ({ value: item, label: pl.actionStart.items[item] }));

/** Step 1 of the start form: 'Zaznacz odpowiednie' with the four checkboxes (spec §2, decision 010). */
export function StartChecklist(props: FieldBinding<readonly StartChecklistItem[]>) {
  return <CheckboxGroup legend={pl.actionStart.checklist} legendClassName="form-step__title" options={OPTIONS} {...props} />;
}

import { START_CHECKLIST, type StartChecklistItem } from '@promotor/contract/constants';
import * as pl from '../../../i18n/pl.ts';

export type StartChecklistProps = {
  checked: ReadonlySet<StartChecklistItem>;
  onToggle: (item: StartChecklistItem) => void;
};

/** Step 1 of the start form: 'Zaznacz odpowiednie' with the four checkboxes (spec §2, decision 010). */
export function StartChecklist({ checked, onToggle }: StartChecklistProps) {
  return (
    <fieldset className="choice-group">
      <legend className="form-step__title">{pl.actionStart.checklist}</legend>
      {START_CHECKLIST.map((item) => (
        <label key={item} className="choice">
          <input type="checkbox" name="checklist" value={item} checked={checked.has(item)} onChange={() => onToggle(item)} />
          <span>{pl.actionStart.items[item]}</span>
        </label>
      ))}
    </fieldset>
  );
}

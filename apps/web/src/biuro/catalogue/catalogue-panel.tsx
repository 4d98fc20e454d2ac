import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import { ApiError, newIdempotencyKey } from '../../lib/api-client.ts';
import { focusFirstInvalid } from '../../lib/forms/focus-field.ts';
import { SidePanel } from '../components/side-panel.tsx';
import { errorMessage, fieldErrorsOf } from '../lib/error-message.ts';
import {
  catalogueFieldsOf,
  validateCatalogueForm,
  type CatalogueFormErrors,
  type CatalogueFormValues,
  type CatalogueKind,
} from './catalogue-form.ts';

/** An event or a territory as the pages show it. */
export type CatalogueEntry = { uuid: string; ident: string; name: string };

export type CatalogueSave = (entry: CatalogueEntry | null, fields: CatalogueFormValues, idempotencyKey: string) => Promise<unknown>;

type Props = {
  kind: CatalogueKind;
  texts: pl.CatalogueTexts;
  /** undefined: closed; null: a new one; otherwise the one being edited. */
  target: CatalogueEntry | null | undefined;
  save: CatalogueSave;
  onClose: () => void;
  onChanged: (message: string) => void;
};

/** The side panel of one event or territory: its identifier and name (the admin's). */
export function CataloguePanel({ target, texts, ...rest }: Props) {
  return (
    <SidePanel open={target !== undefined} title={target ? texts.editTitle(target.name) : texts.createTitle} onClose={rest.onClose}>
      {target !== undefined ? <CatalogueForm key={target?.uuid ?? 'new'} entry={target} texts={texts} {...rest} /> : null}
    </SidePanel>
  );
}

function CatalogueForm({ kind, texts, entry, save, onClose, onChanged }: Omit<Props, 'target'> & { entry: CatalogueEntry | null }) {
  const [values, setValues] = useState<CatalogueFormValues>({ ident: entry?.ident ?? '', name: entry?.name ?? '' });
  const [errors, setErrors] = useState<CatalogueFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per intent: a second click on 'Zapisz' after a lost answer does not add it twice.
  const [createKey] = useState(newIdempotencyKey);
  const hintId = `${kind}-ident-hint`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCatalogueForm(kind, values);
    setErrors(found);
    if (focusFirstInvalid(event.currentTarget as HTMLFormElement, found)) return;
    setBusy(true);
    setFailure(null);
    try {
      await save(entry, catalogueFieldsOf(kind, values), createKey);
      onChanged(entry ? texts.updated : texts.created);
      onClose();
    } catch (error) {
      const taken = error instanceof ApiError && (error.code === 'E_EVENT_EXISTS' || error.code === 'E_TERRITORY_EXISTS');
      const message = errorMessage(error);
      setFailure(message);
      const byServer = fieldErrorsOf(error, `body.${kind === 'events' ? 'event' : 'territory'}.`) as CatalogueFormErrors;
      setErrors(taken ? { ident: message } : byServer);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof CatalogueFormValues) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => setValues((old) => ({ ...old, [name]: event.target.value })),
  });
  return (
    <>
      {failure ? (
        <p className="biuro-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        {/* The hint is read with the field, and the error after it (the points panel's pattern). */}
        <Field
          {...field('ident')}
          label={texts.form.ident}
          spellCheck={false}
          aria-describedby={[hintId, errors.ident ? `${kind}-ident-error` : null].filter(Boolean).join(' ')}
          id={`${kind}-ident`}
        />
        <p id={hintId} className="biuro-muted biuro-hint">
          {entry ? texts.form.identChangeHint : texts.form.identHint}
        </p>
        <Field {...field('name')} label={texts.form.name} id={`${kind}-name`} />
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            {pl.biuro.panel.cancel}
          </Button>
          <Button type="submit" busy={busy}>
            {pl.biuro.panel.save}
          </Button>
        </div>
      </form>
    </>
  );
}

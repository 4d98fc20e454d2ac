import { ruleMessages, type Rule } from '@promotor/contract/rules';
import { useState, type ComponentType } from 'react';
import { RadioGroup } from '../../../components/form/choice-fields.tsx';
import { TextareaField } from '../../../components/form/textarea-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorPopup } from '../../../components/ui/error-popup.tsx';
import * as pl from '../../../i18n/pl.ts';
import { useFormKit } from '../../../lib/forms/use-form-kit.ts';
import type { SingleCameraProps } from '../camera-props.ts';
import { useSurveySending, type SurveyOutcome } from '../hooks/use-survey-sending.ts';
import { useSurveySent } from '../hooks/use-survey-sent.ts';
import type { SurveyAnswer } from '../submit/survey-items.ts';
import { PhotoInput } from './photo-input.tsx';
import { SurveyNotice } from './survey-notice.tsx';

const t = pl.photoSurvey;

type SurveyValues = {
  image1: Blob | null;
  image2: Blob | null;
  option1: SurveyAnswer | null;
  option2: SurveyAnswer | null;
  option3: SurveyAnswer | null;
  additionalInfo: string;
};

// spec §3 Photos survey form fields; §5: every answer and both photos required, the comment optional.
const initial: SurveyValues = { image1: null, image2: null, option1: null, option2: null, option3: null, additionalInfo: '' };
const photoRequired: Rule<Blob | null> = (photo) => (photo ? null : ruleMessages.photoRequired);
const answerRequired: Rule<SurveyAnswer | null> = (answer) => (answer ? null : ruleMessages.answerRequired);
const answers = [
  { value: 'tak', label: t.yes },
  { value: 'nie', label: t.no },
] as const;
const questionFields = ['option1', 'option2', 'option3'] as const;

export type SurveyFormProps = {
  action: { uuid: string };
  Camera: ComponentType<SingleCameraProps>;
  /** Sent again while changes of her report are requested (decision 093): offered though one is stored. */
  resend?: boolean;
};

/** spec §2 Photos survey: the three steps, 'Zapisz' ('Proszę czekać...' while busy), then the popup. */
export function SurveyForm({ action, Camera, resend = false }: SurveyFormProps) {
  // A new form (key) after each saved survey: spec §4 "the form resets".
  const [generation, setGeneration] = useState(0);
  const [notice, setNotice] = useState<Exclude<SurveyOutcome, 'refused'> | 'not-stored' | null>(null);
  // Checked first, and after each saved survey: one survey per action (decision 075).
  const check = useSurveySent(action.uuid, generation, resend);
  return (
    <>
      {check === 'checking' ? (
        <p className="photo-survey__status" role="status">
          {pl.loading}
        </p>
      ) : check === 'sent' ? (
        <p className="note">{pl.fieldErrors.E_FILE_ALREADY_EXISTS}</p>
      ) : (
        <SurveyFields
          key={generation}
          action={action}
          Camera={Camera}
          onDone={(outcome) => {
            if (outcome !== 'refused') setGeneration((value) => value + 1);
            if (outcome !== 'refused') setNotice(outcome);
          }}
          onNotStored={() => setNotice('not-stored')}
        />
      )}
      {notice === 'not-stored' ? (
        <ErrorPopup description={t.notStored} onClose={() => setNotice(null)} />
      ) : (
        <SurveyNotice outcome={notice} onClose={() => setNotice(null)} />
      )}
    </>
  );
}

type FieldsProps = SurveyFormProps & { onDone: (outcome: SurveyOutcome) => void; onNotStored: () => void };

function SurveyFields({ action, Camera, onDone, onNotStored }: FieldsProps) {
  const send = useSurveySending();
  const form = useFormKit<SurveyValues>({
    initial,
    rules: {
      image1: [photoRequired],
      image2: [photoRequired],
      option1: [answerRequired],
      option2: [answerRequired],
      option3: [answerRequired],
    },
  });

  const onSubmit = form.handleSubmit(
    async ({ image1, image2, option1, option2, option3, additionalInfo }) => {
      if (!image1 || !image2 || !option1 || !option2 || !option3) return;
      const data = { before: image1, after: image2, answers: [option1, option2, option3] as [SurveyAnswer, SurveyAnswer, SurveyAnswer] };
      onDone(await send(action.uuid, { ...data, comment: additionalInfo }));
    },
    (error) => {
      // Not even stored in the phone (no IndexedDB, storage full): nothing was sent, her answers stay.
      console.error('The survey could not be queued', error);
      onNotStored();
    },
  );

  return (
    <form className="photo-survey__form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <ol className="photo-survey__steps">
        <li>
          <h2 className="photo-survey__step-title">{t.before}</h2>
          <PhotoInput {...form.bind('image1')} label={t.before} Camera={Camera} />
        </li>
        <li>
          <h2 className="photo-survey__step-title">{t.after}</h2>
          <PhotoInput {...form.bind('image2')} label={t.after} Camera={Camera} />
        </li>
        <li>
          <h2 className="photo-survey__step-title">{t.survey}</h2>
          {questionFields.map((field, index) => (
            <RadioGroup key={field} {...form.bind(field)} legend={t.questions[index]!} options={answers} />
          ))}
          <TextareaField {...form.bind('additionalInfo')} label={t.comment} maxLength={2000} />
        </li>
      </ol>
      <Button type="submit" block busy={form.submitting}>
        {form.submitting ? t.wait : t.save}
      </Button>
    </form>
  );
}

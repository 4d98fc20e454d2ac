import type { RouteBody } from '@promotor/contract';
import type { SURVEY_ANSWERS } from '@promotor/contract/constants';
import { newIdempotencyKey } from '../../../lib/api-client.ts';
import type { OutboxItemInput } from '../../../lib/outbox/index.ts';
import { surveyPhotoKind } from './outbox-kinds.ts';

export type SurveyAnswer = (typeof SURVEY_ANSWERS)[number];

/** What /action/file/create takes as `_input` (§7 spells the answers `form.checkboxes` on upload). */
type FileInput = RouteBody<'actionFileCreate'>;

/** A filled-in survey (spec §3 Photos survey form): the photos already compressed. */
export type SurveyData = {
  before: Blob;
  after: Blob;
  answers: [SurveyAnswer, SurveyAnswer, SurveyAnswer];
  comment: string;
};

/** The two uploads of one survey and the keys that tell their answers apart. */
export type SurveyUpload = { items: [OutboxItemInput, OutboxItemInput]; startKey: string; endKey: string };

/**
 * spec §4, §7 /action/file/create: the photo before arranging as ident 'start' carrying the answers
 * (form.checkboxes, form.text), then the photo after arranging as 'end' (decision 062). One group per
 * survey, so a refusal drops this survey's second photo and nothing else.
 */
export function surveyUpload(actionUuid: string, data: SurveyData): SurveyUpload {
  const comment = data.comment.trim();
  const start: FileInput = {
    action: { uuid: actionUuid },
    ident: 'start',
    form: { checkboxes: [...data.answers], ...(comment ? { text: comment } : {}) },
  };
  const end: FileInput = { action: { uuid: actionUuid }, ident: 'end' };
  const group = `photo-survey:${newIdempotencyKey()}`;
  const startKey = newIdempotencyKey();
  const endKey = newIdempotencyKey();
  return {
    items: [
      surveyPhotoKind.item(group, { input: start, files: [data.before] }, { idempotencyKey: startKey }),
      surveyPhotoKind.item(group, { input: end, files: [data.after] }, { idempotencyKey: endKey }),
    ],
    startKey,
    endKey,
  };
}

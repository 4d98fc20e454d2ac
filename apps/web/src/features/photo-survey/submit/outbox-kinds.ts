import * as pl from '../../../i18n/pl.ts';
import { registerOutboxKind } from '../../../lib/outbox/index.ts';

// The outbox kind of the photo survey (spec §4 Photos survey submit, §8; decision 062): both photos
// of one survey form one group, the 'start' photo (with the answers) first. A refusal of either ends
// the group, so the 'end' photo goes only after the 'start' one was accepted. It waits for her older
// items of other groups: a check-in still queued must reach the server first (the server takes
// survey photos only for her started action). app/outbox-kinds.ts imports this module, so the kind
// is registered before anything of hers waiting can be sent or its refusal shown.

export const surveyPhotoKind = registerOutboxKind('survey-photo', {
  route: 'actionFileCreate',
  failureMessage: pl.photoSurvey.uploadFailed,
  failureReason: false,
  failureMessageByCode: { E_FILE_ALREADY_EXISTS: pl.fieldErrors.E_FILE_ALREADY_EXISTS },
  waitsForOtherGroups: true,
  refusalEndsGroup: true,
});

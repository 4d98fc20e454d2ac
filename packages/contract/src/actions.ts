import { z } from 'zod';
import {
  ACTIONS_CURRENT_PAGE_SIZE,
  END_AS_PLANNED,
  END_REASONS,
  REPORT_REVIEW_STATES,
  OTHER_TEXT_MAX,
  START_CHECKLIST,
  SURVEY_ANSWERS,
} from './constants.ts';
import { DateTimeString, DateValue } from './common.ts';
import { ruleMessages } from './rules/messages.ts';
import { cashTerminalRules } from './rules/start-action.rules.ts';
import { visibleLength } from './rules/visible-text.rules.ts';
import { blankTrimmedText, ruledString } from './zod-rules.ts';

// spec §3 Action point, Action
export const ActionPoint = z.object({
  uuid: z.string(),
  name: z.string(),
  address: z.object({ streetAddress: z.string(), postalCode: z.string().nullable(), cityName: z.string() }),
  point: z.object({ petraId: z.string().nullable() }),
});
export type ActionPoint = z.infer<typeof ActionPoint>;

export const GLOBAL_ACTION_STATUSES = ['started', 'accepted', 'finished', 'hst_cancelled'] as const;
export const GlobalActionStatus = z.enum(GLOBAL_ACTION_STATUSES);
export const UserActionStatus = z.enum(['started', 'finished']);

export const Action = z.object({
  uuid: z.string(),
  ident: z.string(),
  name: z.string(),
  since: DateValue,
  until: DateValue,
  actionPoints: z.array(ActionPoint),
  event: z.object({ uuid: z.string(), ident: z.string() }),
  status: z.object({
    user: z.object({
      status: UserActionStatus.nullable(),
      actionPoint: z.object({ uuid: z.string() }).nullable(),
      lastStatusCreated: DateValue.nullable(),
    }),
    global: z.object({ ident: GlobalActionStatus }),
  }),
  /**
   * Her report's review (issue 25): the history list (/action/list with finished) carries it so /raporty
   * can mark 'Do poprawy'; null: not finished yet. Absent from answers that do not list her history.
   */
  review: z
    .object({ state: z.enum(REPORT_REVIEW_STATES) })
    .nullable()
    .optional(),
});
export type Action = z.infer<typeof Action>;

// spec §7 /action/list, §9 (current use and history use)
export const ListActionsBody = z.object({
  actions: z.object({
    since: DateTimeString,
    until: DateTimeString.optional(),
    filters: z.object({ statuses: z.array(GlobalActionStatus).max(4).optional() }).optional(),
    finished: z.boolean().optional(),
  }),
  pagination: z.object({
    limit: z.number().int().min(1).max(ACTIONS_CURRENT_PAGE_SIZE),
    offset: z.number().int().min(0).max(1_000_000),
  }),
});
export type ListActionsBody = z.infer<typeof ListActionsBody>;

export const ListActionsResponse = z.object({ actions: z.array(Action) });
export type ListActionsResponse = z.infer<typeof ListActionsResponse>;

export const RecentActionsResponse = z.object({
  action: z.object({ current: Action.nullable(), last: Action.nullable() }),
});
export type RecentActionsResponse = z.infer<typeof RecentActionsResponse>;

export const ActionResponse = z.object({ action: Action });
export type ActionResponse = z.infer<typeof ActionResponse>;

const Ref = z.object({ uuid: z.string().min(1).max(64) });
/**
 * Ours (decision 072): when she tapped, ISO 8601 with offset. A step sent late from the outbox keeps
 * the time it happened; the server keeps it within plausible bounds and stores its own receipt time
 * beside it. Missing: the server's now, so clients that do not send it work as before.
 */
const TappedAt = z.iso.datetime({ offset: true }).optional();
const Latitude = z.number().min(-90).max(90);
const Longitude = z.number().min(-180).max(180);

/** A fix's reported accuracy in metres, as /action/location/save takes it. */
const Accuracy = z.number().min(0).max(100_000);

// spec §7 /action/check-in (location is null when the phone gives none, §4). `accuracy` is ours
// (issue 38, decision 138): optional, so clients that do not send it work as before.
export const CheckInBody = z.object({
  action: Ref.optional(),
  actionPoint: Ref,
  location: z.object({ latitude: Latitude.nullable(), longitude: Longitude.nullable(), accuracy: Accuracy.optional() }),
  cashTerminal: z.object({ id: ruledString(cashTerminalRules) }).optional(),
  tappedAt: TappedAt,
});
export type CheckInBody = z.infer<typeof CheckInBody>;

export const CheckOutBody = z.object({
  action: Ref.optional(),
  actionPoint: Ref,
  location: z.object({ latitude: Latitude.nullable(), longitude: Longitude.nullable() }).optional(),
  tappedAt: TappedAt,
});
export type CheckOutBody = z.infer<typeof CheckOutBody>;

/** spec §7 sends the first action point; an action without points is cancelled by its uuid alone. */
export const CancelActionBody = z
  .object({ action: Ref.optional(), actionPoint: Ref.optional() })
  .refine((b) => b.action !== undefined || b.actionPoint !== undefined, {
    message: 'action or actionPoint required',
    path: ['actionPoint'],
  });
export type CancelActionBody = z.infer<typeof CancelActionBody>;

// spec §7 /action/location/save
export const SaveLocationBody = z.object({
  action: Ref,
  location: z.object({
    latitude: Latitude,
    longitude: Longitude,
    accuracy: Accuracy,
    /** When the phone took the position (ISO 8601); a ping that waited offline keeps its real time. */
    capturedAt: z.iso.datetime({ offset: true }).optional(),
  }),
});
export type SaveLocationBody = z.infer<typeof SaveLocationBody>;

const StartPoll = z.object({
  ident: z.literal('action_start'),
  content: z.tuple([z.object({ question_ident: z.literal('q0'), answer_ident: z.array(z.enum(START_CHECKLIST)).max(4) })]),
});
const EndPoll = z.object({
  ident: z.literal('action_end'),
  content: z.tuple([
    z.object({
      question_ident: z.literal('q0'),
      // §2's seven reasons, or 'as_planned' when she ends on plan without one (decision 119).
      answer_ident: z.tuple([z.enum([...END_REASONS, END_AS_PLANNED])]),
      answer_text: blankTrimmedText(OTHER_TEXT_MAX).optional(),
    }),
  ]),
});

/** spec §7 /poll/answer: the start checklist or the end reason ('other' needs its text). */
export const PollAnswerBody = z
  .object({ action: Ref, poll: z.discriminatedUnion('ident', [StartPoll, EndPoll]), tappedAt: TappedAt })
  .superRefine((body, ctx) => {
    if (body.poll.ident !== 'action_end') return;
    const [answer] = body.poll.content;
    if (answer.answer_ident[0] === 'other' && visibleLength(answer.answer_text ?? '') === 0) {
      ctx.addIssue({ code: 'custom', message: ruleMessages.fieldRequired, path: ['poll', 'content', 0, 'answer_text'] });
    }
  });
export type PollAnswerBody = z.infer<typeof PollAnswerBody>;

// spec §7 /action/file/*
export const FILE_IDENTS = ['bereal_start', 'bereal_end', 'start', 'end'] as const;
export const FileIdent = z.enum(FILE_IDENTS);
export type FileIdent = z.infer<typeof FileIdent>;
export const SurveyAnswer = z.enum(SURVEY_ANSWERS);

export const SurveyForm = z.object({
  chechboxes: z.array(SurveyAnswer).length(3),
  text: z.string().max(2000).optional(),
});
export type SurveyForm = z.infer<typeof SurveyForm>;

/** §7 names the survey answers `form.checkboxes` on upload, §3 `chechboxes`; both are accepted. */
const SurveyFormInput = z
  .object({
    checkboxes: z.array(SurveyAnswer).length(3).optional(),
    chechboxes: z.array(SurveyAnswer).length(3).optional(),
    text: z.string().max(2000).optional(),
  })
  .refine((f) => f.checkboxes !== undefined || f.chechboxes !== undefined, { message: 'checkboxes required', path: ['checkboxes'] })
  .transform((f): SurveyForm => ({ chechboxes: (f.checkboxes ?? f.chechboxes)!, ...(f.text === undefined ? {} : { text: f.text }) }));

export const FileCreateInput = z.object({
  action: Ref,
  ident: FileIdent,
  form: SurveyFormInput.optional(),
});
export type FileCreateInput = z.infer<typeof FileCreateInput>;

export const ActionFile = z.object({ uuid: z.string(), ident: FileIdent });
export const FileCreateResponse = z.object({ files: z.array(ActionFile) });
export const FileListBody = z.object({ action: Ref });
export const FileListResponse = z.object({
  files: z.array(ActionFile),
  poll: z.object({ chechboxes: z.array(SurveyAnswer), text: z.string().nullable() }).nullable(),
});
export type FileListResponse = z.infer<typeof FileListResponse>;
export const FileServeBody = z.object({ file: Ref });

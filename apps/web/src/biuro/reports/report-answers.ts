import { END_AS_PLANNED, END_REASONS, START_CHECKLIST } from '@promotor/contract/constants';
import * as pl from '../../i18n/pl.ts';
import type { Report } from '../api/admin-types.ts';

// Her start checklist and end reason as the report holds them: the poll's content as she sent it
// (spec §7 /poll/answer, JSON text), read in Polish with the phone's own words. Content the server kept
// but this page cannot read is left out rather than shown raw.

export type ChecklistLine = { label: string; checked: boolean };

type PollContent = { question_ident?: unknown; answer_ident?: unknown; answer_text?: unknown }[];

function contentOf(report: Report, ident: 'action_start' | 'action_end'): PollContent | null {
  const poll = report.polls.find((candidate) => candidate.ident === ident);
  if (!poll) return null;
  try {
    const parsed: unknown = JSON.parse(poll.content);
    return Array.isArray(parsed) ? (parsed as PollContent) : null;
  } catch {
    return null;
  }
}

/** Each item of the start checklist (spec §2 Start action) with whether she ticked it; null without her answer. */
export function checklistOf(report: Report): ChecklistLine[] | null {
  const content = contentOf(report, 'action_start');
  if (!content) return null;
  const ticked = Array.isArray(content[0]?.answer_ident) ? (content[0].answer_ident as unknown[]) : [];
  return START_CHECKLIST.map((item) => ({ label: pl.actionStart.items[item], checked: ticked.includes(item) }));
}

/**
 * Why she ended (spec §2 End action): the reason's words, and hers for 'Inne'; that she ended on plan
 * without one (decision 119); null without an answer.
 */
export function endReasonOf(report: Report): string | null {
  const content = contentOf(report, 'action_end');
  const answer = content?.[0];
  const reason = Array.isArray(answer?.answer_ident) ? answer.answer_ident[0] : undefined;
  if (reason === END_AS_PLANNED) return pl.actionEnd.asPlanned;
  if (typeof reason !== 'string' || !(END_REASONS as readonly string[]).includes(reason)) return null;
  const words = pl.actionEnd.reasons[reason as (typeof END_REASONS)[number]];
  return typeof answer?.answer_text === 'string' && answer.answer_text ? `${words}: ${answer.answer_text}` : words;
}

/** The photo survey's three questions (spec §2 Photos survey) with her answers, and her comment. */
export function surveyOf(report: Report): { lines: { question: string; answer: string }[]; comment: string } | null {
  if (!report.survey) return null;
  const answers = report.survey.chechboxes;
  return {
    lines: pl.reports.surveyQuestions.map((question, index) => {
      const answer = answers[index];
      return { question, answer: answer ? (pl.reports.answers[answer] ?? answer) : pl.biuroReports.none };
    }),
    comment: report.survey.text?.trim() || pl.reports.noComment,
  };
}

/** Photos with captions: her start and end pairs and the survey's two, numbered where one kind has several. */
export function photoCaptions(report: Report): Map<string, string> {
  const counts = new Map<string, number>();
  for (const photo of report.photos) counts.set(photo.ident, (counts.get(photo.ident) ?? 0) + 1);
  const seen = new Map<string, number>();
  const captions = new Map<string, string>();
  for (const photo of report.photos) {
    const n = (seen.get(photo.ident) ?? 0) + 1;
    seen.set(photo.ident, n);
    const words = pl.biuroReports.photoCaptions[photo.ident] ?? photo.ident;
    captions.set(photo.uuid, (counts.get(photo.ident) ?? 0) > 1 ? `${words} (${n})` : words);
  }
  return captions;
}

import { describe, expect, it } from 'vitest';
import { PollAnswerBody } from '../actions.ts';
import {
  AdminConsumerFindBody,
  AdminConsumerRequestCompleteBody,
  AdminConsumerRequestExtendBody,
  AdminConsumerWithdrawBody,
} from '../admin/consumers.ts';
import { AdminReviewBody } from '../admin/report-review.ts';
import { firstError, trimInvisible, visibleAtLeast, visibleLength } from './index.ts';

// Texts that show nothing, as a hostile or careless client sends them (issue 32, item 6).
const BLANKS = [
  '\u200b\u200b\u200b', // zero-width spaces
  '\u00a0\u00a0\u00a0\u2003', // no-break and em spaces
  '\u200e\u200f\u2066\u2069', // direction marks and isolates
  '\ufeff\u2060\u00ad', // BOM, word joiner, soft hyphen
  '\u3164\u3164\u3164', // Hangul fillers
  '\u2800\u2800\u2800', // blank braille cells
  '\u0301\u0301\u0301', // accents with no letter
  '\t\r\n\u0000\u0085', // control characters
];

describe('a required reason or note counts the characters that show', () => {
  it.each(BLANKS.map((text) => [JSON.stringify(text), text]))('%s shows nothing', (_name, text) => {
    expect(visibleLength(text)).toBe(0);
    expect(firstError([visibleAtLeast(1)], text)).toBe('To pole jest wymagane');
    expect(firstError([visibleAtLeast(3)], text)).toBe('Wprowadź co najmniej 3 znaki.');
  });

  it('counts letters, Polish ones, digits, emoji and letters with their accents, one each', () => {
    expect(visibleLength('Łódź')).toBe(4);
    expect(visibleLength('e\u0301')).toBe(1);
    expect(visibleLength('👍 ok')).toBe(3);
    expect(visibleLength('a\u200bb\u200bc')).toBe(3);
    expect(firstError([visibleAtLeast(3)], '\u200ba\u00a0b\u200b')).toBe('Wprowadź co najmniej 3 znaki.');
  });

  it('trims blank ends — what zod trim leaves too — and keeps what is inside', () => {
    expect(trimInvisible('\u200b\u00a0 Wniosek z\u00a0e-maila\u200e\n')).toBe('Wniosek z\u00a0e-maila');
    // A final accent or variation selector belongs to the letter before it.
    expect(trimInvisible('Café\u0301')).toBe('Café\u0301');
    expect(trimInvisible('❤\ufe0f')).toBe('❤\ufe0f');
  });
});

describe('every schema that requires a reason or note uses the rule', () => {
  const uuid = { uuid: 'c0ffee00-0000-4000-8000-000000000000' };
  const cases: [string, (text: string) => { success: boolean }][] = [
    ['a look-up reason', (reason) => AdminConsumerFindBody.safeParse({ emailAddress: 'a@test.pl', reason })],
    ['an extension reason', (reason) => AdminConsumerRequestExtendBody.safeParse({ request: uuid, reason })],
    ['a denial note', (note) => AdminConsumerRequestCompleteBody.safeParse({ request: uuid, outcome: 'denied', note })],
    ['a withdrawal note', (note) => AdminConsumerWithdrawBody.safeParse({ consumer: uuid, consents: ['emailOptIn'], note })],
    [
      'a request for changes',
      (note) => AdminReviewBody.safeParse({ action: uuid, promoter: { ident: 'HST1' }, decision: 'changes_requested', note }),
    ],
    [
      "an end reason 'other'",
      (text) =>
        PollAnswerBody.safeParse({
          action: uuid,
          poll: { ident: 'action_end', content: [{ question_ident: 'q0', answer_ident: ['other'], answer_text: text }] },
          tappedAt: '2026-03-10T10:00:00+01:00',
        }),
    ],
  ];

  it.each(cases)('%s of zero-width spaces is refused; the same with words is taken', (_name, parse) => {
    expect(parse('\u200b\u200b\u200b').success).toBe(false);
    expect(parse('\u00a0\u3164\u2800').success).toBe(false);
    expect(parse('Prośba klientki z 3 marca').success).toBe(true);
  });

  it('a reason is stored without its blank ends', () => {
    const parsed = AdminConsumerFindBody.parse({ emailAddress: 'a@test.pl', reason: '\u200b\u00a0Wniosek z e-maila\u200b' });
    expect(parsed.reason).toBe('Wniosek z e-maila');
  });
});

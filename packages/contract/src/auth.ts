import { z } from 'zod';
import { newPasswordRules, passwordRules, resetCodeRules, usernameRules } from './rules/auth.rules.ts';
import { ruledString } from './zod-rules.ts';

// spec §3 Session/user
export const Territory = z.object({ ident: z.string() });

export const SessionUser = z.object({
  ident: z.string(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  territories: z.array(Territory),
  emailAddress: z.string().nullable(),
  mobilePhone: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionToken = z.object({
  uuid: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});
export type SessionToken = z.infer<typeof SessionToken>;

export const SessionResponse = z.object({ token: SessionToken, user: SessionUser });
export type SessionResponse = z.infer<typeof SessionResponse>;

// spec §7 /auth/*
const Username = ruledString(usernameRules).pipe(z.string().max(254));

export const LoginBody = z.object({
  username: Username,
  password: ruledString(passwordRules).pipe(z.string().max(1000)),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const ResetTokenBody = z.object({ username: Username });
export type ResetTokenBody = z.infer<typeof ResetTokenBody>;

export const ResetPasswordBody = z.object({
  username: Username,
  password: ruledString(newPasswordRules),
  otp: ruledString(resetCodeRules).pipe(z.string().max(20)),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const UpdatePasswordBody = z.object({
  user: z.object({ password: ruledString(newPasswordRules) }),
});
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBody>;

/** Username is matched case-insensitively: people type e-mail addresses with stray capitals. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

import type { LoginBody, ResetPasswordBody, ResetTokenBody, SessionResponse } from '@promotor/contract';
import { api } from '../../../lib/api-client.ts';

// spec §7 /auth/*
export const login = (body: LoginBody) => api.post<SessionResponse>('/auth/login', body);
export const resumeSession = () => api.post<SessionResponse>('/auth/session');
export const logout = () => api.post<Record<string, never>>('/auth/logout');
export const requestResetCode = (body: ResetTokenBody) => api.post<Record<string, never>>('/auth/reset-token', body);
export const resetPassword = (body: ResetPasswordBody) => api.post<Record<string, never>>('/auth/reset-password', body);

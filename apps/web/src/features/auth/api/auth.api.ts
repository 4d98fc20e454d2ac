import type { LoginBody, ResetPasswordBody, ResetTokenBody } from '@promotor/contract';
import { api, dataOf } from '../../../lib/api-client.ts';

// spec §7 /auth/*
export const login = (body: LoginBody) => api.call('authLogin', body).then(dataOf);
export const resumeSession = () => api.call('authSession').then(dataOf);
export const logout = () => api.call('authLogout').then(dataOf);
export const requestResetCode = (body: ResetTokenBody) => api.call('authResetToken', body).then(dataOf);
export const resetPassword = (body: ResetPasswordBody) => api.call('authResetPassword', body).then(dataOf);

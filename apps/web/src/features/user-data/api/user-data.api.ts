import type { UpdatePasswordBody } from '@promotor/contract';
import { api } from '../../../lib/api-client.ts';

// spec §7 /auth/update-password
export const updatePassword = (body: UpdatePasswordBody) => api.post<Record<string, never>>('/auth/update-password', body);

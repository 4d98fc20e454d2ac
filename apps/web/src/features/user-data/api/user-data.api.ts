import type { UpdatePasswordBody } from '@promotor/contract';
import { api, dataOf } from '../../../lib/api-client.ts';

// spec §7 /auth/update-password
export const updatePassword = (body: UpdatePasswordBody) => api.call('authUpdatePassword', body).then(dataOf);

import { api } from '../../../lib/api-client.ts';

/**
 * Whether her survey of this action is already with the server (spec §7 /action/file/list): its first
 * photo, ident 'start', is there. Another one would be refused (E_FILE_ALREADY_EXISTS, one survey per
 * action and promoter), so the page says so before she fills it in (decision 075).
 */
export const surveyAlreadySent = (actionUuid: string): Promise<boolean> =>
  api.call('actionFileList', { action: { uuid: actionUuid } }).then(({ data }) => data.files.some((file) => file.ident === 'start'));

import type { ActionReport, FileListResponse, Receipt, SampleStatsResponse } from '@promotor/contract';
import { ACTIONS_HISTORY_PAGE_SIZE, ACTIONS_HISTORY_SINCE, RECEIPTS_PAGE_SIZE } from '@promotor/contract/constants';
import { api } from '../../../lib/api-client.ts';
import { appDay } from '../../../lib/dates/app-time-zone.ts';
import type { ReportListItem } from '../reports.slice.ts';

/**
 * spec §2 Reports list: /action/recent names her current and last finished action, then /sample/stats
 * counts her registrations per period with her own ID as the hostess code (spec §7).
 */
export async function loadSampleStats(hostessCode: string): Promise<SampleStatsResponse> {
  const { data: recent } = await api.call('actionRecent');
  const sample = { hostessCode, currentAction: recent.action.current?.uuid ?? null, lastAction: recent.action.last?.uuid ?? null };
  return (await api.call('sampleStats', { sample })).data;
}

/**
 * spec §7 /action/list, §9 history use: since 2020-01-01, until today, finished, 100 per page with
 * offset 100 × page. "Until today" reaches the end of today (the server's day), so an action finished
 * this morning is listed (decision 061).
 */
export function listFinishedActions(page: number, now = new Date()): Promise<ReportListItem[]> {
  return api
    .call('actionList', {
      actions: { since: ACTIONS_HISTORY_SINCE, until: `${appDay(now)} 23:59:59`, finished: true },
      pagination: { limit: ACTIONS_HISTORY_PAGE_SIZE, offset: ACTIONS_HISTORY_PAGE_SIZE * page },
    })
    .then(({ data }) =>
      data.actions.map((action) => ({
        uuid: action.uuid,
        name: action.name,
        since: action.since.date,
        review: action.review?.state ?? null,
      })),
    );
}

/** Ours (decision 060): what the report detail shows of the action and her recorded times. */
export const loadActionReport = (actionUuid: string): Promise<ActionReport> =>
  api.call('actionReport', { action: { uuid: actionUuid } }).then(({ data }) => data.report);

/** spec §7 /action/receipt/list, §9: one page of 100 from offset 0. */
export const listReceipts = (actionUuid: string): Promise<Receipt[]> =>
  api
    .call('actionReceiptList', { action: { uuid: actionUuid }, pagination: { limit: RECEIPTS_PAGE_SIZE, offset: 0 } })
    .then(({ data }) => data.receipts);

/** spec §7 /action/file/list: the survey's photos (and the start/end photo pairs) and its answers. */
export const listActionFiles = (actionUuid: string): Promise<FileListResponse> =>
  api.call('actionFileList', { action: { uuid: actionUuid } }).then(({ data }) => data);

/** The image bytes through the authenticated call (never a public URL). */
export const serveReceipt = (uuid: string, signal: AbortSignal): Promise<Blob> =>
  api.call('actionReceiptServe', { receipt: { uuid } }, { signal }).then(({ data }) => data);

export const serveFile = (uuid: string, signal: AbortSignal): Promise<Blob> =>
  api.call('actionFileServe', { file: { uuid } }, { signal }).then(({ data }) => data);

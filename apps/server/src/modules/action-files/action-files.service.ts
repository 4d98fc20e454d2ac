import type { FileCreateInput, FileListResponse } from '@promotor/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/kysely.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import type { BlobStore } from '../../plugins/blob-store.ts';
import type { UploadedFile, UploadRules } from '../../plugins/uploads.ts';
import { checkActionStatus, refuseWhileAnotherStarted, requireAssignedAction, type AssignedAction } from '../actions/action-guards.ts';
import { fingerprintPhotos, withdrawFlagsOfRemovedPhotos } from '../integrity/integrity-photos.service.ts';
import { changesRequested } from '../reviews/reviews.service.ts';
import * as repo from './action-files.repository.ts';

export type ActionFilesDeps = { db: Db; now: () => Date; timezone: string; blobStore: BlobStore; log?: FastifyBaseLogger };

/** How many photos each ident takes, and in which user status of the action it may be sent. */
const RULES = {
  bereal_start: { files: 2, userStatus: null },
  bereal_end: { files: 2, userStatus: 'started' },
  start: { files: 1, userStatus: 'started' },
  end: { files: 1, userStatus: 'started' },
} as const;

/** The upload rules of an ident: exactly as many photos as it takes (plugins/uploads.ts checks them). */
export const uploadRules = (input: FileCreateInput): UploadRules => ({
  files: { min: RULES[input.ident].files, max: RULES[input.ident].files },
});

/** What she may send again after finishing, while the back office asks for changes: the survey and the end photos. */
const RESENDABLE: ReadonlySet<FileCreateInput['ident']> = new Set(['start', 'end', 'bereal_end']);

/**
 * Whether this upload is a re-send of her finished report's survey or end photos, allowed while its
 * review is changes_requested (issue 25, decision 090); otherwise the status rules above stand.
 */
async function mayResend(db: Db, caller: CallerUser, action: AssignedAction, ident: FileCreateInput['ident']): Promise<boolean> {
  if (!RESENDABLE.has(ident) || action.user_status !== 'finished' || action.global_status === 'hst_cancelled') return false;
  return changesRequested(db, action.id, caller.userId);
}

/**
 * Stores the photos of one ident for the caller's action: all or nothing (putThenWrite removes the
 * bytes again if the rows cannot be written).
 */
export async function create(deps: ActionFilesDeps, caller: CallerUser, input: FileCreateInput, files: UploadedFile[]) {
  const { db, blobStore } = deps;
  const action = await requireAssignedAction(db, caller, input.action.uuid);
  const resend = await mayResend(db, caller, action, input.ident);
  if (!resend) checkActionStatus(action, { userStatus: RULES[input.ident].userStatus });
  if (input.ident === 'bereal_start') await refuseWhileAnotherStarted(db, caller);
  // Start photos of a start that never happened (refused, abandoned, retaken) are replaced by the next
  // attempt's: they prove the start that actually happens (docs/decisions/014-start-photos-replaced.md).
  // A re-send asked for by the back office replaces what she sent of that ident too (decision 090).
  // Otherwise a file of the ident already sent refuses this one (those replaced were the same look-up).
  const replaces = input.ident === 'bereal_start' || resend;
  const replaced = replaces ? await repo.filesOfIdent(db, action.id, caller.userId, input.ident) : [];
  if (!replaces && (await repo.identTaken(db, action.id, caller.userId, input.ident))) throw new AppError('E_FILE_ALREADY_EXISTS');
  // spec §4 Photos survey submit: the 'end' photo is sent only after the 'start' one succeeded; one
  // without it would be half a survey (decision 060).
  if (input.ident === 'end' && !(await repo.identTaken(db, action.id, caller.userId, 'start'))) throw new AppError('E_WRONG_ACTION_STATUS');

  const createdAt = deps.now().toISOString();
  const rows = files.map((file, position) => {
    const id = newId();
    return {
      id,
      action_id: action.id,
      user_id: caller.userId,
      ident: input.ident,
      position,
      blob_key: `${id}.${file.extension}`,
      content_type: file.type,
      size: file.data.length,
      created_at: createdAt,
    };
  });
  const blobs = rows.map((row, i) => ({ key: row.blob_key, data: files[i]!.data, contentType: row.content_type }));
  await blobStore
    .putThenWrite(blobs, async (trx) => {
      if (replaced.length) {
        const replacedIds = replaced.map((f) => f.id);
        await repo.deleteFiles(trx, replacedIds);
        await withdrawFlagsOfRemovedPhotos(trx, action.id, caller.userId, replacedIds);
      }
      await repo.insertFiles(trx, rows);
      if (input.ident === 'bereal_end') await repo.recordEndPhotos(trx, action.id, caller.userId, createdAt);
      if (input.form) {
        await repo.upsertSurvey(trx, {
          action_id: action.id,
          user_id: caller.userId,
          chechboxes: JSON.stringify(input.form.chechboxes),
          text: input.form.text?.trim() || null,
          created_at: createdAt,
        });
      }
    })
    .catch(async (error: unknown) => {
      // Two uploads racing for the same ident: the unique index lets one win.
      if (await repo.identTaken(db, action.id, caller.userId, input.ident).catch(() => false)) throw new AppError('E_FILE_ALREADY_EXISTS');
      throw error;
    });
  // The replaced rows are gone; their bytes follow (a leftover blob is harmless, a missing one is not).
  await Promise.allSettled(replaced.map((f) => blobStore.delete(f.blob_key)));
  // Issue 38: the photo signals, once the photos are durable — after the answer, from the thumbnails
  // made then too (issue 35); the upload stands if they fail, and the blob drain's sweep makes them.
  void blobStore.afterAnswer.run('the photo fingerprints of an upload', () => fingerprintPhotos(deps, rows, blobStore));
  return rows.map((r) => ({ uuid: r.id, ident: r.ident }));
}

export async function list(deps: ActionFilesDeps, caller: CallerUser, actionId: string): Promise<FileListResponse> {
  const action = await requireAssignedAction(deps.db, caller, actionId);
  const [files, survey] = await Promise.all([
    repo.filesOf(deps.db, action.id, caller.userId),
    repo.surveyOf(deps.db, action.id, caller.userId),
  ]);
  return {
    files: files.map((f) => ({ uuid: f.id, ident: f.ident })),
    poll: survey ? { chechboxes: JSON.parse(survey.chechboxes) as ('tak' | 'nie')[], text: survey.text } : null,
  };
}

/** The bytes of one of the caller's own photos; anyone else's is 404. */
export async function serve(deps: ActionFilesDeps, caller: CallerUser, fileId: string) {
  const file = await repo.findOwnFile(deps.db, fileId, caller.userId);
  if (!file) throw new AppError('E_FILE_NOT_FOUND');
  const image = await deps.blobStore.open(file.blob_key, file.content_type);
  if (!image) throw new AppError('E_FILE_NOT_FOUND');
  return image;
}

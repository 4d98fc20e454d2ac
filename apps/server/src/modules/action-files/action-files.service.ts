import { FileCreateInput, type FileListResponse } from '@promotor/contract';
import type { Db } from '../../db/kysely.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { parseRequestJson } from '../../lib/json.ts';
import type { BlobStore } from '../../plugins/storage.ts';
import { refuseWhileAnotherStarted, requireAssignedAction } from '../actions/actions.service.ts';
import * as repo from './action-files.repository.ts';
import { extensionOf, sniffImageType } from './image-type.ts';

export type ActionFilesDeps = { db: Db; now: () => Date; blobStore: BlobStore };
type Caller = { userId: string };

/** How many photos each ident takes, and in which user status of the action it may be sent. */
const RULES = {
  bereal_start: { files: 2, userStatus: null },
  bereal_end: { files: 2, userStatus: 'started' },
  start: { files: 1, userStatus: 'started' },
  end: { files: 1, userStatus: 'started' },
} as const;

/** `_input` arrives as a JSON string inside the multipart body (spec §7 /action/file/create). */
export function parseInput(raw: unknown): FileCreateInput {
  let json: unknown;
  try {
    json = typeof raw === 'string' ? parseRequestJson(raw) : undefined;
  } catch (error) {
    const message = (error as AppError).details as { message: string }[] | undefined;
    throw new AppError('E_VALIDATION', [{ path: '_input', message: message?.[0]?.message ?? 'malformed JSON' }]);
  }
  if (json === undefined) throw new AppError('E_VALIDATION', [{ path: '_input', message: 'required' }]);
  const parsed = FileCreateInput.safeParse(json);
  if (!parsed.success) {
    throw new AppError(
      'E_VALIDATION',
      parsed.error.issues.map((i) => ({ path: ['_input', ...i.path.map(String)].join('.'), message: i.message })),
    );
  }
  return parsed.data;
}

/**
 * Stores the photos of one ident for the caller's action: all or nothing. Bytes go to the blob store
 * first; if the rows cannot be written, the bytes are removed again.
 */
export async function create(deps: ActionFilesDeps, caller: Caller, input: FileCreateInput, files: Buffer[]) {
  const { db, blobStore } = deps;
  const rule = RULES[input.ident];
  const action = await requireAssignedAction(db, caller, input.action.uuid);
  if (files.length !== rule.files) {
    throw new AppError('E_VALIDATION', [{ path: 'files[]', message: `expected ${rule.files} image(s), got ${files.length}` }]);
  }
  const types = files.map(sniffImageType);
  const bad = types.findIndex((t) => t === null);
  if (bad >= 0) throw new AppError('E_UNSUPPORTED_FILE_TYPE', [{ path: `files[${bad}]`, message: 'not a JPEG, PNG or WebP image' }]);
  if (action.global_status === 'hst_cancelled') throw new AppError('E_WRONG_ACTION_STATUS');
  if (action.user_status !== rule.userStatus) {
    throw new AppError(action.user_status === 'finished' ? 'E_ACTION_ALREADY_CHECK_OUT' : 'E_WRONG_ACTION_STATUS');
  }
  if (input.ident === 'bereal_start') await refuseWhileAnotherStarted(db, caller);
  // Start photos of a start that never happened (refused, abandoned, retaken) are replaced by the next
  // attempt's: they prove the start that actually happens (docs/decisions/014-start-photos-replaced.md).
  const replaced = input.ident === 'bereal_start' ? await repo.filesOfIdent(db, action.id, caller.userId, input.ident) : [];
  if (!replaced.length && (await repo.identTaken(db, action.id, caller.userId, input.ident))) throw new AppError('E_FILE_ALREADY_EXISTS');

  const createdAt = deps.now().toISOString();
  const rows = files.map((data, position) => {
    const id = newId();
    const type = types[position]!;
    return {
      id,
      action_id: action.id,
      user_id: caller.userId,
      ident: input.ident,
      position,
      blob_key: `${id}.${extensionOf(type)}`,
      content_type: type,
      size: data.length,
      created_at: createdAt,
    };
  });
  const written: string[] = [];
  try {
    for (const [i, row] of rows.entries()) {
      await blobStore.put(row.blob_key, files[i]!);
      written.push(row.blob_key);
    }
    await db.transaction().execute(async (trx) => {
      if (replaced.length) await repo.deleteFiles(trx, replaced.map((f) => f.id));
      await repo.insertFiles(trx, rows);
      if (input.form) {
        await repo.upsertSurvey(trx, {
          action_id: action.id,
          user_id: caller.userId,
          chechboxes: JSON.stringify(input.form.chechboxes),
          text: input.form.text?.trim() || null,
          created_at: createdAt,
        });
      }
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => blobStore.delete(key)));
    // Two uploads racing for the same ident: the unique index lets one win.
    if (await repo.identTaken(db, action.id, caller.userId, input.ident).catch(() => false)) throw new AppError('E_FILE_ALREADY_EXISTS');
    throw error;
  }
  // The replaced rows are gone; their bytes follow (a leftover blob is harmless, a missing one is not).
  await Promise.allSettled(replaced.map((f) => blobStore.delete(f.blob_key)));
  return rows.map((r) => ({ uuid: r.id, ident: r.ident }));
}

export async function list(deps: ActionFilesDeps, caller: Caller, actionId: string): Promise<FileListResponse> {
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
export async function serve(deps: ActionFilesDeps, caller: Caller, fileId: string) {
  const file = await repo.findOwnFile(deps.db, fileId, caller.userId);
  if (!file) throw new AppError('E_FILE_NOT_FOUND');
  const data = await deps.blobStore.get(file.blob_key);
  if (!data) throw new AppError('E_FILE_NOT_FOUND');
  return { data, contentType: file.content_type };
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { WebformCataloguesFile, type WebformCataloguesResponse } from '@promotor/contract';

/** A catalogues file that cannot serve the webform: the start stops with this message. */
export class CataloguesFileError extends Error {}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/**
 * Reads and checks the webform's catalogues file (env CATALOGUES_FILE) once, at start: an operator
 * replaces the file without code changes, so a mistake in it must stop the start with the place of
 * the mistake inside the file, not surface later as an empty dropdown on a promoter's phone.
 * The answer is built here once: every promoter gets the same one (decision 065).
 */
export function loadCatalogues(file: string): WebformCataloguesResponse {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    throw new CataloguesFileError(`Catalogues file ${file} cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new CataloguesFileError(`Catalogues file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = WebformCataloguesFile.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(the whole file)'}: ${issue.message}`);
    throw new CataloguesFileError(`Invalid catalogues file ${file}:\n${lines.join('\n')}`);
  }
  const { consents, ...lists } = parsed.data;
  return {
    version: sha256(bytes).slice(0, 16),
    catalogues: {
      ...lists,
      // The hash a consent record stores is of exactly the text the form shows (issue 11).
      consents: consents.map((consent) => ({ ...consent, textHash: sha256(consent.text) })),
    },
  };
}

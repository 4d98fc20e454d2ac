import { z } from 'zod';
import { cityRules, planMessages, pointNameRules, postalCodeRules, streetRules } from '../rules/planning.rules.ts';
import { chainRules, pointCodeOf, pointCodeRules, pointMessages, pointNotesRules } from '../rules/points.rules.ts';
import { ruledString } from '../zod-rules.ts';
import { PageBody, PageInfo, TerritoryIdent, UuidRef } from './common.ts';

// The register of points (issue 34, decision 124): /api/admin/points/*. A territory's stores, each with
// a code the plan names it by; an action's point refers to one and keeps its own copy of the address
// (what her phone and the reports read, spec §7, does not change).

/** An optional text: absent, null or '' all mean none. */
const optional = (schema: z.ZodType<string>) =>
  z
    .union([schema, z.null()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? null : v));

/** A point's code in its stored form (capitals); checked by the contract's rule. */
export const PointCode = ruledString(pointCodeRules).transform(pointCodeOf);

const Coordinate = (limit: 90 | 180, message: string) => z.number().min(-limit, message).max(limit, message).nullable().default(null);

/** What the office types of a point; the territory is chosen at its creation and stays. */
const PointFields = z.object({
  name: ruledString(pointNameRules),
  streetAddress: ruledString(streetRules),
  postalCode: optional(ruledString(postalCodeRules)),
  cityName: ruledString(cityRules),
  latitude: Coordinate(90, planMessages.latitude),
  longitude: Coordinate(180, planMessages.longitude),
  chain: optional(ruledString(chainRules)),
  notes: optional(ruledString(pointNotesRules)),
});
const bothOrNeither = { message: planMessages.coordinatesBoth, path: ['longitude'] };
const coordinatesPaired = (p: { latitude: number | null; longitude: number | null }) => (p.latitude === null) === (p.longitude === null);

export const AdminPoint = z.object({
  uuid: z.string(),
  code: z.string(),
  territory: z.object({ ident: z.string(), name: z.string() }),
  name: z.string(),
  streetAddress: z.string(),
  postalCode: z.string().nullable(),
  cityName: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  chain: z.string().nullable(),
  notes: z.string().nullable(),
  /** Archived: kept (the actions at it still name it), no longer offered for new plans. */
  archived: z.boolean(),
});
export type AdminPoint = z.infer<typeof AdminPoint>;

export const AdminPointsListBody = PageBody.extend({
  /** A part of the code, name, street, city or chain (any case). */
  search: z.string().trim().max(100).optional(),
  territory: TerritoryIdent.optional(),
  /** false (default): the points in use; true: the archive. */
  archived: z.boolean().default(false),
});
export type AdminPointsListBody = z.input<typeof AdminPointsListBody>;

export const AdminPointsListResponse = PageInfo.extend({
  points: z.array(AdminPoint),
  /** The map's tiles (MAP_TILE_URL, as the live map's); null tileUrl: no map, the coordinates as text. */
  map: z.object({ tileUrl: z.string().nullable(), attribution: z.string() }),
});
export type AdminPointsListResponse = z.infer<typeof AdminPointsListResponse>;

export const AdminPointCreateBody = z.object({
  point: PointFields.extend({
    territory: z.object({ ident: TerritoryIdent }),
    /** Empty: the server makes one (P- and six characters). */
    code: z.union([PointCode, z.null()]).optional(),
  }).refine(coordinatesPaired, bothOrNeither),
});
export type AdminPointCreateBody = z.input<typeof AdminPointCreateBody>;

export const AdminPointUpdateBody = z.object({
  point: PointFields.extend({ uuid: UuidRef.shape.uuid, code: PointCode.refine((code) => code !== '', pointMessages.codeRequired) }).refine(
    coordinatesPaired,
    bothOrNeither,
  ),
});
export type AdminPointUpdateBody = z.input<typeof AdminPointUpdateBody>;

/** Archive (true) or restore (false); a point already so is answered as it is, and nothing is recorded. */
export const AdminPointArchiveBody = z.object({ point: UuidRef, archived: z.boolean() });
export type AdminPointArchiveBody = z.input<typeof AdminPointArchiveBody>;

export const AdminPointResponse = z.object({ point: AdminPoint });
export type AdminPointResponse = z.infer<typeof AdminPointResponse>;

// /api/admin/points/import: multipart, the CSV in `file`, `dryRun` a text field (the plan import's
// form, decision 087): all or nothing, errors by row and column, the same file again changes nothing.
export const PointsImportFields = z.object({ dryRun: z.enum(['true', 'false']).optional() });
export type PointsImportFields = z.input<typeof PointsImportFields>;

/** The answer lists this many changes at most (the counts are always complete). */
export const POINTS_IMPORT_MAX_CHANGES = 1000;

export const PointsImportChange = z.object({
  change: z.enum(['created', 'updated']),
  /** The file's line. */
  row: z.number().int(),
  territory: z.string(),
  /** The point's code: the file's, the register's, or the one a new point gets (its form on the dry run: made on the write). */
  code: z.string().nullable(),
  name: z.string(),
  /** For an update: the fields that change (the register's names: name, streetAddress, …). */
  fields: z.array(z.string()),
});
export type PointsImportChange = z.infer<typeof PointsImportChange>;

export const PointsImportResponse = z.object({
  dryRun: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** In the file's order; the first POINTS_IMPORT_MAX_CHANGES. */
  changes: z.array(PointsImportChange),
});
export type PointsImportResponse = z.infer<typeof PointsImportResponse>;

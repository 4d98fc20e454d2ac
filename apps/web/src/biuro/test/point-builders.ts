import type { PointsImportAnswer, RegisterPoint } from '../api/admin-types.ts';

// The register of points (issue 34) in the back office's tests.

let sequence = 0;

export const buildRegisterPoint = (over: Partial<RegisterPoint> = {}): RegisterPoint => {
  const n = ++sequence;
  return {
    uuid: `register-point-${n}`,
    code: `P-TEST${n}`,
    territory: { ident: 'WAW-CENTRUM', name: 'Warszawa Centrum' },
    name: `Sklep ${n}`,
    streetAddress: 'ul. Marszałkowska 104',
    postalCode: '00-017',
    cityName: 'Warszawa',
    latitude: null,
    longitude: null,
    chain: null,
    notes: null,
    archived: false,
    ...over,
  };
};

/** A page of the register as /admin/points/list answers it; no map tiles unless given. */
export const registerPage = (points: RegisterPoint[], tileUrl: string | null = null) => ({
  page: 1,
  pageSize: 200,
  total: points.length,
  points,
  map: { tileUrl, attribution: '© OpenStreetMap' },
});

export const pointsImportAnswer = (over: Partial<PointsImportAnswer> = {}): PointsImportAnswer => ({
  dryRun: true,
  created: 0,
  updated: 0,
  unchanged: 0,
  changes: [],
  ...over,
});

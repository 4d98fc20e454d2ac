// The hashing lives in lib/password.ts (promoters and staff share it); kept here for its importers.
export { hashPassword, verifyPassword } from '../../lib/password.ts';

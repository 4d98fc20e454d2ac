// Request state shared by the components of a feature (loading, failure, one call at a time, refresh
// after a change): docs/decisions/049-request-state-and-store-slices.md.
export { createRequest, type Request, type RequestOptions, type RequestSnapshot, type RequestStatus } from './create-request.ts';
export { useRequest, type RequestView } from './use-request.ts';
export { mayHaveBeenDone, withKeptIntent, type IntentKeeping } from './kept-intent.ts';

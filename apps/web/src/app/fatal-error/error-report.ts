import { isRouteErrorResponse } from 'react-router';

/** What went wrong, as plain data a promoter can copy and send to support. */
export function describeError(error: unknown): Record<string, unknown> {
  if (isRouteErrorResponse(error)) return { status: error.status, statusText: error.statusText };
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack?.split('\n').slice(0, 8).join('\n') };
  }
  return { value: String(error) };
}

/** spec §2 fatal-error screen: the error details encoded (base64 of UTF-8 JSON) so they copy in one piece. */
export function encodeErrorDetails(error: unknown, at: Date = new Date()): string {
  const json = JSON.stringify({ ...describeError(error), at: at.toISOString() });
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

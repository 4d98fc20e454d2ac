/** The username carried between /remind and /remind/code in the router's location state. */
export type RemindState = { username?: string };

export function usernameFromState(state: unknown): string {
  const username = (state as RemindState | null)?.username;
  return typeof username === 'string' ? username : '';
}

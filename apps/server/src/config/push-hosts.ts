import net from 'node:net';

// PUSH_ENDPOINT_HOSTS (issue 37, decision 136): the push services beyond the browsers' own that a
// production server may post to, checked here so that a mistyped entry stops the start.

/**
 * A name no public push service has: an IP literal (v4 in any spelling URL accepts, or v6), a name of
 * one label ('intranet'), or one with an empty label ('fcm.googleapis.com.').
 */
export function notAPublicName(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return true;
  const labels = host.split('.');
  return labels.length < 2 || labels.some((label) => label === '');
}

/** The comma-separated host suffixes, lower-cased; a problem names the first entry that is no public DNS name. */
export function parsePushHosts(value: string): { hosts: string[] } | { problem: string } {
  const hosts = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const bad = hosts.find((host) => notAPublicName(host) || !/^[a-z0-9.-]+$/.test(host));
  return bad === undefined ? { hosts } : { problem: `not a public host name (no address, no single label, no scheme or path): ${bad}` };
}

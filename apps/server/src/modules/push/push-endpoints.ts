import { notAPublicName } from '../../config/push-hosts.ts';

// Where the server may post a push (issue 37, decision 136). The endpoint comes from a browser, that is
// from anyone with a promoter's login, and the sender posts to it: left open it would let a promoter
// make the server call 127.0.0.1, the 10.x network or the cloud's metadata address (169.254.169.254).
// In production only the Web Push services browsers use, and those an operator names, are written to.

/**
 * The push services of Chrome/Edge on Android and desktop (FCM), Firefox (autopush), Safari (Apple) and
 * the old Edge/Windows (WNS): each host itself or any name under it.
 */
export const KNOWN_PUSH_HOST_SUFFIXES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

export type EndpointRule = {
  production: boolean;
  /** PUSH_ENDPOINT_HOSTS: a company's own push service(s), host suffixes as KNOWN_PUSH_HOST_SUFFIXES. */
  extraHostSuffixes: readonly string[];
};

/** Outside production the tests' push service on this machine (web-push-testing speaks plain http). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const under = (host: string, suffix: string) => host === suffix || host.endsWith(`.${suffix}`);

/** Whether a push may be posted to this endpoint (checked at /push/subscribe and again before each post). */
export function endpointAllowed(endpoint: string, rule: EndpointRule): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  if (!rule.production) return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(host));
  if (url.protocol !== 'https:' || url.username || url.password || notAPublicName(host)) return false;
  return [...KNOWN_PUSH_HOST_SUFFIXES, ...rule.extraHostSuffixes].some((suffix) => under(host, suffix.toLowerCase()));
}

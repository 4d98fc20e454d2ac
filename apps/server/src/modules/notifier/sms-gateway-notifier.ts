import { SendFailure, type Message, type Notifier } from './notifier.ts';

export type SmsGatewaySettings = {
  /** The gateway's API root, e.g. https://api.smsapi.pl; messages go to {url}/sms.do. */
  url: string;
  /** The API token, sent as a bearer token. */
  token: string;
  /** The sender name registered with the gateway (at most 11 characters). */
  sender: string;
  /** How long one try may take, in ms. */
  timeoutMs?: number;
};

/** SMSAPI's own failures (internal error, too many requests at once or per second): worth another try. */
const TRANSIENT_GATEWAY_ERRORS = new Set([201, 202, 203]);

/**
 * SMS through an HTTP gateway shaped after SMSAPI.pl's REST API: POST {url}/sms.do, form fields to,
 * message, from, format=json, encoding=utf-8 (Polish letters). A JSON answer with `error` is a failure.
 * A failure throws SendFailure; retries and the time bound are retrying-notifier.ts's.
 */
export class SmsGatewayNotifier implements Notifier {
  constructor(private readonly settings: SmsGatewaySettings) {}

  async send(message: Message): Promise<void> {
    const { url, token, sender, timeoutMs = 10_000 } = this.settings;
    const form = new URLSearchParams({
      to: gatewayNumber(message.recipient),
      message: message.body,
      from: sender,
      format: 'json',
      encoding: 'utf-8',
    });
    let response: Response;
    try {
      response = await fetch(`${url.replace(/\/+$/, '')}/sms.do`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'network error';
      throw new SendFailure(`SMS gateway: ${reason}`, false);
    }
    const answer = await response.text().catch(() => '');
    const error = gatewayError(answer);
    if (error !== undefined) {
      throw new SendFailure(`SMS gateway error ${error} (HTTP ${response.status})`, !TRANSIENT_GATEWAY_ERRORS.has(Number(error)));
    }
    if (!response.ok) {
      // 5xx, 408 and 429 may pass later; any other refusal will not.
      const transient = response.status >= 500 || response.status === 408 || response.status === 429;
      throw new SendFailure(`SMS gateway answered HTTP ${response.status}`, !transient);
    }
  }
}

/** The gateway takes numbers as digits with the country prefix (48600100200): no '+', spaces or dashes. */
export function gatewayNumber(recipient: string): string {
  return recipient.replace(/[\s()-]/g, '').replace(/^(\+|00)/, '');
}

/** The `error` of a JSON answer, if it has one (the gateway also sends it with HTTP 200). */
function gatewayError(answer: string): string | number | undefined {
  try {
    const json: unknown = JSON.parse(answer);
    if (json && typeof json === 'object' && 'error' in json && json.error !== null && json.error !== undefined) {
      return json.error as string | number;
    }
  } catch {
    // Not JSON (a proxy's error page): the HTTP status decides.
  }
  return undefined;
}

import { SendFailure, type Delivered, type DeliveryProvider, type Message } from './notifier.ts';

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
export class SmsGatewayNotifier implements DeliveryProvider {
  constructor(private readonly settings: SmsGatewaySettings) {}

  async send(message: Message): Promise<Delivered> {
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
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new SendFailure(
        timedOut ? 'timeout' : 'network error',
        false,
        timedOut ? `SMS gateway: no answer within ${timeoutMs} ms` : 'SMS gateway: network error',
      );
    }
    const answer = await response.text().catch(() => '');
    const json = parsed(answer);
    const error = json?.error;
    if (error !== undefined && error !== null) {
      // The gateway's own message may quote the number: in the failure's message only (never logged).
      const said = typeof json?.message === 'string' ? `: ${json.message}` : '';
      throw new SendFailure(
        `gateway error ${String(error)} (HTTP ${response.status})`,
        !TRANSIENT_GATEWAY_ERRORS.has(Number(error)),
        `SMS gateway error ${String(error)}${said}`,
      );
    }
    if (!response.ok) {
      // 5xx, 408 and 429 may pass later; any other refusal will not.
      const transient = response.status >= 500 || response.status === 408 || response.status === 429;
      throw new SendFailure(`HTTP ${response.status}`, !transient, `SMS gateway answered HTTP ${response.status}`);
    }
    const id = json?.list?.[0]?.id;
    return typeof id === 'string' ? { messageId: id } : {};
  }
}

/** The gateway takes numbers as digits with the country prefix (48600100200): no '+', spaces or dashes. */
export function gatewayNumber(recipient: string): string {
  return recipient.replace(/[\s()-]/g, '').replace(/^(\+|00)/, '');
}

type GatewayAnswer = { error?: string | number | null; message?: unknown; list?: { id?: unknown }[] };

/** The gateway's JSON answer (it sends `error` with HTTP 200 too); undefined when it is not JSON. */
function parsed(answer: string): GatewayAnswer | undefined {
  try {
    const json: unknown = JSON.parse(answer);
    return json && typeof json === 'object' ? (json as GatewayAnswer) : undefined;
  } catch {
    // Not JSON (a proxy's error page): the HTTP status decides.
    return undefined;
  }
}

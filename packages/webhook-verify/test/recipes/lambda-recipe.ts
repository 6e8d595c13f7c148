// README:start aws-lambda
import type { RawBody, WebhookHeaders } from '@agent-platform/webhook-verify';
// README:end aws-lambda
import { type ReceiverOptions, receiver } from './receive.js';

// README:start aws-lambda

/** The fields of an API Gateway (REST or HTTP API), Function URL or ALB event that a receiver reads. */
export interface LambdaHttpEvent {
  body?: string | null;
  isBase64Encoded?: boolean;
  headers?: Record<string, string | undefined> | null;
  multiValueHeaders?: Record<string, string[] | undefined> | null;
}

/**
 * The bytes that were signed. Base64-encoded (a binary media type, content that is not text, some
 * integrations always), the body decodes to exactly them. Otherwise the integration has already
 * decoded them as UTF-8 to give a string: its UTF-8 is the same bytes only if they were valid
 * UTF-8 (invalid ones became U+FFFD, and such a delivery is refused signature_mismatch).
 */
export function lambdaRawBody(event: LambdaHttpEvent): RawBody {
  const body = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(body, 'base64') : body;
}

/**
 * The headers, so that a repeated signature header is refused as anywhere else: a REST API's
 * `headers` keep only the last of a repeat, its `multiValueHeaders` (and an ALB's, when turned on:
 * then the only ones) keep them all. HTTP API and Function URL events join a repeat with commas.
 * Any case: REST API events keep the sender's.
 */
export function lambdaHeaders(event: LambdaHttpEvent): WebhookHeaders {
  return event.multiValueHeaders ?? event.headers ?? {};
}
// README:end aws-lambda

/** What API Gateway, a Function URL and an ALB answer with. */
export interface LambdaHttpResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded: boolean;
}

/** Recipe: AWS Lambda behind API Gateway (REST or HTTP API), a Function URL or an ALB. */
export function lambdaReceiver(
  options: ReceiverOptions,
): (event: LambdaHttpEvent) => Promise<LambdaHttpResult> {
  const receive = receiver(options);
  // README:start aws-lambda

  // README: export async function handler(event: LambdaHttpEvent) {
  async function handler(event: LambdaHttpEvent) {
    const answer = (statusCode: number, body: string) => ({
      statusCode,
      headers: { 'content-type': 'text/plain' },
      body,
      isBase64Encoded: false, // the ALB wants it
    });
    try {
      const { status, body } = await receive(lambdaRawBody(event), lambdaHeaders(event));
      return answer(status, body);
    } catch (error) {
      // Thrown out of the handler, API Gateway and ALB would answer 502 with no word of why.
      console.error('webhook receiver failed', error); // e.g. the dedupe store is down
      return answer(500, 'receiver failed');
    }
  }
  // README:end aws-lambda
  return handler;
}

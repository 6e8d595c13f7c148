import { describe, expect, it } from 'vitest';
import type { EndedWebhookAttempt } from '../webhooks/ended-attempt.js';
import { attemptLine } from './attempt-log-line.js';
import { requestLog } from './request-log-line.js';

const failed: EndedWebhookAttempt = {
  delivery_id: 'dlv_1',
  webhook_id: 'wh_1',
  workspace_id: 'ws_1',
  event: 'contact.created',
  event_id: 'evt_1',
  test: false,
  url: 'https://ada:***@hooks.test/in',
  number: 1,
  attempted_at: '2026-11-20T10:00:00.000Z',
  http_status: 500,
  response_time_ms: 12,
  error: 'HTTP 500',
  succeeded: false,
  delivery_status: 'pending',
  next_attempt_at: '2026-11-20T10:01:00.000Z',
  delivery_error: null,
  webhook_active: true,
};

describe('attemptLine', () => {
  it('is the documented line: time, event, URL, status, ms, attempt, delivery, error, what comes next', () => {
    expect(attemptLine(failed)).toBe(
      'agent-platform-mock: 2026-11-20T10:00:00.000Z webhook contact.created -> https://ada:***@hooks.test/in 500 12ms attempt 1 dlv_1 HTTP 500; next attempt at 2026-11-20T10:01:00.000Z\n',
    );
    const ok = { ...failed, http_status: 204, error: null, succeeded: true, next_attempt_at: null };
    expect(attemptLine({ ...ok, delivery_status: 'succeeded' })).toBe(
      'agent-platform-mock: 2026-11-20T10:00:00.000Z webhook contact.created -> https://ada:***@hooks.test/in 204 12ms attempt 1 dlv_1\n',
    );
  });

  it('says when the delivery failed, why, and that the webhook is inactive; a test event is not retried', () => {
    const last = {
      ...failed,
      number: 5,
      http_status: null,
      response_time_ms: null,
      error: 'network error: ECONNREFUSED',
      delivery_status: 'failed' as const,
      next_attempt_at: null,
      webhook_active: false,
    };
    expect(attemptLine(last)).toBe(
      'agent-platform-mock: 2026-11-20T10:00:00.000Z webhook contact.created -> https://ada:***@hooks.test/in - - attempt 5 dlv_1 network error: ECONNREFUSED; delivery failed (after 5 attempts), webhook inactive: PUT {"active": true} to resume\n',
    );
    expect(
      attemptLine({ ...last, number: 1, delivery_error: 'webhook_deactivated' }).endsWith(
        '; delivery failed (webhook_deactivated), webhook inactive: PUT {"active": true} to resume\n',
      ),
    ).toBe(true);
    expect(
      attemptLine({ ...last, webhook_active: true }).endsWith(
        '; delivery failed (after 5 attempts)\n',
      ),
    ).toBe(true);
    // A deleted webhook is no webhook to resume: no PUT to suggest.
    expect(
      attemptLine({ ...last, number: 1, delivery_error: 'webhook_deleted' }).endsWith(
        '; delivery failed (webhook_deleted)\n',
      ),
    ).toBe(true);
    expect(
      attemptLine({ ...failed, event: 'webhook.test', test: true, delivery_status: 'failed' }),
    ).toMatch(/ HTTP 500; a test event, not retried\n$/);
  });

  it('stays one line whatever the error holds', () => {
    expect(attemptLine({ ...failed, error: 'network error: a\nforged line' })).toContain(
      'network error: a\\nforged line',
    );
  });
});

describe("requestLog's attempts", () => {
  it('prints every attempt with requests, and only the failed ones with errors', async () => {
    const printed = async (level: 'requests' | 'errors') => {
      const written: string[] = [];
      const stream = {
        writable: true,
        writableLength: 0,
        write: (text: string) => written.push(text) > 0,
        once: () => stream,
      };
      const log = requestLog(stream, level);
      log.attempt(failed);
      log.attempt({ ...failed, number: 2, error: null, succeeded: true, http_status: 200 });
      log.flush();
      return written
        .join('')
        .split('\n')
        .slice(0, -1)
        .map((line) => line.split(' ')[9]);
    };
    expect(await printed('requests')).toEqual(['1', '2']);
    expect(await printed('errors')).toEqual(['1']);
  });
});

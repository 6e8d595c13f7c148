import { describe, expect, it } from 'vitest';
import type { DomainContext } from '../domain/context.js';
import type { AlertRecord, WebhookRow } from '../store/records.js';
import { FAILURES_TO_DEACTIVATE, MAX_ALERTS } from './schedules.js';
import { noteFailure, noteSuccess } from './webhook-health.js';

const alert = (n: number): AlertRecord => ({
  id: `alert-${n}`,
  workspace_id: 'ws',
  webhook_id: 'old-hook',
  to: 'owner@ws.workspace.invalid',
  subject: 'Webhook https://receiver.test/hook is failing',
  body: '...',
  sent_at: '2026-11-20T10:00:00.000Z',
});

describe('noteFailure', () => {
  it('keeps the last MAX_ALERTS alert e-mails, the oldest going first, on a server shared all day', () => {
    // A Variant B receiver that flaps (five failures, then a success, again and again) sends an
    // alert each time it turns failing; deleting its webhook keeps them. Nothing bounded them.
    let ids = 0;
    const ctx = {
      variant: 'B',
      state: { alerts: Array.from({ length: MAX_ALERTS }, (_, n) => alert(n)) },
      now: () => '2026-11-21T10:00:00.000Z',
      id: () => `new-${ids++}`,
    } as unknown as DomainContext;
    const hook = {
      id: 'hook',
      _ws: 'ws',
      url: 'https://receiver.test/hook',
      health: 'healthy',
      _consecutive_failures: 0,
    } as unknown as WebhookRow;
    const failed = { http_status: 500, response_time_ms: 1, error: 'HTTP 500', succeeded: false };
    for (let flap = 0; flap < 3; flap++) {
      for (let n = 0; n < FAILURES_TO_DEACTIVATE; n++) noteFailure(ctx, hook, failed);
      noteSuccess(ctx, hook);
    }
    expect(ctx.state.alerts).toHaveLength(MAX_ALERTS);
    expect(ctx.state.alerts[0]?.id).toBe('alert-3');
    expect(ctx.state.alerts.slice(-3).map((a) => a.id)).toEqual(['new-0', 'new-1', 'new-2']);
  });
});

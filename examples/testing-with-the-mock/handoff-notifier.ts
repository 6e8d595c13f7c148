// "Your own code": a webhook receiver that tells your team when a chat waits for a person. A fetch
// handler (Request in, Response out): mount it in Hono, Next.js, a Worker, or node:http.
import type { AgentPlatform } from '@agent-platform/sdk';
import {
  isWebhookVerificationError,
  verifyWebhook,
  type WebhookEventA,
} from '@agent-platform/webhook-verify';

export interface HandoffNotifierOptions {
  client: AgentPlatform;
  /** The webhook's secret, as `client.webhooks.create()` returned it. */
  secret: string;
  /** Where the team hears about it (a Slack message, an e-mail). */
  notify: (text: string) => Promise<void>;
  /** The time a delivery's signing time is checked against: now, unless a test says otherwise. */
  now?: () => Date;
}

/** Verifies each delivery, and for `agent.handoff_started` names the contact waiting, once per handoff. */
export function handoffNotifier({ client, secret, notify, now }: HandoffNotifierOptions) {
  // Handoffs told (one process: several need a shared store, see webhook-verify/dedupe).
  const told = new Set<string>();
  return async (request: Request): Promise<Response> => {
    let event: WebhookEventA;
    try {
      const rawBody = new Uint8Array(await request.arrayBuffer());
      const headers = request.headers;
      event = await verifyWebhook({ variant: 'A', rawBody, headers, secret, now: now?.() });
    } catch (error) {
      if (isWebhookVerificationError(error)) return new Response(error.code, { status: 401 });
      throw error;
    }
    if (event.event !== 'agent.handoff_started') return new Response('ignored');
    const chat = event.data;
    const handoff = `${chat.id} ${chat.human_started_at}`; // a retry carries the same
    if (told.has(handoff)) return new Response('duplicate');
    try {
      const contact = chat.contact_id ? await client.contacts.retrieve(chat.contact_id) : null;
      await notify(`${contact?.name ?? 'A visitor'} is waiting for a person (chat ${chat.id})`);
    } catch {
      return new Response('not told yet', { status: 500 }); // the platform sends it again later
    }
    told.add(handoff);
    return new Response('told');
  };
}

/**
 * api-decisions section 4, copied by hand: method, path, the scopes of Variant A, those of Variant B.
 * `none`: no key; `-`: any key, no scope; `a|b`: either scope grants it.
 * Where the spec departs from the table, the table here says what the spec does, and why:
 * - Variant B, `conversations:write` also starts a conversation and `chats:manage` also reads messages:
 *   seed 5.2 describes them as "create, update, close conversations" and "manage chat threads
 *   including history" (the decisions table gave these to `messages:send` and `conversations:read` alone).
 */
export const decidedOperations = `
GET    /v1/health                                  none                  none
GET    /v1/me                                      -                     -
GET    /v1/agents                                  agents:read           agents:read
POST   /v1/agents                                  agents:write          agents:write
GET    /v1/agents/{id}                             agents:read           agents:read
PUT    /v1/agents/{id}                             agents:write          agents:write
DELETE /v1/agents/{id}                             agents:delete         agents:write
POST   /v1/agents/{id}/activate                    agents:write          agents:write
POST   /v1/agents/{id}/deactivate                  agents:write          agents:write
POST   /v1/agents/{id}/conversation                messages:write        messages:send|conversations:write
GET    /v1/agents/{id}/trainings                   trainings:read        training:read
POST   /v1/agents/{id}/trainings                   trainings:write       training:write
GET    /v1/trainings/{id}                          trainings:read        training:read
PUT    /v1/trainings/{id}                          trainings:write       training:write
DELETE /v1/trainings/{id}                          trainings:write       training:write
GET    /v1/channels                                channels:read         channels:read
POST   /v1/channels                                channels:write        channels:write
GET    /v1/channels/{id}                           channels:read         channels:read
PUT    /v1/channels/{id}                           channels:write        channels:write
DELETE /v1/channels/{id}                           channels:write        channels:write
GET    /v1/channels/{id}/settings                  channels:read         channels:read
PUT    /v1/channels/{id}/settings                  channels:write        channels:write
GET    /v1/channels/{id}/qr-code                   channels:read         channels:read
GET    /v1/channels/{id}/widget                    channels:read         channels:read
GET    /v1/contacts                                contacts:read         contacts:read
POST   /v1/contacts                                contacts:write        contacts:write
GET    /v1/contacts/{id}                           contacts:read         contacts:read
PUT    /v1/contacts/{id}                           contacts:write        contacts:write
DELETE /v1/contacts/{id}                           contacts:write        contacts:write
GET    /v1/custom-fields                           custom-fields:read    custom-fields:manage
POST   /v1/custom-fields                           custom-fields:write   custom-fields:manage
GET    /v1/custom-fields/{id}                      custom-fields:read    custom-fields:manage
PUT    /v1/custom-fields/{id}                      custom-fields:write   custom-fields:manage
POST   /v1/custom-fields/{id}/archive              custom-fields:write   custom-fields:manage
POST   /v1/custom-fields/{id}/unarchive            custom-fields:write   custom-fields:manage
GET    /v1/conversations                           conversations:read    conversations:read
GET    /v1/conversations/{id}                      conversations:read    conversations:read
GET    /v1/conversations/{id}/messages             messages:read         conversations:read|chats:manage
POST   /v1/conversations/{id}/messages             messages:write        messages:send
PUT    /v1/conversations/{id}/messages/{messageId} chats:write           chats:manage
POST   /v1/conversations/{id}/close                chats:write           conversations:write
POST   /v1/conversations/{id}/reopen               chats:write           conversations:write
POST   /v1/conversations/{id}/transfer             chats:write           conversations:write
GET    /v1/chats                                   conversations:read    chats:manage
GET    /v1/chats/{id}                              conversations:read    chats:manage
POST   /v1/chats/{id}/start-human                  chats:write           chats:manage
POST   /v1/chats/{id}/messages                     chats:write           chats:manage
POST   /v1/chats/{id}/stop-human                   chats:write           chats:manage
DELETE /v1/chats/{id}/messages/{messageId}         messages:delete       chats:manage
GET    /v1/messages/{id}                           messages:read         conversations:read|chats:manage
DELETE /v1/messages/{id}                           messages:delete       chats:manage
GET    /v1/mcp-servers                             mcp:read              mcp-servers:manage
POST   /v1/mcp-servers                             mcp:write             mcp-servers:manage
GET    /v1/mcp-servers/{id}                        mcp:read              mcp-servers:manage
PUT    /v1/mcp-servers/{id}                        mcp:write             mcp-servers:manage
DELETE /v1/mcp-servers/{id}                        mcp:write             mcp-servers:manage
GET    /v1/mcp-servers/{id}/tools                  mcp:read              mcp-servers:manage
PUT    /v1/mcp-servers/{id}/tools/{toolName}       mcp:write             mcp-servers:manage
POST   /v1/agent/{id}/mcp/connect                  mcp:write             mcp-servers:manage
POST   /v1/agent/{id}/mcp/disconnect               mcp:write             mcp-servers:manage
GET    /v1/agent/{id}/mcp                          mcp:read              mcp-servers:manage
GET    /v1/webhooks                                webhooks:read|agents:read  webhooks:manage
POST   /v1/webhooks                                webhooks:write        webhooks:manage
GET    /v1/webhooks/{id}                           webhooks:read|agents:read  webhooks:manage
PUT    /v1/webhooks/{id}                           webhooks:write        webhooks:manage
DELETE /v1/webhooks/{id}                           webhooks:delete       webhooks:manage
POST   /v1/webhooks/{id}/test                      webhooks:write        webhooks:manage
GET    /v1/webhooks/{id}/deliveries                webhooks:read|agents:read  webhooks:manage
POST   /v1/webhooks/{id}/rotate-secret             webhooks:write        webhooks:manage
GET    /v1/appointments                            contacts:read         appointments:read
POST   /v1/appointments                            contacts:write        appointments:write
GET    /v1/appointments/{id}                       contacts:read         appointments:read
PUT    /v1/appointments/{id}                       contacts:write        appointments:write
POST   /v1/appointments/{id}/cancel                contacts:write        appointments:write
POST   /v1/appointments/{id}/complete              contacts:write        appointments:write
`
  .trim()
  .split('\n')
  .map((line) => {
    const [method = '', path = '', a = '', b = ''] = line.trim().split(/\s+/);
    const scopes = (s: string) => (s === 'none' ? null : s === '-' ? [] : s.split('|'));
    return { method, path, scopesA: scopes(a), scopesB: scopes(b) };
  });

/** Seed 5.1: the scopes of Variant A. */
export const seedScopesA = [
  'agents:read',
  'agents:write',
  'agents:delete',
  'trainings:read',
  'trainings:write',
  'channels:read',
  'channels:write',
  'contacts:read',
  'contacts:write',
  'conversations:read',
  'messages:read',
  'messages:write',
  'messages:delete',
  'chats:write',
  'custom-fields:read',
  'custom-fields:write',
  'mcp:read',
  'mcp:write',
  'webhooks:read',
  'webhooks:write',
  'webhooks:delete',
];

/** Seed 5.2: the scopes of Variant B. */
export const seedScopesB = [
  'agents:read',
  'agents:write',
  'conversations:read',
  'conversations:write',
  'messages:send',
  'chats:manage',
  'contacts:read',
  'contacts:write',
  'custom-fields:manage',
  'channels:read',
  'channels:write',
  'training:read',
  'training:write',
  'workspaces:read',
  'workspaces:write',
  'webhooks:manage',
  'followups:manage',
  'appointments:read',
  'appointments:write',
  'mcp-servers:manage',
];

/** Seed 6.1 plus the handoff events (6.3) and the test event: Variant A's events. */
export const seedEventsA = [
  'conversation.created',
  'conversation.closed',
  'conversation.transferred',
  'message.received',
  'message.sent',
  'contact.created',
  'contact.updated',
  'appointment.created',
  'appointment.cancelled',
  'appointment.completed',
  'agent.handoff_started',
  'agent.handoff_completed',
  'webhook.test',
];

/** Seed 6.2 plus the test event: Variant B's events. */
export const seedEventsB = [
  'conversation.created',
  'conversation.assigned',
  'conversation.closed',
  'conversation.reopened',
  'message.received',
  'message.sent',
  'message.failed',
  'message.delivered',
  'message.read',
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'agent.handoff_started',
  'agent.handoff_completed',
  'agent.transferred',
  'appointment.scheduled',
  'appointment.rescheduled',
  'appointment.canceled',
  'appointment.reminder_sent',
  'channel.connected',
  'channel.disconnected',
  'channel.error',
  'credit.low',
  'credit.depleted',
  'plan.changed',
  'trial.expiring',
  'trial.expired',
  'webhook.test',
];

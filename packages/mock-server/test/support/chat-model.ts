// A reference model of the chat state machine (api-decisions section 5) and what it emits (section 6),
// small enough to be obviously right: the model test compares the mock with it after every command.
import type { Variant } from '../../src/store/records.js';

/** A chat's status. */
export type Status = 'open' | 'human' | 'closed';

/** An agent as the model knows it. */
export interface MAgent {
  id: string;
  name: string;
  status: 'active' | 'inactive';
  deleted: boolean;
}

/** A contact. */
export interface MContact {
  id: string;
  deleted: boolean;
}

/** A channel. */
export interface MChannel {
  id: string;
  type: 'widget' | 'whatsapp';
  status: 'pending' | 'active' | 'disconnected' | 'error';
  agent_id: string | null;
  deleted: boolean;
}

/** A conversation and its chat. */
export interface MConv {
  id: string;
  agent_id: string;
  contact_id: string | null;
  channel_id: string | null;
  channelDeleted: boolean;
  status: Status;
  assigned_to: string | null;
  human_started_at: string | null;
  created_at: string;
  updated_at: string;
  /** How many times its status or agent changed: an AI answer asked for before a change is dropped. */
  changes: number;
}

/** A stored message. */
export interface MMsg {
  id: string;
  conversation_id: string;
  content: string;
  sender: 'customer' | 'agent' | 'human';
  sender_id: string | null;
  type: string;
  media_url: string | null;
  media_type: string | null;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  is_edited: boolean;
  created_at: string;
  deleted: boolean;
}

/** The whole model: everything in creation order. */
export interface Model {
  variant: Variant;
  now: number;
  agents: MAgent[];
  contacts: MContact[];
  channels: MChannel[];
  convs: MConv[];
  msgs: MMsg[];
  /** AI answers still being thought about, oldest first. */
  pending: Pending[];
}

/** A customer message whose AI answer has not come yet. */
export interface Pending {
  conv: MConv;
  agentId: string;
  text: string;
  /** The conversation's `changes` when it was asked. */
  turn: number;
  /** Lets the responder answer. */
  release(): void;
  /** The request's response, once the answer came. */
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the JSON.
  response: Promise<{ status: number; body: any }>;
  /** What the response holds besides the answer. */
  messageId: string;
}

/** An event the model expects: its name in the variant, and its data (whole, or only the id). */
export interface Expected {
  event: string;
  data: unknown;
}

const NAMES: Record<string, Record<Variant, string | null>> = {
  'conversation.created': { A: 'conversation.created', B: 'conversation.created' },
  'conversation.assigned': { A: null, B: 'conversation.assigned' },
  'conversation.closed': { A: 'conversation.closed', B: 'conversation.closed' },
  'conversation.reopened': { A: null, B: 'conversation.reopened' },
  'conversation.transferred': { A: 'conversation.transferred', B: 'agent.transferred' },
  'message.received': { A: 'message.received', B: 'message.received' },
  'message.sent': { A: 'message.sent', B: 'message.sent' },
  'message.failed': { A: null, B: 'message.failed' },
  'message.delivered': { A: null, B: 'message.delivered' },
  'message.read': { A: null, B: 'message.read' },
  'contact.created': { A: 'contact.created', B: 'contact.created' },
  'contact.deleted': { A: null, B: 'contact.deleted' },
  'handoff.started': { A: 'agent.handoff_started', B: 'agent.handoff_started' },
  'handoff.completed': { A: 'agent.handoff_completed', B: 'agent.handoff_completed' },
  'channel.connected': { A: null, B: 'channel.connected' },
  'channel.disconnected': { A: null, B: 'channel.disconnected' },
  'channel.error': { A: null, B: 'channel.error' },
};

/** Adds the event of this kind to `out`, when the model's variant has one. */
export function expectEvent(m: Model, out: Expected[], kind: string, data: unknown): void {
  const name = NAMES[kind]?.[m.variant];
  if (name === undefined) throw new Error(`model: no event kind ${kind}`);
  if (name) out.push({ event: name, data });
}

/** The category a webhook subscribes to for an event. */
export function categoryOf(event: string): string {
  const prefix = event.split('.')[0] as string;
  return (
    {
      conversation: 'conversations',
      message: 'messages',
      contact: 'contacts',
      channel: 'channels',
    }[prefix] ?? prefix
  );
}

/** The model's clock as the API writes it. */
export const iso = (m: Model) => new Date(m.now).toISOString();

/** The conversation view. */
export function convView(c: MConv) {
  return {
    id: c.id,
    agent_id: c.agent_id,
    contact_id: c.contact_id,
    channel_id: c.channel_id,
    status: c.status === 'closed' ? 'closed' : 'open',
    metadata: {},
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

/** The chat view. */
export function chatView(c: MConv) {
  return {
    id: c.id,
    status: c.status,
    assigned_to: c.assigned_to,
    human_started_at: c.human_started_at,
    channel_id: c.channel_id,
    contact_id: c.contact_id,
    agent_id: c.agent_id,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

/** The conversation view of a message. */
export function messageView(msg: MMsg) {
  return {
    id: msg.id,
    conversation_id: msg.conversation_id,
    content: msg.content,
    sender_type: msg.sender,
    message_type: msg.type,
    media_url: msg.media_url,
    media_type: msg.media_type,
    is_edited: msg.is_edited,
    created_at: msg.created_at,
  };
}

/** The chat view of a message. */
export function chatMessageView(msg: MMsg) {
  return {
    id: msg.id,
    conversation_id: msg.conversation_id,
    content: msg.content,
    type: msg.type,
    sender_type: msg.sender === 'customer' ? 'contact' : msg.sender,
    sender_id: msg.sender_id,
    status: msg.status,
    media_url: msg.media_url,
    created_at: msg.created_at,
  };
}

/** Whether messages to the customer fail: the channel was deleted or is not active. */
export function deadChannel(m: Model, c: MConv): boolean {
  if (c.channelDeleted) return true;
  if (c.channel_id === null) return false;
  return m.channels.find((ch) => ch.id === c.channel_id)?.status !== 'active';
}

/** The AI's answer the test's responder gives. */
export const answerOf = (agentName: string, message: string) => `${agentName} re: ${message}`;

/** The live agent of a conversation, if it exists. */
export const agentOf = (m: Model, c: MConv) =>
  m.agents.find((a) => a.id === c.agent_id && !a.deleted);

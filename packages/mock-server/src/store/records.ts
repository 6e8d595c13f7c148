import type { components } from '../generated/api-types.js';
import type { RowMeta } from './table.js';

type S = components['schemas'];

/** The two scope vocabularies and webhook dialects of the service. */
export type Variant = 'A' | 'B';

/** A workspace: the unit of isolation; every API key belongs to one. */
export interface Workspace {
  workspace_id: string;
  company_id: string;
  name: string;
}

/** An API key as the mock stores it. */
export interface ApiKeyRecord {
  id: string;
  key: string;
  name: string;
  workspace_id: string;
  company_id: string;
  scopes: string[];
  created_at: string;
  revoked_at: string | null;
}

/** A stored agent. */
export type AgentRow = S['Agent'] & RowMeta;
/** A stored training. */
export type TrainingRow = S['Training'] & RowMeta;
/** A stored channel, with its settings. */
export type ChannelRow = S['Channel'] &
  RowMeta & {
    _settings: Omit<S['ChannelSettings'], 'channel_id'>;
    _widget_key: string;
  };
/** A stored contact. */
export type ContactRow = S['Contact'] & RowMeta;
/** A stored custom field definition. */
export type CustomFieldRow = S['CustomField'] & RowMeta;
/** A stored webhook, with its secret and delivery state. */
export type WebhookRow = S['Webhook'] &
  RowMeta & {
    _secret: string;
    /** After a rotation with `grace_seconds`: the secret that signs until `_previous_until`. */
    _previous_secret?: string;
    /** Milliseconds since the epoch (the mock's clock) when `_secret` takes over from `_previous_secret`. */
    _previous_until?: number;
    _consecutive_failures: number;
  };

/** What a key may do with one resource group. */
export type PermissionSet = S['PermissionSet'];

/** The chat status of a conversation: the state machine of api-decisions section 5. */
export type ChatStatus = 'open' | 'human' | 'closed';

/** A stored conversation; its chat (same id) lives in the `_chat` fields. */
export type ConversationRow = Omit<S['Conversation'], 'status'> &
  RowMeta & {
    _chat_status: ChatStatus;
    _assigned_to: string | null;
    _human_started_at: string | null;
    /**
     * Set when the channel the conversation came through was deleted (`channel_id` is then null): a
     * human message has no way to the customer. Absent in a conversation that never had a channel.
     */
    _channel_deleted?: boolean;
  };

/** Who wrote a stored message (one vocabulary; the views translate it). */
export type MessageSender = 'customer' | 'agent' | 'human';

/** A stored message: one record, two views (conversation message and chat message). */
export interface MessageRow extends RowMeta {
  conversation_id: string;
  content: string;
  sender: MessageSender;
  sender_id: string | null;
  type: S['MessageType'];
  media_url: string | null;
  media_type: string | null;
  status: S['ChatMessage']['status'];
  is_edited: boolean;
  updated_at: string;
}

/** A stored MCP server, with the headers sent to it and its simulated tools. */
export type McpServerRow = Omit<S['McpServer'], 'status' | 'tools_count'> &
  RowMeta & {
    _headers: Record<string, string>;
    _tools: S['McpTool'][];
    _error: boolean;
  };

/** An agent connected to an MCP server. */
export interface McpLinkRow extends RowMeta {
  agent_id: string;
  mcp_id: string;
}

/** A stored appointment. */
export type AppointmentRow = S['Appointment'] & RowMeta;

/** An MCP tool as the API shows it. */
export type McpTool = S['McpTool'];

/**
 * A stored attempt: the spec's, and of the headers it sent what no other record holds (the rest are
 * the same on every attempt, or come from its time: `attemptHeaders` builds them again when read).
 */
export type DeliveryAttemptRow = S['WebhookDeliveryAttempt'] & {
  /** The signature header's value it sent (`sha256=...`); absent when it sent nothing, or imported from a state without it. */
  _signature?: string;
  /** It sent an `Authorization` header (its webhook URL held credentials), whose value is not kept. */
  _authorization?: true;
};

/** A stored delivery of one event to one webhook, with the exact body every attempt sends. */
export type DeliveryRow = Omit<S['WebhookDelivery'], 'attempts'> &
  RowMeta & {
    /** Its attempts, oldest first. */
    attempts: DeliveryAttemptRow[];
    /** The JSON body, serialised once: retries send the same bytes. */
    _body: string;
    /** A test delivery: one attempt, never retried, not counted toward health. */
    _test: boolean;
  };

/** An alert e-mail the service sends when a Variant B webhook becomes failing. */
export interface AlertRecord {
  /** The alert's own id. */
  id: string;
  /** The workspace of the failing webhook. */
  workspace_id: string;
  /** The webhook that became failing. */
  webhook_id: string;
  /** Where the e-mail went. */
  to: string;
  /** The e-mail's subject line. */
  subject: string;
  /** The e-mail's text. */
  body: string;
  /** When it was sent (ISO 8601, on the mock's clock). */
  sent_at: string;
}

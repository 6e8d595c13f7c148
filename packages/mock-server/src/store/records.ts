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
    _consecutive_failures: number;
  };

/** What a key may do with one resource group. */
export type PermissionSet = S['PermissionSet'];

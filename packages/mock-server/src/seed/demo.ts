import type { Controller } from '../control/controller.js';
import type { DomainContext } from '../domain/context.js';
import type {
  AgentRow,
  ChannelRow,
  ContactRow,
  CustomFieldRow,
  TrainingRow,
} from '../store/records.js';

/** The demo key: holds every scope of the server's variant. */
export const DEMO_API_KEY = 'demo-key-all-scopes';

/** Fixed ids of the demo workspace, so that docs and scripts can name them. */
export const DEMO_IDS = {
  workspace: '00000000-0000-4000-8000-000000000001',
  company: '00000000-0000-4000-8000-000000000002',
  supportAgent: '00000000-0000-4000-8000-000000000101',
  salesAgent: '00000000-0000-4000-8000-000000000102',
  nightAgent: '00000000-0000-4000-8000-000000000103',
  widgetChannel: '00000000-0000-4000-8000-000000000201',
  whatsappChannel: '00000000-0000-4000-8000-000000000202',
} as const;

/** Fills an empty state with a demo workspace: agents, trainings, channels, custom fields, contacts. */
export function applyDemoSeed(ctx: DomainContext, control: Controller): void {
  const ws = DEMO_IDS.workspace;
  control.createWorkspace({
    name: 'Demo workspace',
    workspace_id: ws,
    company_id: DEMO_IDS.company,
  });
  control.createApiKey({ workspace_id: ws, name: 'Demo key', scopes: 'all', key: DEMO_API_KEY });
  const now = ctx.now();
  const meta = () => ({ created_at: now, updated_at: now, _ws: ws, _seq: ctx.seq() });
  const { agents, trainings, channels, customFields, contacts } = ctx.state.tables;

  const agent = (id: string, name: string, description: string, status: AgentRow['status']) =>
    agents.put({
      id,
      name,
      description,
      avatar_url: null,
      status,
      model: 'default',
      temperature: 0.7,
      instructions: `You are ${name}. Answer briefly and politely.`,
      ...meta(),
    });
  agent(DEMO_IDS.supportAgent, 'Support Agent', 'Answers product and order questions.', 'active');
  agent(DEMO_IDS.salesAgent, 'Sales Agent', 'Helps customers choose a plan.', 'active');
  agent(DEMO_IDS.nightAgent, 'Night Shift', 'Covers the night; paused for now.', 'inactive');

  const training = (title: string, content: string): TrainingRow =>
    trainings.put({
      id: ctx.id(),
      agent_id: DEMO_IDS.supportAgent,
      type: 'text',
      title,
      content,
      url: null,
      ...meta(),
    });
  training('Shipping', 'Orders ship within 2 business days; tracking links are sent by email.');
  training('Returns', 'You can return any item within 30 days for a full refund.');
  training('Opening hours', 'Our human team answers Monday to Friday, 9:00 to 18:00 CET.');

  const channel = (
    id: string,
    name: string,
    type: ChannelRow['type'],
    status: ChannelRow['status'],
  ) =>
    channels.put({
      id,
      name,
      type,
      status,
      agent_id: DEMO_IDS.supportAgent,
      ...meta(),
      _settings: {
        welcome_message: 'Hi! How can we help?',
        away_message: null,
        language: 'en',
        business_hours: null,
        updated_at: now,
      },
      _widget_key: 'wk_demo0000000000000000000000000000',
    });
  channel(DEMO_IDS.widgetChannel, 'Website chat', 'widget', 'active');
  channel(DEMO_IDS.whatsappChannel, 'WhatsApp', 'whatsapp', 'pending');

  const field = (name: string, type: CustomFieldRow['type'], options: string[]): CustomFieldRow =>
    customFields.put({
      id: ctx.id(),
      name,
      type,
      description: null,
      options,
      required: false,
      archived: false,
      ...meta(),
    });
  field('plan', 'select', ['free', 'pro', 'enterprise']);
  field('vip', 'boolean', []);

  const contact = (
    name: string,
    email: string,
    phone: string | null,
    custom: ContactRow['custom_fields'],
  ) => contacts.put({ id: ctx.id(), name, email, phone, custom_fields: custom, ...meta() });
  contact('Ada Lovelace', 'ada@example.com', '+447700900001', { plan: 'pro', vip: true });
  contact('Grace Hopper', 'grace@example.com', '+12025550123', { plan: 'enterprise' });
  contact('Alan Turing', 'alan@example.com', null, { plan: 'free' });
}

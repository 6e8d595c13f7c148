import type { Controller } from '../control/controller.js';
import type { DomainContext } from '../domain/context.js';
import type {
  AgentRow,
  ChannelRow,
  ContactRow,
  CustomFieldRow,
  TrainingRow,
} from '../store/records.js';
import { DEMO_API_KEY, DEMO_IDS } from './demo-ids.js';

/** Fills an empty state with a demo workspace: agents, trainings, channels, custom fields, contacts. */
export function applyDemoSeed(ctx: DomainContext, control: Controller): void {
  const ws = DEMO_IDS.workspace;
  control.createWorkspace({
    name: 'Demo workspace',
    workspace_id: ws,
    company_id: DEMO_IDS.company,
  });
  control.createApiKey(
    { workspace_id: ws, name: 'Demo key', scopes: 'all', key: DEMO_API_KEY },
    DEMO_IDS.apiKey,
  );
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

  const training = (id: string, title: string, content: string): TrainingRow =>
    trainings.put({
      id,
      agent_id: DEMO_IDS.supportAgent,
      type: 'text',
      title,
      content,
      url: null,
      ...meta(),
    });
  training(
    DEMO_IDS.shippingTraining,
    'Shipping',
    'Orders ship within 2 business days; tracking links are sent by email.',
  );
  training(
    DEMO_IDS.returnsTraining,
    'Returns',
    'You can return any item within 30 days for a full refund.',
  );
  training(
    DEMO_IDS.openingHoursTraining,
    'Opening hours',
    'Our human team answers Monday to Friday, 9:00 to 18:00 CET.',
  );

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

  const field = (
    id: string,
    name: string,
    type: CustomFieldRow['type'],
    options: string[],
  ): CustomFieldRow =>
    customFields.put({
      id,
      name,
      type,
      description: null,
      options,
      required: false,
      archived: false,
      ...meta(),
    });
  field(DEMO_IDS.planField, 'plan', 'select', ['free', 'pro', 'enterprise']);
  field(DEMO_IDS.vipField, 'vip', 'boolean', []);

  const contact = (
    id: string,
    name: string,
    email: string,
    phone: string | null,
    custom: ContactRow['custom_fields'],
  ) => contacts.put({ id, name, email, phone, custom_fields: custom, ...meta() });
  contact(DEMO_IDS.adaContact, 'Ada Lovelace', 'ada@example.com', '+447700900001', {
    plan: 'pro',
    vip: true,
  });
  contact(DEMO_IDS.graceContact, 'Grace Hopper', 'grace@example.com', '+12025550123', {
    plan: 'enterprise',
  });
  contact(DEMO_IDS.alanContact, 'Alan Turing', 'alan@example.com', null, { plan: 'free' });
}

import { describe, expect, it } from 'vitest';
import type { SchemaNode } from '../generated/operations.js';
import { schemas } from '../generated/schemas.js';
import { REQUEST_RULES } from './request-rules.js';

/** The rules of a property, without what says nothing about a stored value. */
function rulesOf(node: SchemaNode | undefined): unknown {
  if (!node) return undefined;
  const { description: _d, default: _default, type, ...rest } = node;
  const types = (Array.isArray(type) ? type : [type]).filter((t) => t !== 'null');
  return { ...rest, type: types };
}

type Holder = { properties?: Record<string, SchemaNode>; allOf?: Holder[] };
/** A schema's properties, those of its allOf branches included (ContactCreate holds its fields there). */
const props = (name: string): Record<string, SchemaNode> => {
  const top = schemas[name] as Holder;
  return Object.assign({}, ...[top, ...(top.allOf ?? [])].map((n) => n.properties ?? {}));
};

// A state import checks a stored value with the create request's rule (request-rules.ts): the
// value may have been written by the update request, so both must hold the same rule.
describe('the request rules a state import applies', () => {
  it.each([
    ['AgentCreate', 'AgentUpdate'],
    ['TrainingCreateText', 'TrainingUpdate'],
    ['TrainingCreateUrl', 'TrainingUpdate'],
    ['TrainingCreateDocument', 'TrainingUpdate'],
    ['ChannelCreate', 'ChannelUpdate'],
    ['ContactCreate', 'ContactUpdate'],
    ['CustomFieldCreate', 'CustomFieldUpdate'],
    ['WebhookCreate', 'WebhookUpdate'],
    ['McpServerCreate', 'McpServerUpdate'],
    ['AppointmentCreate', 'AppointmentUpdate'],
  ])('are the same in %s and %s', (create, update) => {
    const [a, b] = [props(create), props(update)];
    expect(Object.keys(a).filter((key) => key in b).length, create).toBeGreaterThan(0);
    for (const name of Object.keys(a).filter((key) => key in b && key !== 'type')) {
      expect(rulesOf(b[name]), `${update}.${name}`).toEqual(rulesOf(a[name]));
    }
  });

  it('cover the URL of every table that stores one', () => {
    expect(REQUEST_RULES.agents?.avatar_url).toMatchObject({ pattern: expect.any(String) });
    expect(REQUEST_RULES.trainings?.url).toMatchObject({ pattern: expect.any(String) });
    expect(REQUEST_RULES.webhooks?.url).toMatchObject({ pattern: expect.any(String) });
    expect(REQUEST_RULES.messages?.media_url).toMatchObject({ pattern: expect.any(String) });
    expect(REQUEST_RULES.mcpServers?.url).toMatchObject({ not: expect.any(Object) });
  });
});

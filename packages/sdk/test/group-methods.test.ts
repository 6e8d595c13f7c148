import { describe, expect, expectTypeOf, it } from 'vitest';
import { AgentPlatform } from '../src/index.js';

const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://127.0.0.1:4010' });

/** Every method of each group, as its type has them. */
const METHODS = {
  agents: [
    'list',
    'create',
    'retrieve',
    'update',
    'delete',
    'activate',
    'deactivate',
    'startConversation',
  ],
  trainings: ['list', 'create', 'retrieve', 'update', 'delete'],
  channels: [
    'list',
    'create',
    'retrieve',
    'update',
    'delete',
    'retrieveSettings',
    'updateSettings',
    'retrieveQrCode',
    'retrieveWidget',
  ],
  contacts: ['list', 'create', 'retrieve', 'update', 'delete'],
  customFields: ['list', 'create', 'retrieve', 'update', 'archive', 'unarchive'],
  conversations: [
    'list',
    'retrieve',
    'listMessages',
    'sendMessage',
    'editMessage',
    'close',
    'reopen',
    'transfer',
  ],
  chats: ['list', 'retrieve', 'startHuman', 'sendMessage', 'stopHuman', 'deleteMessage'],
  messages: ['retrieve', 'delete'],
  mcpServers: [
    'list',
    'create',
    'retrieve',
    'update',
    'delete',
    'listTools',
    'updateTool',
    'connect',
    'disconnect',
    'listForAgent',
  ],
  webhooks: [
    'list',
    'create',
    'retrieve',
    'update',
    'delete',
    'test',
    'deliveries',
    'rotateSecret',
  ],
  appointments: ['list', 'create', 'retrieve', 'update', 'cancel', 'complete'],
} as const;

type Group = keyof typeof METHODS;

/** The methods a group offers at runtime: up its prototype chain, as `client.agents.x` finds them. */
function runtimeMethods(group: object): string[] {
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(group); proto !== Object.prototype; ) {
    for (const name of Object.getOwnPropertyNames(proto))
      if (name !== 'constructor') names.add(name);
    proto = Object.getPrototypeOf(proto);
  }
  return [...names].sort();
}

describe('resource groups', () => {
  it('offer at runtime exactly the methods their types have (a shared base class adds none)', () => {
    for (const name of Object.keys(METHODS) as Group[]) {
      expect([name, runtimeMethods(client[name])]).toEqual([name, [...METHODS[name]].sort()]);
    }
  });

  it('have in their types exactly the methods listed', () => {
    // The table above is each group's public type: a method added to or dropped from one fails here.
    expectTypeOf<{ [G in Group]: keyof AgentPlatform[G] }>().toEqualTypeOf<{
      [G in Group]: (typeof METHODS)[G][number];
    }>();
  });
});

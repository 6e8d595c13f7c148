import {
  agentsCreate,
  agentsDelete,
  agentsList,
  agentsRetrieve,
  agentsUpdate,
  setAgentStatus,
} from './domain/agents.js';
import {
  appointmentsCreate,
  appointmentsList,
  appointmentsRetrieve,
  appointmentsUpdate,
  finishAppointment,
} from './domain/appointments.js';
import {
  channelsCreate,
  channelsDelete,
  channelsList,
  channelsRetrieve,
  channelsRetrieveQrCode,
  channelsRetrieveSettings,
  channelsRetrieveWidget,
  channelsUpdate,
  channelsUpdateSettings,
} from './domain/channels.js';
import {
  chatsDeleteMessage,
  chatsList,
  chatsRetrieve,
  chatsSendMessage,
  chatsStartHuman,
  chatsStopHuman,
} from './domain/chats.js';
import {
  contactsCreate,
  contactsDelete,
  contactsList,
  contactsRetrieve,
  contactsUpdate,
} from './domain/contacts.js';
import type { Handler } from './domain/context.js';
import {
  agentsStartConversation,
  conversationsClose,
  conversationsEditMessage,
  conversationsList,
  conversationsListMessages,
  conversationsReopen,
  conversationsRetrieve,
  conversationsSendMessage,
  conversationsTransfer,
} from './domain/conversations.js';
import {
  customFieldsCreate,
  customFieldsList,
  customFieldsRetrieve,
  customFieldsUpdate,
  setArchived,
} from './domain/custom-fields.js';
import {
  mcpServersConnect,
  mcpServersCreate,
  mcpServersDelete,
  mcpServersDisconnect,
  mcpServersList,
  mcpServersListForAgent,
  mcpServersListTools,
  mcpServersRetrieve,
  mcpServersUpdate,
  mcpServersUpdateTool,
} from './domain/mcp-servers.js';
import { messagesDelete, messagesRetrieve } from './domain/messages.js';
import { healthRetrieve, meRetrieve } from './domain/system.js';
import {
  trainingsCreate,
  trainingsDelete,
  trainingsList,
  trainingsRetrieve,
  trainingsUpdate,
} from './domain/trainings.js';
import {
  webhooksCreate,
  webhooksDelete,
  webhooksList,
  webhooksListDeliveries,
  webhooksRetrieve,
  webhooksRotateSecret,
  webhooksTest,
  webhooksUpdate,
} from './domain/webhooks.js';
import { ApiError } from './errors.js';
import { type OperationId, type OperationInfo, operations } from './generated/operations.js';
import { allowHeader } from './http/allow-header.js';
import { nearMissHint } from './http/near-miss.js';
import { Router } from './http/router.js';

/** The route table: the handler of every operation of the spec, by operationId (the type requires all). */
export const routes: { readonly [K in OperationId]: Handler } = {
  healthRetrieve,
  meRetrieve,
  agentsList,
  agentsCreate,
  agentsRetrieve,
  agentsUpdate,
  agentsDelete,
  agentsActivate: setAgentStatus('active'),
  agentsDeactivate: setAgentStatus('inactive'),
  agentsStartConversation,
  trainingsList,
  trainingsCreate,
  trainingsRetrieve,
  trainingsUpdate,
  trainingsDelete,
  channelsList,
  channelsCreate,
  channelsRetrieve,
  channelsUpdate,
  channelsDelete,
  channelsRetrieveSettings,
  channelsUpdateSettings,
  channelsRetrieveQrCode,
  channelsRetrieveWidget,
  contactsList,
  contactsCreate,
  contactsRetrieve,
  contactsUpdate,
  contactsDelete,
  customFieldsList,
  customFieldsCreate,
  customFieldsRetrieve,
  customFieldsUpdate,
  customFieldsArchive: setArchived(true),
  customFieldsUnarchive: setArchived(false),
  webhooksList,
  webhooksCreate,
  webhooksRetrieve,
  webhooksUpdate,
  webhooksDelete,
  webhooksRotateSecret,
  webhooksTest,
  webhooksListDeliveries,
  conversationsList,
  conversationsRetrieve,
  conversationsListMessages,
  conversationsSendMessage,
  conversationsEditMessage,
  conversationsClose,
  conversationsReopen,
  conversationsTransfer,
  chatsList,
  chatsRetrieve,
  chatsStartHuman,
  chatsSendMessage,
  chatsStopHuman,
  chatsDeleteMessage,
  messagesRetrieve,
  messagesDelete,
  mcpServersList,
  mcpServersCreate,
  mcpServersRetrieve,
  mcpServersUpdate,
  mcpServersDelete,
  mcpServersListTools,
  mcpServersUpdateTool,
  mcpServersConnect,
  mcpServersDisconnect,
  mcpServersListForAgent,
  appointmentsList,
  appointmentsCreate,
  appointmentsRetrieve,
  appointmentsUpdate,
  appointmentsCancel: finishAppointment('cancelled'),
  appointmentsComplete: finishAppointment('completed'),
};

/** An operation and its handler: what the router finds for a request. */
export interface ApiRoute {
  op: OperationInfo;
  handler: Handler;
}

/** The router of the API: every operation of the spec, at its method and path. */
export const apiRouter = new Router<ApiRoute>(
  operations.map((op) => ({
    method: op.method,
    path: op.path,
    target: { op, handler: routes[op.operationId] },
  })),
);

/**
 * 405 with `Allow` for a known path and another method; 404 NOT_FOUND for an unknown path, naming
 * the path it is likely a slip for. `Allow`
 * lists what the server answers there: the path's methods, HEAD wherever GET is, and OPTIONS (CORS).
 */
export function routeError(method: string, path: string, allowed: string[]): ApiError {
  if (allowed.length === 0) {
    const hint =
      trailingSlashHint(apiRouter, method, path) || nearMissHint(apiRouter, method, path);
    return new ApiError(404, 'NOT_FOUND', `no such path: ${method} ${path}${hint}`);
  }
  const allow = allowHeader(allowed);
  return new ApiError(
    405,
    'METHOD_NOT_ALLOWED',
    `${method} is not allowed on ${path}; use ${allow}`,
    {
      headers: { Allow: allow },
    },
  );
}

/**
 * What a 404 adds where only a trailing slash keeps `path` from a route of `router`: paths are
 * exact, as the spec writes them. Empty otherwise.
 */
export function trailingSlashHint(router: Router<unknown>, method: string, path: string): string {
  // The lookbehind: a run of slashes inside the path is tried only from its start, not from each of
  // its slashes (quadratic time on a long run).
  const bare = path.replace(/(?<!\/)\/+$/, '');
  return bare !== path && bare !== '' && router.match(method, bare).kind !== 'none'
    ? ` (paths have no trailing slash: ${bare})`
    : '';
}

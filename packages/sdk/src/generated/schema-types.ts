/**
 * Generated from spec/openapi.yaml by `pnpm generate` - do not edit.
 */

import type { components } from './schema.js';

type Schemas = components['schemas'];

/** The operationIds of the spec's webhooks: deliveries the API sends, which no method calls. */
export type WebhookOperationId =
  | 'webhookConversationCreated'
  | 'webhookConversationAssigned'
  | 'webhookConversationClosed'
  | 'webhookConversationReopened'
  | 'webhookConversationTransferred'
  | 'webhookMessageReceived'
  | 'webhookMessageSent'
  | 'webhookMessageFailed'
  | 'webhookMessageDelivered'
  | 'webhookMessageRead'
  | 'webhookContactCreated'
  | 'webhookContactUpdated'
  | 'webhookContactDeleted'
  | 'webhookAgentHandoffStarted'
  | 'webhookAgentHandoffCompleted'
  | 'webhookAgentTransferred'
  | 'webhookAppointmentCreated'
  | 'webhookAppointmentCancelled'
  | 'webhookAppointmentCompleted'
  | 'webhookAppointmentScheduled'
  | 'webhookAppointmentRescheduled'
  | 'webhookAppointmentCanceled'
  | 'webhookAppointmentReminderSent'
  | 'webhookChannelConnected'
  | 'webhookChannelDisconnected'
  | 'webhookChannelError'
  | 'webhookCreditLow'
  | 'webhookCreditDepleted'
  | 'webhookPlanChanged'
  | 'webhookTrialExpiring'
  | 'webhookTrialExpired'
  | 'webhookWebhookTest';

/** What went wrong: `code` for programs, `message` for people, and on a 400 `details` per field. */
export type ErrorBody = Schemas['ErrorBody'];

/** Free-form key-value pairs for the client's own use (at most 50 keys; values are strings of at most 500 characters, numbers, booleans or null). */
export type Metadata = Schemas['Metadata'];

/** Health result (GET /v1/health) when the API works; in maintenance or degradation the answer is a 503 (`HealthUnavailable`). */
export type Health = Schemas['Health'];

/** GET /v1/health in maintenance or degradation: the health result, plus the `error` every error response carries (code `SERVICE_UNAVAILABLE`), so a client reading either finds what it looks for. */
export type HealthUnavailable = Schemas['HealthUnavailable'];

/** What a key may do with one resource group. */
export type PermissionSet = Schemas['PermissionSet'];

/** Key introspection result (GET /v1/me). */
export type Me = Schemas['Me'];

/** A list's order: `asc` oldest first, `desc` (the default) newest first. */
export type SortOrder = Schemas['SortOrder'];

/** An agent's status. */
export type AgentStatus = Schemas['AgentStatus'];

/** An AI agent (returned by deactivate). */
export type Agent = Schemas['Agent'];

/** The request body of `agentsCreate` (POST /v1/agents). */
export type AgentCreate = Schemas['AgentCreate'];

/** A partial update; absent fields are left as they are. */
export type AgentUpdate = Schemas['AgentUpdate'];

/** The request body of `agentsStartConversation` (POST /v1/agents/{id}/conversation). */
export type StartConversation = Schemas['StartConversation'];

/** The agent's answer to a customer message. */
export type AgentReply = Schemas['AgentReply'];

/** What a training holds. */
export type TrainingType = Schemas['TrainingType'];

/** One item of an agent's knowledge base. */
export type Training = Schemas['Training'];

/** `text` needs `content`; `url` and `document` need `url`. */
export type TrainingCreate = Schemas['TrainingCreate'];

/** The spec's `TrainingCreateText` schema. */
export type TrainingCreateText = Schemas['TrainingCreateText'];

/** The spec's `TrainingCreateUrl` schema. */
export type TrainingCreateUrl = Schemas['TrainingCreateUrl'];

/** The spec's `TrainingCreateDocument` schema. */
export type TrainingCreateDocument = Schemas['TrainingCreateDocument'];

/** A partial update; the type cannot change. */
export type TrainingUpdate = Schemas['TrainingUpdate'];

/** `whatsapp` and `instagram` are the two instant-messaging channels. */
export type ChannelType = Schemas['ChannelType'];

/** A new messaging channel is `pending` until paired by its QR code, then `active`; email and widget channels are `active` at once. */
export type ChannelStatus = Schemas['ChannelStatus'];

/** A communication channel bound to an agent. */
export type Channel = Schemas['Channel'];

/** The request body of `channelsCreate` (POST /v1/channels). */
export type ChannelCreate = Schemas['ChannelCreate'];

/** A partial update; the type cannot change. */
export type ChannelUpdate = Schemas['ChannelUpdate'];

/** The spec's `BusinessHours` schema. */
export type BusinessHours = Schemas['BusinessHours'];

/** A channel's conversation settings. */
export type ChannelSettings = Schemas['ChannelSettings'];

/** A partial update of the settings. */
export type ChannelSettingsUpdate = Schemas['ChannelSettingsUpdate'];

/** The code that pairs a messaging channel's phone account. */
export type ChannelQrCode = Schemas['ChannelQrCode'];

/** How to embed a widget channel in a website. */
export type ChannelWidget = Schemas['ChannelWidget'];

/** A value of a custom field, of the type its definition says (`text`, `date` and `select` are strings, `multi_select` an array of distinct strings, 400 rule `uniqueItems` when one repeats); null clears it. */
export type CustomFieldValue = Schemas['CustomFieldValue'];

/** Values keyed by custom-field name, checked against the definitions; null clears one. */
export type CustomFieldValues = Schemas['CustomFieldValues'];

/** A contact's values keyed by custom-field name, each of the type its definition says. */
export type ContactCustomFields = Schemas['ContactCustomFields'];

/** A customer record. */
export type Contact = Schemas['Contact'];

/** At least one of `name`, `email`, `phone`. */
export type ContactCreate = Schemas['ContactCreate'];

/** A partial update; null clears a field, but a contact keeps at least one of `name`, `email`, `phone`. */
export type ContactUpdate = Schemas['ContactUpdate'];

/** The spec's `CustomFieldType` schema. */
export type CustomFieldType = Schemas['CustomFieldType'];

/** A custom field definition for contacts. */
export type CustomField = Schemas['CustomField'];

/** The request body of `customFieldsCreate` (POST /v1/custom-fields). */
export type CustomFieldCreate = Schemas['CustomFieldCreate'];

/** A custom field's name: not blank, and not beginning or ending with white space or an invisible character (a zero-width space or joiner, a control character, a filler: 400 rule `pattern`; a direction mark may begin a right-to-left name, and a variation selector end an emoji or another character beyond ASCII), as it is the key of a contact's `custom_fields`. */
export type CustomFieldName = Schemas['CustomFieldName'];

/** A partial update; the type cannot change. */
export type CustomFieldUpdate = Schemas['CustomFieldUpdate'];

/** A conversation's status. */
export type ConversationStatus = Schemas['ConversationStatus'];

/** A conversation between a contact and an agent. */
export type Conversation = Schemas['Conversation'];

/** The spec's `MessageType` schema. */
export type MessageType = Schemas['MessageType'];

/** A message in the conversation view (returned by message edit). */
export type ConversationMessage = Schemas['ConversationMessage'];

/** The request body of `conversationsSendMessage` (POST /v1/conversations/{id}/messages). */
export type CustomerMessageCreate = Schemas['CustomerMessageCreate'];

/** The request body of `conversationsEditMessage` (PUT /v1/conversations/{id}/messages/{messageId}). */
export type MessageEdit = Schemas['MessageEdit'];

/** The request body of `conversationsTransfer` (POST /v1/conversations/{id}/transfer). */
export type ConversationTransfer = Schemas['ConversationTransfer'];

/** A chat's status: who answers the customer. */
export type ChatStatus = Schemas['ChatStatus'];

/** The live side of a conversation; same id as the conversation. */
export type Chat = Schemas['Chat'];

/** A message in the chat view. */
export type ChatMessage = Schemas['ChatMessage'];

/** The request body of `chatsStartHuman` (POST /v1/chats/{id}/start-human). */
export type StartHuman = Schemas['StartHuman'];

/** `text` messages need `content`; the other types need `media_url` (`content` is then an optional caption). */
export type ChatMessageCreate = Schemas['ChatMessageCreate'];

/** An MCP server's status. */
export type McpServerStatus = Schemas['McpServerStatus'];

/** An external Model Context Protocol server. */
export type McpServer = Schemas['McpServer'];

/** The request body of `mcpServersCreate` (POST /v1/mcp-servers). */
export type McpServerCreate = Schemas['McpServerCreate'];

/** A partial update. */
export type McpServerUpdate = Schemas['McpServerUpdate'];

/** The server's http or https URL, returned on every read: it may not carry credentials (`https://user:password@host` is 400, rule `credentials`); send them in `headers`, which are never returned. */
export type McpServerUrl = Schemas['McpServerUrl'];

/** Headers sent to the server (for its authentication); never returned. */
export type McpServerHeaders = Schemas['McpServerHeaders'];

/** A tool an MCP server offers. */
export type McpTool = Schemas['McpTool'];

/** The request body of `mcpServersUpdateTool` (PUT /v1/mcp-servers/{id}/tools/{toolName}). */
export type McpToolUpdate = Schemas['McpToolUpdate'];

/** The request body of `mcpServersConnect` (POST /v1/agent/{id}/mcp/connect), `mcpServersDisconnect` (POST /v1/agent/{id}/mcp/disconnect). */
export type McpLink = Schemas['McpLink'];

/** An event name, a category (`conversations`, `messages`, `contacts`, `agent`, `appointments`, `channels`, `billing`), or `*` for all. */
export type WebhookSubscription = Schemas['WebhookSubscription'];

/** An outbound HTTP notification endpoint. */
export type Webhook = Schemas['Webhook'];

/** A webhook with its signing secret, returned only by creation and rotate-secret. */
export type WebhookWithSecret = Schemas['WebhookWithSecret'];

/** The request body of `webhooksCreate` (POST /v1/webhooks). */
export type WebhookCreate = Schemas['WebhookCreate'];

/** The request body of `webhooksRotateSecret` (POST /v1/webhooks/{id}/rotate-secret). */
export type WebhookRotateSecret = Schemas['WebhookRotateSecret'];

/** A partial update; `active` true re-enables a webhook that was deactivated. */
export type WebhookUpdate = Schemas['WebhookUpdate'];

/** One HTTP attempt to deliver an event. */
export type WebhookDeliveryAttempt = Schemas['WebhookDeliveryAttempt'];

/** A webhook delivery's status. */
export type WebhookDeliveryStatus = Schemas['WebhookDeliveryStatus'];

/** One event's delivery to one webhook, with every attempt. */
export type WebhookDelivery = Schemas['WebhookDelivery'];

/** The one attempt of a test delivery. */
export type WebhookTestResult = Schemas['WebhookTestResult'];

/** An appointment's status. */
export type AppointmentStatus = Schemas['AppointmentStatus'];

/** An appointment with a contact. */
export type Appointment = Schemas['Appointment'];

/** The request body of `appointmentsCreate` (POST /v1/appointments). */
export type AppointmentCreate = Schemas['AppointmentCreate'];

/** A partial update; a new `starts_at` reschedules. */
export type AppointmentUpdate = Schemas['AppointmentUpdate'];

/** The body of every delivery. */
export type WebhookEnvelope = Schemas['WebhookEnvelope'];

/** Data of `credit.low` and `credit.depleted`. */
export type CreditBalance = Schemas['CreditBalance'];

/** Data of `plan.changed`. */
export type PlanChange = Schemas['PlanChange'];

/** Data of `trial.expiring` and `trial.expired`. */
export type TrialStatus = Schemas['TrialStatus'];

/** Data of `webhook.test`. */
export type WebhookTestData = Schemas['WebhookTestData'];

/** A single Me. */
export type MeResponse = Schemas['MeResponse'];

/** A page of Agent items. */
export type AgentList = Schemas['AgentList'];

/** A single Agent. */
export type AgentResponse = Schemas['AgentResponse'];

/** A single AgentReply. */
export type AgentReplyResponse = Schemas['AgentReplyResponse'];

/** A page of Training items. */
export type TrainingList = Schemas['TrainingList'];

/** A single Training. */
export type TrainingResponse = Schemas['TrainingResponse'];

/** A page of Channel items. */
export type ChannelList = Schemas['ChannelList'];

/** A single Channel. */
export type ChannelResponse = Schemas['ChannelResponse'];

/** A single ChannelSettings. */
export type ChannelSettingsResponse = Schemas['ChannelSettingsResponse'];

/** A single ChannelQrCode. */
export type ChannelQrCodeResponse = Schemas['ChannelQrCodeResponse'];

/** A single ChannelWidget. */
export type ChannelWidgetResponse = Schemas['ChannelWidgetResponse'];

/** A page of Contact items. */
export type ContactList = Schemas['ContactList'];

/** A single Contact. */
export type ContactResponse = Schemas['ContactResponse'];

/** A page of CustomField items. */
export type CustomFieldList = Schemas['CustomFieldList'];

/** A single CustomField. */
export type CustomFieldResponse = Schemas['CustomFieldResponse'];

/** A page of Conversation items. */
export type ConversationList = Schemas['ConversationList'];

/** A single Conversation. */
export type ConversationResponse = Schemas['ConversationResponse'];

/** A page of ConversationMessage items. */
export type ConversationMessageList = Schemas['ConversationMessageList'];

/** A single ConversationMessage. */
export type ConversationMessageResponse = Schemas['ConversationMessageResponse'];

/** A single Chat. */
export type ChatResponse = Schemas['ChatResponse'];

/** A page of Chat items. */
export type ChatList = Schemas['ChatList'];

/** A single ChatMessage. */
export type ChatMessageResponse = Schemas['ChatMessageResponse'];

/** A page of McpServer items. */
export type McpServerList = Schemas['McpServerList'];

/** A single McpServer. */
export type McpServerResponse = Schemas['McpServerResponse'];

/** A page of McpTool items. */
export type McpToolList = Schemas['McpToolList'];

/** A single McpTool. */
export type McpToolResponse = Schemas['McpToolResponse'];

/** A page of Webhook items. */
export type WebhookList = Schemas['WebhookList'];

/** A single WebhookWithSecret. */
export type WebhookWithSecretResponse = Schemas['WebhookWithSecretResponse'];

/** A single Webhook. */
export type WebhookResponse = Schemas['WebhookResponse'];

/** A single WebhookTestResult. */
export type WebhookTestResultResponse = Schemas['WebhookTestResultResponse'];

/** A page of WebhookDelivery items. */
export type WebhookDeliveryList = Schemas['WebhookDeliveryList'];

/** A page of Appointment items. */
export type AppointmentList = Schemas['AppointmentList'];

/** A single Appointment. */
export type AppointmentResponse = Schemas['AppointmentResponse'];

/** Body of `conversation.created`. */
export type WebhookEventConversationCreated = Schemas['WebhookEventConversationCreated'];

/** Body of `conversation.assigned`. */
export type WebhookEventConversationAssigned = Schemas['WebhookEventConversationAssigned'];

/** Body of `conversation.closed`. */
export type WebhookEventConversationClosed = Schemas['WebhookEventConversationClosed'];

/** Body of `conversation.reopened`. */
export type WebhookEventConversationReopened = Schemas['WebhookEventConversationReopened'];

/** Body of `conversation.transferred`. */
export type WebhookEventConversationTransferred = Schemas['WebhookEventConversationTransferred'];

/** Body of `message.received`. */
export type WebhookEventMessageReceived = Schemas['WebhookEventMessageReceived'];

/** Body of `message.sent`. */
export type WebhookEventMessageSent = Schemas['WebhookEventMessageSent'];

/** Body of `message.failed`. */
export type WebhookEventMessageFailed = Schemas['WebhookEventMessageFailed'];

/** Body of `message.delivered`. */
export type WebhookEventMessageDelivered = Schemas['WebhookEventMessageDelivered'];

/** Body of `message.read`. */
export type WebhookEventMessageRead = Schemas['WebhookEventMessageRead'];

/** Body of `contact.created`. */
export type WebhookEventContactCreated = Schemas['WebhookEventContactCreated'];

/** Body of `contact.updated`. */
export type WebhookEventContactUpdated = Schemas['WebhookEventContactUpdated'];

/** Body of `contact.deleted`. */
export type WebhookEventContactDeleted = Schemas['WebhookEventContactDeleted'];

/** Body of `agent.handoff_started`. */
export type WebhookEventAgentHandoffStarted = Schemas['WebhookEventAgentHandoffStarted'];

/** Body of `agent.handoff_completed`. */
export type WebhookEventAgentHandoffCompleted = Schemas['WebhookEventAgentHandoffCompleted'];

/** Body of `agent.transferred`. */
export type WebhookEventAgentTransferred = Schemas['WebhookEventAgentTransferred'];

/** Body of `appointment.created`. */
export type WebhookEventAppointmentCreated = Schemas['WebhookEventAppointmentCreated'];

/** Body of `appointment.cancelled`. */
export type WebhookEventAppointmentCancelled = Schemas['WebhookEventAppointmentCancelled'];

/** Body of `appointment.completed`. */
export type WebhookEventAppointmentCompleted = Schemas['WebhookEventAppointmentCompleted'];

/** Body of `appointment.scheduled`. */
export type WebhookEventAppointmentScheduled = Schemas['WebhookEventAppointmentScheduled'];

/** Body of `appointment.rescheduled`. */
export type WebhookEventAppointmentRescheduled = Schemas['WebhookEventAppointmentRescheduled'];

/** Body of `appointment.canceled`. */
export type WebhookEventAppointmentCanceled = Schemas['WebhookEventAppointmentCanceled'];

/** Body of `appointment.reminder_sent`. */
export type WebhookEventAppointmentReminderSent = Schemas['WebhookEventAppointmentReminderSent'];

/** Body of `channel.connected`. */
export type WebhookEventChannelConnected = Schemas['WebhookEventChannelConnected'];

/** Body of `channel.disconnected`. */
export type WebhookEventChannelDisconnected = Schemas['WebhookEventChannelDisconnected'];

/** Body of `channel.error`. */
export type WebhookEventChannelError = Schemas['WebhookEventChannelError'];

/** Body of `credit.low`. */
export type WebhookEventCreditLow = Schemas['WebhookEventCreditLow'];

/** Body of `credit.depleted`. */
export type WebhookEventCreditDepleted = Schemas['WebhookEventCreditDepleted'];

/** Body of `plan.changed`. */
export type WebhookEventPlanChanged = Schemas['WebhookEventPlanChanged'];

/** Body of `trial.expiring`. */
export type WebhookEventTrialExpiring = Schemas['WebhookEventTrialExpiring'];

/** Body of `trial.expired`. */
export type WebhookEventTrialExpired = Schemas['WebhookEventTrialExpired'];

/** Body of `webhook.test`. */
export type WebhookEventWebhookTest = Schemas['WebhookEventWebhookTest'];

/**
 * Generated from spec/openapi.yaml by `pnpm generate` - do not edit.
 */

/** Every path of the spec: per method, its parameters, request body and responses. */
export interface paths {
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check the service health
         * @description Needs no authentication, consumes no credits and is never rate limited. 200 with `status: ok` when the API works; 503 during maintenance or degradation.
         */
        get: operations["healthRetrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Introspect the API key
         * @description Returns the scopes of the key and the permission map derived from them. Needs no scope (any valid key may call it); consumes no credits.
         */
        get: operations["meRetrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List agents
         * @description The agents of the key's workspace, newest first (`order=asc` for oldest first), a page at a time; `status` keeps the `active` or the `inactive` ones. Granted by `agents:read` in either variant.
         */
        get: operations["agentsList"];
        put?: never;
        /**
         * Create an agent
         * @description New agents are `active`. Granted by `agents:write` in either variant.
         */
        post: operations["agentsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an agent
         * @description An agent of the key's workspace, `active` or `inactive`; a deleted one is 404. Granted by `agents:read` in either variant.
         */
        get: operations["agentsRetrieve"];
        /**
         * Update an agent
         * @description A partial update: absent fields are left as they are. Granted by `agents:write` in either variant.
         */
        put: operations["agentsUpdate"];
        post?: never;
        /**
         * Delete an agent
         * @description Deletes the agent, its trainings and its MCP links. Its channels stay, with `agent_id: null`; its conversations and appointments stay, their `agent_id` still naming it. Granted by `agents:delete` in Variant A, by `agents:write` in Variant B.
         */
        delete: operations["agentsDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate an agent
         * @description Sets the status to `active`; activating an active agent changes nothing. Granted by `agents:write` in either variant.
         */
        post: operations["agentsActivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate an agent
         * @description Deactivates the agent temporarily (status `inactive`): it stops answering customers until activated again. Granted by `agents:write` in either variant.
         */
        post: operations["agentsDeactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}/conversation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a conversation with an agent
         * @description Starts a new conversation with the customer's message and returns the agent's answer (200: the answer, not the created resource). The conversation's channel is the agent's oldest `active` channel; an agent with none starts a conversation without a channel, served through the API. It fires `conversation.created`, then `message.received` for the customer's message; the answer goes out as in `POST /v1/conversations/{id}/messages` (`message.sent`, or `message.failed` in Variant B when the channel cannot carry it). Granted by `messages:write` in Variant A, by `messages:send` or `conversations:write` in Variant B.
         */
        post: operations["agentsStartConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{id}/trainings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an agent's trainings
         * @description The knowledge base of one agent, newest first; `type` keeps one kind. An agent without trainings answers an empty page (`data: []`). Granted by `trainings:read` in Variant A, by `training:read` in Variant B.
         */
        get: operations["trainingsList"];
        put?: never;
        /**
         * Add a training to an agent
         * @description `text` trainings need `content`; `url` and `document` trainings need `url`. Granted by `trainings:write` in Variant A, by `training:write` in Variant B.
         */
        post: operations["trainingsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/trainings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a training
         * @description One item of an agent's knowledge base, by its own id (`agent_id` names the agent). Granted by `trainings:read` in Variant A, by `training:read` in Variant B.
         */
        get: operations["trainingsRetrieve"];
        /**
         * Update a training
         * @description A partial update; the type cannot change. `content` applies to `text` trainings and `url` to `url` and `document` ones: the other is 400 (rule `type`). Granted by `trainings:write` in Variant A, by `training:write` in Variant B.
         */
        put: operations["trainingsUpdate"];
        post?: never;
        /**
         * Delete a training
         * @description Removes the item from its agent's knowledge base; the agent and its other trainings stay. Fires no event. Granted by `trainings:write` in Variant A, by `training:write` in Variant B.
         */
        delete: operations["trainingsDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List channels
         * @description The workspace's channels, newest first; `agent_id`, `type` and `status` filter, all of them when combined. Granted by `channels:read` in either variant.
         */
        get: operations["channelsList"];
        put?: never;
        /**
         * Create a channel
         * @description A messaging channel (`whatsapp`, `instagram`) is `pending` until paired by its QR code; `email` and `widget` channels are `active` at once, and fire `channel.connected` in Variant B (a messaging channel fires it when paired; Variant A has no channel events). Granted by `channels:write` in either variant.
         */
        post: operations["channelsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a channel
         * @description A channel and its status: a messaging channel (`whatsapp`, `instagram`) is `pending` until paired by its QR code. Granted by `channels:read` in either variant.
         */
        get: operations["channelsRetrieve"];
        /**
         * Update a channel
         * @description A partial update of the name and of the agent the channel serves: `agent_id` binds it to another agent of the workspace (404 when there is none such), `null` unbinds it. The type cannot change; fires no event. Granted by `channels:write` in either variant.
         */
        put: operations["channelsUpdate"];
        post?: never;
        /**
         * Delete a channel
         * @description Deletes the channel (fires `channel.disconnected` in Variant B). Its conversations stay, with `channel_id: null`, and no longer match `?channel_id=` of the deleted channel; a message to the customer in one of them can no longer reach it: a human agent's message and the AI's answer are stored as `failed`. Granted by `channels:write` in either variant.
         */
        delete: operations["channelsDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/{id}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a channel's settings
         * @description The welcome and away messages, language and business hours of a channel. A new channel has no messages and no business hours (each `null`) and language `en`. Granted by `channels:read` in either variant.
         */
        get: operations["channelsRetrieveSettings"];
        /**
         * Update a channel's settings
         * @description A partial update: absent fields are left as they are, `null` clears a message or the business hours. Fires no event. Granted by `channels:write` in either variant.
         */
        put: operations["channelsUpdateSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/{id}/qr-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a messaging channel's QR code
         * @description The code a phone scans to pair a `whatsapp` or `instagram` channel, which then becomes `active` (`channel.connected` in Variant B). Each call makes a new code, valid for 5 minutes (`expires_at`). Granted by `channels:read` in either variant.
         */
        get: operations["channelsRetrieveQrCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/{id}/widget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a widget channel's embed code
         * @description The HTML script tag that embeds a `widget` channel in a web page, and the widget key it carries. Granted by `channels:read` in either variant.
         */
        get: operations["channelsRetrieveWidget"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List or search contacts
         * @description The workspace's contacts, newest first; `q` searches them by name, email and phone. Granted by `contacts:read` in either variant.
         */
        get: operations["contactsList"];
        put?: never;
        /**
         * Create a contact
         * @description One of `name`, `email`, `phone` is required; `custom_fields` are checked against the definitions. Fires `contact.created` (Variant A and B). Granted by `contacts:write` in either variant.
         */
        post: operations["contactsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a contact
         * @description A contact with its custom field values. Granted by `contacts:read` in either variant.
         */
        get: operations["contactsRetrieve"];
        /**
         * Update a contact
         * @description A partial update; fires `contact.updated` (Variant A and B). Granted by `contacts:write` in either variant.
         */
        put: operations["contactsUpdate"];
        post?: never;
        /**
         * Delete a contact
         * @description Deletes the contact (fires `contact.deleted` in Variant B). Its conversations and their messages stay, with `contact_id: null`, and no longer match `?contact_id=` of the deleted contact. So do its appointments, with `contact_id: null`; the scheduled ones are cancelled, as no one is left to meet (`appointment.cancelled`, in Variant B `appointment.canceled`, each sent after `contact.deleted` and still naming the contact). Granted by `contacts:write` in either variant.
         */
        delete: operations["contactsDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/custom-fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List custom fields
         * @description The custom field definitions of the workspace, newest first; archived ones only with `include_archived=true`. Granted by `custom-fields:read` in Variant A, by `custom-fields:manage` in Variant B.
         */
        get: operations["customFieldsList"];
        put?: never;
        /**
         * Create a custom field
         * @description Defines a field that contacts carry in `custom_fields` under its `name`. A `select` or `multi_select` field needs `options`, the other types take none; a name is unique in the workspace regardless of letter case (409). Granted by `custom-fields:write` in Variant A, by `custom-fields:manage` in Variant B.
         */
        post: operations["customFieldsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/custom-fields/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a custom field
         * @description A custom field definition, archived or not. Granted by `custom-fields:read` in Variant A, by `custom-fields:manage` in Variant B.
         */
        get: operations["customFieldsRetrieve"];
        /**
         * Update a custom field
         * @description A partial update; the type cannot change. A new `name` must be free (409) and carries the contacts' values over to it; a name taking more bytes as JSON (UTF-8, escapes included) that would take a contact past the 1 MiB its custom fields hold is 400 (`name`, rule `maxBytes`, naming the contact), and nothing is renamed. Granted by `custom-fields:write` in Variant A, by `custom-fields:manage` in Variant B.
         */
        put: operations["customFieldsUpdate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/custom-fields/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a custom field
         * @description Fields are archived, never deleted; archiving an archived field changes nothing. Granted by `custom-fields:write` in Variant A, by `custom-fields:manage` in Variant B.
         */
        post: operations["customFieldsArchive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/custom-fields/{id}/unarchive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unarchive a custom field
         * @description Makes an archived field usable again; unarchiving a field that is not archived changes nothing. Granted by `custom-fields:write` in Variant A, by `custom-fields:manage` in Variant B.
         */
        post: operations["customFieldsUnarchive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List conversations
         * @description The workspace's conversations, newest first; `agent_id`, `contact_id`, `channel_id` and `status` filter, all of them when combined. Granted by `conversations:read` in either variant.
         */
        get: operations["conversationsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a conversation
         * @description A conversation in any status, `closed` included. Granted by `conversations:read` in either variant.
         */
        get: operations["conversationsRetrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a conversation's messages
         * @description The messages of a conversation, a closed one's too, newest first (`order=asc` reads it from the start): the customer's, the AI agent's and the human agents'. Granted by `messages:read` in Variant A, by `conversations:read` or `chats:manage` in Variant B.
         */
        get: operations["conversationsListMessages"];
        put?: never;
        /**
         * Send a customer message
         * @description Adds a customer message (`message.received`) and returns the agent's answer. `response` is null when the chat is in `human` mode or the agent is inactive or was deleted (its conversations stay): the agent does not answer. A closed conversation is reopened first (`conversation.reopened` in Variant B; Variant A has no such event). The answer goes out through the conversation's channel, as a human agent's message does: it is stored with `status: sent` and fires `message.sent`; when the channel has been deleted or is not `active` (at the time the answer is sent), the agent still answers and `response` holds the answer, but it cannot reach the customer: it is stored with `status: failed` and fires `message.failed` in Variant B (Variant A has no such event, and fires none), never `message.sent`. A conversation that never had a channel is served through the API: its answers are `sent`. Granted by `messages:write` in Variant A, by `messages:send` in Variant B.
         */
        post: operations["conversationsSendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/messages/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Edit a message
         * @description Replaces the content and sets `is_edited`. Any message of the conversation may be edited, a closed conversation's too (history can be corrected or redacted); the conversation stays as it is, closed included, and no event is sent. Granted by `chats:write` in Variant A, by `chats:manage` in Variant B.
         */
        put: operations["conversationsEditMessage"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a conversation
         * @description Closes an `open` conversation, or one a human agent has (`human`), whose `assigned_to` and `human_started_at` become null. It fires `conversation.closed` only; closing a `human` one ends its handoff without `agent.handoff_completed`, so a receiver that tracks handoffs takes `conversation.closed` as the end of one too. Any other status is 409. Granted by `chats:write` in Variant A, by `conversations:write` in Variant B.
         */
        post: operations["conversationsClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/reopen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reopen a conversation
         * @description A `closed` conversation becomes `open` and the AI agent answers again; fires `conversation.reopened` in Variant B (Variant A has no such event, and fires none). Granted by `chats:write` in Variant A, by `conversations:write` in Variant B.
         */
        post: operations["conversationsReopen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{id}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transfer a conversation to another agent
         * @description The agent `agent_id` takes the conversation over, `open` or `human` (its status stays); fires `conversation.transferred` in Variant A, `agent.transferred` in Variant B. Transferring to the agent that has it changes nothing and fires nothing. Granted by `chats:write` in Variant A, by `conversations:write` in Variant B.
         */
        post: operations["conversationsTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List chats
         * @description Conversations seen as chats, with their handoff state; without `status`, the active ones (`open` and `human`). Granted by `conversations:read` in Variant A, by `chats:manage` in Variant B.
         */
        get: operations["chatsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chats/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a chat
         * @description A conversation seen as a chat, any status: who has it (`assigned_to`, `human_started_at`) beside its status. Granted by `conversations:read` in Variant A, by `chats:manage` in Variant B.
         */
        get: operations["chatsRetrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chats/{id}/start-human": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start human mode (handoff)
         * @description A person takes over: the AI agent stops answering automatically; fires `agent.handoff_started`, then in Variant B `conversation.assigned` when `assigned_to` is given (Variant A has no such event). Granted by `chats:write` in Variant A, by `chats:manage` in Variant B.
         */
        post: operations["chatsStartHuman"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chats/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message as a human agent
         * @description The message reaches the customer through the original channel: it is stored with `status: sent` and fires `message.sent`. When that channel has been deleted (the chat's `channel_id` became null), or is not `active` (it is `pending`, `disconnected` or in `error`), the message cannot be delivered: it is still stored and answered `201`, with `status: failed`, and fires `message.failed` in Variant B (Variant A has no such event, and fires none), never `message.sent`. A conversation that never had a channel (started through the API while its agent had no active channel) is served through the API: its messages are `sent`. The AI's answers follow the same rule. Granted by `chats:write` in Variant A, by `chats:manage` in Variant B.
         */
        post: operations["chatsSendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chats/{id}/stop-human": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop human mode
         * @description The AI agent resumes control; fires `agent.handoff_completed`. Granted by `chats:write` in Variant A, by `chats:manage` in Variant B.
         */
        post: operations["chatsStopHuman"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chats/{id}/messages/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a message from a chat
         * @description Any message of the chat, a closed one's too (history can be redacted); the chat stays as it is and no event is sent. Granted by `messages:delete` in Variant A, by `chats:manage` in Variant B.
         */
        delete: operations["chatsDeleteMessage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a message
         * @description A message of any conversation of the workspace, by its id alone. Granted by `messages:read` in Variant A, by `conversations:read` or `chats:manage` in Variant B.
         */
        get: operations["messagesRetrieve"];
        put?: never;
        post?: never;
        /**
         * Delete a message
         * @description Any message, in a closed conversation too (history can be redacted); its conversation stays as it is and no event is sent. Granted by `messages:delete` in Variant A, by `chats:manage` in Variant B.
         */
        delete: operations["messagesDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp-servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List MCP servers
         * @description The workspace's MCP servers, newest first; `status` filters. Granted by `mcp:read` in Variant A, by `mcp-servers:manage` in Variant B.
         */
        get: operations["mcpServersList"];
        put?: never;
        /**
         * Register an MCP server
         * @description Registers a server; it is `disconnected` until an agent connects it (`POST /v1/agent/{id}/mcp/connect`). Its `headers` are kept for calling it and never returned. Granted by `mcp:write` in Variant A, by `mcp-servers:manage` in Variant B.
         */
        post: operations["mcpServersCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp-servers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an MCP server
         * @description An MCP server with its status and the number of its tools; its headers are never returned. Granted by `mcp:read` in Variant A, by `mcp-servers:manage` in Variant B.
         */
        get: operations["mcpServersRetrieve"];
        /**
         * Update an MCP server
         * @description A partial update; `headers` replace the stored ones whole and are never returned. Granted by `mcp:write` in Variant A, by `mcp-servers:manage` in Variant B.
         */
        put: operations["mcpServersUpdate"];
        post?: never;
        /**
         * Remove an MCP server
         * @description Also disconnects it from every agent. Granted by `mcp:write` in Variant A, by `mcp-servers:manage` in Variant B.
         */
        delete: operations["mcpServersDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp-servers/{id}/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an MCP server's tools
         * @description The tools the server offers, enabled or not, in the server's order (see `order`). Granted by `mcp:read` in Variant A, by `mcp-servers:manage` in Variant B.
         */
        get: operations["mcpServersListTools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp-servers/{id}/tools/{toolName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Enable or disable a tool
         * @description Enables or disables one tool of the server; a disabled tool stays listed with `enabled: false`. Granted by `mcp:write` in Variant A, by `mcp-servers:manage` in Variant B.
         */
        put: operations["mcpServersUpdateTool"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{id}/mcp/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect an MCP server to an agent
         * @description Path `id` is the agent. Idempotent: connecting a connected server returns it unchanged. Granted by `mcp:write` in Variant A, by `mcp-servers:manage` in Variant B.
         */
        post: operations["mcpServersConnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{id}/mcp/disconnect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disconnect an MCP server from an agent
         * @description Path `id` is the agent. Idempotent. Granted by `mcp:write` in Variant A, by `mcp-servers:manage` in Variant B.
         */
        post: operations["mcpServersDisconnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent/{id}/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the MCP servers connected to an agent
         * @description Path `id` is the agent. The MCP servers connected to it, newest first. Granted by `mcp:read` in Variant A, by `mcp-servers:manage` in Variant B.
         */
        get: operations["mcpServersListForAgent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks
         * @description In Variant A, `agents:read` also reads webhooks. Granted by `webhooks:read` or `agents:read` in Variant A, by `webhooks:manage` in Variant B.
         */
        get: operations["webhooksList"];
        put?: never;
        /**
         * Create a webhook
         * @description The response carries the signing `secret`, returned only this once. Granted by `webhooks:write` in Variant A, by `webhooks:manage` in Variant B.
         */
        post: operations["webhooksCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a webhook
         * @description A webhook with its subscriptions and health. The signing secret is returned only by create and rotate-secret. Granted by `webhooks:read` or `agents:read` in Variant A, by `webhooks:manage` in Variant B.
         */
        get: operations["webhooksRetrieve"];
        /**
         * Update a webhook
         * @description A partial update; `active: true` re-enables a deactivated webhook. Granted by `webhooks:write` in Variant A, by `webhooks:manage` in Variant B.
         */
        put: operations["webhooksUpdate"];
        post?: never;
        /**
         * Delete a webhook
         * @description Deletes the webhook: nothing more is delivered to it, retries still to come included. Granted by `webhooks:delete` in Variant A, by `webhooks:manage` in Variant B.
         */
        delete: operations["webhooksDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Sends a `webhook.test` event to the webhook URL without a real event: one attempt now, its result returned; never retried and not counted toward health. Granted by `webhooks:write` in Variant A, by `webhooks:manage` in Variant B.
         */
        post: operations["webhooksTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook's deliveries
         * @description Delivery history with the status of each attempt, the HTTP code and the response time. Granted by `webhooks:read` or `agents:read` in Variant A, by `webhooks:manage` in Variant B.
         */
        get: operations["webhooksListDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook's secret
         * @description Makes a new signing secret, returned only this once. Without `grace_seconds` it signs every delivery from now on, including retries already queued. With `grace_seconds`, deliveries go on being signed with the previous secret for that long, so that a receiver can be given the new one (and accept both) before the switch: no delivery fails for the rotation, and none counts toward deactivation or failing health. A rotation during a grace period starts from the secret in use: with `grace_seconds` that one stays the previous secret for the new period; without, the new secret signs at once. Granted by `webhooks:write` in Variant A, by `webhooks:manage` in Variant B.
         */
        post: operations["webhooksRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/appointments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List appointments
         * @description The workspace's appointments, newest first by creation; `contact_id`, `agent_id` and `status` filter, all of them when combined. Granted by `contacts:read` in Variant A, by `appointments:read` in Variant B.
         */
        get: operations["appointmentsList"];
        put?: never;
        /**
         * Create an appointment
         * @description The appointment is `scheduled`; fires `appointment.created` in Variant A, `appointment.scheduled` in Variant B. Variant B also sends `appointment.reminder_sent` 24 hours before `starts_at` (none when it starts within 24 hours). Granted by `contacts:write` in Variant A, by `appointments:write` in Variant B.
         */
        post: operations["appointmentsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/appointments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an appointment
         * @description An appointment in any status. Granted by `contacts:read` in Variant A, by `appointments:read` in Variant B.
         */
        get: operations["appointmentsRetrieve"];
        /**
         * Update or reschedule an appointment
         * @description A partial update of a `scheduled` appointment (409 otherwise). A new `starts_at` reschedules it, firing `appointment.rescheduled` in Variant B (Variant A has no such event, and fires none); other changes fire no event. Granted by `contacts:write` in Variant A, by `appointments:write` in Variant B.
         */
        put: operations["appointmentsUpdate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/appointments/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an appointment
         * @description A `scheduled` appointment becomes `cancelled`; fires `appointment.cancelled` in Variant A, `appointment.canceled` (so spelt) in Variant B. Granted by `contacts:write` in Variant A, by `appointments:write` in Variant B.
         */
        post: operations["appointmentsCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/appointments/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete an appointment
         * @description A `scheduled` appointment becomes `completed`; fires `appointment.completed` in Variant A (Variant B has no such event, and fires none). Granted by `contacts:write` in Variant A, by `appointments:write` in Variant B.
         */
        post: operations["appointmentsComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
/** Every event of the spec's `webhooks:` section: its headers and body. */
export interface webhooks {
    "conversation.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversation.created
         * @description A conversation was started (POST /v1/agents/{id}/conversation). Sent in Variant A and B.
         */
        post: operations["webhookConversationCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversation.assigned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversation.assigned
         * @description A human agent was assigned to a chat (start-human with `assigned_to`). Sent in Variant B.
         */
        post: operations["webhookConversationAssigned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversation.closed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversation.closed
         * @description A conversation was closed. Sent in Variant A and B. It also ends a handoff in progress (no `agent.handoff_completed` follows).
         */
        post: operations["webhookConversationClosed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversation.reopened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversation.reopened
         * @description A closed conversation was reopened (reopen, or a new customer message). Sent in Variant B.
         */
        post: operations["webhookConversationReopened"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversation.transferred": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversation.transferred
         * @description A conversation was transferred to another agent. Sent in Variant A.
         */
        post: operations["webhookConversationTransferred"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.received
         * @description A message from the customer arrived. Sent in Variant A and B.
         */
        post: operations["webhookMessageReceived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.sent
         * @description A message was sent to the customer (by the AI agent or a human agent). Sent in Variant A and B.
         */
        post: operations["webhookMessageSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.failed
         * @description A message could not be delivered to the customer (a human agent's message or the AI's answer, through a channel that was deleted or is not `active`); it is stored, and fires this instead of `message.sent`. Sent in Variant B.
         */
        post: operations["webhookMessageFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.delivered
         * @description A message reached the customer's device. Sent in Variant B.
         */
        post: operations["webhookMessageDelivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.read
         * @description The customer read a message. Sent in Variant B.
         */
        post: operations["webhookMessageRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contact.created
         * @description A contact was created. Sent in Variant A and B.
         */
        post: operations["webhookContactCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contact.updated
         * @description A contact was updated. Sent in Variant A and B.
         */
        post: operations["webhookContactUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contact.deleted
         * @description A contact was deleted (data is the contact as it was). Sent in Variant B.
         */
        post: operations["webhookContactDeleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.handoff_started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.handoff_started
         * @description A person took over a chat (start-human); data is the chat. Sent in Variant A and B.
         */
        post: operations["webhookAgentHandoffStarted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.handoff_completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.handoff_completed
         * @description The AI agent resumed a chat (stop-human); data is the chat. Sent in Variant A and B.
         */
        post: operations["webhookAgentHandoffCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.transferred": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.transferred
         * @description A conversation was transferred to another agent. Sent in Variant B.
         */
        post: operations["webhookAgentTransferred"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "appointment.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * appointment.created
         * @description An appointment was created. Sent in Variant A.
         */
        post: operations["webhookAppointmentCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "appointment.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * appointment.cancelled
         * @description An appointment was cancelled. Sent in Variant A.
         */
        post: operations["webhookAppointmentCancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "appointment.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * appointment.completed
         * @description An appointment was completed. Sent in Variant A.
         */
        post: operations["webhookAppointmentCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "appointment.scheduled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * appointment.scheduled
         * @description An appointment was created. Sent in Variant B.
         */
        post: operations["webhookAppointmentScheduled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "appointment.rescheduled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * appointment.rescheduled
         * @description An appointment was moved to a new `starts_at`. Sent in Variant B.
         */
        post: operations["webhookAppointmentRescheduled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "appointment.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * appointment.canceled
         * @description An appointment was canceled. Sent in Variant B.
         */
        post: operations["webhookAppointmentCanceled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "appointment.reminder_sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * appointment.reminder_sent
         * @description A reminder of an appointment was sent to the contact, 24 hours before its `starts_at`, once per start time (an appointment made or rescheduled to start within 24 hours gets none; a cancelled or completed one none). Sent in Variant B.
         */
        post: operations["webhookAppointmentReminderSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "channel.connected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * channel.connected
         * @description A channel became active. Sent in Variant B.
         */
        post: operations["webhookChannelConnected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "channel.disconnected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * channel.disconnected
         * @description A channel was deleted or unpaired. Sent in Variant B.
         */
        post: operations["webhookChannelDisconnected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "channel.error": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * channel.error
         * @description A channel failed. Sent in Variant B.
         */
        post: operations["webhookChannelError"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credit.low": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * credit.low
         * @description Credits fell below the low threshold. Sent in Variant B.
         */
        post: operations["webhookCreditLow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credit.depleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * credit.depleted
         * @description Credits ran out. Sent in Variant B.
         */
        post: operations["webhookCreditDepleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "plan.changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * plan.changed
         * @description The plan changed. Sent in Variant B.
         */
        post: operations["webhookPlanChanged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "trial.expiring": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * trial.expiring
         * @description The trial ends soon. Sent in Variant B.
         */
        post: operations["webhookTrialExpiring"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "trial.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * trial.expired
         * @description The trial ended. Sent in Variant B.
         */
        post: operations["webhookTrialExpired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test
         * @description A test delivery (POST /v1/webhooks/{id}/test); sent to the webhook whatever its subscriptions. Sent in Variant A and B.
         */
        post: operations["webhookWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
/** The spec's components: schemas, responses, parameters, request bodies and headers. */
export interface components {
    schemas: {
        /**
         * @description Where a list page sits in the whole list. Pages are numbered over the list as it is when each one is read: an item created or deleted between two reads shifts the pages after it (an item is seen twice or missed); `order=asc` puts new items on the last page.
         * @example {
         *       "page": 1,
         *       "limit": 20,
         *       "total": 3,
         *       "total_pages": 1
         *     }
         */
        Pagination: {
            /** @description The page returned (1-based). */
            page: number;
            /** @description Items per page. */
            limit: number;
            /** @description Items in the whole list. */
            total: number;
            /** @description `ceil(total / limit)`; 0 when `total` is 0. */
            total_pages: number;
        };
        /**
         * @description Machine-readable error code.
         * @enum {string}
         */
        ErrorCode: "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "VALIDATION_ERROR" | "RATE_LIMIT_EXCEEDED" | "INTERNAL_ERROR" | "CONFLICT" | "METHOD_NOT_ALLOWED" | "PAYLOAD_TOO_LARGE" | "SERVICE_UNAVAILABLE";
        /** @description One violated rule of a request. */
        ErrorDetail: {
            /** @description Where the problem is, by the name the request used: a body field (`name`, `custom_fields.tier`, `items[0].text`), a query parameter (`limit`), a path parameter (`id`), a header (`Host`); `body` for the whole body, `query` for the query string as a whole, `request` for the request as a whole. */
            field: string;
            /** @description The rule violated. Of a value, as the schema says it: `required`, `type`, `format`, `enum` (the message lists the values, the first 12 of a longer list, and names one a value is likely a slip for, `events[0]: must be one of ...; did you mean "conversation.created"?`), `minimum`, `maximum`, `minLength`, `maxLength`, `pattern` (the message says in words what the pattern asks), `minItems`, `maxItems`, `uniqueItems`, `maxProperties`, `propertyNames` (a key of a map, such as a header name), `unknown` (a field or query parameter the operation does not take; the message names a known one it is likely a slip for, `nmae: is not a known field; did you mean "name"?`), `anyOf` (none of the fields of which one is needed, as a contact's name, email or phone), `oneOf` (a value that fits more than one of alternatives meant to exclude each other), `not` (a field the others rule out, as `media_url` on a text message). Of its meaning: `blank` (a name or title of nothing but white space: `name: must not be blank`), `credentials` (a URL with user:password@ where none is taken; a webhook URL with `***` for its password), `https` (an http URL where the server requires HTTPS), `unique` (a header named twice, in two cases), `after` (`ends_at` not after `starts_at`), `overlap` and `invalid` (business hours), `exists` and `archived` (a custom field value for no custom field, or an archived one). Of the query string: `single` (a query parameter given twice; so is a key given twice in one object of a JSON body, `{"name":"a","name":"b"}`, the field naming it), `encoding` (not valid percent-encoded UTF-8). Of the body as sent (field `body`): `contentType` (not `application/json`, not UTF-8, or sent twice), `contentEncoding` (compressed, in `Content-Encoding` or `Transfer-Encoding`), `encoding` (not UTF-8; so is a string escaping half a surrogate pair, `"\ud800"`, the field naming it), `json` (not valid JSON), `read` (it did not arrive in full; field `request` when the connection ended before the request did). Of the request (field `request`): `http` (not valid HTTP/1.1). More may come: treat an unknown rule as the message says. */
            rule: string;
            /** @description Human-readable, naming the field and the rule, e.g. `limit: must be at most 100`. */
            message: string;
        };
        /** @description The body of every error response. */
        Error: {
            error: components["schemas"]["ErrorBody"];
        };
        /** @description What went wrong: `code` for programs, `message` for people, and on a 400 `details` per field. */
        ErrorBody: {
            code: components["schemas"]["ErrorCode"];
            /** @description Human-readable; for VALIDATION_ERROR it names the offending field and the violated rule. */
            message: string;
            /** @description The HTTP status. */
            status: number;
            /** @description On a 400 VALIDATION_ERROR, every violated rule, up to the first 100 (the message counts them all). The server's refusals of a request as a whole (408 not received in time, 414 target too long, 417 an Expect it does not serve, 431 headers too large) are VALIDATION_ERROR without details; their message says what was wrong. */
            details?: components["schemas"]["ErrorDetail"][];
        };
        /** @description Free-form key-value pairs for the client's own use (at most 50 keys; values are strings of at most 500 characters, numbers, booleans or null). */
        Metadata: {
            [key: string]: string | number | boolean | null;
        };
        /**
         * @description Health result (GET /v1/health) when the API works; in maintenance or degradation the answer is a 503 (`HealthUnavailable`).
         * @example {
         *       "status": "ok",
         *       "timestamp": "2025-06-02T09:00:00.000Z"
         *     }
         */
        Health: {
            /**
             * @description Always `ok` in a 200.
             * @constant
             */
            status: "ok";
            /**
             * Format: date-time
             * @description Time of the check.
             */
            timestamp: string;
        };
        /**
         * @description GET /v1/health in maintenance or degradation: the health result, plus the `error` every error response carries (code `SERVICE_UNAVAILABLE`), so a client reading either finds what it looks for.
         * @example {
         *       "status": "maintenance",
         *       "timestamp": "2025-06-02T22:00:00.000Z",
         *       "error": {
         *         "code": "SERVICE_UNAVAILABLE",
         *         "message": "the service is in maintenance",
         *         "status": 503
         *       }
         *     }
         */
        HealthUnavailable: {
            /**
             * @description Why the API does not work now.
             * @enum {string}
             */
            status: "maintenance" | "degraded";
            /**
             * Format: date-time
             * @description Time of the check.
             */
            timestamp: string;
        } & components["schemas"]["Error"];
        /** @description What a key may do with one resource group. */
        PermissionSet: {
            /** @description The key may read the group (its GET operations). */
            read: boolean;
            /** @description The key may create and change in the group (its POST and PUT operations). */
            write: boolean;
            /** @description The key may delete in the group (its DELETE operations). */
            delete: boolean;
        };
        /**
         * @description Key introspection result (GET /v1/me).
         * @example {
         *       "key_name": "Demo key",
         *       "company_id": "00000000-0000-4000-8000-000000000002",
         *       "workspace_id": "00000000-0000-4000-8000-000000000001",
         *       "scopes": [
         *         "agents:read",
         *         "agents:write",
         *         "agents:delete",
         *         "trainings:read",
         *         "trainings:write",
         *         "channels:read",
         *         "channels:write",
         *         "contacts:read",
         *         "contacts:write",
         *         "conversations:read",
         *         "messages:read",
         *         "messages:write",
         *         "messages:delete",
         *         "chats:write",
         *         "custom-fields:read",
         *         "custom-fields:write",
         *         "mcp:read",
         *         "mcp:write",
         *         "webhooks:read",
         *         "webhooks:write",
         *         "webhooks:delete"
         *       ],
         *       "permissions": {
         *         "agents": {
         *           "read": true,
         *           "write": true,
         *           "delete": true
         *         },
         *         "messages": {
         *           "read": true,
         *           "write": true,
         *           "delete": true
         *         },
         *         "trainings": {
         *           "read": true,
         *           "write": true,
         *           "delete": true
         *         },
         *         "channels": {
         *           "read": true,
         *           "write": true,
         *           "delete": true
         *         },
         *         "contacts": {
         *           "read": true,
         *           "write": true,
         *           "delete": true
         *         },
         *         "custom_fields": {
         *           "read": true,
         *           "write": true,
         *           "delete": false
         *         },
         *         "conversations": {
         *           "read": true,
         *           "write": true,
         *           "delete": false
         *         },
         *         "chats": {
         *           "read": true,
         *           "write": true,
         *           "delete": false
         *         },
         *         "mcp_servers": {
         *           "read": true,
         *           "write": true,
         *           "delete": true
         *         },
         *         "webhooks": {
         *           "read": true,
         *           "write": true,
         *           "delete": true
         *         },
         *         "appointments": {
         *           "read": true,
         *           "write": true,
         *           "delete": false
         *         }
         *       }
         *     }
         */
        Me: {
            /** @description Descriptive name of the key. */
            key_name: string;
            /**
             * Format: uuid
             * @description Owning company.
             */
            company_id: string;
            /**
             * Format: uuid
             * @description Workspace of the key.
             */
            workspace_id: string;
            /** @description Enabled scopes. */
            scopes: string[];
            /** @description Detailed permission map per resource, derived from the scopes: `read` when the key may call any GET of the resource, `write` any POST or PUT, `delete` any DELETE. An operation counts for the resource it reads or changes: sending, reading, editing and deleting messages count for `messages`, whichever path reaches them. Every group below is present, in both variants; a later version may add groups. */
            permissions: {
                /** @description Agents, their activation and deletion. */
                agents: components["schemas"]["PermissionSet"];
                /** @description An agent's trainings. */
                trainings: components["schemas"]["PermissionSet"];
                /** @description Channels, their settings, QR codes and widgets. */
                channels: components["schemas"]["PermissionSet"];
                /** @description Contacts. */
                contacts: components["schemas"]["PermissionSet"];
                /** @description Custom field definitions (`write` includes archiving; they are never deleted). */
                custom_fields: components["schemas"]["PermissionSet"];
                /** @description Conversations, and closing, reopening and transferring them. */
                conversations: components["schemas"]["PermissionSet"];
                /** @description Chats and the human handoff. */
                chats: components["schemas"]["PermissionSet"];
                /** @description Messages wherever their path, including starting a conversation with its first message and a human agent's message in a chat. */
                messages: components["schemas"]["PermissionSet"];
                /** @description MCP servers, their tools and their links to agents. */
                mcp_servers: components["schemas"]["PermissionSet"];
                /** @description Webhooks and their delivery history (in Variant A, `agents:read` reads them too). */
                webhooks: components["schemas"]["PermissionSet"];
                /** @description Appointments. */
                appointments: components["schemas"]["PermissionSet"];
            } & {
                [key: string]: components["schemas"]["PermissionSet"];
            };
        };
        /**
         * @description A list's order: `asc` oldest first, `desc` (the default) newest first.
         * @default desc
         * @enum {string}
         */
        SortOrder: "asc" | "desc";
        /**
         * @description An agent's status.
         * @enum {string}
         */
        AgentStatus: "active" | "inactive";
        /**
         * @description An AI agent (returned by deactivate).
         * @example {
         *       "id": "00000000-0000-4000-8000-000000000101",
         *       "name": "Support Agent",
         *       "description": "Answers product and order questions.",
         *       "avatar_url": null,
         *       "status": "active",
         *       "model": "default",
         *       "temperature": 0.5,
         *       "instructions": "You are Support Agent. Answer briefly and politely, and offer a human when unsure.",
         *       "created_at": "2025-06-02T09:00:00.000Z",
         *       "updated_at": "2025-06-02T09:02:00.000Z"
         *     }
         * @example {
         *       "id": "00000000-0000-4000-8000-000000000102",
         *       "name": "Sales Agent",
         *       "description": "Helps customers choose a plan.",
         *       "avatar_url": null,
         *       "status": "active",
         *       "model": "default",
         *       "temperature": 0.7,
         *       "instructions": "You are Sales Agent. Answer briefly and politely.",
         *       "created_at": "2025-06-02T09:00:00.000Z",
         *       "updated_at": "2025-06-02T09:00:00.000Z"
         *     }
         * @example {
         *       "id": "00000000-0000-4000-8000-000000000103",
         *       "name": "Night Shift",
         *       "description": "Covers the night; paused for now.",
         *       "avatar_url": null,
         *       "status": "inactive",
         *       "model": "default",
         *       "temperature": 0.7,
         *       "instructions": "You are Night Shift. Answer briefly and politely.",
         *       "created_at": "2025-06-02T09:00:00.000Z",
         *       "updated_at": "2025-06-02T09:00:00.000Z"
         *     }
         */
        Agent: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            /**
             * Format: uri
             * @description The agent's picture; null when it has none.
             */
            avatar_url: string | null;
            /** @description `active` agents answer customers; deactivate sets `inactive` (temporarily). */
            status: components["schemas"]["AgentStatus"];
            /** @description The language model the agent answers with. */
            model: string;
            /** @description Sampling temperature of the language model, 0 to 2: lower answers are steadier, higher ones more varied. */
            temperature: number;
            /** @description The agent's system instructions. */
            instructions: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @example {
         *       "name": "Billing Agent",
         *       "description": "Answers invoice and payment questions.",
         *       "model": "default",
         *       "temperature": 0.3,
         *       "instructions": "You are Billing Agent. Quote the invoice number when you answer."
         *     }
         */
        AgentCreate: {
            name: string;
            description?: string | null;
            /**
             * Format: uri
             * @description The agent's picture, an http or https URL.
             */
            avatar_url?: string | null;
            /**
             * @description The language model the agent answers with, by name; `default` is the service's choice.
             * @default default
             */
            model?: string;
            /**
             * @description Sampling temperature of the language model, 0 to 2: lower answers are steadier, higher ones more varied.
             * @default 0.7
             */
            temperature?: number;
            /** @description The agent's system instructions: what it does and how it answers; null for none. */
            instructions?: string | null;
        };
        /**
         * @description A partial update; absent fields are left as they are.
         * @example {
         *       "temperature": 0.5,
         *       "instructions": "You are Support Agent. Answer briefly and politely, and offer a human when unsure."
         *     }
         */
        AgentUpdate: {
            name?: string;
            description?: string | null;
            /**
             * Format: uri
             * @description The agent's picture, an http or https URL.
             */
            avatar_url?: string | null;
            /** @description The language model the agent answers with, by name; `default` is the service's choice. */
            model?: string;
            /** @description Sampling temperature of the language model, 0 to 2: lower answers are steadier, higher ones more varied. */
            temperature?: number;
            /** @description The agent's system instructions: what it does and how it answers; null for none. */
            instructions?: string | null;
        };
        /**
         * @example {
         *       "message": "Hi, where is my order #1042?",
         *       "contact_id": "00000000-0000-4000-8000-000000000501",
         *       "metadata": {
         *         "order_id": "1042",
         *         "source": "website"
         *       }
         *     }
         */
        StartConversation: {
            /** @description The customer's first message. */
            message: string;
            /**
             * Format: uuid
             * @description The contact the conversation is with.
             */
            contact_id?: string;
            metadata?: components["schemas"]["Metadata"];
        };
        /**
         * @description The agent's answer to a customer message.
         * @example {
         *       "conversation_id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *       "response": "Orders ship within 1 business day; tracking links are sent by email. (from \"Shipping\")",
         *       "message_id": "1c66c574-040e-47d8-9c46-2b217b522abb",
         *       "response_message_id": "853373dc-d267-4f8e-9edf-27a7fee22c70"
         *     }
         */
        AgentReply: {
            /**
             * Format: uuid
             * @description The conversation of the exchange (new when the call started it).
             */
            conversation_id: string;
            /** @description The agent's answer; null when the chat is in `human` mode or the agent is inactive or was deleted. Given also when the answer could not reach the customer (the channel was deleted or is not `active`), which is then stored as `failed`. */
            response: string | null;
            /**
             * Format: uuid
             * @description The stored customer message.
             */
            message_id: string;
            /**
             * Format: uuid
             * @description The stored answer; null when there is none.
             */
            response_message_id: string | null;
        };
        /**
         * @description What a training holds.
         * @enum {string}
         */
        TrainingType: "text" | "url" | "document";
        /**
         * @description One item of an agent's knowledge base.
         * @example {
         *       "id": "00000000-0000-4000-8000-000000000301",
         *       "agent_id": "00000000-0000-4000-8000-000000000101",
         *       "type": "text",
         *       "title": "Shipping",
         *       "content": "Orders ship within 1 business day; tracking links are sent by email.",
         *       "url": null,
         *       "created_at": "2025-06-02T09:00:00.000Z",
         *       "updated_at": "2025-06-02T09:02:00.000Z"
         *     }
         * @example {
         *       "id": "dd8fbf1e-78e9-4541-bffb-0079e1ce9b93",
         *       "agent_id": "00000000-0000-4000-8000-000000000101",
         *       "type": "url",
         *       "title": "Warranty policy",
         *       "content": null,
         *       "url": "https://shop.example.com/help/warranty",
         *       "created_at": "2025-06-02T09:02:00.000Z",
         *       "updated_at": "2025-06-02T09:02:00.000Z"
         *     }
         */
        Training: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The agent whose knowledge base it belongs to.
             */
            agent_id: string;
            /** @description `text` holds its text in `content`; `url` (a web page) and `document` (a file) are at `url`. */
            type: components["schemas"]["TrainingType"];
            title: string | null;
            /** @description The text (type `text`). */
            content: string | null;
            /**
             * Format: uri
             * @description The page or document (types `url` and `document`).
             */
            url: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description `text` needs `content`; `url` and `document` need `url`.
         * @example {
         *       "type": "text",
         *       "title": "Shipping",
         *       "content": "Orders ship within 2 business days; tracking links are sent by email."
         *     }
         * @example {
         *       "type": "url",
         *       "title": "Warranty policy",
         *       "url": "https://shop.example.com/help/warranty"
         *     }
         * @example {
         *       "type": "document",
         *       "title": "Size guide",
         *       "url": "https://shop.example.com/docs/size-guide.pdf"
         *     }
         */
        TrainingCreate: components["schemas"]["TrainingCreateText"] | components["schemas"]["TrainingCreateUrl"] | components["schemas"]["TrainingCreateDocument"];
        /**
         * @example {
         *       "type": "text",
         *       "title": "Shipping",
         *       "content": "Orders ship within 2 business days; tracking links are sent by email."
         *     }
         */
        TrainingCreateText: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "text";
            title?: string | null;
            content: string;
        };
        /**
         * @example {
         *       "type": "url",
         *       "title": "Warranty policy",
         *       "url": "https://shop.example.com/help/warranty"
         *     }
         */
        TrainingCreateUrl: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "url";
            title?: string | null;
            /**
             * Format: uri
             * @description The page or document to learn from, an http or https URL.
             */
            url: string;
        };
        /**
         * @example {
         *       "type": "document",
         *       "title": "Size guide",
         *       "url": "https://shop.example.com/docs/size-guide.pdf"
         *     }
         */
        TrainingCreateDocument: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "document";
            title?: string | null;
            /**
             * Format: uri
             * @description The page or document to learn from, an http or https URL.
             */
            url: string;
        };
        /**
         * @description A partial update; the type cannot change. `content` applies to `text` trainings, `url` to the others.
         * @example {
         *       "content": "Orders ship within 1 business day; tracking links are sent by email."
         *     }
         */
        TrainingUpdate: {
            title?: string | null;
            content?: string;
            /**
             * Format: uri
             * @description The page or document to learn from, an http or https URL.
             */
            url?: string;
        };
        /**
         * @description `whatsapp` and `instagram` are the two instant-messaging channels.
         * @enum {string}
         */
        ChannelType: "whatsapp" | "instagram" | "email" | "widget";
        /**
         * @description A new messaging channel is `pending` until paired by its QR code, then `active`; email and widget channels are `active` at once. Only an `active` channel carries messages to the customer (a human agent's, and the AI's answers); through any other, they are stored as `failed`.
         * @enum {string}
         */
        ChannelStatus: "pending" | "active" | "disconnected" | "error";
        /**
         * @description A communication channel bound to an agent.
         * @example {
         *       "id": "00000000-0000-4000-8000-000000000201",
         *       "name": "Website chat (EU)",
         *       "type": "widget",
         *       "status": "active",
         *       "agent_id": "00000000-0000-4000-8000-000000000101",
         *       "created_at": "2025-06-02T09:00:00.000Z",
         *       "updated_at": "2025-06-02T09:02:00.000Z"
         *     }
         * @example {
         *       "id": "00000000-0000-4000-8000-000000000202",
         *       "name": "WhatsApp",
         *       "type": "whatsapp",
         *       "status": "pending",
         *       "agent_id": "00000000-0000-4000-8000-000000000101",
         *       "created_at": "2025-06-02T09:00:00.000Z",
         *       "updated_at": "2025-06-02T09:00:00.000Z"
         *     }
         */
        Channel: {
            /** Format: uuid */
            id: string;
            name: string;
            type: components["schemas"]["ChannelType"];
            status: components["schemas"]["ChannelStatus"];
            /**
             * Format: uuid
             * @description Agent bound to the channel.
             */
            agent_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @example {
         *       "name": "Support inbox",
         *       "type": "email",
         *       "agent_id": "00000000-0000-4000-8000-000000000101"
         *     }
         */
        ChannelCreate: {
            name: string;
            /**
             * Format: uuid
             * @description Agent bound to the channel.
             */
            agent_id?: string | null;
            /** @default widget */
            type?: components["schemas"]["ChannelType"];
        };
        /**
         * @description A partial update; the type cannot change. `agent_id` null unbinds the agent.
         * @example {
         *       "name": "Website chat (EU)"
         *     }
         */
        ChannelUpdate: {
            name?: string;
            /**
             * Format: uuid
             * @description The agent the channel serves; null unbinds it. An agent the workspace does not have is 404.
             */
            agent_id?: string | null;
        };
        /**
         * @example {
         *       "timezone": "Europe/Madrid",
         *       "schedule": [
         *         {
         *           "day": "mon",
         *           "open": "09:00",
         *           "close": "18:00"
         *         },
         *         {
         *           "day": "fri",
         *           "open": "09:00",
         *           "close": "15:00"
         *         }
         *       ]
         *     }
         */
        BusinessHours: {
            /** @description IANA time zone, e.g. `Europe/Madrid` or `UTC`, matched regardless of case; a zone the time-zone database names canonically is stored in that case (`europe/madrid` reads back as `Europe/Madrid`), an alias (`US/Pacific`, or `Europe/Kyiv` where the database still calls it `Europe/Kiev`) as sent. An unknown one is 400 (rule `format`). */
            timezone: string;
            /** @description Intervals of the same or of adjacent days must not overlap (hours past midnight run into the next day, Sunday's into Monday's); one that ends as another starts does not. An overlap is 400 (rule `overlap`, field the later interval, `business_hours.schedule[1]`). */
            schedule: {
                /**
                 * @description The day the interval opens on.
                 * @enum {string}
                 */
                day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
                /** @description HH:MM, 24 h. */
                open: string;
                /** @description HH:MM, 24 h; earlier than `open`, the hours run past midnight; `24:00` is the end of the day (`00:00` to `24:00` is the whole day). Equal to `open` is 400 (rule `invalid`). */
                close: string;
            }[];
        };
        /**
         * @description A channel's conversation settings. The channel shows `welcome_message` and `away_message` to the customer (the widget displays them); the API stores them and adds neither to a conversation as a message, nor fires an event for them, so a conversation's messages do not depend on the time of day.
         * @example {
         *       "channel_id": "00000000-0000-4000-8000-000000000201",
         *       "welcome_message": "Hi! How can we help?",
         *       "away_message": "We are away; a person will answer from 9:00 CET.",
         *       "language": "en",
         *       "business_hours": {
         *         "timezone": "Europe/Madrid",
         *         "schedule": [
         *           {
         *             "day": "mon",
         *             "open": "09:00",
         *             "close": "18:00"
         *           },
         *           {
         *             "day": "fri",
         *             "open": "09:00",
         *             "close": "15:00"
         *           }
         *         ]
         *       },
         *       "updated_at": "2025-06-02T09:02:00.000Z"
         *     }
         */
        ChannelSettings: {
            /**
             * Format: uuid
             * @description The channel these settings belong to.
             */
            channel_id: string;
            /** @description Shown when a customer opens the channel. */
            welcome_message: string | null;
            /** @description Shown outside `business_hours` (never when they are null). */
            away_message: string | null;
            /** @description BCP 47 tag, e.g. `en` or `pt-BR`, in the case BCP 47 recommends (language lower case, script title case, region upper case). */
            language: string;
            /** @description When the channel is attended; null: at all hours, so `away_message` is never shown. */
            business_hours: components["schemas"]["BusinessHours"] | null;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description A partial update of the settings.
         * @example {
         *       "away_message": "We are away; a person will answer from 9:00 CET.",
         *       "business_hours": {
         *         "timezone": "Europe/Madrid",
         *         "schedule": [
         *           {
         *             "day": "mon",
         *             "open": "09:00",
         *             "close": "18:00"
         *           },
         *           {
         *             "day": "fri",
         *             "open": "09:00",
         *             "close": "15:00"
         *           }
         *         ]
         *       }
         *     }
         */
        ChannelSettingsUpdate: {
            /** @description Shown when a customer opens the channel; null removes it. */
            welcome_message?: string | null;
            /** @description Shown outside `business_hours`; null removes it. */
            away_message?: string | null;
            /** @description A BCP 47 tag, matched regardless of case (BCP 47 tags are case-insensitive) and stored in the case it recommends, the language in lower case, a script in title case and a region in upper case (`EN-us` reads back as `en-US`, `zh-hant-tw` as `zh-Hant-TW`). */
            language?: string;
            /** @description When the channel is attended; null: at all hours. */
            business_hours?: components["schemas"]["BusinessHours"] | null;
        };
        /**
         * @description The code that pairs a messaging channel's phone account.
         * @example {
         *       "qr_code": "agent-platform-pair:00000000-0000-4000-8000-000000000202:cba35f702b1fd9dc08c0e887f5c7abc5",
         *       "expires_at": "2025-06-02T09:07:00.000Z"
         *     }
         */
        ChannelQrCode: {
            /** @description The QR code payload to render or scan. */
            qr_code: string;
            /**
             * Format: date-time
             * @description When the code stops pairing, 5 minutes after the call; each call makes a new code.
             */
            expires_at: string;
        };
        /**
         * @description How to embed a widget channel in a website.
         * @example {
         *       "embed_script": "<script src=\"https://widget.agent-platform.dev/v1/widget.js\" data-widget-key=\"wk_demo0000000000000000000000000000\" async></script>",
         *       "widget_key": "wk_demo0000000000000000000000000000"
         *     }
         */
        ChannelWidget: {
            /** @description The HTML snippet to paste into the page. */
            embed_script: string;
            /** @description The key that names the channel to the widget script (its `data-widget-key`); the same on every call. */
            widget_key: string;
        };
        /** @description A value of a custom field, of the type its definition says (`text`, `date` and `select` are strings, `multi_select` an array of distinct strings, 400 rule `uniqueItems` when one repeats); null clears it. */
        CustomFieldValue: string | number | boolean | string[] | null;
        /** @description Values keyed by custom-field name, checked against the definitions; null clears one. */
        CustomFieldValues: {
            [key: string]: components["schemas"]["CustomFieldValue"];
        };
        /** @description A contact's values keyed by custom-field name, each of the type its definition says. A cleared value is absent, never null. A request carries at most 100, but updates merge, so a contact may hold more; in all they hold at most 1 MiB (1048576 bytes) as JSON, and a create or an update past it is 400 (`custom_fields`, rule `maxBytes`; a state import holding more is refused too), so that a `contact.updated` delivery, which carries them all, stays within what receivers take. */
        ContactCustomFields: {
            [key: string]: string | number | boolean | string[];
        };
        /**
         * @description A customer record.
         * @example {
         *       "id": "00000000-0000-4000-8000-000000000501",
         *       "name": "Ada Lovelace",
         *       "email": "ada@example.com",
         *       "phone": "+447700900123",
         *       "custom_fields": {
         *         "plan": "pro",
         *         "vip": true
         *       },
         *       "created_at": "2025-06-02T09:00:00.000Z",
         *       "updated_at": "2025-06-02T09:02:00.000Z"
         *     }
         * @example {
         *       "id": "00000000-0000-4000-8000-000000000502",
         *       "name": "Grace Hopper",
         *       "email": "grace@example.com",
         *       "phone": "+12025550123",
         *       "custom_fields": {
         *         "plan": "enterprise"
         *       },
         *       "created_at": "2025-06-02T09:00:00.000Z",
         *       "updated_at": "2025-06-02T09:00:00.000Z"
         *     }
         */
        Contact: {
            /** Format: uuid */
            id: string;
            name: string | null;
            /** Format: email */
            email: string | null;
            /** @description E.164, e.g. `+34600111222`. */
            phone: string | null;
            custom_fields: components["schemas"]["ContactCustomFields"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description At least one of `name`, `email`, `phone`.
         * @example {
         *       "name": "Katherine Johnson",
         *       "email": "katherine@example.com",
         *       "phone": "+34600111222",
         *       "custom_fields": {
         *         "plan": "pro",
         *         "vip": false
         *       }
         *     }
         */
        ContactCreate: {
            name?: string;
            /**
             * Format: email
             * @description An address alone (`ann@example.com`): a display name (`"Ann" <ann@example.com>`), a comment, a quoted local part or white space is 400 (rule `format`).
             */
            email?: string;
            /** @description E.164. */
            phone?: string;
            custom_fields?: components["schemas"]["CustomFieldValues"];
        } & ({
            name: string;
        } | {
            email: string;
        } | {
            phone: string;
        });
        /**
         * @description A partial update; null clears a field, but a contact keeps at least one of `name`, `email`, `phone`. `custom_fields` are merged by name (null removes one). A custom-field value sent back as the contact holds it is accepted as is, so that a contact read and written back stays writable after its field is archived or loses an option; an archived field's value may be removed, not changed. Merged, they hold at most 1 MiB as JSON (`ContactCustomFields`).
         * @example {
         *       "phone": "+447700900123",
         *       "custom_fields": {
         *         "vip": true
         *       }
         *     }
         */
        ContactUpdate: {
            name?: string | null;
            /**
             * Format: email
             * @description An address alone (`ann@example.com`): a display name (`"Ann" <ann@example.com>`), a comment, a quoted local part or white space is 400 (rule `format`). Null clears it.
             */
            email?: string | null;
            /** @description E.164; null clears it. */
            phone?: string | null;
            custom_fields?: components["schemas"]["CustomFieldValues"];
        };
        /** @enum {string} */
        CustomFieldType: "text" | "number" | "boolean" | "date" | "select" | "multi_select";
        /**
         * @description A custom field definition for contacts.
         * @example {
         *       "id": "00000000-0000-4000-8000-000000000401",
         *       "name": "plan",
         *       "type": "select",
         *       "description": "Subscription plan.",
         *       "options": [
         *         "free",
         *         "pro",
         *         "enterprise"
         *       ],
         *       "required": false,
         *       "archived": false,
         *       "created_at": "2025-06-02T09:00:00.000Z",
         *       "updated_at": "2025-06-02T09:02:00.000Z"
         *     }
         * @example {
         *       "id": "00000000-0000-4000-8000-000000000402",
         *       "name": "vip",
         *       "type": "boolean",
         *       "description": null,
         *       "options": [],
         *       "required": false,
         *       "archived": false,
         *       "created_at": "2025-06-02T09:00:00.000Z",
         *       "updated_at": "2025-06-02T09:00:00.000Z"
         *     }
         */
        CustomField: {
            /** Format: uuid */
            id: string;
            /** @description Unique in the workspace regardless of letter case and Unicode form (`Tier` and `tier`, or `Café` composed and decomposed, are one name, 409); the key in a contact's `custom_fields`, exactly as stored. A field may rename itself to another case or form of its name. */
            name: string;
            /** @description The kind of value contacts hold in it; it cannot change. */
            type: components["schemas"]["CustomFieldType"];
            description: string | null;
            /** @description Choices for the field (select types; empty otherwise). */
            options: string[];
            /** @description Every contact must have a value: a contact created without one, or an update clearing it (null) or sending an empty one (text of nothing but white space, an empty `multi_select` list), is 400 (rule `required`). */
            required: boolean;
            /** @description Fields are archived, not deleted. */
            archived: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @example {
         *       "name": "preferred_language",
         *       "type": "select",
         *       "description": "Language the contact prefers to be answered in.",
         *       "options": [
         *         "en",
         *         "es",
         *         "de"
         *       ]
         *     }
         */
        CustomFieldCreate: {
            name: components["schemas"]["CustomFieldName"];
            /** @description The kind of value contacts hold in it: `select` takes one of `options`, `multi_select` a list of them. */
            type: components["schemas"]["CustomFieldType"];
            description?: string | null;
            /** @description Required for `select` and `multi_select`; not allowed for the other types. Distinct regardless of letter case and Unicode form (`Gold` and `gold` is 400 rule `uniqueItems`); a value must match one exactly. */
            options?: string[];
            /**
             * @description Every contact must have a value: a contact created without one, or an update clearing it (null) or sending an empty one (text of nothing but white space, an empty `multi_select` list), is 400 (rule `required`).
             * @default false
             */
            required?: boolean;
        };
        /** @description A custom field's name: not blank, and not beginning or ending with white space or an invisible character (a zero-width space or joiner, a control character, a filler: 400 rule `pattern`; a direction mark may begin a right-to-left name, and a variation selector end an emoji or another character beyond ASCII), as it is the key of a contact's `custom_fields`. */
        CustomFieldName: string;
        /**
         * @description A partial update; the type cannot change. `options` replace the list whole, distinct as on creation.
         * @example {
         *       "description": "Subscription plan."
         *     }
         */
        CustomFieldUpdate: {
            name?: components["schemas"]["CustomFieldName"];
            description?: string | null;
            /** @description The whole new list of a `select` or `multi_select` field, distinct regardless of letter case and Unicode form; not allowed for the other types. */
            options?: string[];
            /** @description Every contact must have a value: a contact created without one, or an update clearing it (null) or sending an empty one (text of nothing but white space, an empty `multi_select` list), is 400 (rule `required`). Made required, a field fills no existing contact: one without a value keeps none, and an update that leaves the field out still passes. */
            required?: boolean;
        };
        /**
         * @description A conversation's status.
         * @enum {string}
         */
        ConversationStatus: "open" | "closed";
        /**
         * @description A conversation between a contact and an agent.
         * @example {
         *       "id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *       "agent_id": "00000000-0000-4000-8000-000000000101",
         *       "contact_id": "00000000-0000-4000-8000-000000000501",
         *       "channel_id": "00000000-0000-4000-8000-000000000201",
         *       "status": "open",
         *       "metadata": {
         *         "order_id": "1042",
         *         "source": "website"
         *       },
         *       "created_at": "2025-06-02T09:07:00.000Z",
         *       "updated_at": "2025-06-02T09:07:30.000Z"
         *     }
         * @example {
         *       "id": "4a7df756-70e4-4764-919a-8307b76417b7",
         *       "agent_id": "00000000-0000-4000-8000-000000000102",
         *       "contact_id": "00000000-0000-4000-8000-000000000502",
         *       "channel_id": "00000000-0000-4000-8000-000000000202",
         *       "status": "open",
         *       "metadata": {},
         *       "created_at": "2025-06-02T09:18:00.000Z",
         *       "updated_at": "2025-06-02T09:18:00.000Z"
         *     }
         */
        Conversation: {
            /**
             * Format: uuid
             * @description Also the id of its chat.
             */
            id: string;
            /**
             * Format: uuid
             * @description The agent answering it. Once that agent is deleted it still names it (the agent answers 404, and customer messages get no answer) until a transfer names another.
             */
            agent_id: string;
            /**
             * Format: uuid
             * @description The contact; null when none was given or the contact was deleted.
             */
            contact_id: string | null;
            /**
             * Format: uuid
             * @description The channel it came through; null when it has none (started through the API while its agent had no active channel) or the channel was deleted.
             */
            channel_id: string | null;
            /** @description `open` while its chat is `open` or `human`. */
            status: components["schemas"]["ConversationStatus"];
            metadata: components["schemas"]["Metadata"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @enum {string} */
        MessageType: "text" | "image" | "audio" | "video" | "document";
        /**
         * @description A message in the conversation view (returned by message edit).
         * @example {
         *       "id": "1c66c574-040e-47d8-9c46-2b217b522abb",
         *       "conversation_id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *       "content": "Hi, where is my order #1042?",
         *       "sender_type": "customer",
         *       "message_type": "text",
         *       "media_url": null,
         *       "media_type": null,
         *       "is_edited": false,
         *       "created_at": "2025-06-02T09:07:00.000Z"
         *     }
         * @example {
         *       "id": "e87d77a2-3580-49ec-9a9b-52d47d3efe2e",
         *       "conversation_id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *       "content": "Hi Ada, I have updated the delivery address on order #1042 for you.",
         *       "sender_type": "human",
         *       "message_type": "text",
         *       "media_url": null,
         *       "media_type": null,
         *       "is_edited": true,
         *       "created_at": "2025-06-02T09:08:20.000Z"
         *     }
         */
        ConversationMessage: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The conversation it belongs to.
             */
            conversation_id: string;
            content: string;
            /**
             * @description Who wrote it: the customer, the AI agent, or a human agent.
             * @enum {string}
             */
            sender_type: "customer" | "agent" | "human";
            /** @description `text`, or the kind of media at `media_url` (`type` in the chat view). */
            message_type: components["schemas"]["MessageType"];
            /**
             * Format: uri
             * @description Where the media is; null for a text message.
             */
            media_url: string | null;
            /** @description The media's MIME type; null for a text message, or when it is not known. */
            media_type: string | null;
            /** @description True once its content was replaced (PUT /v1/conversations/{id}/messages/{messageId}). */
            is_edited: boolean;
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @example {
         *       "message": "Can I still change the delivery address?"
         *     }
         */
        CustomerMessageCreate: {
            /** @description The customer's message. */
            message: string;
        };
        /**
         * @example {
         *       "content": "Hi Ada, I have updated the delivery address on order #1042 for you."
         *     }
         */
        MessageEdit: {
            /** @description A human agent's message takes at most 4096 characters, as a chat message does (400, rule `maxLength`). */
            content: string;
        };
        /**
         * @example {
         *       "agent_id": "00000000-0000-4000-8000-000000000102"
         *     }
         */
        ConversationTransfer: {
            /**
             * Format: uuid
             * @description The agent that takes over.
             */
            agent_id: string;
        };
        /**
         * @description A chat's status: who answers the customer.
         * @enum {string}
         */
        ChatStatus: "open" | "human" | "closed";
        /**
         * @description The live side of a conversation; same id as the conversation.
         * @example {
         *       "id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *       "status": "human",
         *       "assigned_to": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
         *       "human_started_at": "2025-06-02T09:08:00.000Z",
         *       "channel_id": "00000000-0000-4000-8000-000000000201",
         *       "contact_id": "00000000-0000-4000-8000-000000000501",
         *       "agent_id": "00000000-0000-4000-8000-000000000101",
         *       "created_at": "2025-06-02T09:07:00.000Z",
         *       "updated_at": "2025-06-02T09:08:00.000Z"
         *     }
         */
        Chat: {
            /**
             * Format: uuid
             * @description The conversation id.
             */
            id: string;
            /** @description `open`: the AI answers; `human`: a person has taken over; `closed`. */
            status: components["schemas"]["ChatStatus"];
            /**
             * Format: uuid
             * @description The human agent handling the chat: start-human's `assigned_to`. Null outside `human`, and in `human` when start-human named nobody (the chat waits for a person to pick it up).
             */
            assigned_to: string | null;
            /**
             * Format: date-time
             * @description Start of handoff (set while `human`).
             */
            human_started_at: string | null;
            /**
             * Format: uuid
             * @description Channel through which messages go out; null when the conversation has none (it was started through the API while its agent had no active channel, and its messages are served through the API, `sent`) or the channel was deleted (then messages to the customer, a human agent's and the AI's, are `failed`).
             */
            channel_id: string | null;
            /**
             * Format: uuid
             * @description Contact being attended; null when none was given or the contact was deleted.
             */
            contact_id: string | null;
            /**
             * Format: uuid
             * @description The AI agent of the conversation. Once that agent is deleted it still names it (the agent answers 404) until a transfer names another.
             */
            agent_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description A message in the chat view.
         * @example {
         *       "id": "e87d77a2-3580-49ec-9a9b-52d47d3efe2e",
         *       "conversation_id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *       "content": "Hi Ada, I have updated the address on order #1042 for you.",
         *       "type": "text",
         *       "sender_type": "human",
         *       "sender_id": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
         *       "status": "sent",
         *       "media_url": null,
         *       "created_at": "2025-06-02T09:08:20.000Z"
         *     }
         */
        ChatMessage: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The chat's conversation (a chat has its conversation's id).
             */
            conversation_id: string;
            /** @description Text (the caption for media). */
            content: string;
            /** @description `text`, or the kind of media at `media_url`. */
            type: components["schemas"]["MessageType"];
            /**
             * @description `agent` is the AI.
             * @enum {string}
             */
            sender_type: "agent" | "human" | "contact";
            /**
             * Format: uuid
             * @description Who sent it: the AI agent's id, the contact's, or the human agent's (the chat's `assigned_to`, null when the chat has none).
             */
            sender_id: string | null;
            /**
             * @description `failed`: it could not reach the customer (a human agent's message or the AI's answer in a chat whose channel was deleted or is not `active`).
             * @enum {string}
             */
            status: "sent" | "delivered" | "read" | "failed";
            /**
             * Format: uri
             * @description Where the media is; null for a text message.
             */
            media_url: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @example {
         *       "assigned_to": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f"
         *     }
         */
        StartHuman: {
            /**
             * Format: uuid
             * @description The human agent taking over. Without it the chat is in `human` mode with `assigned_to` null, unassigned.
             */
            assigned_to?: string;
        };
        /**
         * @description `text` messages need `content`; the other types need `media_url` (`content` is then an optional caption).
         * @example {
         *       "content": "Hi Ada, I have updated the address on order #1042 for you."
         *     }
         * @example {
         *       "type": "image",
         *       "media_url": "https://cdn.example.com/orders/1042/shipping-label.png",
         *       "content": "Your updated shipping label"
         *     }
         */
        ChatMessageCreate: {
            content?: string;
            /**
             * @description `text` (the default) needs `content`; a media type needs `media_url`.
             * @default text
             */
            type?: components["schemas"]["MessageType"];
            /**
             * Format: uri
             * @description Where the media is, an http or https URL.
             */
            media_url?: string;
        };
        /**
         * @description An MCP server's status.
         * @enum {string}
         */
        McpServerStatus: "connected" | "disconnected" | "error";
        /**
         * @description An external Model Context Protocol server.
         * @example {
         *       "id": "cebe6252-355a-45d3-a3bf-af078bb0835f",
         *       "name": "Order lookup (EU)",
         *       "url": "https://mcp.example.com/orders",
         *       "status": "connected",
         *       "tools_count": 2,
         *       "created_at": "2025-06-02T09:13:00.000Z",
         *       "updated_at": "2025-06-02T09:13:30.000Z"
         *     }
         */
        McpServer: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * Format: uri
             * @description Where the service reaches the server, an http or https URL without credentials.
             */
            url: string;
            /** @description `connected` while at least one agent uses it. */
            status: components["schemas"]["McpServerStatus"];
            /** @description How many tools it offers, enabled or not. */
            tools_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @example {
         *       "name": "Order lookup",
         *       "url": "https://mcp.example.com/orders",
         *       "headers": {
         *         "Authorization": "Bearer mcp_live_8f2c"
         *       }
         *     }
         */
        McpServerCreate: {
            name: string;
            url: components["schemas"]["McpServerUrl"];
            headers?: components["schemas"]["McpServerHeaders"];
        };
        /**
         * @description A partial update.
         * @example {
         *       "name": "Order lookup (EU)"
         *     }
         */
        McpServerUpdate: {
            name?: string;
            url?: components["schemas"]["McpServerUrl"];
            headers?: components["schemas"]["McpServerHeaders"];
        };
        /**
         * Format: uri
         * @description The server's http or https URL, returned on every read: it may not carry credentials (`https://user:password@host` is 400, rule `credentials`); send them in `headers`, which are never returned.
         */
        McpServerUrl: string;
        /** @description Headers sent to the server (for its authentication); never returned. Names are HTTP field names (RFC 9110 tokens), each at most once in any case (`X-A` and `x-a` are one header, 400 rule `unique`); values are text HTTP can carry (tab, printable ASCII and the Latin-1 bytes 0x80-0xFF; no CR, LF, NUL or other ASCII control characters). */
        McpServerHeaders: {
            [key: string]: string;
        };
        /**
         * @description A tool an MCP server offers.
         * @example {
         *       "name": "search",
         *       "description": "Searches the server for documents matching a query.",
         *       "input_schema": {
         *         "type": "object",
         *         "properties": {
         *           "query": {
         *             "type": "string"
         *           }
         *         },
         *         "required": [
         *           "query"
         *         ]
         *       },
         *       "enabled": true
         *     }
         */
        McpTool: {
            name: string;
            description: string;
            /** @description The tool's input as JSON Schema. */
            input_schema: {
                [key: string]: unknown;
            };
            /** @description Whether agents may call it. */
            enabled: boolean;
        };
        /**
         * @example {
         *       "enabled": false
         *     }
         */
        McpToolUpdate: {
            /** @description Whether the agents connected to the server may use the tool. */
            enabled: boolean;
        };
        /**
         * @example {
         *       "mcp_id": "cebe6252-355a-45d3-a3bf-af078bb0835f"
         *     }
         */
        McpLink: {
            /**
             * Format: uuid
             * @description The MCP server.
             */
            mcp_id: string;
        };
        /**
         * @description An event name, a category (`conversations`, `messages`, `contacts`, `agent`, `appointments`, `channels`, `billing`), or `*` for all. Only the names of the service's variant are accepted; another is 400 rule `enum`, whose message lists the variant's values and says when the one refused is the other variant's.
         * @enum {string}
         */
        WebhookSubscription: "*" | "conversations" | "messages" | "contacts" | "agent" | "appointments" | "channels" | "billing" | "conversation.created" | "conversation.assigned" | "conversation.closed" | "conversation.reopened" | "conversation.transferred" | "message.received" | "message.sent" | "message.failed" | "message.delivered" | "message.read" | "contact.created" | "contact.updated" | "contact.deleted" | "agent.handoff_started" | "agent.handoff_completed" | "agent.transferred" | "appointment.created" | "appointment.cancelled" | "appointment.completed" | "appointment.scheduled" | "appointment.rescheduled" | "appointment.canceled" | "appointment.reminder_sent" | "channel.connected" | "channel.disconnected" | "channel.error" | "credit.low" | "credit.depleted" | "plan.changed" | "trial.expiring" | "trial.expired";
        /**
         * @description An outbound HTTP notification endpoint.
         * @example {
         *       "id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "url": "https://hooks.example.com/agent-platform",
         *       "events": [
         *         "conversations",
         *         "messages",
         *         "contact.created"
         *       ],
         *       "description": "Production event sink",
         *       "active": true,
         *       "health": "healthy",
         *       "created_at": "2025-06-02T09:00:00.000Z",
         *       "updated_at": "2025-06-03T11:01:01.000Z"
         *     }
         */
        Webhook: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uri
             * @description Where deliveries are POSTed. Credentials in it are sent as `Authorization: Basic` and shown as `***` (`https://user:***@host/path`; a user name alone, a token, as `https://***@host/path`): no key that reads webhooks reads them.
             */
            url: string;
            /** @description What the webhook hears: event names, categories (`messages` for every `message.*` event) or `*` for all; see WebhookSubscription. */
            events: components["schemas"]["WebhookSubscription"][];
            description: string | null;
            /** @description Variant A sets it false after 5 consecutive failed attempts; PUT `active: true` re-enables. */
            active: boolean;
            /**
             * @description Variant B marks a webhook `failing` after 5 consecutive failures (it stays active, an alert e-mail is sent, and each new event's first attempt waits 15 minutes); a successful delivery clears it.
             * @enum {string}
             */
            health: "healthy" | "failing";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @description A webhook with its signing secret, returned only by creation and rotate-secret.
         * @example {
         *       "id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "url": "https://hooks.example.com/agent-platform",
         *       "events": [
         *         "*"
         *       ],
         *       "description": "Production event sink",
         *       "active": true,
         *       "health": "healthy",
         *       "created_at": "2025-06-02T09:00:00.000Z",
         *       "updated_at": "2025-06-02T09:00:00.000Z",
         *       "secret": "whsec_c7950aaa7487ac7c400e59c031199b34dd48e0e359387682d4cc227c421f5b5c"
         *     }
         */
        WebhookWithSecret: components["schemas"]["Webhook"] & {
            /** @description The signing secret (`whsec_` + 32 random bytes in hex); HMAC keys are its UTF-8 bytes. Shown only this once. */
            secret: string;
        };
        /**
         * @example {
         *       "url": "https://hooks.example.com/agent-platform",
         *       "events": [
         *         "*"
         *       ],
         *       "description": "Production event sink"
         *     }
         */
        WebhookCreate: {
            /**
             * Format: uri
             * @description http or https (https only when the service requires it). Credentials (`https://user:password@host/path`) are sent as `Authorization: Basic`, and never shown: reads show the password as `***` (which, as a password, is 400, rule `credentials`: a URL copied from a read).
             */
            url: string;
            /** @description What the webhook hears: event names, categories (`messages` for every `message.*` event) or `*` for all; see WebhookSubscription. */
            events: components["schemas"]["WebhookSubscription"][];
            description?: string | null;
        };
        /**
         * @example {
         *       "grace_seconds": 3600
         *     }
         */
        WebhookRotateSecret: {
            /**
             * @description How long deliveries go on being signed with the previous secret (at most 7 days); 0 switches at once.
             * @default 0
             */
            grace_seconds?: number;
        };
        /**
         * @description A partial update; `active` true re-enables a webhook that was deactivated.
         * @example {
         *       "events": [
         *         "conversations",
         *         "messages",
         *         "contact.created"
         *       ]
         *     }
         */
        WebhookUpdate: {
            /**
             * Format: uri
             * @description Where deliveries are POSTed from now on, an http or https URL. The URL exactly as read (its credentials shown as `***`) keeps the credentials it has; `***` as the password (or the user name alone) of another URL is 400, rule `credentials`.
             */
            url?: string;
            /** @description What the webhook hears: event names, categories (`messages` for every `message.*` event) or `*` for all; see WebhookSubscription. The list is replaced whole. */
            events?: components["schemas"]["WebhookSubscription"][];
            description?: string | null;
            /** @description `true` re-enables a deactivated webhook and clears its failures; `false` deactivates it, and its pending deliveries end `failed`. */
            active?: boolean;
        };
        /**
         * @description One HTTP attempt to deliver an event.
         * @example {
         *       "number": 1,
         *       "attempted_at": "2025-06-03T11:00:00.000Z",
         *       "http_status": 200,
         *       "response_time_ms": 118,
         *       "error": null,
         *       "succeeded": true
         *     }
         */
        WebhookDeliveryAttempt: {
            /** @description 1 for the first attempt, up to 5 (the fourth retry). */
            number: number;
            /**
             * Format: date-time
             * @description When the attempt was sent.
             */
            attempted_at: string;
            /** @description The receiver's status; null on a network error or timeout. */
            http_status: number | null;
            /** @description How long the attempt took until the answer or the failure (10000 on a timeout); null when it was never sent. */
            response_time_ms: number | null;
            /** @description Why it failed: `timeout`, a network error, or `HTTP 500`. */
            error: string | null;
            /** @description The receiver answered 2xx within 10 s. */
            succeeded: boolean;
        };
        /**
         * @description A webhook delivery's status.
         * @enum {string}
         */
        WebhookDeliveryStatus: "pending" | "succeeded" | "failed";
        /**
         * @description One event's delivery to one webhook, with every attempt.
         * @example {
         *       "id": "b06845fc-eb2a-47e2-9dd8-df500f0d10d9",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "event": "appointment.reminder_sent",
         *       "event_id": "7cf46329-9788-4ea5-9bec-8f9fc82d2272",
         *       "status": "succeeded",
         *       "attempts": [
         *         {
         *           "number": 1,
         *           "attempted_at": "2025-06-03T11:00:00.000Z",
         *           "http_status": 200,
         *           "response_time_ms": 118,
         *           "error": null,
         *           "succeeded": true
         *         }
         *       ],
         *       "next_attempt_at": null,
         *       "error": null,
         *       "created_at": "2025-06-03T11:00:00.000Z"
         *     }
         */
        WebhookDelivery: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The webhook it goes to.
             */
            webhook_id: string;
            /**
             * @description The event delivered, one of the service's variant (`x-variants` on each `webhooks` entry says which), or `webhook.test` for a test delivery.
             * @enum {string}
             */
            event: "conversation.created" | "conversation.assigned" | "conversation.closed" | "conversation.reopened" | "conversation.transferred" | "message.received" | "message.sent" | "message.failed" | "message.delivered" | "message.read" | "contact.created" | "contact.updated" | "contact.deleted" | "agent.handoff_started" | "agent.handoff_completed" | "agent.transferred" | "appointment.created" | "appointment.cancelled" | "appointment.completed" | "appointment.scheduled" | "appointment.rescheduled" | "appointment.canceled" | "appointment.reminder_sent" | "channel.connected" | "channel.disconnected" | "channel.error" | "credit.low" | "credit.depleted" | "plan.changed" | "trial.expiring" | "trial.expired" | "webhook.test";
            /**
             * Format: uuid
             * @description The event delivered; in Variant B the body's `event_id`, the same for every webhook the event goes to.
             */
            event_id: string;
            /** @description `pending` while attempts are to come, `succeeded` once one did, `failed` when the last one failed or the webhook was deactivated or deleted first. */
            status: components["schemas"]["WebhookDeliveryStatus"];
            /** @description Every attempt so far, in the order they were made. */
            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
            /**
             * Format: date-time
             * @description While `pending`, when its next attempt is due (a retry's time; for one waiting behind the webhook's attempt in flight, which goes first, the time it fell due); null while its attempt is in flight, and once it has ended.
             */
            next_attempt_at: string | null;
            /** @description Why a delivery failed without using all its attempts: `queue_full` (the webhook already had 1000 pending deliveries), `webhook_deactivated` (Variant A turned the webhook off after 5 consecutive failures, or it was set inactive), `webhook_deleted`. */
            error: ("queue_full" | "webhook_deactivated" | "webhook_deleted") | null;
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @description The one attempt of a test delivery.
         * @example {
         *       "event": "webhook.test",
         *       "event_id": "544f0f38-d83c-4892-a6ce-e79f5da1cb19",
         *       "attempted_at": "2025-06-02T09:16:00.000Z",
         *       "http_status": 200,
         *       "response_time_ms": 142,
         *       "error": null,
         *       "succeeded": true
         *     }
         */
        WebhookTestResult: {
            /** @constant */
            event: "webhook.test";
            /**
             * Format: uuid
             * @description The test event's id.
             */
            event_id: string;
            /**
             * Format: date-time
             * @description When the attempt was sent.
             */
            attempted_at: string;
            /** @description The receiver's status; null on a network error or timeout. */
            http_status: number | null;
            /** @description How long the attempt took until the answer or the failure (10000 on a timeout); null when it was never sent. */
            response_time_ms: number | null;
            /** @description Why it failed: `timeout`, a network error, or `HTTP 500`; null when it succeeded. */
            error: string | null;
            /** @description The receiver answered 2xx within 10 s. */
            succeeded: boolean;
        };
        /**
         * @description An appointment's status.
         * @enum {string}
         */
        AppointmentStatus: "scheduled" | "cancelled" | "completed";
        /**
         * @description An appointment with a contact.
         * @example {
         *       "id": "be5dec6c-0db5-49cb-91c0-49582b575558",
         *       "contact_id": "00000000-0000-4000-8000-000000000501",
         *       "agent_id": "00000000-0000-4000-8000-000000000101",
         *       "title": "Delivery follow-up call",
         *       "notes": "Confirm the new address for order #1042.",
         *       "starts_at": "2025-06-04T11:00:00.000Z",
         *       "ends_at": "2025-06-04T11:30:00.000Z",
         *       "status": "scheduled",
         *       "created_at": "2025-06-02T09:14:30.000Z",
         *       "updated_at": "2025-06-02T09:15:00.000Z"
         *     }
         */
        Appointment: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description Null once the contact was deleted.
             */
            contact_id: string | null;
            /**
             * Format: uuid
             * @description The agent it is with; null when none was given. Once that agent is deleted it still names it (the agent answers 404).
             */
            agent_id: string | null;
            title: string;
            notes: string | null;
            /**
             * Format: date-time
             * @description When it starts.
             */
            starts_at: string;
            /**
             * Format: date-time
             * @description When it ends, after `starts_at`; null when not given.
             */
            ends_at: string | null;
            /** @description `scheduled` until cancelled or completed; only a scheduled appointment changes. */
            status: components["schemas"]["AppointmentStatus"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @example {
         *       "contact_id": "00000000-0000-4000-8000-000000000501",
         *       "agent_id": "00000000-0000-4000-8000-000000000101",
         *       "title": "Delivery follow-up call",
         *       "starts_at": "2025-06-04T10:00:00Z",
         *       "ends_at": "2025-06-04T10:30:00Z",
         *       "notes": "Confirm the new address for order #1042."
         *     }
         */
        AppointmentCreate: {
            /**
             * Format: uuid
             * @description The contact it is with; one the workspace does not have is 404.
             */
            contact_id: string;
            /**
             * Format: date-time
             * @description With Z or an offset, stored and returned in UTC, so an instant from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (400 rule `format` outside it, and for a leap second, `23:59:60`, which RFC 3339 allows but the API's time, as Unix time, does not hold). A time in the past is accepted (an appointment recorded after the fact; it gets no reminder), and appointments may overlap; the service checks neither.
             */
            starts_at: string;
            /**
             * Format: date-time
             * @description After `starts_at`.
             */
            ends_at?: string | null;
            title: string;
            /**
             * Format: uuid
             * @description The agent it is with, if any; one the workspace does not have is 404.
             */
            agent_id?: string | null;
            notes?: string | null;
        };
        /**
         * @description A partial update; a new `starts_at` reschedules. Only scheduled appointments change.
         * @example {
         *       "starts_at": "2025-06-04T11:00:00Z",
         *       "ends_at": "2025-06-04T11:30:00Z"
         *     }
         */
        AppointmentUpdate: {
            /**
             * Format: date-time
             * @description A new start reschedules it (`appointment.rescheduled` in Variant B); it must stay before `ends_at` (400 rule `after`).
             */
            starts_at?: string;
            /**
             * Format: date-time
             * @description After `starts_at`, the one sent or the one stored (400 rule `after`); null removes it.
             */
            ends_at?: string | null;
            title?: string;
            /**
             * Format: uuid
             * @description The agent it has may be sent back as read even after that agent was deleted; another agent must exist (404).
             */
            agent_id?: string | null;
            notes?: string | null;
        };
        /** @description The body of every delivery. Variant A: `{event, timestamp, webhook_id, data}`; Variant B adds `event_id`. Every attempt of a delivery sends the same bytes. Variant A has no event id: deduplicate on a hash (SHA-256) of the raw body, never of the signed `<X-Webhook-Timestamp>.<raw body>`, which changes with each attempt. */
        WebhookEnvelope: {
            /**
             * Format: uuid
             * @description Variant B only (always present there). Unique per event and the same for every webhook the event goes to; retries redeliver the same id.
             */
            event_id?: string;
            /** @description The event's name; each event's schema gives its own. */
            event: string;
            /**
             * Format: date-time
             * @description When the event happened, the same on every retry. Not the signing time (Variant A's is X-Webhook-Timestamp; Variant B has none).
             */
            timestamp: string;
            /**
             * Format: uuid
             * @description The webhook this delivery goes to.
             */
            webhook_id: string;
            /** @description The affected resource in its API shape; each event's schema says which. */
            data: {
                [key: string]: unknown;
            };
        };
        /**
         * @description Data of `credit.low` and `credit.depleted`.
         * @example {
         *       "credits_remaining": 480,
         *       "threshold": 500
         *     }
         */
        CreditBalance: {
            /** @description Credits the workspace has left. */
            credits_remaining: number;
            /** @description The low-credit threshold that was crossed. */
            threshold?: number | null;
        };
        /**
         * @description Data of `plan.changed`.
         * @example {
         *       "plan": "pro",
         *       "previous_plan": "starter"
         *     }
         */
        PlanChange: {
            /** @description The plan now in force. */
            plan: string;
            /** @description The plan before; null when there was none. */
            previous_plan: string | null;
        };
        /**
         * @description Data of `trial.expiring` and `trial.expired`.
         * @example {
         *       "trial_ends_at": "2025-06-05T00:00:00.000Z"
         *     }
         */
        TrialStatus: {
            /**
             * Format: date-time
             * @description When the trial ends (`trial.expiring`) or ended (`trial.expired`).
             */
            trial_ends_at: string;
        };
        /**
         * @description Data of `webhook.test`.
         * @example {
         *       "message": "This is a test event from the Conversational Agent Platform."
         *     }
         */
        WebhookTestData: {
            /** @description A fixed text saying that this is a test event. */
            message: string;
        };
        /** @description A single Me. */
        MeResponse: {
            data: components["schemas"]["Me"];
        };
        /** @description A page of Agent items. */
        AgentList: {
            data: components["schemas"]["Agent"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A single Agent. */
        AgentResponse: {
            data: components["schemas"]["Agent"];
        };
        /** @description A single AgentReply. */
        AgentReplyResponse: {
            data: components["schemas"]["AgentReply"];
        };
        /** @description A page of Training items. */
        TrainingList: {
            data: components["schemas"]["Training"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A single Training. */
        TrainingResponse: {
            data: components["schemas"]["Training"];
        };
        /** @description A page of Channel items. */
        ChannelList: {
            data: components["schemas"]["Channel"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A single Channel. */
        ChannelResponse: {
            data: components["schemas"]["Channel"];
        };
        /** @description A single ChannelSettings. */
        ChannelSettingsResponse: {
            data: components["schemas"]["ChannelSettings"];
        };
        /** @description A single ChannelQrCode. */
        ChannelQrCodeResponse: {
            data: components["schemas"]["ChannelQrCode"];
        };
        /** @description A single ChannelWidget. */
        ChannelWidgetResponse: {
            data: components["schemas"]["ChannelWidget"];
        };
        /** @description A page of Contact items. */
        ContactList: {
            data: components["schemas"]["Contact"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A single Contact. */
        ContactResponse: {
            data: components["schemas"]["Contact"];
        };
        /** @description A page of CustomField items. */
        CustomFieldList: {
            data: components["schemas"]["CustomField"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A single CustomField. */
        CustomFieldResponse: {
            data: components["schemas"]["CustomField"];
        };
        /** @description A page of Conversation items. */
        ConversationList: {
            data: components["schemas"]["Conversation"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A single Conversation. */
        ConversationResponse: {
            data: components["schemas"]["Conversation"];
        };
        /** @description A page of ConversationMessage items. */
        ConversationMessageList: {
            data: components["schemas"]["ConversationMessage"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A single ConversationMessage. */
        ConversationMessageResponse: {
            data: components["schemas"]["ConversationMessage"];
        };
        /** @description A single Chat. */
        ChatResponse: {
            data: components["schemas"]["Chat"];
        };
        /** @description A page of Chat items. */
        ChatList: {
            data: components["schemas"]["Chat"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A single ChatMessage. */
        ChatMessageResponse: {
            data: components["schemas"]["ChatMessage"];
        };
        /** @description A page of McpServer items. */
        McpServerList: {
            data: components["schemas"]["McpServer"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A single McpServer. */
        McpServerResponse: {
            data: components["schemas"]["McpServer"];
        };
        /** @description A page of McpTool items. */
        McpToolList: {
            data: components["schemas"]["McpTool"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A single McpTool. */
        McpToolResponse: {
            data: components["schemas"]["McpTool"];
        };
        /** @description A page of Webhook items. */
        WebhookList: {
            data: components["schemas"]["Webhook"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A single WebhookWithSecret. */
        WebhookWithSecretResponse: {
            data: components["schemas"]["WebhookWithSecret"];
        };
        /** @description A single Webhook. */
        WebhookResponse: {
            data: components["schemas"]["Webhook"];
        };
        /** @description A single WebhookTestResult. */
        WebhookTestResultResponse: {
            data: components["schemas"]["WebhookTestResult"];
        };
        /** @description A page of WebhookDelivery items. */
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A page of Appointment items. */
        AppointmentList: {
            data: components["schemas"]["Appointment"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A single Appointment. */
        AppointmentResponse: {
            data: components["schemas"]["Appointment"];
        };
        /**
         * @description Body of `conversation.created`.
         * @example {
         *       "event_id": "ae46df6c-b16e-490a-ad86-ea6c16851291",
         *       "event": "conversation.created",
         *       "timestamp": "2025-06-02T09:07:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *         "agent_id": "00000000-0000-4000-8000-000000000101",
         *         "contact_id": "00000000-0000-4000-8000-000000000501",
         *         "channel_id": "00000000-0000-4000-8000-000000000201",
         *         "status": "open",
         *         "metadata": {
         *           "order_id": "1042",
         *           "source": "website"
         *         },
         *         "created_at": "2025-06-02T09:07:00.000Z",
         *         "updated_at": "2025-06-02T09:07:00.000Z"
         *       }
         *     }
         */
        WebhookEventConversationCreated: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "conversation.created";
            data: components["schemas"]["Conversation"];
        };
        /**
         * @description Body of `conversation.assigned`.
         * @example {
         *       "event_id": "64981859-21a2-456d-9d1b-96315ea5570e",
         *       "event": "conversation.assigned",
         *       "timestamp": "2025-06-02T09:08:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *         "status": "human",
         *         "assigned_to": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
         *         "human_started_at": "2025-06-02T09:08:00.000Z",
         *         "channel_id": "00000000-0000-4000-8000-000000000201",
         *         "contact_id": "00000000-0000-4000-8000-000000000501",
         *         "agent_id": "00000000-0000-4000-8000-000000000101",
         *         "created_at": "2025-06-02T09:07:00.000Z",
         *         "updated_at": "2025-06-02T09:08:00.000Z"
         *       }
         *     }
         */
        WebhookEventConversationAssigned: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "conversation.assigned";
            data: components["schemas"]["Chat"];
        };
        /**
         * @description Body of `conversation.closed`.
         * @example {
         *       "event_id": "93d9638d-352b-4603-bb45-d194614318f9",
         *       "event": "conversation.closed",
         *       "timestamp": "2025-06-02T09:11:30.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *         "agent_id": "00000000-0000-4000-8000-000000000102",
         *         "contact_id": "00000000-0000-4000-8000-000000000501",
         *         "channel_id": "00000000-0000-4000-8000-000000000201",
         *         "status": "closed",
         *         "metadata": {
         *           "order_id": "1042",
         *           "source": "website"
         *         },
         *         "created_at": "2025-06-02T09:07:00.000Z",
         *         "updated_at": "2025-06-02T09:11:30.000Z"
         *       }
         *     }
         */
        WebhookEventConversationClosed: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "conversation.closed";
            data: components["schemas"]["Conversation"];
        };
        /**
         * @description Body of `conversation.reopened`.
         * @example {
         *       "event_id": "2775e197-de1d-45d4-8692-a6b8d722d70d",
         *       "event": "conversation.reopened",
         *       "timestamp": "2025-06-02T09:12:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *         "agent_id": "00000000-0000-4000-8000-000000000102",
         *         "contact_id": "00000000-0000-4000-8000-000000000501",
         *         "channel_id": "00000000-0000-4000-8000-000000000201",
         *         "status": "open",
         *         "metadata": {
         *           "order_id": "1042",
         *           "source": "website"
         *         },
         *         "created_at": "2025-06-02T09:07:00.000Z",
         *         "updated_at": "2025-06-02T09:12:00.000Z"
         *       }
         *     }
         */
        WebhookEventConversationReopened: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "conversation.reopened";
            data: components["schemas"]["Conversation"];
        };
        /**
         * @description Body of `conversation.transferred`.
         * @example {
         *       "event": "conversation.transferred",
         *       "timestamp": "2025-06-02T09:10:30.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *         "agent_id": "00000000-0000-4000-8000-000000000102",
         *         "contact_id": "00000000-0000-4000-8000-000000000501",
         *         "channel_id": "00000000-0000-4000-8000-000000000201",
         *         "status": "open",
         *         "metadata": {
         *           "order_id": "1042",
         *           "source": "website"
         *         },
         *         "created_at": "2025-06-02T09:07:00.000Z",
         *         "updated_at": "2025-06-02T09:10:30.000Z"
         *       }
         *     }
         */
        WebhookEventConversationTransferred: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "conversation.transferred";
            data: components["schemas"]["Conversation"];
        };
        /**
         * @description Body of `message.received`.
         * @example {
         *       "event_id": "9ca6ebe4-e649-4e6c-93dc-70c7b8379355",
         *       "event": "message.received",
         *       "timestamp": "2025-06-02T09:07:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "1c66c574-040e-47d8-9c46-2b217b522abb",
         *         "conversation_id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *         "content": "Hi, where is my order #1042?",
         *         "sender_type": "customer",
         *         "message_type": "text",
         *         "media_url": null,
         *         "media_type": null,
         *         "is_edited": false,
         *         "created_at": "2025-06-02T09:07:00.000Z"
         *       }
         *     }
         */
        WebhookEventMessageReceived: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "message.received";
            data: components["schemas"]["ConversationMessage"];
        };
        /**
         * @description Body of `message.sent`.
         * @example {
         *       "event_id": "2f1c2915-0c27-42a2-b49f-0ac4b557bbe1",
         *       "event": "message.sent",
         *       "timestamp": "2025-06-02T09:08:20.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "e87d77a2-3580-49ec-9a9b-52d47d3efe2e",
         *         "conversation_id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *         "content": "Hi Ada, I have updated the address on order #1042 for you.",
         *         "sender_type": "human",
         *         "message_type": "text",
         *         "media_url": null,
         *         "media_type": null,
         *         "is_edited": false,
         *         "created_at": "2025-06-02T09:08:20.000Z"
         *       }
         *     }
         */
        WebhookEventMessageSent: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "message.sent";
            data: components["schemas"]["ConversationMessage"];
        };
        /**
         * @description Body of `message.failed`.
         * @example {
         *       "event_id": "3478a75c-f1bd-4a09-b3bc-af2744292f42",
         *       "event": "message.failed",
         *       "timestamp": "2025-06-02T09:19:30.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "567c7f5f-48bc-4e87-9546-22e489636c27",
         *         "conversation_id": "4a7df756-70e4-4764-919a-8307b76417b7",
         *         "content": "Thanks for your message: \"Hello? Are you still there?\". I don't have an answer to that yet; a member of our team will follow up.",
         *         "sender_type": "agent",
         *         "message_type": "text",
         *         "media_url": null,
         *         "media_type": null,
         *         "is_edited": false,
         *         "created_at": "2025-06-02T09:19:30.000Z"
         *       }
         *     }
         */
        WebhookEventMessageFailed: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "message.failed";
            data: components["schemas"]["ConversationMessage"];
        };
        /**
         * @description Body of `message.delivered`.
         * @example {
         *       "event_id": "388c9a40-fe57-478d-9285-a384fd128c44",
         *       "event": "message.delivered",
         *       "timestamp": "2025-06-02T09:08:20.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "e87d77a2-3580-49ec-9a9b-52d47d3efe2e",
         *         "conversation_id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *         "content": "Hi Ada, I have updated the address on order #1042 for you.",
         *         "sender_type": "human",
         *         "message_type": "text",
         *         "media_url": null,
         *         "media_type": null,
         *         "is_edited": false,
         *         "created_at": "2025-06-02T09:08:20.000Z"
         *       }
         *     }
         */
        WebhookEventMessageDelivered: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "message.delivered";
            data: components["schemas"]["ConversationMessage"];
        };
        /**
         * @description Body of `message.read`.
         * @example {
         *       "event_id": "65083289-6f35-4cc4-ab19-5973afa6a923",
         *       "event": "message.read",
         *       "timestamp": "2025-06-02T09:08:20.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "e87d77a2-3580-49ec-9a9b-52d47d3efe2e",
         *         "conversation_id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *         "content": "Hi Ada, I have updated the address on order #1042 for you.",
         *         "sender_type": "human",
         *         "message_type": "text",
         *         "media_url": null,
         *         "media_type": null,
         *         "is_edited": false,
         *         "created_at": "2025-06-02T09:08:20.000Z"
         *       }
         *     }
         */
        WebhookEventMessageRead: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "message.read";
            data: components["schemas"]["ConversationMessage"];
        };
        /**
         * @description Body of `contact.created`.
         * @example {
         *       "event_id": "7cdc85f2-cf1c-4159-91c8-3eb6732c5dd1",
         *       "event": "contact.created",
         *       "timestamp": "2025-06-02T09:02:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "87c41305-06f1-42a7-ac4a-1230d7ba68b3",
         *         "name": "Katherine Johnson",
         *         "email": "katherine@example.com",
         *         "phone": "+34600111222",
         *         "custom_fields": {
         *           "plan": "pro",
         *           "vip": false
         *         },
         *         "created_at": "2025-06-02T09:02:00.000Z",
         *         "updated_at": "2025-06-02T09:02:00.000Z"
         *       }
         *     }
         */
        WebhookEventContactCreated: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "contact.created";
            data: components["schemas"]["Contact"];
        };
        /**
         * @description Body of `contact.updated`.
         * @example {
         *       "event_id": "3ec3c475-a54c-4a7f-b5a2-7ab94dbaabf6",
         *       "event": "contact.updated",
         *       "timestamp": "2025-06-02T09:02:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "00000000-0000-4000-8000-000000000501",
         *         "name": "Ada Lovelace",
         *         "email": "ada@example.com",
         *         "phone": "+447700900123",
         *         "custom_fields": {
         *           "plan": "pro",
         *           "vip": true
         *         },
         *         "created_at": "2025-06-02T09:00:00.000Z",
         *         "updated_at": "2025-06-02T09:02:00.000Z"
         *       }
         *     }
         */
        WebhookEventContactUpdated: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "contact.updated";
            data: components["schemas"]["Contact"];
        };
        /**
         * @description Body of `contact.deleted`.
         * @example {
         *       "event_id": "4967cc30-f621-4a3f-bc94-c26c465b266e",
         *       "event": "contact.deleted",
         *       "timestamp": "2025-06-02T09:23:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "87c41305-06f1-42a7-ac4a-1230d7ba68b3",
         *         "name": "Katherine Johnson",
         *         "email": "katherine@example.com",
         *         "phone": "+34600111222",
         *         "custom_fields": {
         *           "plan": "pro",
         *           "vip": false
         *         },
         *         "created_at": "2025-06-02T09:02:00.000Z",
         *         "updated_at": "2025-06-02T09:02:00.000Z"
         *       }
         *     }
         */
        WebhookEventContactDeleted: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "contact.deleted";
            data: components["schemas"]["Contact"];
        };
        /**
         * @description Body of `agent.handoff_started`.
         * @example {
         *       "event_id": "29d709ab-a798-476c-95ff-958d34faf206",
         *       "event": "agent.handoff_started",
         *       "timestamp": "2025-06-02T09:08:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *         "status": "human",
         *         "assigned_to": "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
         *         "human_started_at": "2025-06-02T09:08:00.000Z",
         *         "channel_id": "00000000-0000-4000-8000-000000000201",
         *         "contact_id": "00000000-0000-4000-8000-000000000501",
         *         "agent_id": "00000000-0000-4000-8000-000000000101",
         *         "created_at": "2025-06-02T09:07:00.000Z",
         *         "updated_at": "2025-06-02T09:08:00.000Z"
         *       }
         *     }
         */
        WebhookEventAgentHandoffStarted: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "agent.handoff_started";
            data: components["schemas"]["Chat"];
        };
        /**
         * @description Body of `agent.handoff_completed`.
         * @example {
         *       "event_id": "7ec986c0-9c61-471d-8bde-628b96dc3ae5",
         *       "event": "agent.handoff_completed",
         *       "timestamp": "2025-06-02T09:09:30.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *         "status": "open",
         *         "assigned_to": null,
         *         "human_started_at": null,
         *         "channel_id": "00000000-0000-4000-8000-000000000201",
         *         "contact_id": "00000000-0000-4000-8000-000000000501",
         *         "agent_id": "00000000-0000-4000-8000-000000000101",
         *         "created_at": "2025-06-02T09:07:00.000Z",
         *         "updated_at": "2025-06-02T09:09:30.000Z"
         *       }
         *     }
         */
        WebhookEventAgentHandoffCompleted: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "agent.handoff_completed";
            data: components["schemas"]["Chat"];
        };
        /**
         * @description Body of `agent.transferred`.
         * @example {
         *       "event_id": "ab56f661-388c-44b4-ab57-8bbdb1ea9d88",
         *       "event": "agent.transferred",
         *       "timestamp": "2025-06-02T09:10:30.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "48c1c9f0-4b01-4ffb-931f-2ff0a8ec9249",
         *         "agent_id": "00000000-0000-4000-8000-000000000102",
         *         "contact_id": "00000000-0000-4000-8000-000000000501",
         *         "channel_id": "00000000-0000-4000-8000-000000000201",
         *         "status": "open",
         *         "metadata": {
         *           "order_id": "1042",
         *           "source": "website"
         *         },
         *         "created_at": "2025-06-02T09:07:00.000Z",
         *         "updated_at": "2025-06-02T09:10:30.000Z"
         *       }
         *     }
         */
        WebhookEventAgentTransferred: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "agent.transferred";
            data: components["schemas"]["Conversation"];
        };
        /**
         * @description Body of `appointment.created`.
         * @example {
         *       "event": "appointment.created",
         *       "timestamp": "2025-06-02T09:14:30.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "be5dec6c-0db5-49cb-91c0-49582b575558",
         *         "contact_id": "00000000-0000-4000-8000-000000000501",
         *         "agent_id": "00000000-0000-4000-8000-000000000101",
         *         "title": "Delivery follow-up call",
         *         "notes": "Confirm the new address for order #1042.",
         *         "starts_at": "2025-06-04T10:00:00.000Z",
         *         "ends_at": "2025-06-04T10:30:00.000Z",
         *         "status": "scheduled",
         *         "created_at": "2025-06-02T09:14:30.000Z",
         *         "updated_at": "2025-06-02T09:14:30.000Z"
         *       }
         *     }
         */
        WebhookEventAppointmentCreated: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "appointment.created";
            data: components["schemas"]["Appointment"];
        };
        /**
         * @description Body of `appointment.cancelled`.
         * @example {
         *       "event": "appointment.cancelled",
         *       "timestamp": "2025-06-02T09:22:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "8bc79618-f78b-43de-bbfc-1277c43d6330",
         *         "contact_id": "00000000-0000-4000-8000-000000000502",
         *         "agent_id": "00000000-0000-4000-8000-000000000102",
         *         "title": "Plan review",
         *         "notes": null,
         *         "starts_at": "2025-06-05T15:00:00.000Z",
         *         "ends_at": "2025-06-05T15:45:00.000Z",
         *         "status": "cancelled",
         *         "created_at": "2025-06-02T09:21:30.000Z",
         *         "updated_at": "2025-06-02T09:22:00.000Z"
         *       }
         *     }
         */
        WebhookEventAppointmentCancelled: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "appointment.cancelled";
            data: components["schemas"]["Appointment"];
        };
        /**
         * @description Body of `appointment.completed`.
         * @example {
         *       "event": "appointment.completed",
         *       "timestamp": "2025-06-04T11:32:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "be5dec6c-0db5-49cb-91c0-49582b575558",
         *         "contact_id": "00000000-0000-4000-8000-000000000501",
         *         "agent_id": "00000000-0000-4000-8000-000000000101",
         *         "title": "Delivery follow-up call",
         *         "notes": "Confirm the new address for order #1042.",
         *         "starts_at": "2025-06-04T11:00:00.000Z",
         *         "ends_at": "2025-06-04T11:30:00.000Z",
         *         "status": "completed",
         *         "created_at": "2025-06-02T09:14:30.000Z",
         *         "updated_at": "2025-06-04T11:32:00.000Z"
         *       }
         *     }
         */
        WebhookEventAppointmentCompleted: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "appointment.completed";
            data: components["schemas"]["Appointment"];
        };
        /**
         * @description Body of `appointment.scheduled`.
         * @example {
         *       "event_id": "81acc6a8-ad39-4275-82c3-bf08fdd019bd",
         *       "event": "appointment.scheduled",
         *       "timestamp": "2025-06-02T09:14:30.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "be5dec6c-0db5-49cb-91c0-49582b575558",
         *         "contact_id": "00000000-0000-4000-8000-000000000501",
         *         "agent_id": "00000000-0000-4000-8000-000000000101",
         *         "title": "Delivery follow-up call",
         *         "notes": "Confirm the new address for order #1042.",
         *         "starts_at": "2025-06-04T10:00:00.000Z",
         *         "ends_at": "2025-06-04T10:30:00.000Z",
         *         "status": "scheduled",
         *         "created_at": "2025-06-02T09:14:30.000Z",
         *         "updated_at": "2025-06-02T09:14:30.000Z"
         *       }
         *     }
         */
        WebhookEventAppointmentScheduled: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "appointment.scheduled";
            data: components["schemas"]["Appointment"];
        };
        /**
         * @description Body of `appointment.rescheduled`.
         * @example {
         *       "event_id": "99719246-59e0-4749-b268-7aa5e0dd85cd",
         *       "event": "appointment.rescheduled",
         *       "timestamp": "2025-06-02T09:15:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "be5dec6c-0db5-49cb-91c0-49582b575558",
         *         "contact_id": "00000000-0000-4000-8000-000000000501",
         *         "agent_id": "00000000-0000-4000-8000-000000000101",
         *         "title": "Delivery follow-up call",
         *         "notes": "Confirm the new address for order #1042.",
         *         "starts_at": "2025-06-04T11:00:00.000Z",
         *         "ends_at": "2025-06-04T11:30:00.000Z",
         *         "status": "scheduled",
         *         "created_at": "2025-06-02T09:14:30.000Z",
         *         "updated_at": "2025-06-02T09:15:00.000Z"
         *       }
         *     }
         */
        WebhookEventAppointmentRescheduled: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "appointment.rescheduled";
            data: components["schemas"]["Appointment"];
        };
        /**
         * @description Body of `appointment.canceled`.
         * @example {
         *       "event_id": "69ca6dfc-56f3-4df6-8869-8d9ed635c9f6",
         *       "event": "appointment.canceled",
         *       "timestamp": "2025-06-02T09:22:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "8bc79618-f78b-43de-bbfc-1277c43d6330",
         *         "contact_id": "00000000-0000-4000-8000-000000000502",
         *         "agent_id": "00000000-0000-4000-8000-000000000102",
         *         "title": "Plan review",
         *         "notes": null,
         *         "starts_at": "2025-06-05T15:00:00.000Z",
         *         "ends_at": "2025-06-05T15:45:00.000Z",
         *         "status": "cancelled",
         *         "created_at": "2025-06-02T09:21:30.000Z",
         *         "updated_at": "2025-06-02T09:22:00.000Z"
         *       }
         *     }
         */
        WebhookEventAppointmentCanceled: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "appointment.canceled";
            data: components["schemas"]["Appointment"];
        };
        /**
         * @description Body of `appointment.reminder_sent`.
         * @example {
         *       "event_id": "7cf46329-9788-4ea5-9bec-8f9fc82d2272",
         *       "event": "appointment.reminder_sent",
         *       "timestamp": "2025-06-03T11:00:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "be5dec6c-0db5-49cb-91c0-49582b575558",
         *         "contact_id": "00000000-0000-4000-8000-000000000501",
         *         "agent_id": "00000000-0000-4000-8000-000000000101",
         *         "title": "Delivery follow-up call",
         *         "notes": "Confirm the new address for order #1042.",
         *         "starts_at": "2025-06-04T11:00:00.000Z",
         *         "ends_at": "2025-06-04T11:30:00.000Z",
         *         "status": "scheduled",
         *         "created_at": "2025-06-02T09:14:30.000Z",
         *         "updated_at": "2025-06-02T09:15:00.000Z"
         *       }
         *     }
         */
        WebhookEventAppointmentReminderSent: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "appointment.reminder_sent";
            data: components["schemas"]["Appointment"];
        };
        /**
         * @description Body of `channel.connected`.
         * @example {
         *       "event_id": "afc5ce22-9c51-46b5-80fb-da0978852a06",
         *       "event": "channel.connected",
         *       "timestamp": "2025-06-02T09:02:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "bee8a835-4e97-46b4-b27f-3a3f802fcec6",
         *         "name": "Support inbox",
         *         "type": "email",
         *         "status": "active",
         *         "agent_id": "00000000-0000-4000-8000-000000000101",
         *         "created_at": "2025-06-02T09:02:00.000Z",
         *         "updated_at": "2025-06-02T09:02:00.000Z"
         *       }
         *     }
         */
        WebhookEventChannelConnected: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "channel.connected";
            data: components["schemas"]["Channel"];
        };
        /**
         * @description Body of `channel.disconnected`.
         * @example {
         *       "event_id": "918b950c-cf56-409b-8fdd-a7727e78a756",
         *       "event": "channel.disconnected",
         *       "timestamp": "2025-06-02T09:20:30.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "00000000-0000-4000-8000-000000000202",
         *         "name": "WhatsApp",
         *         "type": "whatsapp",
         *         "status": "disconnected",
         *         "agent_id": "00000000-0000-4000-8000-000000000102",
         *         "created_at": "2025-06-02T09:00:00.000Z",
         *         "updated_at": "2025-06-02T09:20:30.000Z"
         *       }
         *     }
         */
        WebhookEventChannelDisconnected: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "channel.disconnected";
            data: components["schemas"]["Channel"];
        };
        /**
         * @description Body of `channel.error`.
         * @example {
         *       "event_id": "906598c6-1838-4657-b765-8331c0071f7b",
         *       "event": "channel.error",
         *       "timestamp": "2025-06-02T09:19:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "id": "00000000-0000-4000-8000-000000000202",
         *         "name": "WhatsApp",
         *         "type": "whatsapp",
         *         "status": "error",
         *         "agent_id": "00000000-0000-4000-8000-000000000102",
         *         "created_at": "2025-06-02T09:00:00.000Z",
         *         "updated_at": "2025-06-02T09:19:00.000Z"
         *       }
         *     }
         */
        WebhookEventChannelError: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "channel.error";
            data: components["schemas"]["Channel"];
        };
        /**
         * @description Body of `credit.low`.
         * @example {
         *       "event_id": "2f9678f3-d8c3-4886-a70e-16e08b73a30e",
         *       "event": "credit.low",
         *       "timestamp": "2025-06-02T09:24:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "credits_remaining": 480,
         *         "threshold": 500
         *       }
         *     }
         */
        WebhookEventCreditLow: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "credit.low";
            data: components["schemas"]["CreditBalance"];
        };
        /**
         * @description Body of `credit.depleted`.
         * @example {
         *       "event_id": "acdd6a68-6bce-4a2a-b15a-34479da92ec1",
         *       "event": "credit.depleted",
         *       "timestamp": "2025-06-02T09:24:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "credits_remaining": 0,
         *         "threshold": null
         *       }
         *     }
         */
        WebhookEventCreditDepleted: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "credit.depleted";
            data: components["schemas"]["CreditBalance"];
        };
        /**
         * @description Body of `plan.changed`.
         * @example {
         *       "event_id": "18f9c60b-1f03-4ea6-a017-558bd40367de",
         *       "event": "plan.changed",
         *       "timestamp": "2025-06-02T09:24:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "plan": "pro",
         *         "previous_plan": "starter"
         *       }
         *     }
         */
        WebhookEventPlanChanged: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "plan.changed";
            data: components["schemas"]["PlanChange"];
        };
        /**
         * @description Body of `trial.expiring`.
         * @example {
         *       "event_id": "4530515f-b334-4a99-8509-4217db27316c",
         *       "event": "trial.expiring",
         *       "timestamp": "2025-06-02T09:24:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "trial_ends_at": "2025-06-05T00:00:00.000Z"
         *       }
         *     }
         */
        WebhookEventTrialExpiring: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "trial.expiring";
            data: components["schemas"]["TrialStatus"];
        };
        /**
         * @description Body of `trial.expired`.
         * @example {
         *       "event_id": "198b6d44-a091-445b-bd63-9f107aed2843",
         *       "event": "trial.expired",
         *       "timestamp": "2025-06-02T09:24:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "trial_ends_at": "2025-06-05T00:00:00.000Z"
         *       }
         *     }
         */
        WebhookEventTrialExpired: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "trial.expired";
            data: components["schemas"]["TrialStatus"];
        };
        /**
         * @description Body of `webhook.test`.
         * @example {
         *       "event_id": "544f0f38-d83c-4892-a6ce-e79f5da1cb19",
         *       "event": "webhook.test",
         *       "timestamp": "2025-06-02T09:16:00.000Z",
         *       "webhook_id": "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
         *       "data": {
         *         "message": "This is a test event from the Conversational Agent Platform."
         *       }
         *     }
         */
        WebhookEventWebhookTest: components["schemas"]["WebhookEnvelope"] & {
            /** @constant */
            event: "webhook.test";
            data: components["schemas"]["WebhookTestData"];
        };
    };
    responses: {
        /** @description The request is invalid: the message and `details` name the field and the violated rule. */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "VALIDATION_ERROR",
                 *         "message": "limit: must be at most 100",
                 *         "status": 400
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The API key is missing, unknown or revoked, or the x-api-key header was sent more than once. */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "UNAUTHORIZED",
                 *         "message": "x-api-key: missing API key",
                 *         "status": 401
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The key lacks the scope this operation needs; the message names it. */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "FORBIDDEN",
                 *         "message": "missing scope: agents:write",
                 *         "status": 403
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such resource in the key's workspace (resources of other workspaces are not found either). */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "NOT_FOUND",
                 *         "message": "agent 0b6f3c1e-4b8f-4a39-9a52-2f1c7a3d5e90 not found",
                 *         "status": 404
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The resource's state forbids the action; the message names the current state and the one the action needs. */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "CONFLICT",
                 *         "message": "chat 0b6e2f8a-5c1d-4e7b-9a3f-6d2c8e4b1a70 is closed; start-human needs open: reopen it first",
                 *         "status": 409
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is over 1 MiB. */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "PAYLOAD_TOO_LARGE",
                 *         "message": "body: must be at most 1048576 bytes",
                 *         "status": 413
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The key went over its request limit; wait `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "RATE_LIMIT_EXCEEDED",
                 *         "message": "rate limit of 100 requests per 60 s exceeded; retry in 42 s",
                 *         "status": 429
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An unexpected error on the server. It carries the key's rate-limit headers when the request was authenticated (not on `GET /v1/health`). */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit-IfAuthenticated"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining-IfAuthenticated"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset-IfAuthenticated"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "INTERNAL_ERROR",
                 *         "message": "internal error",
                 *         "status": 500
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The service is in maintenance or degraded. The maintenance answer comes before the key is checked, so without rate-limit headers; a 503 after it carries the key's. */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit-IfAuthenticated"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining-IfAuthenticated"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset-IfAuthenticated"];
                "Retry-After": components["headers"]["Retry-After-IfKnown"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "SERVICE_UNAVAILABLE",
                 *         "message": "the service is in maintenance",
                 *         "status": 503
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Page number, from 1. */
        Page: number;
        /** @description Items per page, 1 to 100. */
        Limit: number;
        /** @description By `created_at` (then creation sequence, so the order is stable). */
        Order: components["schemas"]["SortOrder"];
        /** @description The message. */
        MessageId: string;
        /** @description The tool's name. */
        ToolName: string;
        /** @description The agent. */
        AgentId: string;
        /** @description The training. */
        TrainingId: string;
        /** @description The channel. */
        ChannelId: string;
        /** @description The contact. */
        ContactId: string;
        /** @description The custom field. */
        CustomFieldId: string;
        /** @description The conversation. */
        ConversationId: string;
        /** @description The chat (the same id as its conversation). */
        ChatId: string;
        /** @description The message. */
        MessageIdPath: string;
        /** @description The MCP server. */
        McpServerId: string;
        /** @description The webhook. */
        WebhookId: string;
        /** @description The appointment. */
        AppointmentId: string;
        /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
        XWebhookSignature: string;
        /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
        XWebhookTimestamp: string;
        /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
        XWebhookID: string;
        /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
        XServiceSignature: string;
    };
    requestBodies: never;
    headers: {
        /** @description A UUID identifying this request; quote it when reporting a problem. */
        "X-Request-Id": string;
        /** @description Requests allowed per window for this key (100). */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current window. */
        "X-RateLimit-Remaining": number;
        /** @description When the current window resets, in Unix seconds. */
        "X-RateLimit-Reset": number;
        /** @description Whole seconds to wait before retrying (at least 1). */
        "Retry-After": number;
        /** @description Requests allowed per window for this key (100); present when the request was authenticated. */
        "X-RateLimit-Limit-IfAuthenticated": number;
        /** @description Requests left in the current window; present when the request was authenticated. */
        "X-RateLimit-Remaining-IfAuthenticated": number;
        /** @description When the current window resets, in Unix seconds; present when the request was authenticated. */
        "X-RateLimit-Reset-IfAuthenticated": number;
        /** @description Whole seconds to wait before retrying (at least 1); present when the service knows (maintenance sends 60). */
        "Retry-After-IfKnown": number;
    };
    pathItems: never;
}
/** The `$defs` of the spec (none). */
export type $defs = Record<string, never>;
/** Every operation by its operationId: parameters, request body and responses. */
export interface operations {
    healthRetrieve: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description The query has a parameter (`/v1/health?cachebust=1`): health takes none, and refuses an unknown one as every operation does (rule `unknown`), without rate-limit headers, as it needs no key. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "VALIDATION_ERROR",
                     *         "message": "cachebust: is not a known query parameter",
                     *         "status": 400,
                     *         "details": [
                     *           {
                     *             "field": "cachebust",
                     *             "rule": "unknown",
                     *             "message": "cachebust: is not a known query parameter"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["InternalError"];
            /** @description The service is in maintenance or degraded. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthUnavailable"];
                };
            };
        };
    };
    meRetrieve: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    agentsList: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description By `created_at` (then creation sequence, so the order is stable). */
                order?: components["parameters"]["Order"];
                /** @description Only agents in this status. */
                status?: components["schemas"]["AgentStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    agentsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentCreate"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    agentsRetrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent. */
                id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    agentsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent. */
                id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentUpdate"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    agentsDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent. */
                id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    agentsActivate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent. */
                id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    agentsDeactivate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent. */
                id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    agentsStartConversation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent. */
                id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartConversation"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentReplyResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The agent (`id`) or the body's contact (`contact_id`) does not exist. */
            404: components["responses"]["NotFound"];
            /** @description Conflict: The agent is inactive. */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    trainingsList: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description By `created_at` (then creation sequence, so the order is stable). */
                order?: components["parameters"]["Order"];
                /** @description Only trainings of this type. */
                type?: components["schemas"]["TrainingType"];
            };
            header?: never;
            path: {
                /** @description The agent. */
                id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrainingList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    trainingsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent. */
                id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TrainingCreate"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrainingResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    trainingsRetrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The training. */
                id: components["parameters"]["TrainingId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrainingResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    trainingsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The training. */
                id: components["parameters"]["TrainingId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TrainingUpdate"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrainingResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    trainingsDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The training. */
                id: components["parameters"]["TrainingId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    channelsList: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description By `created_at` (then creation sequence, so the order is stable). */
                order?: components["parameters"]["Order"];
                /** @description Only channels bound to this agent. */
                agent_id?: string;
                /** @description Only channels of this type. */
                type?: components["schemas"]["ChannelType"];
                /** @description Only channels in this status. */
                status?: components["schemas"]["ChannelStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    channelsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChannelCreate"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The body's agent (`agent_id`) does not exist. */
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    channelsRetrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel. */
                id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    channelsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel. */
                id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChannelUpdate"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The channel (`id`) or the body's agent (`agent_id`) does not exist. */
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    channelsDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel. */
                id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    channelsRetrieveSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel. */
                id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelSettingsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    channelsUpdateSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel. */
                id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChannelSettingsUpdate"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelSettingsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    channelsRetrieveQrCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel. */
                id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelQrCodeResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict: The channel is not a messaging channel (`whatsapp`, `instagram`). */
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    channelsRetrieveWidget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel. */
                id: components["parameters"]["ChannelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelWidgetResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict: The channel is not a `widget` channel. */
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    contactsList: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description By `created_at` (then creation sequence, so the order is stable). */
                order?: components["parameters"]["Order"];
                /** @description Search over name, email and phone, regardless of letter case and Unicode form (a decomposed `e` and combining accent finds a composed `é`). A phone number as written, digits with spaces, dashes, dots or parentheses and maybe a leading `+`, finds a phone by its digits (phones are stored in E.164) - `+1 (555) 010-2000`, `555-010-2000` and `5550102000` find `+15550102000`; a leading `+` starts the number (`+1 555` finds `+1555...`, not `+3581555...`). A national trunk prefix (`0` in `0770 090 0123`) or `00` for `+` is not translated. */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    contactsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactCreate"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    contactsRetrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The contact. */
                id: components["parameters"]["ContactId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    contactsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The contact. */
                id: components["parameters"]["ContactId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactUpdate"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    contactsDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The contact. */
                id: components["parameters"]["ContactId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    customFieldsList: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description By `created_at` (then creation sequence, so the order is stable). */
                order?: components["parameters"]["Order"];
                /** @description Include archived fields. */
                include_archived?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomFieldList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    customFieldsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomFieldCreate"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomFieldResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Conflict: A field with this name exists, in any letter case or Unicode form (archived ones too). */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    customFieldsRetrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The custom field. */
                id: components["parameters"]["CustomFieldId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomFieldResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    customFieldsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The custom field. */
                id: components["parameters"]["CustomFieldId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomFieldUpdate"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomFieldResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict: Another field has this name, in any letter case or Unicode form (archived ones too). */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    customFieldsArchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The custom field. */
                id: components["parameters"]["CustomFieldId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomFieldResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    customFieldsUnarchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The custom field. */
                id: components["parameters"]["CustomFieldId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomFieldResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    conversationsList: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description By `created_at` (then creation sequence, so the order is stable). */
                order?: components["parameters"]["Order"];
                /** @description Only conversations with this agent. */
                agent_id?: string;
                /** @description Only conversations with this contact. */
                contact_id?: string;
                /** @description Only conversations on this channel. */
                channel_id?: string;
                /** @description Only conversations in this status. */
                status?: components["schemas"]["ConversationStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    conversationsRetrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The conversation. */
                id: components["parameters"]["ConversationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    conversationsListMessages: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description By `created_at` (then creation sequence, so the order is stable). */
                order?: components["parameters"]["Order"];
            };
            header?: never;
            path: {
                /** @description The conversation. */
                id: components["parameters"]["ConversationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationMessageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    conversationsSendMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The conversation. */
                id: components["parameters"]["ConversationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerMessageCreate"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentReplyResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    conversationsEditMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The conversation. */
                id: components["parameters"]["ConversationId"];
                /** @description The message. */
                messageId: components["parameters"]["MessageId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessageEdit"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationMessageResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The conversation (`id`) does not exist, or `messageId` is not one of its messages. */
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    conversationsClose: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The conversation. */
                id: components["parameters"]["ConversationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict: The chat is already `closed` (close needs `open` or `human`). */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    conversationsReopen: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The conversation. */
                id: components["parameters"]["ConversationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict: The chat is not `closed`. */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    conversationsTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The conversation. */
                id: components["parameters"]["ConversationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversationTransfer"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The conversation (`id`) or the body's agent (`agent_id`) does not exist. */
            404: components["responses"]["NotFound"];
            /** @description Conflict: The conversation is closed, or the target agent is inactive. */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    chatsList: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description By `created_at` (then creation sequence, so the order is stable). */
                order?: components["parameters"]["Order"];
                /** @description Only chats in this status; without it, the active chats (`open` and `human`). */
                status?: components["schemas"]["ChatStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    chatsRetrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The chat (the same id as its conversation). */
                id: components["parameters"]["ChatId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    chatsStartHuman: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The chat (the same id as its conversation). */
                id: components["parameters"]["ChatId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["StartHuman"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict: The chat is not `open` (start-human needs `open`). */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    chatsSendMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The chat (the same id as its conversation). */
                id: components["parameters"]["ChatId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatMessageCreate"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatMessageResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict: The chat is not in `human` mode. */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    chatsStopHuman: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The chat (the same id as its conversation). */
                id: components["parameters"]["ChatId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict: The chat is not in `human` mode. */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    chatsDeleteMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The chat (the same id as its conversation). */
                id: components["parameters"]["ChatId"];
                /** @description The message. */
                messageId: components["parameters"]["MessageId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The chat (`id`) does not exist, or `messageId` is not one of its messages. */
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    messagesRetrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The message. */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationMessageResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    messagesDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The message. */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    mcpServersList: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description By `created_at` (then creation sequence, so the order is stable). */
                order?: components["parameters"]["Order"];
                /** @description Only servers in this status. */
                status?: components["schemas"]["McpServerStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServerList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    mcpServersCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["McpServerCreate"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServerResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    mcpServersRetrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The MCP server. */
                id: components["parameters"]["McpServerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServerResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    mcpServersUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The MCP server. */
                id: components["parameters"]["McpServerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["McpServerUpdate"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServerResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    mcpServersDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The MCP server. */
                id: components["parameters"]["McpServerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    mcpServersListTools: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description Tools have no `created_at`: by their position in the list the MCP server gave. `asc` is the server's order; `desc` (the default of every list) reverses it. */
                order?: components["schemas"]["SortOrder"];
            };
            header?: never;
            path: {
                /** @description The MCP server. */
                id: components["parameters"]["McpServerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpToolList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    mcpServersUpdateTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The MCP server. */
                id: components["parameters"]["McpServerId"];
                /** @description The tool's name. */
                toolName: components["parameters"]["ToolName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["McpToolUpdate"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpToolResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The MCP server (`id`) does not exist, or has no tool named `toolName`. */
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    mcpServersConnect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent. */
                id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["McpLink"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServerResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The agent (`id`) or the body's MCP server (`mcp_id`) does not exist. */
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    mcpServersDisconnect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent. */
                id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["McpLink"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServerResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The agent (`id`) or the body's MCP server (`mcp_id`) does not exist. */
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    mcpServersListForAgent: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description By `created_at` (then creation sequence, so the order is stable). */
                order?: components["parameters"]["Order"];
            };
            header?: never;
            path: {
                /** @description The agent. */
                id: components["parameters"]["AgentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServerList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    webhooksList: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description By `created_at` (then creation sequence, so the order is stable). */
                order?: components["parameters"]["Order"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    webhooksCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookCreate"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecretResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    webhooksRetrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook. */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    webhooksUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook. */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookUpdate"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    webhooksDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook. */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    webhooksTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook. */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestResultResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    webhooksListDeliveries: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description By `created_at` (then creation sequence, so the order is stable). */
                order?: components["parameters"]["Order"];
                /** @description Only deliveries in this status. */
                status?: components["schemas"]["WebhookDeliveryStatus"];
            };
            header?: never;
            path: {
                /** @description The webhook. */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    webhooksRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook. */
                id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookRotateSecret"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecretResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    appointmentsList: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Items per page, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description By `created_at` (then creation sequence, so the order is stable). */
                order?: components["parameters"]["Order"];
                /** @description Only appointments with this contact. */
                contact_id?: string;
                /** @description Only appointments of this agent. */
                agent_id?: string;
                /** @description Only appointments in this status. */
                status?: components["schemas"]["AppointmentStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    appointmentsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AppointmentCreate"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The body's contact (`contact_id`) or agent (`agent_id`) does not exist. */
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    appointmentsRetrieve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The appointment. */
                id: components["parameters"]["AppointmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    appointmentsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The appointment. */
                id: components["parameters"]["AppointmentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AppointmentUpdate"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The appointment (`id`) does not exist, or the body names another agent (`agent_id`) that does not. */
            404: components["responses"]["NotFound"];
            /** @description Conflict: The appointment is not `scheduled`. */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    appointmentsCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The appointment. */
                id: components["parameters"]["AppointmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict: The appointment is not `scheduled`. */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    appointmentsComplete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The appointment. */
                id: components["parameters"]["AppointmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict: The appointment is not `scheduled`. */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    webhookConversationCreated: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventConversationCreated"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookConversationAssigned: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventConversationAssigned"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookConversationClosed: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventConversationClosed"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookConversationReopened: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventConversationReopened"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookConversationTransferred: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventConversationTransferred"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookMessageReceived: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventMessageReceived"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookMessageSent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventMessageSent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookMessageFailed: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventMessageFailed"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookMessageDelivered: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventMessageDelivered"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookMessageRead: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventMessageRead"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookContactCreated: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventContactCreated"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookContactUpdated: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventContactUpdated"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookContactDeleted: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventContactDeleted"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAgentHandoffStarted: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventAgentHandoffStarted"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAgentHandoffCompleted: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventAgentHandoffCompleted"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAgentTransferred: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventAgentTransferred"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAppointmentCreated: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventAppointmentCreated"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAppointmentCancelled: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventAppointmentCancelled"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAppointmentCompleted: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventAppointmentCompleted"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAppointmentScheduled: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventAppointmentScheduled"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAppointmentRescheduled: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventAppointmentRescheduled"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAppointmentCanceled: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventAppointmentCanceled"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAppointmentReminderSent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventAppointmentReminderSent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookChannelConnected: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventChannelConnected"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookChannelDisconnected: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventChannelDisconnected"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookChannelError: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventChannelError"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookCreditLow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventCreditLow"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookCreditDepleted: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventCreditDepleted"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookPlanChanged: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventPlanChanged"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookTrialExpiring: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventTrialExpiring"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookTrialExpired: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventTrialExpired"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure and is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookWebhookTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Variant A: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of `<X-Webhook-Timestamp>.<raw body>`. */
                "X-Webhook-Signature"?: components["parameters"]["XWebhookSignature"];
                /** @description Variant A: Unix time of this attempt, in seconds, the text signed before the `.`: each attempt, a retry included, is signed again with its own. Check it after the signature: the toolkit's verifier refuses one more than 300 s old or 60 s ahead of its clock. */
                "X-Webhook-Timestamp"?: components["parameters"]["XWebhookTimestamp"];
                /** @description Variant A: the webhook id (not covered by the signature; equals `webhook_id` in the body). */
                "X-Webhook-ID"?: components["parameters"]["XWebhookID"];
                /** @description Variant B: `sha256=` + lower-case hex HMAC-SHA256, keyed with the webhook secret, of the raw body. */
                "X-Service-Signature"?: components["parameters"]["XServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEventWebhookTest"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the test delivery; anything else (a network error, no answer in 10 s, a status of 300 or above) is a failure, which the test call's answer reports. A test delivery is one attempt, never retried, and does not count toward the webhook's health. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

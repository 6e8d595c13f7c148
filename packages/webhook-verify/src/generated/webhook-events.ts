/**
 * Generated from spec/openapi.yaml by `pnpm generate` - do not edit.
 */

/** None: only the webhook event schemas are generated here. */
export type paths = Record<string, never>;
/** None: the events are typed by `components` and the event unions. */
export type webhooks = Record<string, never>;
/** The schemas of the webhook events' `data`, from the spec. */
export interface components {
    schemas: {
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
        /**
         * @description A conversation's status.
         * @enum {string}
         */
        ConversationStatus: "open" | "closed";
        /** @description Free-form key-value pairs for the client's own use (at most 50 keys; values are strings of at most 500 characters, numbers, booleans or null). */
        Metadata: {
            [key: string]: string | number | boolean | null;
        };
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
         * @description A chat's status: who answers the customer.
         * @enum {string}
         */
        ChatStatus: "open" | "human" | "closed";
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
        /** @enum {string} */
        MessageType: "text" | "image" | "audio" | "video" | "document";
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
        /** @description A contact's values keyed by custom-field name, each of the type its definition says. A cleared value is absent, never null. A request carries at most 100, but updates merge, so a contact may hold more; in all they hold at most 1 MiB (1048576 bytes) as JSON, and a create or an update past it is 400 (`custom_fields`, rule `maxBytes`; a state import holding more is refused too), so that a `contact.updated` delivery, which carries them all, stays within what receivers take. */
        ContactCustomFields: {
            [key: string]: string | number | boolean | string[];
        };
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
         * @description An appointment's status.
         * @enum {string}
         */
        AppointmentStatus: "scheduled" | "cancelled" | "completed";
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
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
/** None. */
export type $defs = Record<string, never>;
/** None: only the webhook event schemas are generated here. */
export type operations = Record<string, never>;

/** Events that Variant A sends. */
export const webhookEventNamesA = [
  'conversation.created',
  'conversation.closed',
  'conversation.transferred',
  'message.received',
  'message.sent',
  'contact.created',
  'contact.updated',
  'agent.handoff_started',
  'agent.handoff_completed',
  'appointment.created',
  'appointment.cancelled',
  'appointment.completed',
  'webhook.test',
] as const;

/** Events that Variant B sends. */
export const webhookEventNamesB = [
  'conversation.created',
  'conversation.assigned',
  'conversation.closed',
  'conversation.reopened',
  'message.received',
  'message.sent',
  'message.failed',
  'message.delivered',
  'message.read',
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'agent.handoff_started',
  'agent.handoff_completed',
  'agent.transferred',
  'appointment.scheduled',
  'appointment.rescheduled',
  'appointment.canceled',
  'appointment.reminder_sent',
  'channel.connected',
  'channel.disconnected',
  'channel.error',
  'credit.low',
  'credit.depleted',
  'plan.changed',
  'trial.expiring',
  'trial.expired',
  'webhook.test',
] as const;

/** An event name of Variant A. */
export type WebhookEventNameA = (typeof webhookEventNamesA)[number];

/** An event name of Variant B. */
export type WebhookEventNameB = (typeof webhookEventNamesB)[number];

/** The type of `data` for each event name (one shape per name, whichever variant sends it). */
export interface WebhookEventDataMap {
  'conversation.created': components['schemas']['Conversation'];
  'conversation.assigned': components['schemas']['Chat'];
  'conversation.closed': components['schemas']['Conversation'];
  'conversation.reopened': components['schemas']['Conversation'];
  'conversation.transferred': components['schemas']['Conversation'];
  'message.received': components['schemas']['ConversationMessage'];
  'message.sent': components['schemas']['ConversationMessage'];
  'message.failed': components['schemas']['ConversationMessage'];
  'message.delivered': components['schemas']['ConversationMessage'];
  'message.read': components['schemas']['ConversationMessage'];
  'contact.created': components['schemas']['Contact'];
  'contact.updated': components['schemas']['Contact'];
  'contact.deleted': components['schemas']['Contact'];
  'agent.handoff_started': components['schemas']['Chat'];
  'agent.handoff_completed': components['schemas']['Chat'];
  'agent.transferred': components['schemas']['Conversation'];
  'appointment.created': components['schemas']['Appointment'];
  'appointment.cancelled': components['schemas']['Appointment'];
  'appointment.completed': components['schemas']['Appointment'];
  'appointment.scheduled': components['schemas']['Appointment'];
  'appointment.rescheduled': components['schemas']['Appointment'];
  'appointment.canceled': components['schemas']['Appointment'];
  'appointment.reminder_sent': components['schemas']['Appointment'];
  'channel.connected': components['schemas']['Channel'];
  'channel.disconnected': components['schemas']['Channel'];
  'channel.error': components['schemas']['Channel'];
  'credit.low': components['schemas']['CreditBalance'];
  'credit.depleted': components['schemas']['CreditBalance'];
  'plan.changed': components['schemas']['PlanChange'];
  'trial.expiring': components['schemas']['TrialStatus'];
  'trial.expired': components['schemas']['TrialStatus'];
  'webhook.test': components['schemas']['WebhookTestData'];
}

/**
 * Generated from spec/openapi.yaml by `pnpm generate` - do not edit.
 */

/** JSON Schema of each event's `data`; `$ref`s point into `$defs`. */
export const webhookDataJsonSchemas: {
  $defs: Record<string, object>;
  events: Record<string, object>;
} = {
  "$defs": {
    "Conversation": {
      "type": "object",
      "required": [
        "id",
        "agent_id",
        "contact_id",
        "channel_id",
        "status",
        "metadata",
        "created_at",
        "updated_at"
      ],
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid"
        },
        "agent_id": {
          "type": "string",
          "format": "uuid"
        },
        "contact_id": {
          "type": [
            "string",
            "null"
          ],
          "format": "uuid"
        },
        "channel_id": {
          "type": [
            "string",
            "null"
          ],
          "format": "uuid"
        },
        "status": {
          "$ref": "#/$defs/ConversationStatus"
        },
        "metadata": {
          "$ref": "#/$defs/Metadata"
        },
        "created_at": {
          "type": "string",
          "format": "date-time"
        },
        "updated_at": {
          "type": "string",
          "format": "date-time"
        }
      }
    },
    "ConversationStatus": {
      "type": "string",
      "enum": [
        "open",
        "closed"
      ]
    },
    "Metadata": {
      "type": "object",
      "maxProperties": 50,
      "additionalProperties": {
        "anyOf": [
          {
            "type": "string",
            "maxLength": 500
          },
          {
            "type": "number"
          },
          {
            "type": "boolean"
          },
          {
            "type": "null"
          }
        ]
      }
    },
    "Chat": {
      "type": "object",
      "required": [
        "id",
        "status",
        "assigned_to",
        "human_started_at",
        "channel_id",
        "contact_id",
        "agent_id",
        "created_at",
        "updated_at"
      ],
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid"
        },
        "status": {
          "$ref": "#/$defs/ChatStatus"
        },
        "assigned_to": {
          "type": [
            "string",
            "null"
          ],
          "format": "uuid"
        },
        "human_started_at": {
          "type": [
            "string",
            "null"
          ],
          "format": "date-time"
        },
        "channel_id": {
          "type": [
            "string",
            "null"
          ],
          "format": "uuid"
        },
        "contact_id": {
          "type": [
            "string",
            "null"
          ],
          "format": "uuid"
        },
        "agent_id": {
          "type": "string",
          "format": "uuid"
        },
        "created_at": {
          "type": "string",
          "format": "date-time"
        },
        "updated_at": {
          "type": "string",
          "format": "date-time"
        }
      }
    },
    "ChatStatus": {
      "type": "string",
      "enum": [
        "open",
        "human",
        "closed"
      ]
    },
    "ConversationMessage": {
      "type": "object",
      "required": [
        "id",
        "conversation_id",
        "content",
        "sender_type",
        "message_type",
        "media_url",
        "media_type",
        "is_edited",
        "created_at"
      ],
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid"
        },
        "conversation_id": {
          "type": "string",
          "format": "uuid"
        },
        "content": {
          "type": "string"
        },
        "sender_type": {
          "type": "string",
          "enum": [
            "customer",
            "agent",
            "human"
          ]
        },
        "message_type": {
          "$ref": "#/$defs/MessageType"
        },
        "media_url": {
          "type": [
            "string",
            "null"
          ],
          "format": "uri"
        },
        "media_type": {
          "type": [
            "string",
            "null"
          ]
        },
        "is_edited": {
          "type": "boolean"
        },
        "created_at": {
          "type": "string",
          "format": "date-time"
        }
      }
    },
    "MessageType": {
      "type": "string",
      "enum": [
        "text",
        "image",
        "audio",
        "video",
        "document"
      ]
    },
    "Contact": {
      "type": "object",
      "required": [
        "id",
        "name",
        "email",
        "phone",
        "custom_fields",
        "created_at",
        "updated_at"
      ],
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid"
        },
        "name": {
          "type": [
            "string",
            "null"
          ]
        },
        "email": {
          "type": [
            "string",
            "null"
          ],
          "format": "email"
        },
        "phone": {
          "type": [
            "string",
            "null"
          ]
        },
        "custom_fields": {
          "$ref": "#/$defs/ContactCustomFields"
        },
        "created_at": {
          "type": "string",
          "format": "date-time"
        },
        "updated_at": {
          "type": "string",
          "format": "date-time"
        }
      }
    },
    "ContactCustomFields": {
      "type": "object",
      "additionalProperties": {
        "anyOf": [
          {
            "type": "string",
            "maxLength": 2000
          },
          {
            "type": "number"
          },
          {
            "type": "boolean"
          },
          {
            "type": "array",
            "maxItems": 100,
            "uniqueItems": true,
            "items": {
              "type": "string",
              "maxLength": 200
            }
          }
        ]
      }
    },
    "Appointment": {
      "type": "object",
      "required": [
        "id",
        "contact_id",
        "agent_id",
        "title",
        "notes",
        "starts_at",
        "ends_at",
        "status",
        "created_at",
        "updated_at"
      ],
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid"
        },
        "contact_id": {
          "type": [
            "string",
            "null"
          ],
          "format": "uuid"
        },
        "agent_id": {
          "type": [
            "string",
            "null"
          ],
          "format": "uuid"
        },
        "title": {
          "type": "string"
        },
        "notes": {
          "type": [
            "string",
            "null"
          ]
        },
        "starts_at": {
          "type": "string",
          "format": "date-time"
        },
        "ends_at": {
          "type": [
            "string",
            "null"
          ],
          "format": "date-time"
        },
        "status": {
          "$ref": "#/$defs/AppointmentStatus"
        },
        "created_at": {
          "type": "string",
          "format": "date-time"
        },
        "updated_at": {
          "type": "string",
          "format": "date-time"
        }
      }
    },
    "AppointmentStatus": {
      "type": "string",
      "enum": [
        "scheduled",
        "cancelled",
        "completed"
      ]
    },
    "Channel": {
      "type": "object",
      "required": [
        "id",
        "name",
        "type",
        "status",
        "agent_id",
        "created_at",
        "updated_at"
      ],
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid"
        },
        "name": {
          "type": "string"
        },
        "type": {
          "$ref": "#/$defs/ChannelType"
        },
        "status": {
          "$ref": "#/$defs/ChannelStatus"
        },
        "agent_id": {
          "type": [
            "string",
            "null"
          ],
          "format": "uuid"
        },
        "created_at": {
          "type": "string",
          "format": "date-time"
        },
        "updated_at": {
          "type": "string",
          "format": "date-time"
        }
      }
    },
    "ChannelType": {
      "type": "string",
      "enum": [
        "whatsapp",
        "instagram",
        "email",
        "widget"
      ]
    },
    "ChannelStatus": {
      "type": "string",
      "enum": [
        "pending",
        "active",
        "disconnected",
        "error"
      ]
    },
    "CreditBalance": {
      "type": "object",
      "required": [
        "credits_remaining"
      ],
      "properties": {
        "credits_remaining": {
          "type": "integer",
          "minimum": 0
        },
        "threshold": {
          "type": [
            "integer",
            "null"
          ],
          "minimum": 0
        }
      }
    },
    "PlanChange": {
      "type": "object",
      "required": [
        "plan",
        "previous_plan"
      ],
      "properties": {
        "plan": {
          "type": "string"
        },
        "previous_plan": {
          "type": [
            "string",
            "null"
          ]
        }
      }
    },
    "TrialStatus": {
      "type": "object",
      "required": [
        "trial_ends_at"
      ],
      "properties": {
        "trial_ends_at": {
          "type": "string",
          "format": "date-time"
        }
      }
    },
    "WebhookTestData": {
      "type": "object",
      "required": [
        "message"
      ],
      "properties": {
        "message": {
          "type": "string"
        }
      }
    }
  },
  "events": {
    "conversation.created": {
      "$ref": "#/$defs/Conversation"
    },
    "conversation.assigned": {
      "$ref": "#/$defs/Chat"
    },
    "conversation.closed": {
      "$ref": "#/$defs/Conversation"
    },
    "conversation.reopened": {
      "$ref": "#/$defs/Conversation"
    },
    "conversation.transferred": {
      "$ref": "#/$defs/Conversation"
    },
    "message.received": {
      "$ref": "#/$defs/ConversationMessage"
    },
    "message.sent": {
      "$ref": "#/$defs/ConversationMessage"
    },
    "message.failed": {
      "$ref": "#/$defs/ConversationMessage"
    },
    "message.delivered": {
      "$ref": "#/$defs/ConversationMessage"
    },
    "message.read": {
      "$ref": "#/$defs/ConversationMessage"
    },
    "contact.created": {
      "$ref": "#/$defs/Contact"
    },
    "contact.updated": {
      "$ref": "#/$defs/Contact"
    },
    "contact.deleted": {
      "$ref": "#/$defs/Contact"
    },
    "agent.handoff_started": {
      "$ref": "#/$defs/Chat"
    },
    "agent.handoff_completed": {
      "$ref": "#/$defs/Chat"
    },
    "agent.transferred": {
      "$ref": "#/$defs/Conversation"
    },
    "appointment.created": {
      "$ref": "#/$defs/Appointment"
    },
    "appointment.cancelled": {
      "$ref": "#/$defs/Appointment"
    },
    "appointment.completed": {
      "$ref": "#/$defs/Appointment"
    },
    "appointment.scheduled": {
      "$ref": "#/$defs/Appointment"
    },
    "appointment.rescheduled": {
      "$ref": "#/$defs/Appointment"
    },
    "appointment.canceled": {
      "$ref": "#/$defs/Appointment"
    },
    "appointment.reminder_sent": {
      "$ref": "#/$defs/Appointment"
    },
    "channel.connected": {
      "$ref": "#/$defs/Channel"
    },
    "channel.disconnected": {
      "$ref": "#/$defs/Channel"
    },
    "channel.error": {
      "$ref": "#/$defs/Channel"
    },
    "credit.low": {
      "$ref": "#/$defs/CreditBalance"
    },
    "credit.depleted": {
      "$ref": "#/$defs/CreditBalance"
    },
    "plan.changed": {
      "$ref": "#/$defs/PlanChange"
    },
    "trial.expiring": {
      "$ref": "#/$defs/TrialStatus"
    },
    "trial.expired": {
      "$ref": "#/$defs/TrialStatus"
    },
    "webhook.test": {
      "$ref": "#/$defs/WebhookTestData"
    }
  }
};

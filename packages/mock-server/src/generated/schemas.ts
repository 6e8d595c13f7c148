/**
 * Generated from spec/openapi.yaml by `pnpm generate` - do not edit.
 */

import type { SchemaNode } from './operations.js';

/** Every schema of `components.schemas`, by name (without their `examples` and descriptions). */
export const schemas: { readonly [name: string]: SchemaNode } = {
  "Pagination": {
    "type": "object",
    "required": [
      "page",
      "limit",
      "total",
      "total_pages"
    ],
    "properties": {
      "page": {
        "type": "integer",
        "minimum": 1
      },
      "limit": {
        "type": "integer",
        "minimum": 1,
        "maximum": 100
      },
      "total": {
        "type": "integer",
        "minimum": 0
      },
      "total_pages": {
        "type": "integer",
        "minimum": 0
      }
    }
  },
  "ErrorCode": {
    "type": "string",
    "enum": [
      "UNAUTHORIZED",
      "FORBIDDEN",
      "NOT_FOUND",
      "VALIDATION_ERROR",
      "RATE_LIMIT_EXCEEDED",
      "INTERNAL_ERROR",
      "CONFLICT",
      "METHOD_NOT_ALLOWED",
      "PAYLOAD_TOO_LARGE",
      "SERVICE_UNAVAILABLE"
    ]
  },
  "ErrorDetail": {
    "type": "object",
    "required": [
      "field",
      "rule",
      "message"
    ],
    "properties": {
      "field": {
        "type": "string"
      },
      "rule": {
        "type": "string"
      },
      "message": {
        "type": "string"
      }
    }
  },
  "Error": {
    "type": "object",
    "required": [
      "error"
    ],
    "properties": {
      "error": {
        "$ref": "#/components/schemas/ErrorBody"
      }
    }
  },
  "ErrorBody": {
    "type": "object",
    "required": [
      "code",
      "message",
      "status"
    ],
    "properties": {
      "code": {
        "$ref": "#/components/schemas/ErrorCode"
      },
      "message": {
        "type": "string"
      },
      "status": {
        "type": "integer"
      },
      "details": {
        "type": "array",
        "maxItems": 100,
        "items": {
          "$ref": "#/components/schemas/ErrorDetail"
        }
      }
    }
  },
  "Metadata": {
    "type": "object",
    "maxProperties": 50,
    "propertyNames": {
      "maxLength": 40
    },
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
  "Health": {
    "type": "object",
    "required": [
      "status",
      "timestamp"
    ],
    "properties": {
      "status": {
        "type": "string",
        "const": "ok"
      },
      "timestamp": {
        "type": "string",
        "format": "date-time"
      }
    }
  },
  "HealthUnavailable": {
    "allOf": [
      {
        "type": "object",
        "required": [
          "status",
          "timestamp"
        ],
        "properties": {
          "status": {
            "type": "string",
            "enum": [
              "maintenance",
              "degraded"
            ]
          },
          "timestamp": {
            "type": "string",
            "format": "date-time"
          }
        }
      },
      {
        "$ref": "#/components/schemas/Error"
      }
    ]
  },
  "PermissionSet": {
    "type": "object",
    "required": [
      "read",
      "write",
      "delete"
    ],
    "properties": {
      "read": {
        "type": "boolean"
      },
      "write": {
        "type": "boolean"
      },
      "delete": {
        "type": "boolean"
      }
    }
  },
  "Me": {
    "type": "object",
    "required": [
      "key_name",
      "company_id",
      "workspace_id",
      "scopes",
      "permissions"
    ],
    "properties": {
      "key_name": {
        "type": "string"
      },
      "company_id": {
        "type": "string",
        "format": "uuid"
      },
      "workspace_id": {
        "type": "string",
        "format": "uuid"
      },
      "scopes": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "permissions": {
        "type": "object",
        "required": [
          "agents",
          "trainings",
          "channels",
          "contacts",
          "custom_fields",
          "conversations",
          "chats",
          "messages",
          "mcp_servers",
          "webhooks",
          "appointments"
        ],
        "properties": {
          "agents": {
            "$ref": "#/components/schemas/PermissionSet"
          },
          "trainings": {
            "$ref": "#/components/schemas/PermissionSet"
          },
          "channels": {
            "$ref": "#/components/schemas/PermissionSet"
          },
          "contacts": {
            "$ref": "#/components/schemas/PermissionSet"
          },
          "custom_fields": {
            "$ref": "#/components/schemas/PermissionSet"
          },
          "conversations": {
            "$ref": "#/components/schemas/PermissionSet"
          },
          "chats": {
            "$ref": "#/components/schemas/PermissionSet"
          },
          "messages": {
            "$ref": "#/components/schemas/PermissionSet"
          },
          "mcp_servers": {
            "$ref": "#/components/schemas/PermissionSet"
          },
          "webhooks": {
            "$ref": "#/components/schemas/PermissionSet"
          },
          "appointments": {
            "$ref": "#/components/schemas/PermissionSet"
          }
        },
        "additionalProperties": {
          "$ref": "#/components/schemas/PermissionSet"
        }
      }
    }
  },
  "SortOrder": {
    "type": "string",
    "enum": [
      "asc",
      "desc"
    ],
    "default": "desc"
  },
  "AgentStatus": {
    "type": "string",
    "enum": [
      "active",
      "inactive"
    ]
  },
  "Agent": {
    "type": "object",
    "required": [
      "id",
      "name",
      "description",
      "avatar_url",
      "status",
      "model",
      "temperature",
      "instructions",
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
      "description": {
        "type": [
          "string",
          "null"
        ]
      },
      "avatar_url": {
        "type": [
          "string",
          "null"
        ],
        "format": "uri"
      },
      "status": {
        "$ref": "#/components/schemas/AgentStatus"
      },
      "model": {
        "type": "string"
      },
      "temperature": {
        "type": "number",
        "minimum": 0,
        "maximum": 2
      },
      "instructions": {
        "type": [
          "string",
          "null"
        ]
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
  "AgentCreate": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "name"
    ],
    "properties": {
      "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "description": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 2000
      },
      "avatar_url": {
        "type": [
          "string",
          "null"
        ],
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[\\s\\S]*$",
        "x-pattern-message": "must be an http or https URL"
      },
      "model": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank",
        "default": "default"
      },
      "temperature": {
        "type": "number",
        "minimum": 0,
        "maximum": 2,
        "default": 0.7
      },
      "instructions": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 20000
      }
    }
  },
  "AgentUpdate": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "description": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 2000
      },
      "avatar_url": {
        "type": [
          "string",
          "null"
        ],
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[\\s\\S]*$",
        "x-pattern-message": "must be an http or https URL"
      },
      "model": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "temperature": {
        "type": "number",
        "minimum": 0,
        "maximum": 2
      },
      "instructions": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 20000
      }
    }
  },
  "StartConversation": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "message"
    ],
    "properties": {
      "message": {
        "type": "string",
        "minLength": 1,
        "maxLength": 10000
      },
      "contact_id": {
        "type": "string",
        "format": "uuid"
      },
      "metadata": {
        "$ref": "#/components/schemas/Metadata"
      }
    }
  },
  "AgentReply": {
    "type": "object",
    "required": [
      "conversation_id",
      "response",
      "message_id",
      "response_message_id"
    ],
    "properties": {
      "conversation_id": {
        "type": "string",
        "format": "uuid"
      },
      "response": {
        "type": [
          "string",
          "null"
        ]
      },
      "message_id": {
        "type": "string",
        "format": "uuid"
      },
      "response_message_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid"
      }
    }
  },
  "TrainingType": {
    "type": "string",
    "enum": [
      "text",
      "url",
      "document"
    ]
  },
  "Training": {
    "type": "object",
    "required": [
      "id",
      "agent_id",
      "type",
      "title",
      "content",
      "url",
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
      "type": {
        "$ref": "#/components/schemas/TrainingType"
      },
      "title": {
        "type": [
          "string",
          "null"
        ]
      },
      "content": {
        "type": [
          "string",
          "null"
        ]
      },
      "url": {
        "type": [
          "string",
          "null"
        ],
        "format": "uri"
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
  "TrainingCreate": {
    "oneOf": [
      {
        "$ref": "#/components/schemas/TrainingCreateText"
      },
      {
        "$ref": "#/components/schemas/TrainingCreateUrl"
      },
      {
        "$ref": "#/components/schemas/TrainingCreateDocument"
      }
    ],
    "discriminator": {
      "propertyName": "type",
      "mapping": {
        "text": "#/components/schemas/TrainingCreateText",
        "url": "#/components/schemas/TrainingCreateUrl",
        "document": "#/components/schemas/TrainingCreateDocument"
      }
    }
  },
  "TrainingCreateText": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "type",
      "content"
    ],
    "properties": {
      "type": {
        "type": "string",
        "enum": [
          "text"
        ]
      },
      "title": {
        "type": [
          "string",
          "null"
        ],
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "content": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100000,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      }
    }
  },
  "TrainingCreateUrl": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "type",
      "url"
    ],
    "properties": {
      "type": {
        "type": "string",
        "enum": [
          "url"
        ]
      },
      "title": {
        "type": [
          "string",
          "null"
        ],
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "url": {
        "type": "string",
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[\\s\\S]*$",
        "x-pattern-message": "must be an http or https URL"
      }
    }
  },
  "TrainingCreateDocument": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "type",
      "url"
    ],
    "properties": {
      "type": {
        "type": "string",
        "enum": [
          "document"
        ]
      },
      "title": {
        "type": [
          "string",
          "null"
        ],
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "url": {
        "type": "string",
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[\\s\\S]*$",
        "x-pattern-message": "must be an http or https URL"
      }
    }
  },
  "TrainingUpdate": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "title": {
        "type": [
          "string",
          "null"
        ],
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "content": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100000,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "url": {
        "type": "string",
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[\\s\\S]*$",
        "x-pattern-message": "must be an http or https URL"
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
        "$ref": "#/components/schemas/ChannelType"
      },
      "status": {
        "$ref": "#/components/schemas/ChannelStatus"
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
  "ChannelCreate": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "name"
    ],
    "properties": {
      "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "agent_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid"
      },
      "type": {
        "$ref": "#/components/schemas/ChannelType",
        "default": "widget"
      }
    }
  },
  "ChannelUpdate": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "agent_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid"
      }
    }
  },
  "BusinessHours": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "timezone",
      "schedule"
    ],
    "properties": {
      "timezone": {
        "type": "string",
        "minLength": 1,
        "maxLength": 64
      },
      "schedule": {
        "type": "array",
        "maxItems": 14,
        "items": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "day",
            "open",
            "close"
          ],
          "properties": {
            "day": {
              "type": "string",
              "enum": [
                "mon",
                "tue",
                "wed",
                "thu",
                "fri",
                "sat",
                "sun"
              ]
            },
            "open": {
              "type": "string",
              "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$",
              "x-pattern-message": "must be a time of day as HH:MM, 24 h (e.g. 09:00)"
            },
            "close": {
              "type": "string",
              "pattern": "^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$",
              "x-pattern-message": "must be a time of day as HH:MM, 24 h (e.g. 18:00), or 24:00 for the end of the day"
            }
          }
        }
      }
    }
  },
  "ChannelSettings": {
    "type": "object",
    "required": [
      "channel_id",
      "welcome_message",
      "away_message",
      "language",
      "business_hours",
      "updated_at"
    ],
    "properties": {
      "channel_id": {
        "type": "string",
        "format": "uuid"
      },
      "welcome_message": {
        "type": [
          "string",
          "null"
        ]
      },
      "away_message": {
        "type": [
          "string",
          "null"
        ]
      },
      "language": {
        "type": "string"
      },
      "business_hours": {
        "oneOf": [
          {
            "$ref": "#/components/schemas/BusinessHours"
          },
          {
            "type": "null"
          }
        ]
      },
      "updated_at": {
        "type": "string",
        "format": "date-time"
      }
    }
  },
  "ChannelSettingsUpdate": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "welcome_message": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 1000
      },
      "away_message": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 1000
      },
      "language": {
        "type": "string",
        "pattern": "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$",
        "x-pattern-message": "must be a BCP 47 language tag such as en or pt-BR",
        "maxLength": 35
      },
      "business_hours": {
        "oneOf": [
          {
            "$ref": "#/components/schemas/BusinessHours"
          },
          {
            "type": "null"
          }
        ]
      }
    }
  },
  "ChannelQrCode": {
    "type": "object",
    "required": [
      "qr_code",
      "expires_at"
    ],
    "properties": {
      "qr_code": {
        "type": "string"
      },
      "expires_at": {
        "type": "string",
        "format": "date-time"
      }
    }
  },
  "ChannelWidget": {
    "type": "object",
    "required": [
      "embed_script",
      "widget_key"
    ],
    "properties": {
      "embed_script": {
        "type": "string"
      },
      "widget_key": {
        "type": "string"
      }
    }
  },
  "CustomFieldValue": {
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
      },
      {
        "type": "null"
      }
    ]
  },
  "CustomFieldValues": {
    "type": "object",
    "maxProperties": 100,
    "additionalProperties": {
      "$ref": "#/components/schemas/CustomFieldValue"
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
        "$ref": "#/components/schemas/ContactCustomFields"
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
  "ContactCreate": {
    "allOf": [
      {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
            "x-pattern-rule": "blank",
            "x-pattern-message": "must not be blank"
          },
          "email": {
            "type": "string",
            "format": "email",
            "maxLength": 320
          },
          "phone": {
            "type": "string",
            "pattern": "^\\+[1-9][0-9]{6,14}$",
            "x-pattern-message": "must be an E.164 number, + and 7 to 15 digits (e.g. +34600111222)"
          },
          "custom_fields": {
            "$ref": "#/components/schemas/CustomFieldValues"
          }
        }
      },
      {
        "anyOf": [
          {
            "required": [
              "name"
            ],
            "properties": {
              "name": {
                "type": "string"
              }
            }
          },
          {
            "required": [
              "email"
            ],
            "properties": {
              "email": {
                "type": "string"
              }
            }
          },
          {
            "required": [
              "phone"
            ],
            "properties": {
              "phone": {
                "type": "string"
              }
            }
          }
        ]
      }
    ]
  },
  "ContactUpdate": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "name": {
        "type": [
          "string",
          "null"
        ],
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "email": {
        "type": [
          "string",
          "null"
        ],
        "format": "email",
        "maxLength": 320
      },
      "phone": {
        "type": [
          "string",
          "null"
        ],
        "pattern": "^\\+[1-9][0-9]{6,14}$",
        "x-pattern-message": "must be an E.164 number, + and 7 to 15 digits (e.g. +34600111222)"
      },
      "custom_fields": {
        "$ref": "#/components/schemas/CustomFieldValues"
      }
    }
  },
  "CustomFieldType": {
    "type": "string",
    "enum": [
      "text",
      "number",
      "boolean",
      "date",
      "select",
      "multi_select"
    ]
  },
  "CustomField": {
    "type": "object",
    "required": [
      "id",
      "name",
      "type",
      "description",
      "options",
      "required",
      "archived",
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
        "$ref": "#/components/schemas/CustomFieldType"
      },
      "description": {
        "type": [
          "string",
          "null"
        ]
      },
      "options": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "required": {
        "type": "boolean"
      },
      "archived": {
        "type": "boolean"
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
  "CustomFieldCreate": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "name",
      "type"
    ],
    "properties": {
      "name": {
        "$ref": "#/components/schemas/CustomFieldName"
      },
      "type": {
        "$ref": "#/components/schemas/CustomFieldType"
      },
      "description": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 500
      },
      "options": {
        "type": "array",
        "minItems": 1,
        "maxItems": 100,
        "uniqueItems": true,
        "items": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200
        }
      },
      "required": {
        "type": "boolean",
        "default": false
      }
    },
    "if": {
      "properties": {
        "type": {
          "enum": [
            "select",
            "multi_select"
          ]
        }
      },
      "required": [
        "type"
      ]
    },
    "then": {
      "required": [
        "options"
      ],
      "x-message": "is required for select and multi_select fields"
    }
  },
  "CustomFieldName": {
    "type": "string",
    "minLength": 1,
    "maxLength": 64,
    "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
    "x-pattern-rule": "blank",
    "x-pattern-message": "must not be blank",
    "not": {
      "type": "string",
      "maxLength": 64,
      "pattern": "^(?:[\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200D\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*|[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8](?:[\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8]*[\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFEFF\uFFA0\uFFF0-\uFFF8]|[\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8]+[\uFE00-\uFE0F])|[\\s\\S]*[!-~][\uFE00-\uFE0F])$",
      "x-rule": "pattern",
      "x-message": "must not begin or end with white space or an invisible character (a zero-width space or joiner, a control character, a filler)"
    }
  },
  "CustomFieldUpdate": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "name": {
        "$ref": "#/components/schemas/CustomFieldName"
      },
      "description": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 500
      },
      "options": {
        "type": "array",
        "minItems": 1,
        "maxItems": 100,
        "uniqueItems": true,
        "items": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200
        }
      },
      "required": {
        "type": "boolean"
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
        "$ref": "#/components/schemas/ConversationStatus"
      },
      "metadata": {
        "$ref": "#/components/schemas/Metadata"
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
        "$ref": "#/components/schemas/MessageType"
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
  "CustomerMessageCreate": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "message"
    ],
    "properties": {
      "message": {
        "type": "string",
        "minLength": 1,
        "maxLength": 10000
      }
    }
  },
  "MessageEdit": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "content"
    ],
    "properties": {
      "content": {
        "type": "string",
        "minLength": 1,
        "maxLength": 10000
      }
    }
  },
  "ConversationTransfer": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "agent_id"
    ],
    "properties": {
      "agent_id": {
        "type": "string",
        "format": "uuid"
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
        "$ref": "#/components/schemas/ChatStatus"
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
  "ChatMessage": {
    "type": "object",
    "required": [
      "id",
      "conversation_id",
      "content",
      "type",
      "sender_type",
      "sender_id",
      "status",
      "media_url",
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
      "type": {
        "$ref": "#/components/schemas/MessageType"
      },
      "sender_type": {
        "type": "string",
        "enum": [
          "agent",
          "human",
          "contact"
        ]
      },
      "sender_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid"
      },
      "status": {
        "type": "string",
        "enum": [
          "sent",
          "delivered",
          "read",
          "failed"
        ]
      },
      "media_url": {
        "type": [
          "string",
          "null"
        ],
        "format": "uri"
      },
      "created_at": {
        "type": "string",
        "format": "date-time"
      }
    }
  },
  "StartHuman": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "assigned_to": {
        "type": "string",
        "format": "uuid"
      }
    }
  },
  "ChatMessageCreate": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "content": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4096,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "type": {
        "$ref": "#/components/schemas/MessageType",
        "default": "text"
      },
      "media_url": {
        "type": "string",
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[\\s\\S]*$",
        "x-pattern-message": "must be an http or https URL"
      }
    },
    "if": {
      "properties": {
        "type": {
          "enum": [
            "image",
            "audio",
            "video",
            "document"
          ]
        }
      },
      "required": [
        "type"
      ]
    },
    "then": {
      "required": [
        "media_url"
      ],
      "x-message": "is required for image, audio, video and document messages"
    },
    "else": {
      "required": [
        "content"
      ],
      "x-message": "is required for text messages",
      "not": {
        "required": [
          "media_url"
        ],
        "x-message": "is only for image, audio, video and document messages"
      }
    }
  },
  "McpServerStatus": {
    "type": "string",
    "enum": [
      "connected",
      "disconnected",
      "error"
    ]
  },
  "McpServer": {
    "type": "object",
    "required": [
      "id",
      "name",
      "url",
      "status",
      "tools_count",
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
      "url": {
        "type": "string",
        "format": "uri"
      },
      "status": {
        "$ref": "#/components/schemas/McpServerStatus"
      },
      "tools_count": {
        "type": "integer",
        "minimum": 0
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
  "McpServerCreate": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "name",
      "url"
    ],
    "properties": {
      "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "url": {
        "$ref": "#/components/schemas/McpServerUrl"
      },
      "headers": {
        "$ref": "#/components/schemas/McpServerHeaders"
      }
    }
  },
  "McpServerUpdate": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "url": {
        "$ref": "#/components/schemas/McpServerUrl"
      },
      "headers": {
        "$ref": "#/components/schemas/McpServerHeaders"
      }
    }
  },
  "McpServerUrl": {
    "type": "string",
    "format": "uri",
    "maxLength": 2048,
    "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[\\s\\S]*$",
    "x-pattern-message": "must be an http or https URL",
    "not": {
      "type": "string",
      "pattern": "^[^:/?#]*://[^/?#]*@[\\s\\S]*$",
      "x-rule": "credentials",
      "x-message": "must not contain credentials (user:password@host): send them in `headers`, which are never returned"
    }
  },
  "McpServerHeaders": {
    "type": "object",
    "maxProperties": 20,
    "propertyNames": {
      "pattern": "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$",
      "x-pattern-message": "must be an HTTP header name: letters, digits and !#$%&'*+-.^_`|~ (an RFC 9110 token)"
    },
    "additionalProperties": {
      "type": "string",
      "maxLength": 4096,
      "pattern": "^[\\t\\x20-\\x7E\\x80-\\xFF]*$",
      "x-pattern-message": "must be a valid HTTP header value: printable ASCII, Latin-1 bytes, spaces and tabs; no CR, LF, NUL or other ASCII control characters"
    }
  },
  "McpTool": {
    "type": "object",
    "required": [
      "name",
      "description",
      "input_schema",
      "enabled"
    ],
    "properties": {
      "name": {
        "type": "string"
      },
      "description": {
        "type": "string"
      },
      "input_schema": {
        "type": "object",
        "additionalProperties": true
      },
      "enabled": {
        "type": "boolean"
      }
    }
  },
  "McpToolUpdate": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "enabled"
    ],
    "properties": {
      "enabled": {
        "type": "boolean"
      }
    }
  },
  "McpLink": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "mcp_id"
    ],
    "properties": {
      "mcp_id": {
        "type": "string",
        "format": "uuid"
      }
    }
  },
  "WebhookSubscription": {
    "type": "string",
    "enum": [
      "*",
      "conversations",
      "messages",
      "contacts",
      "agent",
      "appointments",
      "channels",
      "billing",
      "conversation.created",
      "conversation.assigned",
      "conversation.closed",
      "conversation.reopened",
      "conversation.transferred",
      "message.received",
      "message.sent",
      "message.failed",
      "message.delivered",
      "message.read",
      "contact.created",
      "contact.updated",
      "contact.deleted",
      "agent.handoff_started",
      "agent.handoff_completed",
      "agent.transferred",
      "appointment.created",
      "appointment.cancelled",
      "appointment.completed",
      "appointment.scheduled",
      "appointment.rescheduled",
      "appointment.canceled",
      "appointment.reminder_sent",
      "channel.connected",
      "channel.disconnected",
      "channel.error",
      "credit.low",
      "credit.depleted",
      "plan.changed",
      "trial.expiring",
      "trial.expired"
    ]
  },
  "Webhook": {
    "type": "object",
    "required": [
      "id",
      "url",
      "events",
      "description",
      "active",
      "health",
      "created_at",
      "updated_at"
    ],
    "properties": {
      "id": {
        "type": "string",
        "format": "uuid"
      },
      "url": {
        "type": "string",
        "format": "uri"
      },
      "events": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/WebhookSubscription"
        }
      },
      "description": {
        "type": [
          "string",
          "null"
        ]
      },
      "active": {
        "type": "boolean"
      },
      "health": {
        "type": "string",
        "enum": [
          "healthy",
          "failing"
        ]
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
  "WebhookWithSecret": {
    "allOf": [
      {
        "$ref": "#/components/schemas/Webhook"
      },
      {
        "type": "object",
        "required": [
          "secret"
        ],
        "properties": {
          "secret": {
            "type": "string",
            "pattern": "^whsec_[0-9a-f]{64}$"
          }
        }
      }
    ]
  },
  "WebhookCreate": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "url",
      "events"
    ],
    "properties": {
      "url": {
        "type": "string",
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[\\s\\S]*$",
        "x-pattern-message": "must be an http or https URL"
      },
      "events": {
        "type": "array",
        "minItems": 1,
        "maxItems": 100,
        "uniqueItems": true,
        "items": {
          "$ref": "#/components/schemas/WebhookSubscription"
        }
      },
      "description": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 500
      }
    }
  },
  "WebhookRotateSecret": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "grace_seconds": {
        "type": "integer",
        "minimum": 0,
        "maximum": 604800,
        "default": 0
      }
    }
  },
  "WebhookUpdate": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "url": {
        "type": "string",
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[\\s\\S]*$",
        "x-pattern-message": "must be an http or https URL"
      },
      "events": {
        "type": "array",
        "minItems": 1,
        "maxItems": 100,
        "uniqueItems": true,
        "items": {
          "$ref": "#/components/schemas/WebhookSubscription"
        }
      },
      "description": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 500
      },
      "active": {
        "type": "boolean"
      }
    }
  },
  "WebhookDeliveryAttempt": {
    "type": "object",
    "required": [
      "number",
      "attempted_at",
      "http_status",
      "response_time_ms",
      "error",
      "succeeded"
    ],
    "properties": {
      "number": {
        "type": "integer",
        "minimum": 1,
        "maximum": 5
      },
      "attempted_at": {
        "type": "string",
        "format": "date-time"
      },
      "http_status": {
        "type": [
          "integer",
          "null"
        ]
      },
      "response_time_ms": {
        "type": [
          "integer",
          "null"
        ],
        "minimum": 0
      },
      "error": {
        "type": [
          "string",
          "null"
        ]
      },
      "succeeded": {
        "type": "boolean"
      }
    }
  },
  "WebhookDeliveryStatus": {
    "type": "string",
    "enum": [
      "pending",
      "succeeded",
      "failed"
    ]
  },
  "WebhookDelivery": {
    "type": "object",
    "required": [
      "id",
      "webhook_id",
      "event",
      "event_id",
      "status",
      "attempts",
      "next_attempt_at",
      "error",
      "created_at"
    ],
    "properties": {
      "id": {
        "type": "string",
        "format": "uuid"
      },
      "webhook_id": {
        "type": "string",
        "format": "uuid"
      },
      "event": {
        "type": "string",
        "enum": [
          "conversation.created",
          "conversation.assigned",
          "conversation.closed",
          "conversation.reopened",
          "conversation.transferred",
          "message.received",
          "message.sent",
          "message.failed",
          "message.delivered",
          "message.read",
          "contact.created",
          "contact.updated",
          "contact.deleted",
          "agent.handoff_started",
          "agent.handoff_completed",
          "agent.transferred",
          "appointment.created",
          "appointment.cancelled",
          "appointment.completed",
          "appointment.scheduled",
          "appointment.rescheduled",
          "appointment.canceled",
          "appointment.reminder_sent",
          "channel.connected",
          "channel.disconnected",
          "channel.error",
          "credit.low",
          "credit.depleted",
          "plan.changed",
          "trial.expiring",
          "trial.expired",
          "webhook.test"
        ]
      },
      "event_id": {
        "type": "string",
        "format": "uuid"
      },
      "status": {
        "$ref": "#/components/schemas/WebhookDeliveryStatus"
      },
      "attempts": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/WebhookDeliveryAttempt"
        }
      },
      "next_attempt_at": {
        "type": [
          "string",
          "null"
        ],
        "format": "date-time"
      },
      "error": {
        "anyOf": [
          {
            "type": "string",
            "enum": [
              "queue_full",
              "webhook_deactivated",
              "webhook_deleted"
            ]
          },
          {
            "type": "null"
          }
        ]
      },
      "created_at": {
        "type": "string",
        "format": "date-time"
      }
    }
  },
  "WebhookTestResult": {
    "type": "object",
    "required": [
      "event",
      "event_id",
      "attempted_at",
      "http_status",
      "response_time_ms",
      "error",
      "succeeded"
    ],
    "properties": {
      "event": {
        "type": "string",
        "const": "webhook.test"
      },
      "event_id": {
        "type": "string",
        "format": "uuid"
      },
      "attempted_at": {
        "type": "string",
        "format": "date-time"
      },
      "http_status": {
        "type": [
          "integer",
          "null"
        ]
      },
      "response_time_ms": {
        "type": [
          "integer",
          "null"
        ],
        "minimum": 0
      },
      "error": {
        "type": [
          "string",
          "null"
        ]
      },
      "succeeded": {
        "type": "boolean"
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
        "$ref": "#/components/schemas/AppointmentStatus"
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
  "AppointmentCreate": {
    "type": "object",
    "additionalProperties": false,
    "required": [
      "contact_id",
      "starts_at",
      "title"
    ],
    "properties": {
      "contact_id": {
        "type": "string",
        "format": "uuid"
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
      "title": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "agent_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid"
      },
      "notes": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 2000
      }
    }
  },
  "AppointmentUpdate": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
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
      "title": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "agent_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid"
      },
      "notes": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 2000
      }
    }
  },
  "WebhookEnvelope": {
    "type": "object",
    "required": [
      "event",
      "timestamp",
      "webhook_id",
      "data"
    ],
    "properties": {
      "event_id": {
        "type": "string",
        "format": "uuid"
      },
      "event": {
        "type": "string"
      },
      "timestamp": {
        "type": "string",
        "format": "date-time"
      },
      "webhook_id": {
        "type": "string",
        "format": "uuid"
      },
      "data": {
        "type": "object",
        "additionalProperties": true
      }
    }
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
  },
  "MeResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/Me"
      }
    }
  },
  "AgentList": {
    "type": "object",
    "required": [
      "data",
      "pagination"
    ],
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Agent"
        }
      },
      "pagination": {
        "$ref": "#/components/schemas/Pagination"
      }
    }
  },
  "AgentResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/Agent"
      }
    }
  },
  "AgentReplyResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/AgentReply"
      }
    }
  },
  "TrainingList": {
    "type": "object",
    "required": [
      "data",
      "pagination"
    ],
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Training"
        }
      },
      "pagination": {
        "$ref": "#/components/schemas/Pagination"
      }
    }
  },
  "TrainingResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/Training"
      }
    }
  },
  "ChannelList": {
    "type": "object",
    "required": [
      "data",
      "pagination"
    ],
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Channel"
        }
      },
      "pagination": {
        "$ref": "#/components/schemas/Pagination"
      }
    }
  },
  "ChannelResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/Channel"
      }
    }
  },
  "ChannelSettingsResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/ChannelSettings"
      }
    }
  },
  "ChannelQrCodeResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/ChannelQrCode"
      }
    }
  },
  "ChannelWidgetResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/ChannelWidget"
      }
    }
  },
  "ContactList": {
    "type": "object",
    "required": [
      "data",
      "pagination"
    ],
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Contact"
        }
      },
      "pagination": {
        "$ref": "#/components/schemas/Pagination"
      }
    }
  },
  "ContactResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/Contact"
      }
    }
  },
  "CustomFieldList": {
    "type": "object",
    "required": [
      "data",
      "pagination"
    ],
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/CustomField"
        }
      },
      "pagination": {
        "$ref": "#/components/schemas/Pagination"
      }
    }
  },
  "CustomFieldResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/CustomField"
      }
    }
  },
  "ConversationList": {
    "type": "object",
    "required": [
      "data",
      "pagination"
    ],
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Conversation"
        }
      },
      "pagination": {
        "$ref": "#/components/schemas/Pagination"
      }
    }
  },
  "ConversationResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/Conversation"
      }
    }
  },
  "ConversationMessageList": {
    "type": "object",
    "required": [
      "data",
      "pagination"
    ],
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/ConversationMessage"
        }
      },
      "pagination": {
        "$ref": "#/components/schemas/Pagination"
      }
    }
  },
  "ConversationMessageResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/ConversationMessage"
      }
    }
  },
  "ChatResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/Chat"
      }
    }
  },
  "ChatList": {
    "type": "object",
    "required": [
      "data",
      "pagination"
    ],
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Chat"
        }
      },
      "pagination": {
        "$ref": "#/components/schemas/Pagination"
      }
    }
  },
  "ChatMessageResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/ChatMessage"
      }
    }
  },
  "McpServerList": {
    "type": "object",
    "required": [
      "data",
      "pagination"
    ],
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/McpServer"
        }
      },
      "pagination": {
        "$ref": "#/components/schemas/Pagination"
      }
    }
  },
  "McpServerResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/McpServer"
      }
    }
  },
  "McpToolList": {
    "type": "object",
    "required": [
      "data",
      "pagination"
    ],
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/McpTool"
        }
      },
      "pagination": {
        "$ref": "#/components/schemas/Pagination"
      }
    }
  },
  "McpToolResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/McpTool"
      }
    }
  },
  "WebhookList": {
    "type": "object",
    "required": [
      "data",
      "pagination"
    ],
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Webhook"
        }
      },
      "pagination": {
        "$ref": "#/components/schemas/Pagination"
      }
    }
  },
  "WebhookWithSecretResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/WebhookWithSecret"
      }
    }
  },
  "WebhookResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/Webhook"
      }
    }
  },
  "WebhookTestResultResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/WebhookTestResult"
      }
    }
  },
  "WebhookDeliveryList": {
    "type": "object",
    "required": [
      "data",
      "pagination"
    ],
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/WebhookDelivery"
        }
      },
      "pagination": {
        "$ref": "#/components/schemas/Pagination"
      }
    }
  },
  "AppointmentList": {
    "type": "object",
    "required": [
      "data",
      "pagination"
    ],
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Appointment"
        }
      },
      "pagination": {
        "$ref": "#/components/schemas/Pagination"
      }
    }
  },
  "AppointmentResponse": {
    "type": "object",
    "required": [
      "data"
    ],
    "properties": {
      "data": {
        "$ref": "#/components/schemas/Appointment"
      }
    }
  },
  "WebhookEventConversationCreated": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "conversation.created"
          },
          "data": {
            "$ref": "#/components/schemas/Conversation"
          }
        }
      }
    ]
  },
  "WebhookEventConversationAssigned": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "conversation.assigned"
          },
          "data": {
            "$ref": "#/components/schemas/Chat"
          }
        }
      }
    ]
  },
  "WebhookEventConversationClosed": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "conversation.closed"
          },
          "data": {
            "$ref": "#/components/schemas/Conversation"
          }
        }
      }
    ]
  },
  "WebhookEventConversationReopened": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "conversation.reopened"
          },
          "data": {
            "$ref": "#/components/schemas/Conversation"
          }
        }
      }
    ]
  },
  "WebhookEventConversationTransferred": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "conversation.transferred"
          },
          "data": {
            "$ref": "#/components/schemas/Conversation"
          }
        }
      }
    ]
  },
  "WebhookEventMessageReceived": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "message.received"
          },
          "data": {
            "$ref": "#/components/schemas/ConversationMessage"
          }
        }
      }
    ]
  },
  "WebhookEventMessageSent": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "message.sent"
          },
          "data": {
            "$ref": "#/components/schemas/ConversationMessage"
          }
        }
      }
    ]
  },
  "WebhookEventMessageFailed": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "message.failed"
          },
          "data": {
            "$ref": "#/components/schemas/ConversationMessage"
          }
        }
      }
    ]
  },
  "WebhookEventMessageDelivered": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "message.delivered"
          },
          "data": {
            "$ref": "#/components/schemas/ConversationMessage"
          }
        }
      }
    ]
  },
  "WebhookEventMessageRead": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "message.read"
          },
          "data": {
            "$ref": "#/components/schemas/ConversationMessage"
          }
        }
      }
    ]
  },
  "WebhookEventContactCreated": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "contact.created"
          },
          "data": {
            "$ref": "#/components/schemas/Contact"
          }
        }
      }
    ]
  },
  "WebhookEventContactUpdated": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "contact.updated"
          },
          "data": {
            "$ref": "#/components/schemas/Contact"
          }
        }
      }
    ]
  },
  "WebhookEventContactDeleted": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "contact.deleted"
          },
          "data": {
            "$ref": "#/components/schemas/Contact"
          }
        }
      }
    ]
  },
  "WebhookEventAgentHandoffStarted": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "agent.handoff_started"
          },
          "data": {
            "$ref": "#/components/schemas/Chat"
          }
        }
      }
    ]
  },
  "WebhookEventAgentHandoffCompleted": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "agent.handoff_completed"
          },
          "data": {
            "$ref": "#/components/schemas/Chat"
          }
        }
      }
    ]
  },
  "WebhookEventAgentTransferred": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "agent.transferred"
          },
          "data": {
            "$ref": "#/components/schemas/Conversation"
          }
        }
      }
    ]
  },
  "WebhookEventAppointmentCreated": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "appointment.created"
          },
          "data": {
            "$ref": "#/components/schemas/Appointment"
          }
        }
      }
    ]
  },
  "WebhookEventAppointmentCancelled": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "appointment.cancelled"
          },
          "data": {
            "$ref": "#/components/schemas/Appointment"
          }
        }
      }
    ]
  },
  "WebhookEventAppointmentCompleted": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "appointment.completed"
          },
          "data": {
            "$ref": "#/components/schemas/Appointment"
          }
        }
      }
    ]
  },
  "WebhookEventAppointmentScheduled": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "appointment.scheduled"
          },
          "data": {
            "$ref": "#/components/schemas/Appointment"
          }
        }
      }
    ]
  },
  "WebhookEventAppointmentRescheduled": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "appointment.rescheduled"
          },
          "data": {
            "$ref": "#/components/schemas/Appointment"
          }
        }
      }
    ]
  },
  "WebhookEventAppointmentCanceled": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "appointment.canceled"
          },
          "data": {
            "$ref": "#/components/schemas/Appointment"
          }
        }
      }
    ]
  },
  "WebhookEventAppointmentReminderSent": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "appointment.reminder_sent"
          },
          "data": {
            "$ref": "#/components/schemas/Appointment"
          }
        }
      }
    ]
  },
  "WebhookEventChannelConnected": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "channel.connected"
          },
          "data": {
            "$ref": "#/components/schemas/Channel"
          }
        }
      }
    ]
  },
  "WebhookEventChannelDisconnected": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "channel.disconnected"
          },
          "data": {
            "$ref": "#/components/schemas/Channel"
          }
        }
      }
    ]
  },
  "WebhookEventChannelError": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "channel.error"
          },
          "data": {
            "$ref": "#/components/schemas/Channel"
          }
        }
      }
    ]
  },
  "WebhookEventCreditLow": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "credit.low"
          },
          "data": {
            "$ref": "#/components/schemas/CreditBalance"
          }
        }
      }
    ]
  },
  "WebhookEventCreditDepleted": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "credit.depleted"
          },
          "data": {
            "$ref": "#/components/schemas/CreditBalance"
          }
        }
      }
    ]
  },
  "WebhookEventPlanChanged": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "plan.changed"
          },
          "data": {
            "$ref": "#/components/schemas/PlanChange"
          }
        }
      }
    ]
  },
  "WebhookEventTrialExpiring": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "trial.expiring"
          },
          "data": {
            "$ref": "#/components/schemas/TrialStatus"
          }
        }
      }
    ]
  },
  "WebhookEventTrialExpired": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "trial.expired"
          },
          "data": {
            "$ref": "#/components/schemas/TrialStatus"
          }
        }
      }
    ]
  },
  "WebhookEventWebhookTest": {
    "allOf": [
      {
        "$ref": "#/components/schemas/WebhookEnvelope"
      },
      {
        "type": "object",
        "required": [
          "event",
          "data"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "webhook.test"
          },
          "data": {
            "$ref": "#/components/schemas/WebhookTestData"
          }
        }
      }
    ]
  }
};

/**
 * Generated from spec/openapi.yaml by `pnpm generate` - do not edit.
 */

import type { SchemaNode } from './operations.js';

/** Every schema of `components.schemas`, by name (without their `examples`). */
export const schemas: { readonly [name: string]: SchemaNode } = {
  "Pagination": {
    "type": "object",
    "description": "Where a list page sits in the whole list. Pages are numbered over the list as it is when each one is read: an item created or deleted between two reads shifts the pages after it (an item is seen twice or missed); `order=asc` puts new items on the last page.",
    "required": [
      "page",
      "limit",
      "total",
      "total_pages"
    ],
    "properties": {
      "page": {
        "type": "integer",
        "minimum": 1,
        "description": "The page returned (1-based)."
      },
      "limit": {
        "type": "integer",
        "minimum": 1,
        "maximum": 100,
        "description": "Items per page."
      },
      "total": {
        "type": "integer",
        "minimum": 0,
        "description": "Items in the whole list."
      },
      "total_pages": {
        "type": "integer",
        "minimum": 0,
        "description": "`ceil(total / limit)`; 0 when `total` is 0."
      }
    }
  },
  "ErrorCode": {
    "type": "string",
    "description": "Machine-readable error code.",
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
    "description": "One violated rule of a request.",
    "required": [
      "field",
      "rule",
      "message"
    ],
    "properties": {
      "field": {
        "type": "string",
        "description": "Where the problem is, by the name the request used: a body field (`name`, `custom_fields.tier`, `items[0].text`), a query parameter (`limit`), a path parameter (`id`), a header (`Host`); `body` for the whole body, `query` for the query string as a whole, `request` for the request as a whole."
      },
      "rule": {
        "type": "string",
        "description": "The rule violated. Of a value, as the schema says it: `required`, `type`, `format`, `enum`, `minimum`, `maximum`, `minLength`, `maxLength`, `pattern` (the message says in words what the pattern asks), `minItems`, `maxItems`, `uniqueItems`, `maxProperties`, `propertyNames` (a key of a map, such as a header name), `unknown` (a field or query parameter the operation does not take; the message names a known one it is likely a slip for, `nmae: is not a known field; did you mean \"name\"?`), `anyOf` (none of the fields of which one is needed, as a contact's name, email or phone), `oneOf` (a value that fits more than one of alternatives meant to exclude each other), `not` (a field the others rule out, as `media_url` on a text message). Of its meaning: `blank` (a name or title of nothing but white space: `name: must not be blank`), `credentials` (a URL with user:password@), `https` (an http URL where the server requires HTTPS), `unique` (a header named twice, in two cases), `after` (`ends_at` not after `starts_at`), `overlap` and `invalid` (business hours), `exists` and `archived` (a custom field value for no custom field, or an archived one). Of the query string: `single` (a query parameter given twice), `encoding` (not valid percent-encoded UTF-8). Of the body as sent (field `body`): `contentType` (not `application/json`, or not UTF-8), `contentEncoding` (compressed), `encoding` (not UTF-8), `json` (not valid JSON), `read` (it did not arrive in full; field `request` when the connection ended before the request did). Of the request (field `request`): `http` (not valid HTTP/1.1). More may come: treat an unknown rule as the message says."
      },
      "message": {
        "type": "string",
        "description": "Human-readable, naming the field and the rule, e.g. `limit: must be at most 100`."
      }
    }
  },
  "Error": {
    "type": "object",
    "description": "The body of every error response.",
    "required": [
      "error"
    ],
    "properties": {
      "error": {
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
            "type": "string",
            "description": "Human-readable; for VALIDATION_ERROR it names the offending field and the violated rule."
          },
          "status": {
            "type": "integer",
            "description": "The HTTP status."
          },
          "details": {
            "type": "array",
            "description": "On a 400 VALIDATION_ERROR, every violated rule, up to the first 100 (the message counts them all). The server's refusals of a request as a whole (408 not received in time, 414 target too long, 417 an Expect it does not serve, 431 headers too large) are VALIDATION_ERROR without details; their message says what was wrong.",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/ErrorDetail"
            }
          }
        },
        "description": "What went wrong: `code` for programs, `message` for people, and on a 400 `details` per field."
      }
    }
  },
  "Metadata": {
    "type": "object",
    "description": "Free-form key-value pairs for the client's own use (at most 50 keys; values are strings of at most 500 characters, numbers, booleans or null).",
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
    "description": "Health result (GET /v1/health) when the API works; in maintenance or degradation the answer is a 503 (`HealthUnavailable`).",
    "required": [
      "status",
      "timestamp"
    ],
    "properties": {
      "status": {
        "type": "string",
        "const": "ok",
        "description": "Always `ok` in a 200."
      },
      "timestamp": {
        "type": "string",
        "format": "date-time",
        "description": "Time of the check."
      }
    }
  },
  "HealthUnavailable": {
    "description": "GET /v1/health in maintenance or degradation: the health result, plus the `error` every error response carries (code `SERVICE_UNAVAILABLE`), so a client reading either finds what it looks for.",
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
            ],
            "description": "Why the API does not work now."
          },
          "timestamp": {
            "type": "string",
            "format": "date-time",
            "description": "Time of the check."
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
    "description": "What a key may do with one resource group.",
    "required": [
      "read",
      "write",
      "delete"
    ],
    "properties": {
      "read": {
        "type": "boolean",
        "description": "The key may read the group (its GET operations)."
      },
      "write": {
        "type": "boolean",
        "description": "The key may create and change in the group (its POST and PUT operations)."
      },
      "delete": {
        "type": "boolean",
        "description": "The key may delete in the group (its DELETE operations)."
      }
    }
  },
  "Me": {
    "type": "object",
    "description": "Key introspection result (GET /v1/me).",
    "required": [
      "key_name",
      "company_id",
      "workspace_id",
      "scopes",
      "permissions"
    ],
    "properties": {
      "key_name": {
        "type": "string",
        "description": "Descriptive name of the key."
      },
      "company_id": {
        "type": "string",
        "format": "uuid",
        "description": "Owning company."
      },
      "workspace_id": {
        "type": "string",
        "format": "uuid",
        "description": "Workspace of the key."
      },
      "scopes": {
        "type": "array",
        "items": {
          "type": "string"
        },
        "description": "Enabled scopes."
      },
      "permissions": {
        "type": "object",
        "description": "Detailed permission map per resource, derived from the scopes: `read` when the key may call any GET of the resource, `write` any POST or PUT, `delete` any DELETE. An operation counts for the resource it reads or changes: sending, reading, editing and deleting messages count for `messages`, whichever path reaches them. Every group below is present, in both variants; a later version may add groups.",
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
            "$ref": "#/components/schemas/PermissionSet",
            "description": "Agents, their activation and deletion."
          },
          "trainings": {
            "$ref": "#/components/schemas/PermissionSet",
            "description": "An agent's trainings."
          },
          "channels": {
            "$ref": "#/components/schemas/PermissionSet",
            "description": "Channels, their settings, QR codes and widgets."
          },
          "contacts": {
            "$ref": "#/components/schemas/PermissionSet",
            "description": "Contacts."
          },
          "custom_fields": {
            "$ref": "#/components/schemas/PermissionSet",
            "description": "Custom field definitions (`write` includes archiving; they are never deleted)."
          },
          "conversations": {
            "$ref": "#/components/schemas/PermissionSet",
            "description": "Conversations, and closing, reopening and transferring them."
          },
          "chats": {
            "$ref": "#/components/schemas/PermissionSet",
            "description": "Chats and the human handoff."
          },
          "messages": {
            "$ref": "#/components/schemas/PermissionSet",
            "description": "Messages wherever their path, including starting a conversation with its first message and a human agent's message in a chat."
          },
          "mcp_servers": {
            "$ref": "#/components/schemas/PermissionSet",
            "description": "MCP servers, their tools and their links to agents."
          },
          "webhooks": {
            "$ref": "#/components/schemas/PermissionSet",
            "description": "Webhooks and their delivery history (in Variant A, `agents:read` reads them too)."
          },
          "appointments": {
            "$ref": "#/components/schemas/PermissionSet",
            "description": "Appointments."
          }
        },
        "additionalProperties": {
          "$ref": "#/components/schemas/PermissionSet"
        }
      }
    }
  },
  "Agent": {
    "type": "object",
    "description": "An AI agent (returned by deactivate).",
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
        "format": "uri",
        "description": "The agent's picture; null when it has none."
      },
      "status": {
        "type": "string",
        "enum": [
          "active",
          "inactive"
        ],
        "description": "`active` agents answer customers; deactivate sets `inactive` (temporarily)."
      },
      "model": {
        "type": "string",
        "description": "The language model the agent answers with."
      },
      "temperature": {
        "type": "number",
        "minimum": 0,
        "maximum": 2,
        "description": "Sampling temperature of the language model, 0 to 2: lower answers are steadier, higher ones more varied."
      },
      "instructions": {
        "type": [
          "string",
          "null"
        ],
        "description": "The agent's system instructions."
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
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
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
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "x-pattern-message": "must be an http or https URL",
        "description": "The agent's picture, an http or https URL."
      },
      "model": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100,
        "default": "default",
        "description": "The language model the agent answers with, by name; `default` is the service's choice."
      },
      "temperature": {
        "type": "number",
        "minimum": 0,
        "maximum": 2,
        "default": 0.7,
        "description": "Sampling temperature of the language model, 0 to 2: lower answers are steadier, higher ones more varied."
      },
      "instructions": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 20000,
        "description": "The agent's system instructions: what it does and how it answers; null for none."
      }
    }
  },
  "AgentUpdate": {
    "type": "object",
    "additionalProperties": false,
    "description": "A partial update; absent fields are left as they are.",
    "properties": {
      "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
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
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "x-pattern-message": "must be an http or https URL",
        "description": "The agent's picture, an http or https URL."
      },
      "model": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100,
        "description": "The language model the agent answers with, by name; `default` is the service's choice."
      },
      "temperature": {
        "type": "number",
        "minimum": 0,
        "maximum": 2,
        "description": "Sampling temperature of the language model, 0 to 2: lower answers are steadier, higher ones more varied."
      },
      "instructions": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 20000,
        "description": "The agent's system instructions: what it does and how it answers; null for none."
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
        "maxLength": 10000,
        "description": "The customer's first message."
      },
      "contact_id": {
        "type": "string",
        "format": "uuid",
        "description": "The contact the conversation is with."
      },
      "metadata": {
        "$ref": "#/components/schemas/Metadata"
      }
    }
  },
  "AgentReply": {
    "type": "object",
    "description": "The agent's answer to a customer message.",
    "required": [
      "conversation_id",
      "response",
      "message_id",
      "response_message_id"
    ],
    "properties": {
      "conversation_id": {
        "type": "string",
        "format": "uuid",
        "description": "The conversation of the exchange (new when the call started it)."
      },
      "response": {
        "type": [
          "string",
          "null"
        ],
        "description": "The agent's answer; null when the chat is in `human` mode or the agent is inactive or was deleted. Given also when the answer could not reach the customer (the channel was deleted or is not `active`), which is then stored as `failed`."
      },
      "message_id": {
        "type": "string",
        "format": "uuid",
        "description": "The stored customer message."
      },
      "response_message_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid",
        "description": "The stored answer; null when there is none."
      }
    }
  },
  "Training": {
    "type": "object",
    "description": "One item of an agent's knowledge base.",
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
        "format": "uuid",
        "description": "The agent whose knowledge base it belongs to."
      },
      "type": {
        "type": "string",
        "enum": [
          "text",
          "url",
          "document"
        ],
        "description": "`text` holds its text in `content`; `url` (a web page) and `document` (a file) are at `url`."
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
        ],
        "description": "The text (type `text`)."
      },
      "url": {
        "type": [
          "string",
          "null"
        ],
        "format": "uri",
        "description": "The page or document (types `url` and `document`)."
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
    "description": "`text` needs `content`; `url` and `document` need `url`.",
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
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "content": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100000,
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
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
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "url": {
        "type": "string",
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "x-pattern-message": "must be an http or https URL",
        "description": "The page or document to learn from, an http or https URL."
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
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "url": {
        "type": "string",
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "x-pattern-message": "must be an http or https URL",
        "description": "The page or document to learn from, an http or https URL."
      }
    }
  },
  "TrainingUpdate": {
    "type": "object",
    "additionalProperties": false,
    "description": "A partial update; the type cannot change. `content` applies to `text` trainings, `url` to the others.",
    "properties": {
      "title": {
        "type": [
          "string",
          "null"
        ],
        "minLength": 1,
        "maxLength": 200,
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "content": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100000,
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "url": {
        "type": "string",
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "x-pattern-message": "must be an http or https URL",
        "description": "The page or document to learn from, an http or https URL."
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
    ],
    "description": "`whatsapp` and `instagram` are the two instant-messaging channels."
  },
  "ChannelStatus": {
    "type": "string",
    "enum": [
      "pending",
      "active",
      "disconnected",
      "error"
    ],
    "description": "A new messaging channel is `pending` until paired by its QR code, then `active`; email and widget channels are `active` at once. Only an `active` channel carries messages to the customer (a human agent's, and the AI's answers); through any other, they are stored as `failed`."
  },
  "Channel": {
    "type": "object",
    "description": "A communication channel bound to an agent.",
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
        "format": "uuid",
        "description": "Agent bound to the channel."
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
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "agent_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid",
        "description": "Agent bound to the channel."
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
    "description": "A partial update; the type cannot change. `agent_id` null unbinds the agent.",
    "properties": {
      "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "agent_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid",
        "description": "The agent the channel serves; null unbinds it. An agent the workspace does not have is 404."
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
        "maxLength": 64,
        "description": "IANA time zone, e.g. `Europe/Madrid` or `UTC`, matched regardless of case; a zone the time-zone database names canonically is stored in that case (`europe/madrid` reads back as `Europe/Madrid`), an alias (`US/Pacific`, or `Europe/Kyiv` where the database still calls it `Europe/Kiev`) as sent. An unknown one is 400 (rule `format`)."
      },
      "schedule": {
        "type": "array",
        "maxItems": 14,
        "description": "Intervals of the same or of adjacent days must not overlap (hours past midnight run into the next day, Sunday's into Monday's); one that ends as another starts does not. An overlap is 400 (rule `overlap`, field the later interval, `business_hours.schedule[1]`).",
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
              ],
              "description": "The day the interval opens on."
            },
            "open": {
              "type": "string",
              "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$",
              "x-pattern-message": "must be a time of day as HH:MM, 24 h (e.g. 09:00)",
              "description": "HH:MM, 24 h."
            },
            "close": {
              "type": "string",
              "pattern": "^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$",
              "x-pattern-message": "must be a time of day as HH:MM, 24 h (e.g. 18:00), or 24:00 for the end of the day",
              "description": "HH:MM, 24 h; earlier than `open`, the hours run past midnight; `24:00` is the end of the day (`00:00` to `24:00` is the whole day). Equal to `open` is 400 (rule `invalid`)."
            }
          }
        }
      }
    }
  },
  "ChannelSettings": {
    "type": "object",
    "description": "A channel's conversation settings. The channel shows `welcome_message` and `away_message` to the customer (the widget displays them); the API stores them and adds neither to a conversation as a message, nor fires an event for them, so a conversation's messages do not depend on the time of day.",
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
        "format": "uuid",
        "description": "The channel these settings belong to."
      },
      "welcome_message": {
        "type": [
          "string",
          "null"
        ],
        "description": "Shown when a customer opens the channel."
      },
      "away_message": {
        "type": [
          "string",
          "null"
        ],
        "description": "Shown outside `business_hours` (never when they are null)."
      },
      "language": {
        "type": "string",
        "description": "BCP 47 tag, e.g. `en` or `pt-BR`, in the case BCP 47 recommends (language lower case, script title case, region upper case)."
      },
      "business_hours": {
        "oneOf": [
          {
            "$ref": "#/components/schemas/BusinessHours"
          },
          {
            "type": "null"
          }
        ],
        "description": "When the channel is attended; null: at all hours, so `away_message` is never shown."
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
    "description": "A partial update of the settings.",
    "properties": {
      "welcome_message": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 1000,
        "description": "Shown when a customer opens the channel; null removes it."
      },
      "away_message": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 1000,
        "description": "Shown outside `business_hours`; null removes it."
      },
      "language": {
        "type": "string",
        "pattern": "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$",
        "x-pattern-message": "must be a BCP 47 language tag such as en or pt-BR",
        "maxLength": 35,
        "description": "A BCP 47 tag, matched regardless of case (BCP 47 tags are case-insensitive) and stored in the case it recommends, the language in lower case, a script in title case and a region in upper case (`EN-us` reads back as `en-US`, `zh-hant-tw` as `zh-Hant-TW`)."
      },
      "business_hours": {
        "oneOf": [
          {
            "$ref": "#/components/schemas/BusinessHours"
          },
          {
            "type": "null"
          }
        ],
        "description": "When the channel is attended; null: at all hours."
      }
    }
  },
  "ChannelQrCode": {
    "type": "object",
    "description": "The code that pairs a messaging channel's phone account.",
    "required": [
      "qr_code",
      "expires_at"
    ],
    "properties": {
      "qr_code": {
        "type": "string",
        "description": "The QR code payload to render or scan."
      },
      "expires_at": {
        "type": "string",
        "format": "date-time",
        "description": "When the code stops pairing, 5 minutes after the call; each call makes a new code."
      }
    }
  },
  "ChannelWidget": {
    "type": "object",
    "description": "How to embed a widget channel in a website.",
    "required": [
      "embed_script",
      "widget_key"
    ],
    "properties": {
      "embed_script": {
        "type": "string",
        "description": "The HTML snippet to paste into the page."
      },
      "widget_key": {
        "type": "string",
        "description": "The key that names the channel to the widget script (its `data-widget-key`); the same on every call."
      }
    }
  },
  "CustomFieldValue": {
    "description": "A value of a custom field, of the type its definition says (`text`, `date` and `select` are strings, `multi_select` an array of distinct strings, 400 rule `uniqueItems` when one repeats); null clears it.",
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
    "description": "Values keyed by custom-field name, checked against the definitions; null clears one.",
    "maxProperties": 100,
    "additionalProperties": {
      "$ref": "#/components/schemas/CustomFieldValue"
    }
  },
  "ContactCustomFields": {
    "type": "object",
    "description": "A contact's values keyed by custom-field name, each of the type its definition says. A cleared value is absent, never null. A request carries at most 100, but updates merge, so a contact may hold more.",
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
    "description": "A customer record.",
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
        ],
        "description": "E.164, e.g. `+34600111222`."
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
    "description": "At least one of `name`, `email`, `phone`.",
    "allOf": [
      {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
            "x-pattern-rule": "blank",
            "x-pattern-message": "must not be blank"
          },
          "email": {
            "type": "string",
            "format": "email",
            "maxLength": 320,
            "description": "An address alone (`ann@example.com`): a display name (`\"Ann\" <ann@example.com>`), a comment, a quoted local part or white space is 400 (rule `format`)."
          },
          "phone": {
            "type": "string",
            "pattern": "^\\+[1-9][0-9]{6,14}$",
            "x-pattern-message": "must be an E.164 number, + and 7 to 15 digits (e.g. +34600111222)",
            "description": "E.164."
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
    "description": "A partial update; null clears a field, but a contact keeps at least one of `name`, `email`, `phone`. `custom_fields` are merged by name (null removes one). A custom-field value sent back as the contact holds it is accepted as is, so that a contact read and written back stays writable after its field is archived or loses an option; an archived field's value may be removed, not changed.",
    "properties": {
      "name": {
        "type": [
          "string",
          "null"
        ],
        "minLength": 1,
        "maxLength": 200,
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "email": {
        "type": [
          "string",
          "null"
        ],
        "format": "email",
        "maxLength": 320,
        "description": "An address alone (`ann@example.com`): a display name (`\"Ann\" <ann@example.com>`), a comment, a quoted local part or white space is 400 (rule `format`). Null clears it."
      },
      "phone": {
        "type": [
          "string",
          "null"
        ],
        "pattern": "^\\+[1-9][0-9]{6,14}$",
        "x-pattern-message": "must be an E.164 number, + and 7 to 15 digits (e.g. +34600111222)",
        "description": "E.164; null clears it."
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
    "description": "A custom field definition for contacts.",
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
        "type": "string",
        "description": "Unique in the workspace regardless of letter case and Unicode form (`Tier` and `tier`, or `Café` composed and decomposed, are one name, 409); the key in a contact's `custom_fields`, exactly as stored. A field may rename itself to another case or form of its name."
      },
      "type": {
        "$ref": "#/components/schemas/CustomFieldType",
        "description": "The kind of value contacts hold in it; it cannot change."
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
        },
        "description": "Choices for the field (select types; empty otherwise)."
      },
      "required": {
        "type": "boolean",
        "description": "Every contact must have a value: a contact created without one, or an update clearing it, is 400 (rule `required`)."
      },
      "archived": {
        "type": "boolean",
        "description": "Fields are archived, not deleted."
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
        "type": "string",
        "minLength": 1,
        "maxLength": 64,
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "type": {
        "$ref": "#/components/schemas/CustomFieldType",
        "description": "The kind of value contacts hold in it: `select` takes one of `options`, `multi_select` a list of them."
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
        },
        "description": "Required for `select` and `multi_select`; not allowed for the other types. Distinct regardless of letter case and Unicode form (`Gold` and `gold` is 400 rule `uniqueItems`); a value must match one exactly."
      },
      "required": {
        "type": "boolean",
        "default": false,
        "description": "Every contact must have a value: a contact created without one, or an update clearing it, is 400 (rule `required`)."
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
  "CustomFieldUpdate": {
    "type": "object",
    "additionalProperties": false,
    "description": "A partial update; the type cannot change. `options` replace the list whole, distinct as on creation.",
    "properties": {
      "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 64,
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
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
        },
        "description": "The whole new list of a `select` or `multi_select` field, distinct regardless of letter case and Unicode form; not allowed for the other types."
      },
      "required": {
        "type": "boolean",
        "description": "Every contact must have a value: a contact created without one, or an update clearing it, is 400 (rule `required`)."
      }
    }
  },
  "Conversation": {
    "type": "object",
    "description": "A conversation between a contact and an agent.",
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
        "format": "uuid",
        "description": "Also the id of its chat."
      },
      "agent_id": {
        "type": "string",
        "format": "uuid",
        "description": "The agent answering it. Once that agent is deleted it still names it (the agent answers 404, and customer messages get no answer) until a transfer names another."
      },
      "contact_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid",
        "description": "The contact; null when none was given or the contact was deleted."
      },
      "channel_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid",
        "description": "The channel it came through; null when it has none (started through the API while its agent had no active channel) or the channel was deleted."
      },
      "status": {
        "type": "string",
        "enum": [
          "open",
          "closed"
        ],
        "description": "`open` while its chat is `open` or `human`."
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
    "description": "A message in the conversation view (returned by message edit).",
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
        "format": "uuid",
        "description": "The conversation it belongs to."
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
        ],
        "description": "Who wrote it: the customer, the AI agent, or a human agent."
      },
      "message_type": {
        "$ref": "#/components/schemas/MessageType",
        "description": "`text`, or the kind of media at `media_url` (`type` in the chat view)."
      },
      "media_url": {
        "type": [
          "string",
          "null"
        ],
        "format": "uri",
        "description": "Where the media is; null for a text message."
      },
      "media_type": {
        "type": [
          "string",
          "null"
        ],
        "description": "The media's MIME type."
      },
      "is_edited": {
        "type": "boolean",
        "description": "True once its content was replaced (PUT /v1/conversations/{id}/messages/{messageId})."
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
        "maxLength": 10000,
        "description": "The customer's message."
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
        "maxLength": 10000,
        "description": "A human agent's message takes at most 4096 characters, as a chat message does (400, rule `maxLength`)."
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
        "format": "uuid",
        "description": "The agent that takes over."
      }
    }
  },
  "Chat": {
    "type": "object",
    "description": "The live side of a conversation; same id as the conversation.",
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
        "format": "uuid",
        "description": "The conversation id."
      },
      "status": {
        "type": "string",
        "enum": [
          "open",
          "human",
          "closed"
        ],
        "description": "`open`: the AI answers; `human`: a person has taken over; `closed`."
      },
      "assigned_to": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid",
        "description": "The human agent handling the chat: start-human's `assigned_to`. Null outside `human`, and in `human` when start-human named nobody (the chat waits for a person to pick it up)."
      },
      "human_started_at": {
        "type": [
          "string",
          "null"
        ],
        "format": "date-time",
        "description": "Start of handoff (set while `human`)."
      },
      "channel_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid",
        "description": "Channel through which messages go out; null when the conversation has none or the channel was deleted (then messages to the customer, a human agent's and the AI's, are `failed`)."
      },
      "contact_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid",
        "description": "Contact being attended; null when none was given or the contact was deleted."
      },
      "agent_id": {
        "type": "string",
        "format": "uuid",
        "description": "The AI agent of the conversation. Once that agent is deleted it still names it (the agent answers 404) until a transfer names another."
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
    "description": "A message in the chat view.",
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
        "format": "uuid",
        "description": "The chat's conversation (a chat has its conversation's id)."
      },
      "content": {
        "type": "string",
        "description": "Text (the caption for media)."
      },
      "type": {
        "$ref": "#/components/schemas/MessageType",
        "description": "`text`, or the kind of media at `media_url`."
      },
      "sender_type": {
        "type": "string",
        "enum": [
          "agent",
          "human",
          "contact"
        ],
        "description": "`agent` is the AI."
      },
      "sender_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid",
        "description": "Who sent it: the AI agent's id, the contact's, or the human agent's (the chat's `assigned_to`, null when the chat has none)."
      },
      "status": {
        "type": "string",
        "enum": [
          "sent",
          "delivered",
          "read",
          "failed"
        ],
        "description": "`failed`: it could not reach the customer (a human agent's message or the AI's answer in a chat whose channel was deleted or is not `active`)."
      },
      "media_url": {
        "type": [
          "string",
          "null"
        ],
        "format": "uri",
        "description": "Where the media is; null for a text message."
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
        "format": "uuid",
        "description": "The human agent taking over. Without it the chat is in `human` mode with `assigned_to` null, unassigned."
      }
    }
  },
  "ChatMessageCreate": {
    "type": "object",
    "additionalProperties": false,
    "description": "`text` messages need `content`; the other types need `media_url` (`content` is then an optional caption).",
    "properties": {
      "content": {
        "type": "string",
        "minLength": 1,
        "maxLength": 4096
      },
      "type": {
        "$ref": "#/components/schemas/MessageType",
        "default": "text",
        "description": "`text` (the default) needs `content`; a media type needs `media_url`."
      },
      "media_url": {
        "type": "string",
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "x-pattern-message": "must be an http or https URL",
        "description": "Where the media is, an http or https URL."
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
  "McpServer": {
    "type": "object",
    "description": "An external Model Context Protocol server.",
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
        "format": "uri",
        "description": "Where the service reaches the server, an http or https URL without credentials."
      },
      "status": {
        "type": "string",
        "enum": [
          "connected",
          "disconnected",
          "error"
        ],
        "description": "`connected` while at least one agent uses it."
      },
      "tools_count": {
        "type": "integer",
        "minimum": 0,
        "description": "How many tools it offers, enabled or not."
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
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
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
    "description": "A partial update.",
    "properties": {
      "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
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
    "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
    "x-pattern-message": "must be an http or https URL",
    "not": {
      "type": "string",
      "pattern": "^[^:/?#]*://[^/?#]*@",
      "x-rule": "credentials",
      "x-message": "must not contain credentials (user:password@host): send them in `headers`, which are never returned"
    },
    "description": "The server's http or https URL, returned on every read: it may not carry credentials (`https://user:password@host` is 400, rule `credentials`); send them in `headers`, which are never returned."
  },
  "McpServerHeaders": {
    "type": "object",
    "description": "Headers sent to the server (for its authentication); never returned. Names are HTTP field names (RFC 9110 tokens), each at most once in any case (`X-A` and `x-a` are one header, 400 rule `unique`); values are text HTTP can carry (tab, printable ASCII and the Latin-1 bytes 0x80-0xFF; no CR, LF, NUL or other ASCII control characters).",
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
    "description": "A tool an MCP server offers.",
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
        "additionalProperties": true,
        "description": "The tool's input as JSON Schema."
      },
      "enabled": {
        "type": "boolean",
        "description": "Whether agents may call it."
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
        "type": "boolean",
        "description": "Whether the agents connected to the server may use the tool."
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
        "format": "uuid",
        "description": "The MCP server."
      }
    }
  },
  "WebhookSubscription": {
    "type": "string",
    "description": "An event name, a category (`conversations`, `messages`, `contacts`, `agent`, `appointments`, `channels`, `billing`), or `*` for all. Only the names of the service's variant are accepted; another is 400 rule `enum`, whose message lists the variant's values.",
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
    "description": "An outbound HTTP notification endpoint.",
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
        "format": "uri",
        "description": "Where deliveries are POSTed."
      },
      "events": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/WebhookSubscription"
        },
        "description": "What the webhook hears: event names, categories (`messages` for every `message.*` event) or `*` for all; see WebhookSubscription."
      },
      "description": {
        "type": [
          "string",
          "null"
        ]
      },
      "active": {
        "type": "boolean",
        "description": "Variant A sets it false after 5 consecutive failed attempts; PUT `active: true` re-enables."
      },
      "health": {
        "type": "string",
        "enum": [
          "healthy",
          "failing"
        ],
        "description": "Variant B marks a webhook `failing` after 5 consecutive failures (it stays active, an alert e-mail is sent, and each new event's first attempt waits 15 minutes); a successful delivery clears it."
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
    "description": "A webhook with its signing secret, returned only by creation and rotate-secret.",
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
            "pattern": "^whsec_[0-9a-f]{64}$",
            "description": "The signing secret (`whsec_` + 32 random bytes in hex); HMAC keys are its UTF-8 bytes. Shown only this once."
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
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "x-pattern-message": "must be an http or https URL",
        "description": "http or https (https only when the service requires it)."
      },
      "events": {
        "type": "array",
        "minItems": 1,
        "maxItems": 100,
        "uniqueItems": true,
        "items": {
          "$ref": "#/components/schemas/WebhookSubscription"
        },
        "description": "What the webhook hears: event names, categories (`messages` for every `message.*` event) or `*` for all; see WebhookSubscription."
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
        "default": 0,
        "description": "How long deliveries go on being signed with the previous secret (at most 7 days); 0 switches at once."
      }
    }
  },
  "WebhookUpdate": {
    "type": "object",
    "additionalProperties": false,
    "description": "A partial update; `active` true re-enables a webhook that was deactivated.",
    "properties": {
      "url": {
        "type": "string",
        "format": "uri",
        "maxLength": 2048,
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "x-pattern-message": "must be an http or https URL",
        "description": "Where deliveries are POSTed from now on, an http or https URL."
      },
      "events": {
        "type": "array",
        "minItems": 1,
        "maxItems": 100,
        "uniqueItems": true,
        "items": {
          "$ref": "#/components/schemas/WebhookSubscription"
        },
        "description": "What the webhook hears: event names, categories (`messages` for every `message.*` event) or `*` for all; see WebhookSubscription. The list is replaced whole."
      },
      "description": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 500
      },
      "active": {
        "type": "boolean",
        "description": "`true` re-enables a deactivated webhook and clears its failures; `false` deactivates it, and its pending deliveries end `failed`."
      }
    }
  },
  "WebhookDeliveryAttempt": {
    "type": "object",
    "description": "One HTTP attempt to deliver an event.",
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
        "maximum": 5,
        "description": "1 for the first attempt, up to 5 (the fourth retry)."
      },
      "attempted_at": {
        "type": "string",
        "format": "date-time",
        "description": "When the attempt was sent."
      },
      "http_status": {
        "type": [
          "integer",
          "null"
        ],
        "description": "The receiver's status; null on a network error or timeout."
      },
      "response_time_ms": {
        "type": [
          "integer",
          "null"
        ],
        "minimum": 0,
        "description": "How long the attempt took until the answer or the failure (10000 on a timeout); null when it was never sent."
      },
      "error": {
        "type": [
          "string",
          "null"
        ],
        "description": "Why it failed: `timeout`, a network error, or `HTTP 500`."
      },
      "succeeded": {
        "type": "boolean",
        "description": "The receiver answered 2xx within 10 s."
      }
    }
  },
  "WebhookDelivery": {
    "type": "object",
    "description": "One event's delivery to one webhook, with every attempt.",
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
        "format": "uuid",
        "description": "The webhook it goes to."
      },
      "event": {
        "type": "string",
        "description": "The event delivered, one of the service's variant (`x-variants` on each `webhooks` entry says which), or `webhook.test` for a test delivery.",
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
        "format": "uuid",
        "description": "The event delivered; in Variant B the body's `event_id`, the same for every webhook the event goes to."
      },
      "status": {
        "type": "string",
        "enum": [
          "pending",
          "succeeded",
          "failed"
        ],
        "description": "`pending` while attempts are to come, `succeeded` once one did, `failed` when the last one failed or the webhook was deactivated or deleted first."
      },
      "attempts": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/WebhookDeliveryAttempt"
        },
        "description": "Every attempt so far, in the order they were made."
      },
      "next_attempt_at": {
        "type": [
          "string",
          "null"
        ],
        "format": "date-time",
        "description": "While `pending`, when its next attempt is due (a retry's time; for one waiting behind the webhook's attempt in flight, which goes first, the time it fell due); null while its attempt is in flight, and once it has ended."
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
        ],
        "description": "Why a delivery failed without using all its attempts: `queue_full` (the webhook already had 1000 pending deliveries), `webhook_deactivated` (Variant A turned the webhook off after 5 consecutive failures, or it was set inactive), `webhook_deleted`."
      },
      "created_at": {
        "type": "string",
        "format": "date-time"
      }
    }
  },
  "WebhookTestResult": {
    "type": "object",
    "description": "The one attempt of a test delivery.",
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
        "format": "uuid",
        "description": "The test event's id."
      },
      "attempted_at": {
        "type": "string",
        "format": "date-time",
        "description": "When the attempt was sent."
      },
      "http_status": {
        "type": [
          "integer",
          "null"
        ],
        "description": "The receiver's status; null on a network error or timeout."
      },
      "response_time_ms": {
        "type": [
          "integer",
          "null"
        ],
        "minimum": 0,
        "description": "How long the attempt took until the answer or the failure (10000 on a timeout); null when it was never sent."
      },
      "error": {
        "type": [
          "string",
          "null"
        ],
        "description": "Why it failed: `timeout`, a network error, or `HTTP 500`; null when it succeeded."
      },
      "succeeded": {
        "type": "boolean",
        "description": "The receiver answered 2xx within 10 s."
      }
    }
  },
  "Appointment": {
    "type": "object",
    "description": "An appointment with a contact.",
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
        "format": "uuid",
        "description": "Null once the contact was deleted."
      },
      "agent_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid",
        "description": "The agent it is with; null when none was given. Once that agent is deleted it still names it (the agent answers 404)."
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
        "format": "date-time",
        "description": "When it starts."
      },
      "ends_at": {
        "type": [
          "string",
          "null"
        ],
        "format": "date-time",
        "description": "When it ends, after `starts_at`; null when not given."
      },
      "status": {
        "type": "string",
        "enum": [
          "scheduled",
          "cancelled",
          "completed"
        ],
        "description": "`scheduled` until cancelled or completed; only a scheduled appointment changes."
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
        "format": "uuid",
        "description": "The contact it is with; one the workspace does not have is 404."
      },
      "starts_at": {
        "type": "string",
        "format": "date-time",
        "description": "With Z or an offset, stored and returned in UTC, so an instant from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (400 rule `format` outside it, and for a leap second, `23:59:60`, which RFC 3339 allows but the API's time, as Unix time, does not hold). A time in the past is accepted (an appointment recorded after the fact; it gets no reminder), and appointments may overlap; the service checks neither."
      },
      "ends_at": {
        "type": [
          "string",
          "null"
        ],
        "format": "date-time",
        "description": "After `starts_at`."
      },
      "title": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "agent_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid",
        "description": "The agent it is with, if any; one the workspace does not have is 404."
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
    "description": "A partial update; a new `starts_at` reschedules. Only scheduled appointments change.",
    "properties": {
      "starts_at": {
        "type": "string",
        "format": "date-time",
        "description": "A new start reschedules it (`appointment.rescheduled` in Variant B); it must stay before `ends_at` (400 rule `after`)."
      },
      "ends_at": {
        "type": [
          "string",
          "null"
        ],
        "format": "date-time",
        "description": "After `starts_at`, the one sent or the one stored (400 rule `after`); null removes it."
      },
      "title": {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "pattern": "[^\\s\\u00AD\\u180E\\u200B-\\u200D\\u2060-\\u2064]",
        "x-pattern-rule": "blank",
        "x-pattern-message": "must not be blank"
      },
      "agent_id": {
        "type": [
          "string",
          "null"
        ],
        "format": "uuid",
        "description": "The agent it has may be sent back as read even after that agent was deleted; another agent must exist (404)."
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
    "description": "The body of every delivery. Variant A: `{event, timestamp, webhook_id, data}`; Variant B adds `event_id`. Every attempt of a delivery sends the same bytes. Variant A has no event id: deduplicate on a hash (SHA-256) of the raw body, never of the signed `<X-Webhook-Timestamp>.<raw body>`, which changes with each attempt.",
    "required": [
      "event",
      "timestamp",
      "webhook_id",
      "data"
    ],
    "properties": {
      "event_id": {
        "type": "string",
        "format": "uuid",
        "description": "Variant B only (always present there). Unique per event and the same for every webhook the event goes to; retries redeliver the same id."
      },
      "event": {
        "type": "string",
        "description": "The event's name; each event's schema gives its own."
      },
      "timestamp": {
        "type": "string",
        "format": "date-time",
        "description": "When the event happened, the same on every retry. Not the signing time (Variant A's is X-Webhook-Timestamp; Variant B has none)."
      },
      "webhook_id": {
        "type": "string",
        "format": "uuid",
        "description": "The webhook this delivery goes to."
      },
      "data": {
        "type": "object",
        "additionalProperties": true,
        "description": "The affected resource in its API shape; each event's schema says which."
      }
    }
  },
  "CreditBalance": {
    "type": "object",
    "description": "Data of `credit.low` and `credit.depleted`.",
    "required": [
      "credits_remaining"
    ],
    "properties": {
      "credits_remaining": {
        "type": "integer",
        "minimum": 0,
        "description": "Credits the workspace has left."
      },
      "threshold": {
        "type": [
          "integer",
          "null"
        ],
        "minimum": 0,
        "description": "The low-credit threshold that was crossed."
      }
    }
  },
  "PlanChange": {
    "type": "object",
    "description": "Data of `plan.changed`.",
    "required": [
      "plan",
      "previous_plan"
    ],
    "properties": {
      "plan": {
        "type": "string",
        "description": "The plan now in force."
      },
      "previous_plan": {
        "type": [
          "string",
          "null"
        ],
        "description": "The plan before; null when there was none."
      }
    }
  },
  "TrialStatus": {
    "type": "object",
    "description": "Data of `trial.expiring` and `trial.expired`.",
    "required": [
      "trial_ends_at"
    ],
    "properties": {
      "trial_ends_at": {
        "type": "string",
        "format": "date-time",
        "description": "When the trial ends (`trial.expiring`) or ended (`trial.expired`)."
      }
    }
  },
  "WebhookTestData": {
    "type": "object",
    "description": "Data of `webhook.test`.",
    "required": [
      "message"
    ],
    "properties": {
      "message": {
        "type": "string",
        "description": "A fixed text saying that this is a test event."
      }
    }
  },
  "MeResponse": {
    "type": "object",
    "description": "A single Me.",
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
    "description": "A page of Agent items.",
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
    "description": "A single Agent.",
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
    "description": "A single AgentReply.",
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
    "description": "A page of Training items.",
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
    "description": "A single Training.",
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
    "description": "A page of Channel items.",
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
    "description": "A single Channel.",
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
    "description": "A single ChannelSettings.",
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
    "description": "A single ChannelQrCode.",
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
    "description": "A single ChannelWidget.",
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
    "description": "A page of Contact items.",
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
    "description": "A single Contact.",
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
    "description": "A page of CustomField items.",
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
    "description": "A single CustomField.",
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
    "description": "A page of Conversation items.",
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
    "description": "A single Conversation.",
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
    "description": "A page of ConversationMessage items.",
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
    "description": "A single ConversationMessage.",
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
    "description": "A single Chat.",
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
    "description": "A page of Chat items.",
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
    "description": "A single ChatMessage.",
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
    "description": "A page of McpServer items.",
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
    "description": "A single McpServer.",
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
    "description": "A page of McpTool items.",
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
    "description": "A single McpTool.",
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
    "description": "A page of Webhook items.",
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
    "description": "A single WebhookWithSecret.",
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
    "description": "A single Webhook.",
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
    "description": "A single WebhookTestResult.",
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
    "description": "A page of WebhookDelivery items.",
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
    "description": "A page of Appointment items.",
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
    "description": "A single Appointment.",
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
    "description": "Body of `conversation.created`.",
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
    "description": "Body of `conversation.assigned`.",
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
    "description": "Body of `conversation.closed`.",
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
    "description": "Body of `conversation.reopened`.",
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
    "description": "Body of `conversation.transferred`.",
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
    "description": "Body of `message.received`.",
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
    "description": "Body of `message.sent`.",
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
    "description": "Body of `message.failed`.",
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
    "description": "Body of `message.delivered`.",
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
    "description": "Body of `message.read`.",
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
    "description": "Body of `contact.created`.",
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
    "description": "Body of `contact.updated`.",
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
    "description": "Body of `contact.deleted`.",
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
    "description": "Body of `agent.handoff_started`.",
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
    "description": "Body of `agent.handoff_completed`.",
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
    "description": "Body of `agent.transferred`.",
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
    "description": "Body of `appointment.created`.",
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
    "description": "Body of `appointment.cancelled`.",
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
    "description": "Body of `appointment.completed`.",
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
    "description": "Body of `appointment.scheduled`.",
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
    "description": "Body of `appointment.rescheduled`.",
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
    "description": "Body of `appointment.canceled`.",
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
    "description": "Body of `appointment.reminder_sent`.",
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
    "description": "Body of `channel.connected`.",
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
    "description": "Body of `channel.disconnected`.",
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
    "description": "Body of `channel.error`.",
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
    "description": "Body of `credit.low`.",
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
    "description": "Body of `credit.depleted`.",
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
    "description": "Body of `plan.changed`.",
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
    "description": "Body of `trial.expiring`.",
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
    "description": "Body of `trial.expired`.",
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
    "description": "Body of `webhook.test`.",
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

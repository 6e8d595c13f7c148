/**
 * Generated from spec/openapi.yaml by `pnpm generate` - do not edit.
 */

/** A JSON Schema node of the spec (references stay `{ $ref }`, resolved against `schemas`). */
export type SchemaNode = { readonly [key: string]: unknown };

/** A path or query parameter of an operation. */
export interface ParameterInfo {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly schema: SchemaNode;
}

/** One operation of the API, as the spec declares it. */
export interface OperationInfo {
  /** The spec's operationId, e.g. `agentsList`. */
  readonly operationId: OperationId;
  /** The HTTP method, in upper case (HEAD is served as GET). */
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path template, e.g. `/v1/agents/{id}`. */
  readonly path: string;
  /** The spec's first tag for it, its resource group: `Agents`, `Webhooks`, ... */
  readonly tag: string;
  /** Scopes that grant the operation per variant (any one suffices; empty: any key); null: no key needed. */
  readonly scopes: {
    /** Variant A's scopes that grant it. */
    readonly A: readonly string[];
    /** Variant B's scopes that grant it. */
    readonly B: readonly string[];
  } | null;
  /** The status of its success answer: 200, 201 (a create) or 204 (no body). */
  readonly successStatus: number;
  /** Its path and query parameters, in the spec's order. */
  readonly parameters: readonly ParameterInfo[];
  /** The JSON body: whether it is required and its schema; null when the operation takes none. */
  readonly body: {
    /** Whether a request without a body is refused (400). */
    readonly required: boolean;
    /** The body's JSON Schema, as the spec gives it. */
    readonly schema: SchemaNode;
  } | null;
}

/** The operationId of every operation. */
export type OperationId =
  | 'healthRetrieve'
  | 'meRetrieve'
  | 'agentsList'
  | 'agentsCreate'
  | 'agentsRetrieve'
  | 'agentsUpdate'
  | 'agentsDelete'
  | 'agentsActivate'
  | 'agentsDeactivate'
  | 'agentsStartConversation'
  | 'trainingsList'
  | 'trainingsCreate'
  | 'trainingsRetrieve'
  | 'trainingsUpdate'
  | 'trainingsDelete'
  | 'channelsList'
  | 'channelsCreate'
  | 'channelsRetrieve'
  | 'channelsUpdate'
  | 'channelsDelete'
  | 'channelsRetrieveSettings'
  | 'channelsUpdateSettings'
  | 'channelsRetrieveQrCode'
  | 'channelsRetrieveWidget'
  | 'contactsList'
  | 'contactsCreate'
  | 'contactsRetrieve'
  | 'contactsUpdate'
  | 'contactsDelete'
  | 'customFieldsList'
  | 'customFieldsCreate'
  | 'customFieldsRetrieve'
  | 'customFieldsUpdate'
  | 'customFieldsArchive'
  | 'customFieldsUnarchive'
  | 'conversationsList'
  | 'conversationsRetrieve'
  | 'conversationsListMessages'
  | 'conversationsSendMessage'
  | 'conversationsEditMessage'
  | 'conversationsClose'
  | 'conversationsReopen'
  | 'conversationsTransfer'
  | 'chatsList'
  | 'chatsRetrieve'
  | 'chatsStartHuman'
  | 'chatsSendMessage'
  | 'chatsStopHuman'
  | 'chatsDeleteMessage'
  | 'messagesRetrieve'
  | 'messagesDelete'
  | 'mcpServersList'
  | 'mcpServersCreate'
  | 'mcpServersRetrieve'
  | 'mcpServersUpdate'
  | 'mcpServersDelete'
  | 'mcpServersListTools'
  | 'mcpServersUpdateTool'
  | 'mcpServersConnect'
  | 'mcpServersDisconnect'
  | 'mcpServersListForAgent'
  | 'webhooksList'
  | 'webhooksCreate'
  | 'webhooksRetrieve'
  | 'webhooksUpdate'
  | 'webhooksDelete'
  | 'webhooksTest'
  | 'webhooksListDeliveries'
  | 'webhooksRotateSecret'
  | 'appointmentsList'
  | 'appointmentsCreate'
  | 'appointmentsRetrieve'
  | 'appointmentsUpdate'
  | 'appointmentsCancel'
  | 'appointmentsComplete';

/** Every operation of the spec, in spec order. */
export const operations: readonly OperationInfo[] = [
  {
    "operationId": "healthRetrieve",
    "method": "GET",
    "path": "/v1/health",
    "tag": "System",
    "scopes": null,
    "successStatus": 200,
    "parameters": [],
    "body": null
  },
  {
    "operationId": "meRetrieve",
    "method": "GET",
    "path": "/v1/me",
    "tag": "System",
    "scopes": {
      "A": [],
      "B": []
    },
    "successStatus": 200,
    "parameters": [],
    "body": null
  },
  {
    "operationId": "agentsList",
    "method": "GET",
    "path": "/v1/agents",
    "tag": "Agents",
    "scopes": {
      "A": [
        "agents:read"
      ],
      "B": [
        "agents:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      },
      {
        "name": "status",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/AgentStatus"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "agentsCreate",
    "method": "POST",
    "path": "/v1/agents",
    "tag": "Agents",
    "scopes": {
      "A": [
        "agents:write"
      ],
      "B": [
        "agents:write"
      ]
    },
    "successStatus": 201,
    "parameters": [],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/AgentCreate"
      }
    }
  },
  {
    "operationId": "agentsRetrieve",
    "method": "GET",
    "path": "/v1/agents/{id}",
    "tag": "Agents",
    "scopes": {
      "A": [
        "agents:read"
      ],
      "B": [
        "agents:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "agentsUpdate",
    "method": "PUT",
    "path": "/v1/agents/{id}",
    "tag": "Agents",
    "scopes": {
      "A": [
        "agents:write"
      ],
      "B": [
        "agents:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/AgentUpdate"
      }
    }
  },
  {
    "operationId": "agentsDelete",
    "method": "DELETE",
    "path": "/v1/agents/{id}",
    "tag": "Agents",
    "scopes": {
      "A": [
        "agents:delete"
      ],
      "B": [
        "agents:write"
      ]
    },
    "successStatus": 204,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "agentsActivate",
    "method": "POST",
    "path": "/v1/agents/{id}/activate",
    "tag": "Agents",
    "scopes": {
      "A": [
        "agents:write"
      ],
      "B": [
        "agents:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "agentsDeactivate",
    "method": "POST",
    "path": "/v1/agents/{id}/deactivate",
    "tag": "Agents",
    "scopes": {
      "A": [
        "agents:write"
      ],
      "B": [
        "agents:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "agentsStartConversation",
    "method": "POST",
    "path": "/v1/agents/{id}/conversation",
    "tag": "Agents",
    "scopes": {
      "A": [
        "messages:write"
      ],
      "B": [
        "messages:send",
        "conversations:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/StartConversation"
      }
    }
  },
  {
    "operationId": "trainingsList",
    "method": "GET",
    "path": "/v1/agents/{id}/trainings",
    "tag": "Trainings",
    "scopes": {
      "A": [
        "trainings:read"
      ],
      "B": [
        "training:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      },
      {
        "name": "type",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/TrainingType"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "trainingsCreate",
    "method": "POST",
    "path": "/v1/agents/{id}/trainings",
    "tag": "Trainings",
    "scopes": {
      "A": [
        "trainings:write"
      ],
      "B": [
        "training:write"
      ]
    },
    "successStatus": 201,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/TrainingCreate"
      }
    }
  },
  {
    "operationId": "trainingsRetrieve",
    "method": "GET",
    "path": "/v1/trainings/{id}",
    "tag": "Trainings",
    "scopes": {
      "A": [
        "trainings:read"
      ],
      "B": [
        "training:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "trainingsUpdate",
    "method": "PUT",
    "path": "/v1/trainings/{id}",
    "tag": "Trainings",
    "scopes": {
      "A": [
        "trainings:write"
      ],
      "B": [
        "training:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/TrainingUpdate"
      }
    }
  },
  {
    "operationId": "trainingsDelete",
    "method": "DELETE",
    "path": "/v1/trainings/{id}",
    "tag": "Trainings",
    "scopes": {
      "A": [
        "trainings:write"
      ],
      "B": [
        "training:write"
      ]
    },
    "successStatus": 204,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "channelsList",
    "method": "GET",
    "path": "/v1/channels",
    "tag": "Channels",
    "scopes": {
      "A": [
        "channels:read"
      ],
      "B": [
        "channels:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      },
      {
        "name": "agent_id",
        "in": "query",
        "required": false,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "type",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/ChannelType"
        }
      },
      {
        "name": "status",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/ChannelStatus"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "channelsCreate",
    "method": "POST",
    "path": "/v1/channels",
    "tag": "Channels",
    "scopes": {
      "A": [
        "channels:write"
      ],
      "B": [
        "channels:write"
      ]
    },
    "successStatus": 201,
    "parameters": [],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/ChannelCreate"
      }
    }
  },
  {
    "operationId": "channelsRetrieve",
    "method": "GET",
    "path": "/v1/channels/{id}",
    "tag": "Channels",
    "scopes": {
      "A": [
        "channels:read"
      ],
      "B": [
        "channels:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "channelsUpdate",
    "method": "PUT",
    "path": "/v1/channels/{id}",
    "tag": "Channels",
    "scopes": {
      "A": [
        "channels:write"
      ],
      "B": [
        "channels:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/ChannelUpdate"
      }
    }
  },
  {
    "operationId": "channelsDelete",
    "method": "DELETE",
    "path": "/v1/channels/{id}",
    "tag": "Channels",
    "scopes": {
      "A": [
        "channels:write"
      ],
      "B": [
        "channels:write"
      ]
    },
    "successStatus": 204,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "channelsRetrieveSettings",
    "method": "GET",
    "path": "/v1/channels/{id}/settings",
    "tag": "Channels",
    "scopes": {
      "A": [
        "channels:read"
      ],
      "B": [
        "channels:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "channelsUpdateSettings",
    "method": "PUT",
    "path": "/v1/channels/{id}/settings",
    "tag": "Channels",
    "scopes": {
      "A": [
        "channels:write"
      ],
      "B": [
        "channels:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/ChannelSettingsUpdate"
      }
    }
  },
  {
    "operationId": "channelsRetrieveQrCode",
    "method": "GET",
    "path": "/v1/channels/{id}/qr-code",
    "tag": "Channels",
    "scopes": {
      "A": [
        "channels:read"
      ],
      "B": [
        "channels:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "channelsRetrieveWidget",
    "method": "GET",
    "path": "/v1/channels/{id}/widget",
    "tag": "Channels",
    "scopes": {
      "A": [
        "channels:read"
      ],
      "B": [
        "channels:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "contactsList",
    "method": "GET",
    "path": "/v1/contacts",
    "tag": "Contacts",
    "scopes": {
      "A": [
        "contacts:read"
      ],
      "B": [
        "contacts:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      },
      {
        "name": "q",
        "in": "query",
        "required": false,
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 200
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "contactsCreate",
    "method": "POST",
    "path": "/v1/contacts",
    "tag": "Contacts",
    "scopes": {
      "A": [
        "contacts:write"
      ],
      "B": [
        "contacts:write"
      ]
    },
    "successStatus": 201,
    "parameters": [],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/ContactCreate"
      }
    }
  },
  {
    "operationId": "contactsRetrieve",
    "method": "GET",
    "path": "/v1/contacts/{id}",
    "tag": "Contacts",
    "scopes": {
      "A": [
        "contacts:read"
      ],
      "B": [
        "contacts:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "contactsUpdate",
    "method": "PUT",
    "path": "/v1/contacts/{id}",
    "tag": "Contacts",
    "scopes": {
      "A": [
        "contacts:write"
      ],
      "B": [
        "contacts:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/ContactUpdate"
      }
    }
  },
  {
    "operationId": "contactsDelete",
    "method": "DELETE",
    "path": "/v1/contacts/{id}",
    "tag": "Contacts",
    "scopes": {
      "A": [
        "contacts:write"
      ],
      "B": [
        "contacts:write"
      ]
    },
    "successStatus": 204,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "customFieldsList",
    "method": "GET",
    "path": "/v1/custom-fields",
    "tag": "Custom Fields",
    "scopes": {
      "A": [
        "custom-fields:read"
      ],
      "B": [
        "custom-fields:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      },
      {
        "name": "include_archived",
        "in": "query",
        "required": false,
        "schema": {
          "type": "boolean",
          "default": false
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "customFieldsCreate",
    "method": "POST",
    "path": "/v1/custom-fields",
    "tag": "Custom Fields",
    "scopes": {
      "A": [
        "custom-fields:write"
      ],
      "B": [
        "custom-fields:manage"
      ]
    },
    "successStatus": 201,
    "parameters": [],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/CustomFieldCreate"
      }
    }
  },
  {
    "operationId": "customFieldsRetrieve",
    "method": "GET",
    "path": "/v1/custom-fields/{id}",
    "tag": "Custom Fields",
    "scopes": {
      "A": [
        "custom-fields:read"
      ],
      "B": [
        "custom-fields:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "customFieldsUpdate",
    "method": "PUT",
    "path": "/v1/custom-fields/{id}",
    "tag": "Custom Fields",
    "scopes": {
      "A": [
        "custom-fields:write"
      ],
      "B": [
        "custom-fields:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/CustomFieldUpdate"
      }
    }
  },
  {
    "operationId": "customFieldsArchive",
    "method": "POST",
    "path": "/v1/custom-fields/{id}/archive",
    "tag": "Custom Fields",
    "scopes": {
      "A": [
        "custom-fields:write"
      ],
      "B": [
        "custom-fields:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "customFieldsUnarchive",
    "method": "POST",
    "path": "/v1/custom-fields/{id}/unarchive",
    "tag": "Custom Fields",
    "scopes": {
      "A": [
        "custom-fields:write"
      ],
      "B": [
        "custom-fields:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "conversationsList",
    "method": "GET",
    "path": "/v1/conversations",
    "tag": "Conversations",
    "scopes": {
      "A": [
        "conversations:read"
      ],
      "B": [
        "conversations:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      },
      {
        "name": "agent_id",
        "in": "query",
        "required": false,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "contact_id",
        "in": "query",
        "required": false,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "channel_id",
        "in": "query",
        "required": false,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "status",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/ConversationStatus"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "conversationsRetrieve",
    "method": "GET",
    "path": "/v1/conversations/{id}",
    "tag": "Conversations",
    "scopes": {
      "A": [
        "conversations:read"
      ],
      "B": [
        "conversations:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "conversationsListMessages",
    "method": "GET",
    "path": "/v1/conversations/{id}/messages",
    "tag": "Conversations",
    "scopes": {
      "A": [
        "messages:read"
      ],
      "B": [
        "conversations:read",
        "chats:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "conversationsSendMessage",
    "method": "POST",
    "path": "/v1/conversations/{id}/messages",
    "tag": "Conversations",
    "scopes": {
      "A": [
        "messages:write"
      ],
      "B": [
        "messages:send"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/CustomerMessageCreate"
      }
    }
  },
  {
    "operationId": "conversationsEditMessage",
    "method": "PUT",
    "path": "/v1/conversations/{id}/messages/{messageId}",
    "tag": "Conversations",
    "scopes": {
      "A": [
        "chats:write"
      ],
      "B": [
        "chats:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "messageId",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/MessageEdit"
      }
    }
  },
  {
    "operationId": "conversationsClose",
    "method": "POST",
    "path": "/v1/conversations/{id}/close",
    "tag": "Conversations",
    "scopes": {
      "A": [
        "chats:write"
      ],
      "B": [
        "conversations:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "conversationsReopen",
    "method": "POST",
    "path": "/v1/conversations/{id}/reopen",
    "tag": "Conversations",
    "scopes": {
      "A": [
        "chats:write"
      ],
      "B": [
        "conversations:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "conversationsTransfer",
    "method": "POST",
    "path": "/v1/conversations/{id}/transfer",
    "tag": "Conversations",
    "scopes": {
      "A": [
        "chats:write"
      ],
      "B": [
        "conversations:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/ConversationTransfer"
      }
    }
  },
  {
    "operationId": "chatsList",
    "method": "GET",
    "path": "/v1/chats",
    "tag": "Chats",
    "scopes": {
      "A": [
        "conversations:read"
      ],
      "B": [
        "chats:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      },
      {
        "name": "status",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/ChatStatus"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "chatsRetrieve",
    "method": "GET",
    "path": "/v1/chats/{id}",
    "tag": "Chats",
    "scopes": {
      "A": [
        "conversations:read"
      ],
      "B": [
        "chats:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "chatsStartHuman",
    "method": "POST",
    "path": "/v1/chats/{id}/start-human",
    "tag": "Chats",
    "scopes": {
      "A": [
        "chats:write"
      ],
      "B": [
        "chats:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": false,
      "schema": {
        "$ref": "#/components/schemas/StartHuman"
      }
    }
  },
  {
    "operationId": "chatsSendMessage",
    "method": "POST",
    "path": "/v1/chats/{id}/messages",
    "tag": "Chats",
    "scopes": {
      "A": [
        "chats:write"
      ],
      "B": [
        "chats:manage"
      ]
    },
    "successStatus": 201,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/ChatMessageCreate"
      }
    }
  },
  {
    "operationId": "chatsStopHuman",
    "method": "POST",
    "path": "/v1/chats/{id}/stop-human",
    "tag": "Chats",
    "scopes": {
      "A": [
        "chats:write"
      ],
      "B": [
        "chats:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "chatsDeleteMessage",
    "method": "DELETE",
    "path": "/v1/chats/{id}/messages/{messageId}",
    "tag": "Chats",
    "scopes": {
      "A": [
        "messages:delete"
      ],
      "B": [
        "chats:manage"
      ]
    },
    "successStatus": 204,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "messageId",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "messagesRetrieve",
    "method": "GET",
    "path": "/v1/messages/{id}",
    "tag": "Messages",
    "scopes": {
      "A": [
        "messages:read"
      ],
      "B": [
        "conversations:read",
        "chats:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "messagesDelete",
    "method": "DELETE",
    "path": "/v1/messages/{id}",
    "tag": "Messages",
    "scopes": {
      "A": [
        "messages:delete"
      ],
      "B": [
        "chats:manage"
      ]
    },
    "successStatus": 204,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "mcpServersList",
    "method": "GET",
    "path": "/v1/mcp-servers",
    "tag": "MCP",
    "scopes": {
      "A": [
        "mcp:read"
      ],
      "B": [
        "mcp-servers:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      },
      {
        "name": "status",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/McpServerStatus"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "mcpServersCreate",
    "method": "POST",
    "path": "/v1/mcp-servers",
    "tag": "MCP",
    "scopes": {
      "A": [
        "mcp:write"
      ],
      "B": [
        "mcp-servers:manage"
      ]
    },
    "successStatus": 201,
    "parameters": [],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/McpServerCreate"
      }
    }
  },
  {
    "operationId": "mcpServersRetrieve",
    "method": "GET",
    "path": "/v1/mcp-servers/{id}",
    "tag": "MCP",
    "scopes": {
      "A": [
        "mcp:read"
      ],
      "B": [
        "mcp-servers:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "mcpServersUpdate",
    "method": "PUT",
    "path": "/v1/mcp-servers/{id}",
    "tag": "MCP",
    "scopes": {
      "A": [
        "mcp:write"
      ],
      "B": [
        "mcp-servers:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/McpServerUpdate"
      }
    }
  },
  {
    "operationId": "mcpServersDelete",
    "method": "DELETE",
    "path": "/v1/mcp-servers/{id}",
    "tag": "MCP",
    "scopes": {
      "A": [
        "mcp:write"
      ],
      "B": [
        "mcp-servers:manage"
      ]
    },
    "successStatus": 204,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "mcpServersListTools",
    "method": "GET",
    "path": "/v1/mcp-servers/{id}/tools",
    "tag": "MCP",
    "scopes": {
      "A": [
        "mcp:read"
      ],
      "B": [
        "mcp-servers:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "mcpServersUpdateTool",
    "method": "PUT",
    "path": "/v1/mcp-servers/{id}/tools/{toolName}",
    "tag": "MCP",
    "scopes": {
      "A": [
        "mcp:write"
      ],
      "B": [
        "mcp-servers:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "toolName",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "pattern": "^[A-Za-z0-9_.-]{1,128}$",
          "x-pattern-message": "must be 1 to 128 letters, digits, underscores, dots or hyphens"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/McpToolUpdate"
      }
    }
  },
  {
    "operationId": "mcpServersConnect",
    "method": "POST",
    "path": "/v1/agent/{id}/mcp/connect",
    "tag": "MCP",
    "scopes": {
      "A": [
        "mcp:write"
      ],
      "B": [
        "mcp-servers:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/McpLink"
      }
    }
  },
  {
    "operationId": "mcpServersDisconnect",
    "method": "POST",
    "path": "/v1/agent/{id}/mcp/disconnect",
    "tag": "MCP",
    "scopes": {
      "A": [
        "mcp:write"
      ],
      "B": [
        "mcp-servers:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/McpLink"
      }
    }
  },
  {
    "operationId": "mcpServersListForAgent",
    "method": "GET",
    "path": "/v1/agent/{id}/mcp",
    "tag": "MCP",
    "scopes": {
      "A": [
        "mcp:read"
      ],
      "B": [
        "mcp-servers:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "webhooksList",
    "method": "GET",
    "path": "/v1/webhooks",
    "tag": "Webhooks",
    "scopes": {
      "A": [
        "webhooks:read",
        "agents:read"
      ],
      "B": [
        "webhooks:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "webhooksCreate",
    "method": "POST",
    "path": "/v1/webhooks",
    "tag": "Webhooks",
    "scopes": {
      "A": [
        "webhooks:write"
      ],
      "B": [
        "webhooks:manage"
      ]
    },
    "successStatus": 201,
    "parameters": [],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/WebhookCreate"
      }
    }
  },
  {
    "operationId": "webhooksRetrieve",
    "method": "GET",
    "path": "/v1/webhooks/{id}",
    "tag": "Webhooks",
    "scopes": {
      "A": [
        "webhooks:read",
        "agents:read"
      ],
      "B": [
        "webhooks:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "webhooksUpdate",
    "method": "PUT",
    "path": "/v1/webhooks/{id}",
    "tag": "Webhooks",
    "scopes": {
      "A": [
        "webhooks:write"
      ],
      "B": [
        "webhooks:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/WebhookUpdate"
      }
    }
  },
  {
    "operationId": "webhooksDelete",
    "method": "DELETE",
    "path": "/v1/webhooks/{id}",
    "tag": "Webhooks",
    "scopes": {
      "A": [
        "webhooks:delete"
      ],
      "B": [
        "webhooks:manage"
      ]
    },
    "successStatus": 204,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "webhooksTest",
    "method": "POST",
    "path": "/v1/webhooks/{id}/test",
    "tag": "Webhooks",
    "scopes": {
      "A": [
        "webhooks:write"
      ],
      "B": [
        "webhooks:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "webhooksListDeliveries",
    "method": "GET",
    "path": "/v1/webhooks/{id}/deliveries",
    "tag": "Webhooks",
    "scopes": {
      "A": [
        "webhooks:read",
        "agents:read"
      ],
      "B": [
        "webhooks:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      },
      {
        "name": "status",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/WebhookDeliveryStatus"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "webhooksRotateSecret",
    "method": "POST",
    "path": "/v1/webhooks/{id}/rotate-secret",
    "tag": "Webhooks",
    "scopes": {
      "A": [
        "webhooks:write"
      ],
      "B": [
        "webhooks:manage"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": false,
      "schema": {
        "$ref": "#/components/schemas/WebhookRotateSecret"
      }
    }
  },
  {
    "operationId": "appointmentsList",
    "method": "GET",
    "path": "/v1/appointments",
    "tag": "Appointments",
    "scopes": {
      "A": [
        "contacts:read"
      ],
      "B": [
        "appointments:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "page",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "default": 1
        }
      },
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "order",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/SortOrder"
        }
      },
      {
        "name": "contact_id",
        "in": "query",
        "required": false,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "agent_id",
        "in": "query",
        "required": false,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      },
      {
        "name": "status",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/AppointmentStatus"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "appointmentsCreate",
    "method": "POST",
    "path": "/v1/appointments",
    "tag": "Appointments",
    "scopes": {
      "A": [
        "contacts:write"
      ],
      "B": [
        "appointments:write"
      ]
    },
    "successStatus": 201,
    "parameters": [],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/AppointmentCreate"
      }
    }
  },
  {
    "operationId": "appointmentsRetrieve",
    "method": "GET",
    "path": "/v1/appointments/{id}",
    "tag": "Appointments",
    "scopes": {
      "A": [
        "contacts:read"
      ],
      "B": [
        "appointments:read"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "appointmentsUpdate",
    "method": "PUT",
    "path": "/v1/appointments/{id}",
    "tag": "Appointments",
    "scopes": {
      "A": [
        "contacts:write"
      ],
      "B": [
        "appointments:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": {
      "required": true,
      "schema": {
        "$ref": "#/components/schemas/AppointmentUpdate"
      }
    }
  },
  {
    "operationId": "appointmentsCancel",
    "method": "POST",
    "path": "/v1/appointments/{id}/cancel",
    "tag": "Appointments",
    "scopes": {
      "A": [
        "contacts:write"
      ],
      "B": [
        "appointments:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  },
  {
    "operationId": "appointmentsComplete",
    "method": "POST",
    "path": "/v1/appointments/{id}/complete",
    "tag": "Appointments",
    "scopes": {
      "A": [
        "contacts:write"
      ],
      "B": [
        "appointments:write"
      ]
    },
    "successStatus": 200,
    "parameters": [
      {
        "name": "id",
        "in": "path",
        "required": true,
        "schema": {
          "type": "string",
          "format": "uuid"
        }
      }
    ],
    "body": null
  }
];

/** Every webhook event of the spec: which variants send it and its subscription category. */
export const webhookEventCatalog: readonly {
  readonly event: string;
  readonly variants: readonly ('A' | 'B')[];
  readonly category: string | null;
  /** The schema of the event's `data`, e.g. `#/components/schemas/Conversation`. */
  readonly data: string;
}[] = [
  {
    "event": "conversation.created",
    "variants": [
      "A",
      "B"
    ],
    "category": "conversations",
    "data": "#/components/schemas/Conversation"
  },
  {
    "event": "conversation.assigned",
    "variants": [
      "B"
    ],
    "category": "conversations",
    "data": "#/components/schemas/Chat"
  },
  {
    "event": "conversation.closed",
    "variants": [
      "A",
      "B"
    ],
    "category": "conversations",
    "data": "#/components/schemas/Conversation"
  },
  {
    "event": "conversation.reopened",
    "variants": [
      "B"
    ],
    "category": "conversations",
    "data": "#/components/schemas/Conversation"
  },
  {
    "event": "conversation.transferred",
    "variants": [
      "A"
    ],
    "category": "conversations",
    "data": "#/components/schemas/Conversation"
  },
  {
    "event": "message.received",
    "variants": [
      "A",
      "B"
    ],
    "category": "messages",
    "data": "#/components/schemas/ConversationMessage"
  },
  {
    "event": "message.sent",
    "variants": [
      "A",
      "B"
    ],
    "category": "messages",
    "data": "#/components/schemas/ConversationMessage"
  },
  {
    "event": "message.failed",
    "variants": [
      "B"
    ],
    "category": "messages",
    "data": "#/components/schemas/ConversationMessage"
  },
  {
    "event": "message.delivered",
    "variants": [
      "B"
    ],
    "category": "messages",
    "data": "#/components/schemas/ConversationMessage"
  },
  {
    "event": "message.read",
    "variants": [
      "B"
    ],
    "category": "messages",
    "data": "#/components/schemas/ConversationMessage"
  },
  {
    "event": "contact.created",
    "variants": [
      "A",
      "B"
    ],
    "category": "contacts",
    "data": "#/components/schemas/Contact"
  },
  {
    "event": "contact.updated",
    "variants": [
      "A",
      "B"
    ],
    "category": "contacts",
    "data": "#/components/schemas/Contact"
  },
  {
    "event": "contact.deleted",
    "variants": [
      "B"
    ],
    "category": "contacts",
    "data": "#/components/schemas/Contact"
  },
  {
    "event": "agent.handoff_started",
    "variants": [
      "A",
      "B"
    ],
    "category": "agent",
    "data": "#/components/schemas/Chat"
  },
  {
    "event": "agent.handoff_completed",
    "variants": [
      "A",
      "B"
    ],
    "category": "agent",
    "data": "#/components/schemas/Chat"
  },
  {
    "event": "agent.transferred",
    "variants": [
      "B"
    ],
    "category": "agent",
    "data": "#/components/schemas/Conversation"
  },
  {
    "event": "appointment.created",
    "variants": [
      "A"
    ],
    "category": "appointments",
    "data": "#/components/schemas/Appointment"
  },
  {
    "event": "appointment.cancelled",
    "variants": [
      "A"
    ],
    "category": "appointments",
    "data": "#/components/schemas/Appointment"
  },
  {
    "event": "appointment.completed",
    "variants": [
      "A"
    ],
    "category": "appointments",
    "data": "#/components/schemas/Appointment"
  },
  {
    "event": "appointment.scheduled",
    "variants": [
      "B"
    ],
    "category": "appointments",
    "data": "#/components/schemas/Appointment"
  },
  {
    "event": "appointment.rescheduled",
    "variants": [
      "B"
    ],
    "category": "appointments",
    "data": "#/components/schemas/Appointment"
  },
  {
    "event": "appointment.canceled",
    "variants": [
      "B"
    ],
    "category": "appointments",
    "data": "#/components/schemas/Appointment"
  },
  {
    "event": "appointment.reminder_sent",
    "variants": [
      "B"
    ],
    "category": "appointments",
    "data": "#/components/schemas/Appointment"
  },
  {
    "event": "channel.connected",
    "variants": [
      "B"
    ],
    "category": "channels",
    "data": "#/components/schemas/Channel"
  },
  {
    "event": "channel.disconnected",
    "variants": [
      "B"
    ],
    "category": "channels",
    "data": "#/components/schemas/Channel"
  },
  {
    "event": "channel.error",
    "variants": [
      "B"
    ],
    "category": "channels",
    "data": "#/components/schemas/Channel"
  },
  {
    "event": "credit.low",
    "variants": [
      "B"
    ],
    "category": "billing",
    "data": "#/components/schemas/CreditBalance"
  },
  {
    "event": "credit.depleted",
    "variants": [
      "B"
    ],
    "category": "billing",
    "data": "#/components/schemas/CreditBalance"
  },
  {
    "event": "plan.changed",
    "variants": [
      "B"
    ],
    "category": "billing",
    "data": "#/components/schemas/PlanChange"
  },
  {
    "event": "trial.expiring",
    "variants": [
      "B"
    ],
    "category": "billing",
    "data": "#/components/schemas/TrialStatus"
  },
  {
    "event": "trial.expired",
    "variants": [
      "B"
    ],
    "category": "billing",
    "data": "#/components/schemas/TrialStatus"
  },
  {
    "event": "webhook.test",
    "variants": [
      "A",
      "B"
    ],
    "category": null,
    "data": "#/components/schemas/WebhookTestData"
  }
];

/** The scope vocabulary of each variant, scope -> what it permits. */
export const scopeVocabulary = {
  "A": {
    "agents:read": "Read agents, settings, webhooks, credits, history",
    "agents:write": "Create, update, activate and deactivate agents",
    "agents:delete": "Delete agents",
    "trainings:read": "Read trainings",
    "trainings:write": "Create, update, delete trainings",
    "channels:read": "Read channels, settings, QR code, widget",
    "channels:write": "Create, update, delete channels",
    "contacts:read": "Read contacts",
    "contacts:write": "Create, update, delete contacts",
    "conversations:read": "Read conversations",
    "messages:read": "Read conversation messages",
    "messages:write": "Send messages in conversations",
    "messages:delete": "Delete messages",
    "chats:write": "Chat operations, message editing, human handoff",
    "custom-fields:read": "Read custom fields",
    "custom-fields:write": "Create, update, archive custom fields",
    "mcp:read": "Read MCP servers and tools",
    "mcp:write": "Manage MCP servers and tools",
    "webhooks:read": "Read webhooks and delivery history",
    "webhooks:write": "Create, update, test webhooks",
    "webhooks:delete": "Delete webhooks"
  },
  "B": {
    "agents:read": "List and view agents",
    "agents:write": "Create, edit, delete agents",
    "conversations:read": "List and read conversations",
    "conversations:write": "Create, update, close conversations",
    "messages:send": "Send messages via an agent",
    "chats:manage": "Manage chat threads including history",
    "contacts:read": "List and search contacts",
    "contacts:write": "Create, edit, delete contacts",
    "custom-fields:manage": "Manage custom fields",
    "channels:read": "List connected channels",
    "channels:write": "Configure and disconnect channels",
    "training:read": "View the knowledge base",
    "training:write": "Add and remove documents",
    "workspaces:read": "View workspaces",
    "workspaces:write": "Create and configure workspaces",
    "webhooks:manage": "Create, list, delete webhook endpoints",
    "followups:manage": "Manage automatic follow-up rules",
    "appointments:read": "View appointments",
    "appointments:write": "Create and cancel appointments",
    "mcp-servers:manage": "Register and remove external MCP servers"
  }
} as const;

import type { components, operations } from './generated/schema.js';
import type { WebhookOperationId } from './generated/schema-types.js';

/**
 * Every operationId of the spec's paths (`agentsList`, `chatsStartHuman`, ...): the calls. The
 * webhooks' (`webhookContactCreated`, ...) are deliveries the API sends, typed by webhook-verify.
 */
export type OperationId = Exclude<keyof operations, WebhookOperationId>;

type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Responses<K extends OperationId> = operations[K]['responses'];

type MessageType = components['schemas']['MessageType'];
type SelectType = 'select' | 'multi_select';

/**
 * Rules across a body's fields that the spec states with `if`/`then`, which openapi-typescript does
 * not type: here a body the API refuses with a 400 does not compile, as a contact without name, email
 * or phone does (the spec types that one).
 */
interface BodyRules {
  /** A text message has `content` and no `media_url`; any other type has `media_url` (`content` is its caption). */
  chatsSendMessage:
    | {
        /** `text`, the default. */
        type?: 'text';
        /** The text. */
        content: string;
        /** Only for image, audio, video and document messages. */
        media_url?: never;
      }
    | {
        /** A media type. */
        type: Exclude<MessageType, 'text'>;
        /** Where the media is. */
        media_url: string;
      };
  /** `options` is required for the select types, and refused for the others. */
  customFieldsCreate:
    | {
        /** A select type. */
        type: SelectType;
        /** The values to choose from. */
        options: string[];
      }
    | {
        /** Any other type. */
        type: Exclude<components['schemas']['CustomFieldType'], SelectType>;
        /** Only the select types have options. */
        options?: never;
      };
}

/**
 * `T` whose optional properties also take `undefined`, which is sent as absent (JSON and the query
 * string leave it out): with exactOptionalPropertyTypes, `list({ status })` compiles for a `status`
 * that may be undefined, as the SDK's own options do. A required property still needs a value.
 */
type OrUndefined<T> = {
  // biome-ignore lint/complexity/noBannedTypes: `{}` extends `Pick<T, P>` exactly when P is optional
  [P in keyof T]: {} extends Pick<T, P> ? T[P] | undefined : T[P];
};

/**
 * The JSON request body of an operation, with the rules across its fields that the spec states (a chat
 * message's `content` or `media_url`, a select field's `options`); an optional field takes `undefined`.
 */
export type RequestBody<K extends OperationId> = OrUndefined<
  (operations[K] extends {
    /** The operation's request body, when it takes one. */
    requestBody?: infer R;
  }
    ? JsonContent<NonNullable<R>>
    : never) &
    (K extends keyof BodyRules ? BodyRules[K] : unknown)
>;

/** The query parameters of an operation. */
export type QueryParams<K extends OperationId> = OrUndefined<
  NonNullable<operations[K]['parameters']['query']>
>;

/** The JSON body of an operation's success response. */
export type ResponseBody<K extends OperationId> =
  Responses<K> extends {
    /** The success response of an operation that answers 200 (reads, updates, actions). */
    200: infer R;
  }
    ? JsonContent<R>
    : Responses<K> extends {
          /** The success response of one that answers 201 (the creates, `chatsSendMessage`). */
          201: infer R;
        }
      ? JsonContent<R>
      : undefined;

/** What a method resolves to: the `data` of the success response. */
export type ResponseData<K extends OperationId> =
  ResponseBody<K> extends {
    /** What the body holds under `data`: the resource, or a list page's items. */
    data: infer D;
  }
    ? D
    : undefined;

/** One item of a list operation. */
export type ListItem<K extends OperationId> = ResponseData<K> extends (infer I)[] ? I : never;

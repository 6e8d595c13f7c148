import type { components } from '../generated/api-types.js';

/** What the AI answer is computed from. */
export interface ResponderInput {
  /** The customer's message: its text, or a media message's caption ('' without one). */
  message: string;
  /** What a media message carries; null for a text message. */
  media: {
    /** The kind of media: the spec's MessageType but `text` (`image`, `audio`, `video`, `document`). */
    type: Exclude<components['schemas']['MessageType'], 'text'>;
    /** Where the media is, an http or https URL. */
    url: string;
  } | null;
  /** The agent answering, as the API shows it (`instructions` may shape the answer). */
  agent: {
    /** The agent's id. */
    id: string;
    /** The agent's name. */
    name: string;
    /** The agent's instructions, or null. */
    instructions: string | null;
  };
  /** The agent's trainings (its knowledge base). */
  trainings: {
    /** The training's title, or null. */
    title: string | null;
    /** `text`, `url` or `document`. */
    type: string;
    /** A text training's text; null for the others. */
    content: string | null;
    /** A url or document training's URL; null for a text one. */
    url: string | null;
  }[];
  /** The conversation the message came in on. */
  conversationId: string;
}

/** Produces the agent's answer to a customer message; replace it with the `responder` option. */
export type Responder = (input: ResponderInput) => string | Promise<string>;

const STOP_WORDS = new Set(
  'the and for are but not you your with this that have has was were can could would should what when where which who how why does did from into about there their them they then than our ours out get got any all too very just may might will shall its it is'.split(
    ' ',
  ),
);

/** The words that count, lower case, a plural `s` dropped (so "my order" finds "Orders ship..."). */
function words(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word.length < 3 || STOP_WORDS.has(word)) continue;
    found.add(
      word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word,
    );
  }
  return found;
}

/**
 * The default answer, deterministic: the text training whose words best overlap the message
 * (ties: the oldest), quoted; or, with no overlap, a fixed reply that echoes the message. A media
 * message without a caption gets a fixed reply naming its kind.
 */
export const defaultResponder: Responder = ({ message, media, trainings }) => {
  if (media !== null && message.trim() === '') {
    return `Thanks for the ${media.type}. I can't open attachments yet; a member of our team will follow up.`;
  }
  const asked = words(message);
  let best: { score: number; training: ResponderInput['trainings'][number] } | null = null;
  for (const training of trainings) {
    if (training.type !== 'text' || !training.content) continue;
    const known = words(`${training.title ?? ''} ${training.content}`);
    let score = 0;
    for (const word of asked) if (known.has(word)) score++;
    if (score > 0 && (!best || score > best.score)) best = { score, training };
  }
  if (best?.training.content) {
    const source = best.training.title ? ` (from "${best.training.title}")` : '';
    return `${best.training.content}${source}`;
  }
  return `Thanks for your message: "${message}". I don't have an answer to that yet; a member of our team will follow up.`;
};

import { describe, expect, it } from 'vitest';
import { defaultResponder, type ResponderInput } from './responder.js';

type Training = ResponderInput['trainings'][number];

const text = (title: string | null, content: string): Training => ({
  title,
  type: 'text',
  content,
  url: null,
});

const answer = (message: string, trainings: Training[], media: ResponderInput['media'] = null) =>
  defaultResponder({
    message,
    media,
    trainings,
    agent: { id: '00000000-0000-4000-8000-000000000001', name: 'Support', instructions: null },
    conversationId: '00000000-0000-4000-8000-000000000002',
  });

// api-decisions section 5: deterministic; the training whose words best overlap the message, quoted,
// or else a fixed reply that echoes the message. The README says "text training".
describe('the default responder', () => {
  it('quotes the text training whose words overlap the message most, naming its title', () => {
    const trainings = [
      text('Shipping', 'Orders ship within 2 business days.'),
      text('Returns', 'Returns of orders are free within 30 days.'),
    ];
    expect(answer('Are returns of my orders free?', trainings)).toBe(
      'Returns of orders are free within 30 days. (from "Returns")',
    );
  });

  it('quotes only text trainings: a url or document training has no text to quote', () => {
    const trainings: Training[] = [
      { title: 'Shipping page', type: 'url', content: 'shipping', url: 'https://shop.test/ship' },
      {
        title: 'Shipping PDF',
        type: 'document',
        content: 'shipping',
        url: 'https://shop.test/s.pdf',
      },
    ];
    expect(answer('shipping', trainings)).toBe(
      `Thanks for your message: "shipping". I don't have an answer to that yet; a member of our team will follow up.`,
    );
  });

  it('takes the oldest of trainings that overlap equally', () => {
    const trainings = [text('First', 'Shipping is free.'), text('Second', 'Shipping is fast.')];
    expect(answer('shipping?', trainings)).toBe('Shipping is free. (from "First")');
  });

  it('quotes a training without a title as it is, with no source', () => {
    expect(answer('shipping?', [text(null, 'Shipping is free.')])).toBe('Shipping is free.');
  });

  it('echoes a message no training overlaps (short and stop words do not count)', () => {
    expect(answer('What is the status?', [text(null, 'What the store sells.')])).toMatch(
      /^Thanks for your message: "What is the status\?"/,
    );
  });

  it('answers a media message without a caption by its kind, not by echoing an empty message', () => {
    const media = { type: 'image', url: 'https://cdn.test/p.png' } as const;
    expect(answer('', [text('Shipping', 'Orders ship within 2 business days.')], media)).toBe(
      "Thanks for the image. I can't open attachments yet; a member of our team will follow up.",
    );
    // With a caption, the caption is the message, as any text.
    expect(
      answer('shipping?', [text('Shipping', 'Orders ship within 2 business days.')], media),
    ).toBe('Orders ship within 2 business days. (from "Shipping")');
  });
});

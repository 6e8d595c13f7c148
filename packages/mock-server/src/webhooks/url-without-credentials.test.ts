import { describe, expect, it } from 'vitest';
import { urlWithoutCredentials } from './url-without-credentials.js';

describe('urlWithoutCredentials', () => {
  it.each([
    ['https://ada:s3cret@hooks.example/in', 'https://ada:***@hooks.example/in'],
    ['https://tok_4f9a2c@hooks.example/in', 'https://***@hooks.example/in'],
    ['https://:s3cret@hooks.example/in', 'https://:***@hooks.example/in'],
    ['https://hooks.example/in', 'https://hooks.example/in'],
    ['https://hooks.example/in?to=ada@example.com', 'https://hooks.example/in?to=ada@example.com'],
    ['https://hooks.example/@ada', 'https://hooks.example/@ada'],
  ])('shows %s as %s', (url, shown) => {
    expect(urlWithoutCredentials(url)).toBe(shown);
  });
});

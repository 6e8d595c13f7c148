import { describe, expect, it } from 'vitest';
import { uriProblem } from './uri-format.js';

const SCHEME = 'must be an absolute URI, starting with its scheme (such as https:)';
const CHARACTERS =
  'must be an absolute URI, its spaces and other characters outside RFC 3986 percent-encoded';
const BRACKETS =
  'must be an absolute URI, with [ and ] only around an IP address as its host (http://[::1]/); elsewhere percent-encoded (%5B, %5D)';
const FRAGMENT =
  'must be an absolute URI, with one # at most, before its fragment; a # in the fragment percent-encoded (%23)';
const AT =
  'must be an absolute URI, with one @ at most, after its userinfo; an @ in the userinfo percent-encoded (%40)';
const HOST = 'must be an absolute URI, with a valid host and port';
const EMPTY_HOST = 'must be an absolute URI, with a host after its //';

describe('the uri format', () => {
  it.each([
    'https://example.com/hook',
    'http://[::1]:8080/x',
    'http://[::1]',
    'http://[2001:db8::7]/a?b#c',
    'http://user:p%40ss@[::1]:8080/x',
    'https://h/a?b=c#frag',
    'https://h/#',
    'https://h/a?x=%5B%5D',
    'https://h/caf%C3%A9/a%20b?q=100%25#x%23y',
    'https://h/a?b=c/d?e#f/g?h',
    'mailto:ada@example.com',
    'urn:isbn:0451450523',
    'ws://mcp.test',
    'https://h/a@b?c@d#e@f',
    'file:///etc/hosts',
  ])('accepts %j', (value) => {
    expect(uriProblem(value)).toBeNull();
  });

  it.each([
    ['example.com/hook', SCHEME],
    ['//example.com/hook', SCHEME],
    ['/hook', SCHEME],
    ['', SCHEME],
    ['1http://h/', SCHEME],
    ['http://h/a b', CHARACTERS],
    ['http://h/{id}', CHARACTERS],
    ['http://h/caf\u00e9', CHARACTERS],
    [
      'https://caf\u00e9.example/hook',
      'must be an absolute URI, its host in ASCII: xn--caf-dma.example (punycode), not percent-encoded',
    ],
    [
      'https://ada@b\u00fccher.example:8443/x',
      'must be an absolute URI, its host in ASCII: xn--bcher-kva.example (punycode), not percent-encoded',
    ],
    ['https://caf\u00e9@h/x', CHARACTERS],
    ['https://h\u00e9 llo/x', CHARACTERS],
    ['foo://caf\u00e9/x', CHARACTERS],
    ['http://h/100%', CHARACTERS],
    ['http://h/%zz', CHARACTERS],
    ['http://h/[x]', BRACKETS],
    ['http://h/a?b=[1]', BRACKETS],
    ['http://h/a#[frag]', BRACKETS],
    ['http://h/a]', BRACKETS],
    ['http://u[1]@h/', BRACKETS],
    ['http://[::1]/[x]', BRACKETS],
    ['http://[::1][::2]/', BRACKETS],
    ['http://[::1]x/', BRACKETS],
    ['mailto:[::1]', BRACKETS],
    ['https://a@b@c.com/', AT],
    ['https://user:p@ss@h/x', AT],
    ['http://h/a#b#c', FRAGMENT],
    ['http://h/##', FRAGMENT],
    ['http://h:99999/', HOST],
    ['http://h:port/', HOST],
    ['http://[zz]/', HOST],
    ['http://', EMPTY_HOST],
    // `new URL` reads these as http://x/ and https://example.com/hook: stored, they would be
    // delivered to a host the URL does not name.
    ['http:///x', EMPTY_HOST],
    ['HTTPS:///example.com/hook', EMPTY_HOST],
    ['https://user:pw@/x', EMPTY_HOST],
    ['ws:///mcp', EMPTY_HOST],
    ['http://:80/x', EMPTY_HOST],
  ])('refuses %j: %s', (value, message) => {
    expect(uriProblem(value)).toBe(message);
  });
});

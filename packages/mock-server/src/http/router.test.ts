import { describe, expect, it } from 'vitest';
import { Router } from './router.js';

const router = new Router<string>([
  { method: 'GET', path: '/v1/agents', target: 'list' },
  { method: 'POST', path: '/v1/agents', target: 'create' },
  { method: 'GET', path: '/v1/agents/{id}', target: 'retrieve' },
  { method: 'GET', path: '/v1/contacts/{id}', target: 'contact' },
  { method: 'GET', path: '/v1/contacts/search', target: 'search' },
]);

describe('Router', () => {
  it('finds a path without parameters, with no parameters', () => {
    expect(router.match('GET', '/v1/agents')).toEqual({
      kind: 'found',
      target: 'list',
      params: {},
    });
    expect(router.match('POST', '/v1/agents')).toMatchObject({ target: 'create' });
  });

  it('finds a template and decodes its parameters', () => {
    expect(router.match('GET', '/v1/agents/a%20b')).toEqual({
      kind: 'found',
      target: 'retrieve',
      params: { id: 'a b' },
    });
  });

  it('prefers a literal path over a template that also matches it', () => {
    expect(router.match('GET', '/v1/contacts/search')).toMatchObject({ target: 'search' });
    expect(router.match('GET', '/v1/contacts/c1')).toMatchObject({ target: 'contact' });
  });

  it('lists the allowed methods of a known path, and knows no other path', () => {
    expect(router.match('DELETE', '/v1/agents')).toEqual({
      kind: 'method',
      allowed: ['GET', 'POST'],
    });
    expect(router.match('GET', '/v1/agents/')).toEqual({ kind: 'none' });
    expect(router.match('GET', '/v2/agents')).toEqual({ kind: 'none' });
  });
});

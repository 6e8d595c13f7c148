import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPair, parse, parseDocument, type Scalar, visit } from 'yaml';
import { specPath } from './load-spec.js';

// Users load spec/openapi.yaml with other languages' YAML 1.1 parsers (PyYAML under schemathesis and
// Python generators, SnakeYAML under openapi-generator): it must mean the same to them as to us.
const text = readFileSync(specPath, 'utf8');

describe('spec/openapi.yaml read by a YAML 1.1 parser', () => {
  it('gives the same document (no yes/no booleans, sexagesimal numbers or bare timestamps)', () => {
    const asYaml11 = parseDocument(text, { version: '1.1' });
    expect(asYaml11.errors).toEqual([]);
    expect(JSON.stringify(asYaml11.toJS())).toBe(JSON.stringify(parse(text)));
  });

  it("has no unquoted '?' in a flow collection ({a: b?} ends the scalar at '?' in PyYAML, which then fails)", () => {
    const found: string[] = [];
    visit(parseDocument(text), {
      Scalar(_key, node: Scalar, path) {
        const parent = path.at(-1);
        const collection = isPair(parent) ? path.at(-2) : parent;
        const flow = (collection as { flow?: boolean } | undefined)?.flow === true;
        if (flow && node.type === 'PLAIN' && node.source?.includes('?')) found.push(node.source);
      },
    });
    expect(found).toEqual([]);
  });
});

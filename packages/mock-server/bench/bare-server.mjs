// A bare node:http server answering every request with the same bytes (status, headers, body) that it
// is given: the ceiling the mock's HTTP server is measured against. With `--stringify` it serialises
// the same page with JSON.stringify on every request instead (the floor of any server that builds its
// JSON per request).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const { headers, body } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bytes = Buffer.from(body);
const page = JSON.parse(body);
const stringify = process.argv.includes('--stringify');
const server = createServer((req, res) => {
  req.resume();
  if (stringify) {
    res.writeHead(200, headers);
    res.end(JSON.stringify(page));
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': bytes.length });
  res.end(bytes);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

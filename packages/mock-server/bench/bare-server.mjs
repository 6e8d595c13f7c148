// A bare node:http server answering every request with the same bytes (status, headers, body) that it
// is given: the ceiling the mock's HTTP server is measured against.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const { headers, body } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bytes = Buffer.from(body);
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(200, { ...headers, 'content-length': bytes.length });
  res.end(bytes);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

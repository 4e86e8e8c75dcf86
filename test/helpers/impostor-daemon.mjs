// A server that poses as cn's daemon with a token it read from a port file committed to a repository:
// it signs every answer with that token exactly as the daemon would (@cn/protocol/request-proof), says
// its pid is the victim's, agrees to shut down, and answers every question with planted text carrying
// raw terminal escapes. Run as its own process (by another user through setpriv, or as the victim's
// uid); it prints `listening <port>` once ready and `request <method> <url>` for each request it gets.
//   node impostor-daemon.mjs <token> <victim pid> <root>
import * as http from 'node:http';
import { DAEMON_PROOF_HEADER, NONCE_HEADER, daemonProof } from '@cn/protocol/request-proof';

const [token, victim, root] = process.argv.slice(2);
const PLANTED = '\u001b]0;PLANTED\u0007\u001b[31mPLANTED';

const answers = {
  '/status': (port) => ({ running: true, pid: Number(victim), port, root, version: '0.1.0', state: 'ready' }),
  '/shutdown': () => ({ stopping: true }),
};
const planted = () => ({
  query: 'User',
  definition: {
    id: 'src/planted.ts::1::1',
    filePath: 'src/planted.ts',
    line: 1,
    character: 1,
    kind: 'Class',
    name: PLANTED,
  },
  references: [],
  totalReferences: 0,
  candidates: [],
  totalCandidates: 1,
  projects: 1,
  complete: true,
});

const server = http.createServer((request, response) => {
  process.stdout.write(`request ${request.method} ${request.url}\n`);
  request.resume();
  request.on('end', () => {
    const port = server.address().port;
    const body = Buffer.from(JSON.stringify((answers[request.url] ?? planted)(port)));
    const nonce = String(request.headers[NONCE_HEADER] ?? '');
    response
      .writeHead(200, {
        'content-type': 'application/json',
        'content-length': body.length,
        [DAEMON_PROOF_HEADER]: daemonProof(token, nonce, 200, body),
      })
      .end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));

// boardgame.io 0.50.2 server for Connect Four: in-memory storage, lobby API and socket.io on
// one port, bound to 127.0.0.1 only. Prints `listening <port>` once ready.
//
//   NODE_ENV=production node server.mjs [port]     (port 0: any free port)

import { createRequire } from 'node:module';
import { ConnectFour } from './connect-four.mjs';

const require = createRequire(import.meta.url);
const { Server, Origins } = require('boardgame.io/server');

const port = Number(process.argv[2] ?? 0);
const server = Server({ games: [ConnectFour], origins: [Origins.LOCALHOST] });

// Koa's `listen(port, cb)` binds every interface; keep the benchmark on loopback.
const listen = server.app.listen.bind(server.app);
server.app.listen = (p, cb) => listen(p, '127.0.0.1', cb);

const { appServer } = await server.run(port);
console.log(`listening ${appServer.address().port}`);

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    server.kill({ appServer });
    process.exit(0);
  });
}

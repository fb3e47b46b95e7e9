/**
 * Baseline for the chat scenarios: a bare Socket.IO server with the chat's transport options
 * (WebSocket only, same buffer limit), no authentication, no database. A socket joins the room
 * named in its handshake (`auth.room`); `relay` payloads are broadcast to the room `all`, which
 * the receiving socket joins. Run as a child process on PORT (loopback only).
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const server = createServer();
const io = new Server(server, { path: '/socket.io', transports: ['websocket'], serveClient: false, maxHttpBufferSize: 64 * 1024 });
io.on('connection', (socket) => {
  const room = (socket.handshake.auth as { room?: string }).room;
  if (room) socket.join(room);
  socket.emit('hello', {});
  socket.on('relay', (payload: unknown, ack?: (a: unknown) => void) => {
    io.to('all').emit('relayed', payload);
    ack?.({ ok: true });
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');

process.on('disconnect', () => process.exit(0));
process.once('SIGTERM', () => {
  io.close();
  process.exit(0);
});

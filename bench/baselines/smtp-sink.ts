/**
 * An SMTP server that accepts and drops every message (the contact-form scenario's mail
 * relay), in its own process so the load generator does not slow its answers. Listens on
 * PORT (loopback only); tells the runner over IPC when it is ready, and how many messages it
 * took whenever asked.
 */
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  // A relay on the same host answers at once: no reverse DNS lookup of 127.0.0.1 per connection.
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
// A client dropping its connection (the server under test stopping) is not an error here.
server.on('error', () => {});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.({ ready: true }));

process.on('message', () => process.send?.({ received }));
process.on('disconnect', () => process.exit(0));
process.once('SIGTERM', () => server.close(() => process.exit(0)));

/**
 * s3rver for tests, in a process of its own (started by s3-server.ts): its list continuation
 * tokens use DES, which Node's OpenSSL 3 offers only with --openssl-legacy-provider; and a process
 * can be stopped and started again for outage tests. Prints {"port":…} once it listens.
 */
import S3rver from 's3rver';

const [directory, port] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory });
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
// the test process went away (even by a crash): so does this server
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();

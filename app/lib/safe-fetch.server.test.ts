import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImageServer, type ImageServer } from '../../tests/fixtures/image-server.ts';
import { isPublicAddress } from './net-address.server.ts';
import { DEFAULT_FETCH_POLICY, FETCH_REFUSED_MESSAGE, FetchRefused, fetchImage, safeFetch, type FetchPolicy } from './safe-fetch.server.ts';

describe('isPublicAddress', () => {
  it('refuses loopback, private, shared, link-local, multicast, reserved and special IPv4', () => {
    const refused = ['127.0.0.1', '127.255.255.254', '0.0.0.0', '0.1.2.3', '10.0.0.1', '10.255.255.255', '100.64.0.1', '100.127.255.255', '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.0.0.8', '192.0.2.1', '192.88.99.1', '192.168.1.1', '198.18.0.1', '198.19.255.255', '198.51.100.7', '203.0.113.9', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255'];
    expect(refused.filter(isPublicAddress)).toEqual([]);
  });

  it('lets public IPv4 through, including the neighbours of refused ranges', () => {
    const open = ['1.1.1.1', '8.8.8.8', '93.184.215.14', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '192.167.255.255', '192.169.0.0', '169.253.255.255', '198.20.0.0', '223.255.255.255', '11.0.0.1', '126.255.255.255', '128.0.0.1'];
    expect(open.filter((a) => !isPublicAddress(a))).toEqual([]);
  });

  it('refuses IPv6 loopback, unspecified, link-local, unique-local, multicast and special ranges', () => {
    const refused = ['::1', '::', '[::1]', 'fe80::1', 'fe80::1%eth0', 'febf::1', 'fec0::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', 'ff0e::1', '100::1', '2001:db8::1', '2001::1', '2001:2::1', '2001:10::1', '64:ff9b:1::1', '::7f00:1', '::127.0.0.1', '4000::1', '1000::1'];
    expect(refused.filter(isPublicAddress)).toEqual([]);
  });

  it('judges IPv4-mapped, NAT64 and 6to4 addresses by the IPv4 address inside', () => {
    const refused = ['::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:10.0.0.1', '::ffff:a9fe:a9fe', '::ffff:192.168.0.1', '64:ff9b::127.0.0.1', '64:ff9b::a00:1', '2002:7f00:1::1', '2002:c0a8:101::', '2002:a9fe:a9fe::1'];
    expect(refused.filter(isPublicAddress)).toEqual([]);
    const open = ['::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::1.1.1.1', '2002:808:808::1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '2001:4860:4860::8888'];
    expect(open.filter((a) => !isPublicAddress(a))).toEqual([]);
  });

  it('refuses anything that is not an address literal', () => {
    expect(['localhost', '2130706433', '0x7f.1', '127.1', '', 'example.com', '1.2.3.4.5', '::ffff:999.0.0.1'].filter(isPublicAddress)).toEqual([]);
  });
});

/** The refusal a fetch ended with: always the one message; `detail` says which check it was. */
async function refusal(promise: Promise<unknown>): Promise<FetchRefused> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchRefused);
  expect((err as FetchRefused).message).toBe(FETCH_REFUSED_MESSAGE);
  return err as FetchRefused;
}

describe('safeFetch', () => {
  let images: ImageServer;
  let port: number;
  let silent: Server;
  let silentPort: number;
  let local: FetchPolicy;

  beforeAll(async () => {
    images = await startImageServer(['cat.png']);
    port = Number(new URL(images.origin).port);
    // Accepts connections and never answers.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as AddressInfo).port;
    local = { ...DEFAULT_FETCH_POLICY, ports: [port, silentPort], allowPrivateHosts: ['127.0.0.1'] };
  });
  afterAll(async () => {
    silent?.closeAllConnections();
    await new Promise((resolve) => silent?.close(resolve));
    await images?.close();
  });

  it('refuses every notation of a loopback, private or link-local address before connecting', async () => {
    const urls = [
      `http://127.0.0.1/`,
      `http://2130706433/`,
      `http://0x7f.1/`,
      `http://0x7f000001/`,
      `http://017700000001/`,
      `http://127.1/`,
      `http://0/`,
      `http://[::1]/`,
      `http://[::]/`,
      `http://[::ffff:127.0.0.1]/`,
      `http://[::ffff:7f00:1]/`,
      `http://[64:ff9b::7f00:1]/`,
      `http://[fe80::1]/`,
      `http://[fd00::1]/`,
      `http://10.0.0.1/`,
      `http://172.16.5.4/`,
      `http://192.168.0.1/`,
      `http://100.64.0.1/`,
      `https://169.254.169.254/latest/meta-data/`,
      `http://224.0.0.1/`,
      `http://255.255.255.255/`,
      `http://localhost/`,
      `http://LOCALHOST/`,
    ];
    for (const url of urls) expect((await refusal(safeFetch(url))).detail, url).toMatch(/^non-public address /);
    expect(images.requests).toEqual([]);
  });

  it('refuses other schemes, credentials and ports outside the list, with the same message', async () => {
    expect((await refusal(safeFetch('ftp://example.com/a.png'))).detail).toBe('scheme ftp:');
    expect((await refusal(safeFetch('file:///etc/passwd'))).detail).toBe('scheme file:');
    expect((await refusal(safeFetch('gopher://example.com/'))).detail).toBe('scheme gopher:');
    expect((await refusal(safeFetch('http://user:secret@example.com/'))).detail).toBe('credentials in the address');
    expect((await refusal(safeFetch('http://example.com:8080/'))).detail).toBe('port 8080');
    expect((await refusal(safeFetch('https://example.com:22/'))).detail).toBe('port 22');
    expect((await refusal(safeFetch('not a url'))).detail).toBe('not an address');
    // A port of the list is fine for the port check; the address check refuses it next.
    expect((await refusal(safeFetch('http://127.0.0.1:443/'))).detail).toBe('non-public address 127.0.0.1');
    // Allowed host, but its port is not on the default list.
    expect((await refusal(safeFetch(`${images.origin}/cat.png`, { ...DEFAULT_FETCH_POLICY, allowPrivateHosts: ['127.0.0.1'] }))).detail).toBe(`port ${port}`);
    expect(images.requests).toEqual([]);
  });

  it('fetches a picture from an allowed host, and follows redirects that stay allowed', async () => {
    const png = await fetchImage(`${images.origin}/cat.png`, local);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const hop = `${images.origin}/redirect?to=${encodeURIComponent('/cat.png')}`;
    const got = await safeFetch(`${images.origin}/redirect?to=${encodeURIComponent(hop)}`, local);
    expect(got).toMatchObject({ url: `${images.origin}/cat.png`, contentType: 'image/png' });
  });

  it('re-checks every redirect: to loopback by name, to a private address, to another scheme, or too many', async () => {
    const via = (to: string) => `${images.origin}/redirect?to=${encodeURIComponent(to)}`;
    const before = images.requests.length;
    expect((await refusal(safeFetch(via(`http://localhost:${port}/cat.png`), local))).detail).toMatch(/^non-public address (127\.0\.0\.1|::1)$/);
    expect((await refusal(safeFetch(via(`http://[::ffff:127.0.0.1]:${port}/cat.png`), local))).detail).toBe('non-public address ::ffff:7f00:1');
    expect((await refusal(safeFetch(via('http://169.254.169.254/'), { ...local, ports: [...local.ports, 80] }))).detail).toBe('non-public address 169.254.169.254');
    expect((await refusal(safeFetch(via('file:///etc/passwd'), local))).detail).toBe('scheme file:');
    // Only the redirecting answers were requested, never their targets.
    expect(images.requests.slice(before).every((r) => r.startsWith('/redirect'))).toBe(true);
    let chain = `${images.origin}/cat.png`;
    for (let i = 0; i < 6; i++) chain = via(chain);
    expect((await refusal(safeFetch(chain, local))).detail).toBe('too many redirects');
  });

  it('connects to the address it checked, without asking DNS again (no rebinding window)', async () => {
    // A name only this resolver knows: the system's DNS would not find it, so a fetch that
    // works connected to the checked address. A rebinding DNS would answer 127.0.0.1 next.
    const asked: string[] = [];
    const answers = [[{ address: '127.0.0.1', family: 4 }]];
    const resolve = async (host: string) => {
      asked.push(host);
      return answers.shift() ?? [{ address: '127.0.0.2', family: 4 }];
    };
    const policy = { ...local, allowPrivateHosts: ['pictures.test'], resolve };
    const got = await fetchImage(`http://pictures.test:${port}/cat.png`, policy);
    expect(got.length).toBeGreaterThan(100);
    expect(asked).toEqual(['pictures.test']);
    expect(images.requests.at(-1)).toBe('/cat.png');
    // A name with one private address among public ones is refused whole.
    const mixed = async () => [{ address: '93.184.215.14', family: 4 }, { address: '10.0.0.7', family: 4 }];
    expect((await refusal(safeFetch('http://shop.test/a.png', { ...DEFAULT_FETCH_POLICY, resolve: mixed }))).detail).toBe('non-public address 10.0.0.7');
    const v6 = async () => [{ address: '::ffff:169.254.169.254', family: 6 }];
    expect((await refusal(safeFetch('http://shop.test/a.png', { ...DEFAULT_FETCH_POLICY, resolve: v6 }))).detail).toBe('non-public address ::ffff:169.254.169.254');
  });

  it('refuses what is not a picture, what is too large, error answers and silence, all alike', async () => {
    expect((await refusal(fetchImage(`${images.origin}/page.png`, local))).detail).toBe('content type "text/html" is not an image');
    expect((await refusal(fetchImage(`${images.origin}/broken.png`, local))).detail).toBe('not an image sharp can read');
    expect((await refusal(fetchImage(`${images.origin}/huge.png`, local))).detail).toBe(`larger than ${DEFAULT_FETCH_POLICY.maxBytes} bytes`);
    expect((await refusal(safeFetch(`${images.origin}/cat.png`, { ...local, maxBytes: 100 }))).detail).toBe('larger than 100 bytes');
    expect((await refusal(fetchImage(`${images.origin}/missing.png`, local))).detail).toBe('answered 404');
    const started = Date.now();
    const timeout = await refusal(safeFetch(`http://127.0.0.1:${silentPort}/`, { ...local, timeoutMs: 300 }));
    expect(timeout).toMatchObject({ detail: 'no answer within 300 ms', unreachable: true });
    expect(Date.now() - started).toBeLessThan(3000);
    const closed = await refusal(safeFetch('http://127.0.0.1:1/', { ...local, ports: [1] }));
    expect(closed).toMatchObject({ detail: 'ECONNREFUSED', unreachable: true });
  });
});

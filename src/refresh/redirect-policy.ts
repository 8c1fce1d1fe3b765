/**
 * Where an upstream may send the refresh with a redirect: the same scheme, a host and port the
 * configuration allows (the configured upstream's own, plus `limits.redirectHosts`), and
 * never an internal address (loopback, link-local, private, unique-local) unless the configured
 * upstream itself is one (a test fixture, an upstream on the same network). Without this, an
 * upstream could turn the refresh against the publishing machine's own services (cloud
 * metadata endpoints, local admin ports) and have their answers published.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

const V4_INTERNAL: readonly [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 (carrier-grade NAT)
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local (cloud metadata)
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
];

function v4Internal(address: string): boolean {
  const value = address.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
  return V4_INTERNAL.some(
    ([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)),
  );
}

/** Whether an IP address is loopback, link-local, private or unspecified (IPv4, IPv6 and IPv4-mapped IPv6). */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(bare) === 4) return v4Internal(bare);
  if (isIP(bare) !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return v4Internal(mapped[1]!);
  return bare === '::1' || bare === '::' || /^f[cd]/.test(bare) || /^fe[89ab]/.test(bare);
}

/** Whether `host` is, or resolves to, an internal address (any of its addresses); unresolvable counts as not. */
export async function resolvesInternal(host: string): Promise<boolean> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return isInternalAddress(bare);
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  try {
    const addresses = await lookup(bare, { all: true });
    return addresses.some((a) => isInternalAddress(a.address));
  } catch {
    return false;
  }
}

export interface RedirectPolicy {
  /** Why following the redirect from `current` to `next` is refused, or null. */
  refusal(current: URL, next: URL): Promise<string | null>;
}

const DEFAULT_PORTS: Record<string, string> = { 'https:': '443', 'http:': '80' };

/** `host:port` of a URL, the port written out when the URL leaves it to the scheme. */
const hostAndPort = (url: URL) => `${url.hostname.toLowerCase()}:${url.port || DEFAULT_PORTS[url.protocol] || ''}`;

/**
 * The policy for redirects of requests to `configured`, with the extra hosts the configuration allows. A host is
 * compared with its port: another port of the upstream's own host is another service (an admin port, a local
 * database's HTTP interface), not the upstream. An allowed host is written `host` (the scheme's default port) or
 * `host:port`.
 */
export function redirectPolicy(configured: URL, allowedHosts: readonly string[] = []): RedirectPolicy {
  const defaultPort = DEFAULT_PORTS[configured.protocol] ?? '';
  const hosts = new Set([
    hostAndPort(configured),
    ...allowedHosts.map((h) => (/:\d+$/.test(h) ? h.toLowerCase() : `${h.toLowerCase()}:${defaultPort}`)),
  ]);
  let configuredInternal: Promise<boolean> | undefined;
  return {
    async refusal(current, next) {
      if (next.protocol !== 'https:' && next.protocol !== 'http:')
        return `redirect to unsupported scheme ${next.protocol}`;
      if (next.protocol !== current.protocol)
        return `refused a redirect from ${current.protocol.slice(0, -1)} to ${next.protocol.slice(0, -1)}: redirects keep the scheme`;
      if (!hosts.has(hostAndPort(next)))
        return `refused a redirect to ${hostAndPort(next)}: not the upstream's host and port nor in limits.redirectHosts`;
      configuredInternal ??= resolvesInternal(configured.hostname);
      if (!(await configuredInternal) && (await resolvesInternal(next.hostname)))
        return `refused a redirect to ${next.hostname}: it resolves to an internal address`;
      return null;
    },
  };
}

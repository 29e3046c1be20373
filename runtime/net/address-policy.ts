/**
 * Which addresses an outbound fetch may reach. Public unicast addresses are fine; private,
 * loopback, link-local, multicast and reserved ranges are refused (SSRF: a URL given by a
 * client must not make the server talk to its own network) unless the site's
 * `config.outboundAllow` names the host or a range that contains the address.
 */
import ipaddr from 'ipaddr.js';

/** An allow-list entry: a host name (exact, case-insensitive), an address, or a CIDR range. */
interface AllowRules {
  hosts: Set<string>;
  ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
}

export function parseAllowList(entries: string[]): AllowRules {
  const hosts = new Set<string>();
  const ranges: AllowRules['ranges'] = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry.includes('/')) {
      try {
        ranges.push(ipaddr.parseCIDR(entry));
        continue;
      } catch {
        // Not a range: fall through and treat it as a host name.
      }
    }
    hosts.add(entry.replace(/^\[|\]$/g, ''));
  }
  return { hosts, ranges };
}

/** IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it carries. */
function normalise(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  return ipaddr.process(address);
}

/** True for ordinary internet addresses; false for every special-purpose range. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return normalise(address).range() === 'unicast';
}

/**
 * May a connection to `address` (resolved from `hostname`) be made?
 * The host name matches an allow entry, or the address does, or it lies in an allowed range,
 * or it is public.
 */
export function isAddressAllowed(address: string, hostname: string, allow: AllowRules): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = normalise(address);
  if (allow.hosts.has(hostname.toLowerCase().replace(/^\[|\]$/g, ''))) return true;
  if (allow.hosts.has(ip.toString())) return true;
  for (const [range, bits] of allow.ranges) {
    if (range.kind() === ip.kind() && ip.match(range, bits)) return true;
  }
  return ip.range() === 'unicast';
}

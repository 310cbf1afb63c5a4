import { networkInterfaces } from "node:os";

/**
 * The other addresses a browser may know the dev server by: localhost for a loopback address, and every address of
 * the machine's network interfaces when it listens on all of them (a phone on the same network, say). The quote
 * receiver accepts these, besides the address it printed, as the origin of a quote.
 */
export function ownOrigins(host: string, port: number): string[] {
  const origin = (address: string) => `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  const loopback = ["127.0.0.1", "::1", "localhost"];
  if (loopback.includes(host)) return loopback.map(origin);
  if (host !== "0.0.0.0" && host !== "::") return [];
  const interfaces = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
  return [...loopback, ...interfaces.map((entry) => entry.address)].map(origin);
}

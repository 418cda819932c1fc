import { describe, expect, it } from "vitest";
import { isLoopback, listenHosts, originPolicy } from "../src/lib/auth-origins";

/** The origin policy of sign-in and our own routes: the printed address works, nothing else does by accident. */
describe("originPolicy", () => {
  const none = () => [];

  it("a loopback address trusts 127.0.0.1, localhost and [::1] on its port, the printed one first", () => {
    const p = originPolicy({ publicUrl: undefined, trustedOrigins: [], listen: { hostname: "127.0.0.1", port: 3018 }, interfaces: none });
    expect(p.trusted).toEqual(["http://127.0.0.1:3018", "http://localhost:3018", "http://[::1]:3018"]);
    expect(p.baseURL).toEqual({
      allowedHosts: ["127.0.0.1:3018", "localhost:3018", "[::1]:3018"],
      protocol: "http",
      fallback: "http://127.0.0.1:3018",
    });
  });

  it("`--host localhost` prints localhost and trusts the same loopback names", () => {
    const p = originPolicy({ publicUrl: undefined, trustedOrigins: [], listen: { hostname: "localhost", port: 3000 }, interfaces: none });
    expect(p.trusted).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
  });

  it("a wildcard address adds this machine's interface addresses; a specific one trusts only itself", () => {
    const wild = originPolicy({
      publicUrl: undefined,
      trustedOrigins: [],
      listen: { hostname: "0.0.0.0", port: 80 },
      interfaces: () => ["192.168.1.5", "fd00::2"],
    });
    expect(wild.trusted).toEqual([
      "http://0.0.0.0:80",
      "http://127.0.0.1:80",
      "http://localhost:80",
      "http://[::1]:80",
      "http://192.168.1.5:80",
      "http://[fd00::2]:80",
    ]);
    const lan = originPolicy({
      publicUrl: undefined,
      trustedOrigins: [],
      listen: { hostname: "192.168.1.5", port: 8080 },
      interfaces: none,
    });
    expect(lan.trusted).toEqual(["http://192.168.1.5:8080"]);
  });

  it("a configured public URL is the one origin (plus ARENA_TRUSTED_ORIGINS), whatever the listen address", () => {
    const p = originPolicy({
      publicUrl: "https://arena.example.org/app",
      trustedOrigins: ["https://ops.example.org/", "https://x.example.org"],
      listen: { hostname: "127.0.0.1", port: 3000 },
    });
    expect(p).toEqual({
      baseURL: "https://arena.example.org/app",
      trusted: ["https://arena.example.org", "https://ops.example.org", "https://x.example.org"],
    });
  });

  it("ARENA_TRUSTED_ORIGINS extends the listen address's origins", () => {
    const p = originPolicy({
      publicUrl: undefined,
      trustedOrigins: ["http://tunnel.example.org"],
      listen: { hostname: "127.0.0.1", port: 1 },
      interfaces: none,
    });
    expect(p.trusted.at(-1)).toBe("http://tunnel.example.org");
  });

  it("without a listen address (next dev) better-auth's own default applies", () => {
    expect(originPolicy({ publicUrl: undefined, trustedOrigins: [], listen: null })).toEqual({ baseURL: undefined, trusted: [] });
  });
});

describe("listenHosts and isLoopback", () => {
  it("recognises loopback spellings and brackets IPv6 addresses", () => {
    for (const h of ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "::1", "[::1]"]) expect(isLoopback(h)).toBe(true);
    for (const h of ["0.0.0.0", "10.0.0.1", "localhost.evil.example", "128.0.0.1"]) expect(isLoopback(h)).toBe(false);
    expect(listenHosts({ hostname: "::1", port: 3 })).toEqual(["[::1]:3", "127.0.0.1:3", "localhost:3"]);
  });
});

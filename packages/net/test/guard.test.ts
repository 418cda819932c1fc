import { afterEach, describe, expect, it } from "vitest";
import { assertAllowedUrl, NetError, refusedRange } from "../src";

async function refusal(url: string, allow?: string[]): Promise<NetError> {
  const err = await assertAllowedUrl(url, allow ? { allow } : {}).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NetError);
  expect((err as NetError).kind).toBe("refused");
  return err as NetError;
}

describe("refusedRange", () => {
  it.each([
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.20", "private"],
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["169.254.3.4", "linkLocal"],
    ["169.254.169.254", "metadata"],
    ["0.0.0.0", "unspecified"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.254", "carrierGradeNat"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fdab:1234::5", "uniqueLocal"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["2002:7f00:1::1", "6to4"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
    ["fd00:ec2::254", "metadata"],
    ["ff02::1", "multicast"],
    // IPv6 forms embedding a refused IPv4 address
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:0:192.168.0.1", "private"],
    ["64:ff9b::100.64.0.9", "carrierGradeNat"],
    // IPv4-compatible (deprecated ::/96): refused whatever it embeds
    ["::7f00:1", "ipv4Compatible"],
    ["::a00:1", "ipv4Compatible"],
    ["::808:808", "ipv4Compatible"],
  ])("%s is refused as %s", (ip, range) => {
    expect(refusedRange(ip)).toBe(range);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "172.15.255.255", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "%s is public",
    (ip) => {
      expect(refusedRange(ip)).toBeNull();
    },
  );
});

describe("assertAllowedUrl", () => {
  const savedEnv = process.env.ARENA_ALLOW_HOSTS;
  afterEach(() => {
    if (savedEnv === undefined) delete process.env.ARENA_ALLOW_HOSTS;
    else process.env.ARENA_ALLOW_HOSTS = savedEnv;
  });

  it("lets a public IP literal through and returns it as the vetted address", async () => {
    const { url, addresses } = await assertAllowedUrl("https://93.184.215.14/page?q=1");
    expect(url.hostname).toBe("93.184.215.14");
    expect(addresses).toEqual(["93.184.215.14"]);
  });

  it("refuses credentials embedded in the URL and keeps them out of the error", async () => {
    for (const url of ["https://user:s3cret@93.184.215.14/", "https://user@93.184.215.14/", "https://:s3cret@93.184.215.14/"]) {
      const err = await refusal(url);
      expect(err.message).toContain("credentials");
      expect(err.message).not.toContain("s3cret");
      expect(err.url).toBe("https://93.184.215.14/");
    }
  });

  it.each([
    "http://10.0.0.1/",
    "http://192.168.0.1:8080/admin",
    "http://127.0.0.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:a9fe:a9fe]/latest/meta-data/",
    "http://[::7f00:1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/",
    "http://0.0.0.0/",
    "http://100.100.100.200/",
    "http://2130706433/",
    "http://0x7f.1/",
  ])("refuses %s", async (url) => {
    await refusal(url);
  });

  it("refuses names that resolve to loopback and the metadata host name", async () => {
    expect((await refusal("http://localhost:3000/")).message).toMatch(/127\.0\.0\.1 \(loopback/);
    expect((await refusal("http://metadata.google.internal/computeMetadata/v1/")).message).toMatch(/metadata/);
  });

  it.each(["file:///etc/passwd", "ftp://8.8.8.8/x", "javascript:alert(1)", "data:text/html,hi", "gopher://8.8.8.8/"])(
    "refuses the scheme of %s",
    async (url) => {
      expect((await refusal(url)).message).toMatch(/scheme|valid/);
    },
  );

  it("reports DNS failure as refused", async () => {
    expect((await refusal("http://no-such-host.invalid/")).message).toMatch(/DNS lookup/);
  });

  it("allow-lists by host name, IP, CIDR and host:port", async () => {
    await expect(assertAllowedUrl("http://localhost:3000/", { allow: ["localhost"] })).resolves.toBeTruthy();
    await expect(assertAllowedUrl("http://LOCALHOST/", { allow: ["localhost"] })).resolves.toBeTruthy();
    await expect(assertAllowedUrl("http://127.0.0.1/", { allow: ["127.0.0.1"] })).resolves.toBeTruthy();
    await expect(assertAllowedUrl("http://[::ffff:127.0.0.1]/", { allow: ["127.0.0.1"] })).resolves.toBeTruthy();
    await expect(assertAllowedUrl("http://10.20.30.40/", { allow: ["10.0.0.0/8"] })).resolves.toBeTruthy();
    await expect(assertAllowedUrl("http://[fd12::7]/", { allow: ["fd00::/8"] })).resolves.toBeTruthy();
    await expect(assertAllowedUrl("http://127.0.0.1:8080/", { allow: ["127.0.0.1:8080"] })).resolves.toBeTruthy();
    await expect(assertAllowedUrl("http://[::1]:8080/", { allow: ["[::1]:8080"] })).resolves.toBeTruthy();
    // Entries allow only what they name.
    await refusal("http://127.0.0.1:8081/", ["127.0.0.1:8080"]);
    await refusal("http://192.168.0.1/", ["10.0.0.0/8"]);
    await refusal("http://127.0.0.2/", ["127.0.0.1"]);
    await refusal("http://localhost:8080/", ["127.0.0.1:8080"]);
  });

  it("reads ARENA_ALLOW_HOSTS and merges it with the caller's entries", async () => {
    process.env.ARENA_ALLOW_HOSTS = " 10.1.0.0/16 , localhost:9000,bad/entry/x";
    await expect(assertAllowedUrl("http://10.1.2.3/")).resolves.toBeTruthy();
    await expect(assertAllowedUrl("http://localhost:9000/")).resolves.toBeTruthy();
    await expect(assertAllowedUrl("http://192.168.1.1/", { allow: ["192.168.0.0/16"] })).resolves.toBeTruthy();
    await refusal("http://10.2.0.1/");
    await refusal("http://localhost:9001/");
  });
});

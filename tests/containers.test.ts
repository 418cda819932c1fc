import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { REPO_ROOT } from "./helpers/arena";
import { ARENA_COMMAND, MIGRATE_COMMAND, WORKER_COMMAND } from "./helpers/processes";

/**
 * No Docker engine runs here, so the images are checked as text: the stages and users of the
 * Dockerfile, and that the commands the images and the compose profile run are exactly those the
 * multi-process test starts (tests/helpers/processes.ts, tests/helpers/web.ts), so what is tested is what a container runs.
 */

interface Stage {
  name: string;
  from: string;
  instructions: { op: string; args: string }[];
}

/** The Dockerfile's stages with their instructions (continuation lines joined, comments dropped). */
function stages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const out: Stage[] = [];
  for (const line of lines) {
    const [op, ...rest] = line.split(/\s+/);
    const args = rest.join(" ");
    if (op!.toUpperCase() === "FROM") {
      const m = /^(\S+)\s+AS\s+(\S+)$/i.exec(args);
      out.push({ name: m?.[2] ?? "", from: m?.[1] ?? args, instructions: [] });
    } else if (out.length) out.at(-1)!.instructions.push({ op: op!.toUpperCase(), args });
  }
  return out;
}

/** An instruction of a stage or of the stages it is built FROM (the last one wins, as in Docker). */
function effective(all: Stage[], name: string, op: string): string | undefined {
  const stage = all.find((s) => s.name === name);
  if (!stage) return undefined;
  const own = stage.instructions.filter((i) => i.op === op).at(-1)?.args;
  return own ?? effective(all, stage.from, op);
}

const execForm = (args: string | undefined) => z.array(z.string()).parse(JSON.parse(args ?? "null"));

const composeSchema = z.object({
  services: z.record(
    z.string(),
    z
      .object({
        profiles: z.array(z.string()).optional(),
        build: z.object({ context: z.string(), target: z.string() }).optional(),
        command: z.array(z.string()).optional(),
        container_name: z.string().optional(),
        ports: z.array(z.string()).optional(),
        environment: z.record(z.string(), z.string()).optional(),
        depends_on: z.record(z.string(), z.object({ condition: z.string() })).optional(),
      })
      .loose(),
  ),
});

describe("container images and the compose profile", () => {
  const dockerfile = stages(readFileSync(`${REPO_ROOT}Dockerfile`, "utf8"));
  const yaml = createRequire(import.meta.url)("js-yaml") as { load(text: string): unknown };
  const compose = composeSchema.parse(yaml.load(readFileSync(`${REPO_ROOT}docker-compose.yml`, "utf8")));

  it("builds once with npm run build and runs web, worker and migrate as the unprivileged user", () => {
    expect(dockerfile.map((s) => s.name)).toEqual(expect.arrayContaining(["build", "runtime", "web", "worker", "migrate"]));
    expect(
      dockerfile.find((s) => s.name === "build")!.instructions.some((i) => i.op === "RUN" && /npm ci\b.*&& npm run build$/.test(i.args)),
    ).toBe(true);
    for (const target of ["web", "worker", "migrate"]) expect(effective(dockerfile, target, "USER"), target).toBe("node");
    // The runtime images carry the build stage's output, not a build of their own.
    expect(dockerfile.find((s) => s.name === "runtime")!.instructions.filter((i) => i.op === "RUN")).toEqual([]);
  });

  it("the images' entry commands are the ones the multi-process test runs", () => {
    expect(execForm(effective(dockerfile, "web", "ENTRYPOINT"))).toEqual([...ARENA_COMMAND]);
    expect(execForm(effective(dockerfile, "web", "CMD"))[0]).toBe("web");
    expect(execForm(effective(dockerfile, "worker", "CMD"))).toEqual([...WORKER_COMMAND]);
    expect(effective(dockerfile, "worker", "ENTRYPOINT")).toBeUndefined();
    expect(execForm(effective(dockerfile, "migrate", "CMD"))).toEqual([...MIGRATE_COMMAND]);
    // Health checks ask what the processes serve: the web's /api/health, the worker's /readyz on its ARENA_WORKER_HEALTH_PORT.
    expect(effective(dockerfile, "web", "HEALTHCHECK")).toContain("/api/health");
    expect(effective(dockerfile, "worker", "HEALTHCHECK")).toContain(
      `:${/ARENA_WORKER_HEALTH_PORT=(\d+)/.exec(effective(dockerfile, "worker", "ENV")!)![1]}/readyz`,
    );
  });

  it("the app profile runs the migration first, then one web server and scalable workers with the same commands", () => {
    const { migrate, web, worker, postgres, redis } = compose.services;
    for (const s of [migrate, web, worker]) expect(s?.profiles).toEqual(["app"]);
    expect(postgres?.profiles).toBeUndefined();
    expect(redis?.profiles).toBeUndefined();
    expect([migrate!.build!.target, web!.build!.target, worker!.build!.target]).toEqual(["migrate", "web", "worker"]);
    expect(migrate!.command).toEqual([...MIGRATE_COMMAND]);
    expect(web!.command).toEqual(execForm(effective(dockerfile, "web", "CMD")));
    expect(worker!.command).toEqual([...WORKER_COMMAND]);
    for (const s of [web!, worker!]) expect(s.depends_on?.migrate).toEqual({ condition: "service_completed_successfully" });
    // `--scale worker=N` needs a service without a fixed name or host port.
    expect(worker!.container_name).toBeUndefined();
    expect(worker!.ports).toBeUndefined();
    // One key for every process (secrets written by one are read by the others), one public URL.
    expect(web!.environment!.ARENA_SECRET_KEY).toBe(worker!.environment!.ARENA_SECRET_KEY);
    expect(web!.environment!.DATABASE_URL).toBe(worker!.environment!.DATABASE_URL);
    expect(web!.environment!.REDIS_URL).toBe(worker!.environment!.REDIS_URL);
  });
});

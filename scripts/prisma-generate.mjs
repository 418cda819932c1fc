// Generates the Prisma client (packages/db/src/generated) with Prisma 7, from prisma/schema.prisma.
//
// Two Prisma versions, each for what only it does offline:
// - the client is Prisma 7's (`prisma7`, an alias of prisma@7): its query compiler caches query
//   plans, so a repeated ORM query costs about a third of 6.19's CPU (docs/development.md);
// - migrations stay on 6.19's CLI (`prisma`), whose JS engine needs no download: Prisma 7's
//   migrate commands fetch a native schema engine.
// 6.19's CLI needs `url` in the datasource block and 7 refuses it, so 7 generates from a copy of the
// schema without that line (written under node_modules/.cache, never edited by hand). `generate`
// only checks that a schema engine is present; /bin/true stands in for the download it would make.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dir = `${root}node_modules/.cache/arena/prisma-client`;

/** schema.prisma as Prisma 7 takes it: no datasource url, the client written where 6.19 wrote it. */
export function clientSchema(source, output = `${root}packages/db/src/generated`) {
  const datasourceUrl = /^(\s*)url\s*=\s*env\("DATABASE_URL"\)\s*\n/m;
  const generatorOutput = /^(\s*)output(\s*)=\s*"[^"]*"/m;
  if (!datasourceUrl.test(source) || !generatorOutput.test(source)) {
    throw new Error('prisma/schema.prisma: expected `url = env("DATABASE_URL")` in the datasource and an `output` in the generator');
  }
  return source
    .replace(datasourceUrl, "")
    .replace(/^\s*engineType\s*=.*\n/m, "") // 6.19's way of asking for the query compiler, 7's only engine
    .replace(generatorOutput, `$1output$2= ${JSON.stringify(output)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/schema.prisma`, clientSchema(readFileSync(`${root}prisma/schema.prisma`, "utf8")));
  writeFileSync(`${dir}/prisma.config.mjs`, 'export default { schema: "schema.prisma" };\n');
  execFileSync(process.execPath, [`${root}node_modules/prisma7/build/index.js`, "generate", "--config", `${dir}/prisma.config.mjs`], {
    stdio: "inherit",
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: "/bin/true", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  });
}

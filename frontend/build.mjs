// Builds the panel into ONE module, custom_components/llm_hub/panel/frontend/llm-hub-panel.js, and
// records the SHA-256 of its sources beside it (llm-hub-panel.json), which the tests compare
// with the sources; its first 12 hex digits are baked in as the build id, which the panel
// compares with the backend's. Deterministic: same sources and lockfile, same bytes.
// Usage: node build.mjs [OUTDIR]   (script/build-panel runs it; --check builds into a temp dir)
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const outdir = process.argv[2] ?? join(here, "..", "custom_components", "llm_hub", "panel", "frontend");

/** The files whose content makes the build: sources, build setup, lockfile (sorted paths). */
function inputs() {
  const files = ["build.mjs", "package.json", "package-lock.json", "tsconfig.json"];
  const walk = (dir) => {
    for (const entry of readdirSync(join(here, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts")) files.push(path);
    }
  };
  walk("src");
  return files.map((file) => relative(here, join(here, file)).split("\\").join("/")).sort();
}

/** SHA-256 over each input's path and content (the tests compute the same in Python). */
function sourcesHash() {
  const hash = createHash("sha256");
  for (const file of inputs()) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(join(here, file)));
    hash.update("\n");
  }
  return hash.digest("hex");
}

const sources = sourcesHash();
mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: [join(here, "src", "index.ts")],
  outfile: join(outdir, "llm-hub-panel.js"),
  bundle: true,
  format: "esm",
  target: "es2021",
  minify: true,
  legalComments: "eof",
  charset: "utf8",
  tsconfig: join(here, "tsconfig.json"),
  logLevel: "warning",
  // The build id the panel compares with the backend's (llm_hub/panel/build).
  define: { __LLM_HUB_BUILD__: JSON.stringify(sources.slice(0, 12)) },
});
writeFileSync(
  join(outdir, "llm-hub-panel.json"),
  `${JSON.stringify({ sources_sha256: sources, built_by: "frontend/build.mjs" }, null, 2)}\n`,
);

// Bundle the page into the Python package's static files (src/chronomem/service/static/ui/).
// `npm run build`; `node build.mjs --out DIR` writes elsewhere.
import { build } from "esbuild";
import { copyFile, mkdir, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const flag = process.argv.indexOf("--out");
const out = flag > 0 ? resolve(process.argv[flag + 1]) : join(here, "..", "src", "chronomem", "service", "static", "ui");

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
await build({
  entryPoints: [join(here, "src", "main.js")],
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020"],
  outfile: join(out, "app.js"),
  legalComments: "linked",
  logLevel: "warning",
});
for (const file of ["index.html", "style.css"]) await copyFile(join(here, "src", file), join(out, file));
console.log(`built the page into ${out}`);

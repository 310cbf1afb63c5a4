// Puts the previews' own 404 page (infra/preview-404.html) at previews/404.html of PREVIEW_BUCKET, where the
// previews' distribution answers every missing page from (infra/lib/preview-site.ts). Run by the preview workflow
// (`npm run previews:404`) with the preview role, which may write under previews/ only; no preview's prefix owns it.
import { readFile } from "node:fs/promises";
import { createClients } from "../src/deploy/clients";
import { putObject } from "../src/deploy/bucket";

const bucket = process.env.PREVIEW_BUCKET;
if (!bucket) {
  console.error("flightsite: PREVIEW_BUCKET must be set (the preview workflow sets it)");
  process.exit(2);
}
const page = await readFile(new URL("../infra/preview-404.html", import.meta.url));
const { s3 } = createClients({ region: process.env.AWS_REGION });
await putObject({ client: s3, name: bucket, prefix: "" }, "previews/404.html", page, { contentType: "text/html; charset=utf-8", cacheControl: "no-cache" });
console.log(`flightsite: the previews' 404 page is at s3://${bucket}/previews/404.html`);

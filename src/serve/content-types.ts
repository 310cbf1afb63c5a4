// The dev server sends the Content-Type the deploy stores in S3: one function decides both (src/engine/content-types.ts).
export { contentTypeFor } from "../engine/content-types";

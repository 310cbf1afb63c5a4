// What "react" means inside the browser bundle (esbuild alias, src/engine/client-bundle.ts). Islands use only these hooks
// and JSX, which Preact's core provides directly; preact/compat would add ~4 KB gzipped for nothing we use.
export { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";

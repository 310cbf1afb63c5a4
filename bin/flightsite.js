#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so there is no compile step between a clone and a build.
import { register } from "tsx/esm/api";

// React's production build renders pages about three times faster than its development build, which only adds
// warnings for developers; `NODE_ENV=development flightsite build` brings them back.
process.env.NODE_ENV ??= "production";
register();
const { main } = await import("../src/cli.ts");
process.exitCode = await main(process.argv.slice(2));

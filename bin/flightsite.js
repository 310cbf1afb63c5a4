#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so there is no compile step between a clone and a build.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli.ts");
process.exitCode = await main(process.argv.slice(2));

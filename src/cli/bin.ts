#!/usr/bin/env node
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2), {
  env: process.env,
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
});

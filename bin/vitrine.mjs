#!/usr/bin/env node
// The `vitrine` command: loads the TypeScript CLI through tsx.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../cli/index.ts');
process.exitCode = await run(process.argv.slice(2));

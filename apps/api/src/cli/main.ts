#!/usr/bin/env node
/**
 * The `fieldreport` program (`npm run fieldreport -- <command>` from the repository root):
 * runs the operator's command on the process's arguments.
 */
import * as Fieldreport from "./Fieldreport.ts"

Fieldreport.main(process.argv.slice(2))

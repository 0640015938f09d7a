#!/usr/bin/env node
/**
 * The `fieldreport-import` program: runs the import command on the process's arguments.
 */
// The two modules, not the package's index, which would load every Node platform service.
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as NodeServices from "@effect/platform-node/NodeServices"
import { Effect } from "effect"
import { Command } from "effect/cli"
import packageJson from "../package.json" with { type: "json" }
import { command } from "./ImportCommand.ts"

Command.run(command, { version: packageJson.version }).pipe(
  Effect.provide(NodeServices.layer),
  NodeRuntime.runMain,
)

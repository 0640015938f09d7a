export { default } from "@fieldreport/tooling/vitest"

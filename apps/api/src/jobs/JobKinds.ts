/**
 * Every kind of background job, in one place: the services that enqueue jobs and the handlers
 * that run them both read their kind here, so the jobs layer never reaches up into a service for
 * one, and the names stored in the `jobs` table are all in sight (two kinds must never share one).
 * Read through the namespace: `JobKinds.ReportCreated`.
 */
import { Schema } from "effect"
import { jobKind } from "./JobRunner.ts"

/**
 * A report was filed: tells the channel's followers and alert areas (the notification fan-out).
 *
 * @example
 * ```ts
 * yield* jobs.enqueue(JobKinds.ReportCreated, { report_id: 49 })
 * ```
 */
export const ReportCreated = jobKind("report.created", Schema.Struct({ report_id: Schema.Int }))

/**
 * A report's location changed: it may now be in other alert areas.
 *
 * @example
 * ```ts
 * yield* jobs.enqueue(JobKinds.ReportMoved, { report_id: 49 })
 * ```
 */
export const ReportMoved = jobKind("report.moved", Schema.Struct({ report_id: Schema.Int }))

/**
 * Renditions of an image, made in the background after its upload.
 *
 * @example
 * ```ts
 * yield* jobs.enqueue(JobKinds.AttachmentRenditions, { attachment_id: 3 })
 * ```
 */
export const AttachmentRenditions = jobKind(
  "attachment.renditions",
  Schema.Struct({ attachment_id: Schema.Int }),
)

/**
 * Removes attachments nothing uses; recurs every hour.
 *
 * @example
 * ```ts
 * yield* jobs.schedule(JobKinds.AttachmentCleanup, {}, cleanupInterval)
 * ```
 */
export const AttachmentCleanup = jobKind("attachment.cleanup", Schema.Struct({}))

/**
 * Removes files of the store that no attachment has (`Attachments.sweepOrphans`); recurs every day.
 *
 * @example
 * ```ts
 * yield* jobs.schedule(JobKinds.AttachmentOrphanSweep, {}, orphanSweepInterval)
 * ```
 */
export const AttachmentOrphanSweep = jobKind("attachment.orphan_sweep", Schema.Struct({}))

/**
 * Runs one report search: writes its results, or marks it failed.
 *
 * @example
 * ```ts
 * yield* jobs.enqueue(JobKinds.ReportSearchRun, { search_id: 12 })
 * ```
 */
export const ReportSearchRun = jobKind("report_search.run", Schema.Struct({ search_id: Schema.Int }))

/**
 * Deletes the report searches whose results expired; runs every hour.
 *
 * @example
 * ```ts
 * yield* jobs.enqueue(JobKinds.ReportSearchCleanup, {})
 * ```
 */
export const ReportSearchCleanup = jobKind("report_search.cleanup", Schema.Struct({}))

/**
 * Writes one report export's file, or marks it failed.
 *
 * @example
 * ```ts
 * yield* jobs.enqueue(JobKinds.ReportExportRun, { export_id: 7 })
 * ```
 */
export const ReportExportRun = jobKind("report_export.run", Schema.Struct({ export_id: Schema.Int }))

/**
 * Deletes the report exports past their 24 hours, with their files; runs every hour.
 *
 * @example
 * ```ts
 * yield* jobs.schedule(JobKinds.ReportExportCleanup, {}, cleanupInterval)
 * ```
 */
export const ReportExportCleanup = jobKind("report_export.cleanup", Schema.Struct({}))

/**
 * Deletes the shape searches whose results expired.
 *
 * @example
 * ```ts
 * yield* jobs.enqueue(JobKinds.ShapeSearchCleanup, {})
 * ```
 */
export const ShapeSearchCleanup = jobKind("shape_search.cleanup", Schema.Struct({}))

/**
 * Deletes the audit events older than the retention; runs every hour.
 *
 * @example
 * ```ts
 * yield* jobs.enqueue(JobKinds.AuditEventCleanup, {})
 * ```
 */
export const AuditEventCleanup = jobKind("audit_event.cleanup", Schema.Struct({}))

/**
 * Deletes the tombstones of deleted records older than they are kept (90 days); runs every hour.
 *
 * @example
 * ```ts
 * yield* jobs.schedule(JobKinds.DeletedResourceCleanup, {}, cleanupInterval)
 * ```
 */
export const DeletedResourceCleanup = jobKind("deleted_resource.cleanup", Schema.Struct({}))

/**
 * An invitation to send: the invited team user, who invited them, the channels they were added
 * to, and the address the service is reached at (for the link in the e-mail).
 *
 * @example
 * ```ts
 * const invitation: Invitation = { team_user_id: 14, inviter_id: 2, channel_ids: [7], base_url: "https://…" }
 * ```
 */
export const Invitation = Schema.Struct({
  team_user_id: Schema.Int,
  inviter_id: Schema.Int,
  channel_ids: Schema.Array(Schema.Int),
  base_url: Schema.String,
})

/** The payload of an invitation job. */
export type Invitation = typeof Invitation.Type

/**
 * Sends one invitation e-mail.
 *
 * @example
 * ```ts
 * yield* jobs.enqueue(JobKinds.InvitationMail, invitation)
 * ```
 */
export const InvitationMail = jobKind("mail.invitation", Invitation)

/**
 * A password reset asked for: the address it was asked for (the job finds its account, if any),
 * the branded app it was asked in (null without `X-AppId`), and the address the service is reached
 * at (for the link in the e-mail). The token is made by the job, so it is never stored in clear.
 *
 * @example
 * ```ts
 * const asked: PasswordResetAsked = { email: "ana@example.com", app_id: 1, base_url: "https://…" }
 * ```
 */
export const PasswordResetAsked = Schema.Struct({
  email: Schema.String,
  app_id: Schema.NullOr(Schema.Int),
  base_url: Schema.String,
})

/** The payload of a password reset job. */
export type PasswordResetAsked = typeof PasswordResetAsked.Type

/**
 * Sends one password reset e-mail, when the address has an account.
 *
 * @example
 * ```ts
 * yield* jobs.enqueue(JobKinds.PasswordResetMail, asked)
 * ```
 */
export const PasswordResetMail = jobKind("mail.password_reset", PasswordResetAsked)

/**
 * A new account's address to verify: its user, the app they signed up in and the address the
 * service is reached at. The token is made by the job, as a reset's is.
 *
 * @example
 * ```ts
 * const signedUp: SignedUp = { user_id: 31, app_id: 1, base_url: "https://…" }
 * ```
 */
export const SignedUp = Schema.Struct({
  user_id: Schema.Int,
  app_id: Schema.Int,
  base_url: Schema.String,
})

/** The payload of an address verification job. */
export type SignedUp = typeof SignedUp.Type

/**
 * Sends one address verification e-mail, unless the address was verified meanwhile.
 *
 * @example
 * ```ts
 * yield* jobs.enqueue(JobKinds.EmailVerificationMail, signedUp)
 * ```
 */
export const EmailVerificationMail = jobKind("mail.email_verification", SignedUp)

/**
 * Deletes expired e-mailed tokens and mail requests older than the throttle reads; runs every hour.
 *
 * @example
 * ```ts
 * yield* jobs.schedule(JobKinds.AccountMailCleanup, {}, cleanupInterval)
 * ```
 */
export const AccountMailCleanup = jobKind("account_mail.cleanup", Schema.Struct({}))

/**
 * An invitation of an address without an account to send, or send again: the invitation and the
 * address the service is reached at. The token is made by the job, as a reset's is.
 *
 * @example
 * ```ts
 * const asked: TeamInvitationAsked = { invitation_id: 4, base_url: "https://…" }
 * ```
 */
export const TeamInvitationAsked = Schema.Struct({
  invitation_id: Schema.Int,
  base_url: Schema.String,
})

/** The payload of an invitation-by-address job. */
export type TeamInvitationAsked = typeof TeamInvitationAsked.Type

/**
 * Sends one invitation e-mail to an address without an account, unless it was accepted or
 * withdrawn meanwhile.
 *
 * @example
 * ```ts
 * yield* jobs.enqueue(JobKinds.TeamInvitationMail, asked)
 * ```
 */
export const TeamInvitationMail = jobKind("mail.team_invitation", TeamInvitationAsked)

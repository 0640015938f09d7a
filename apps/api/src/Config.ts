/**
 * The API's configuration, read once at start-up from `FIELDREPORT_*` environment variables.
 * Nothing else in the app reads `process.env`.
 */
import { Config, Context, Duration, Effect, Layer, Option, Redacted, Schema } from "effect"
import * as TrustProxy from "./http/TrustProxy.ts"

export interface AppConfigShape {
  readonly host: string
  readonly port: number
  /** Where the embedded database, uploads and outgoing e-mails live. */
  readonly dataDir: string
  /** PostgreSQL URL; the embedded SQLite database is used when absent. */
  readonly databaseUrl: Option.Option<string>
  /** Absolute base URL the service is reached at, without a trailing slash; derived from each request when absent. */
  readonly publicUrl: Option.Option<string>
  readonly bodyLimitBytes: number
  readonly uploadLimitBytes: number
  /** How long a signed file address works, in seconds. */
  readonly urlLifetimeSeconds: number
  /** Background jobs one process runs at a time. */
  readonly jobWorkers: number
  /** How long a claimed job stays claimed without renewal: how soon another process takes over the jobs of one that died. */
  readonly jobLease: Duration.Duration
  /** How often idle job workers look for work enqueued by other processes. */
  readonly jobPollInterval: Duration.Duration
  readonly accessTokenTtl: Duration.Duration
  readonly refreshTokenTtl: Duration.Duration
  /** Requests per minute for one token, and for one client address. */
  readonly rateLimitPerToken: number
  readonly rateLimitPerAddress: number
  /**
   * Login throttling (`auth/LoginThrottle.ts`). Failed logins per e-mail and client address pair
   * in `loginWindow` before that pair gets `429`.
   */
  readonly loginAttempts: number
  readonly loginWindow: Duration.Duration
  /** Failed logins per client address, any e-mail, in `loginWindow` before it gets `429`; `loginAttempts` × 5 when absent. */
  readonly loginAttemptsPerAddress: Option.Option<number>
  /** Failed logins per e-mail, from any address, in `loginEmailWindow` before each further attempt must wait. */
  readonly loginEmailFailures: number
  readonly loginEmailWindow: Duration.Duration
  /** The first such wait; it doubles with every further failure, up to `loginDelayMax`. */
  readonly loginDelay: Duration.Duration
  readonly loginDelayMax: Duration.Duration
  /** How long a client address the user signed in from spares them the e-mail's waits. */
  readonly loginKnownAddressTtl: Duration.Duration
  readonly bootstrapAdminEmail: Option.Option<string>
  readonly bootstrapAdminPassword: Option.Option<string>
  readonly bootstrapApp: string
  readonly demo: boolean
  readonly corsOrigins: ReadonlyArray<string>
  /** The proxies whose `X-Forwarded-For` names the client (see `http/TrustProxy.ts`); loopback by default. */
  readonly trustProxy: ReadonlyArray<string>
  readonly smtpUrl: Option.Option<string>
  readonly mailFrom: string
  /** Static map image template with `{latitude}` and `{longitude}` placeholders. */
  readonly staticMapUrl: string
  /** Basemap of the admin UI's maps: a Leaflet tile template such as `https://tile.example.org/{z}/{x}/{y}.png`; none (offline maps) when absent. */
  readonly tileUrl: Option.Option<string>
  /** Credit of the basemap's tiles, shown in the maps' corner (HTML, as Leaflet shows it). */
  readonly tileAttribution: Option.Option<string>
  /** Whether `/admin` serves the admin UI's source maps. */
  readonly adminSourcemaps: boolean
  readonly logLevel: string
  /** Seconds to finish requests in flight after SIGTERM. */
  readonly shutdownGraceSeconds: number
  /**
   * Seconds a client may take to send a request's headers, and the whole request (an upload
   * included); a slower client is answered `408` and cut off, so it cannot hold a connection.
   */
  readonly headersTimeoutSeconds: number
  readonly requestTimeoutSeconds: number
  /** The bearer token a scrape of `/metrics` must send; `/metrics` is open when absent. */
  readonly metricsToken: Option.Option<Redacted.Redacted<string>>
  /** Days the security audit log keeps an event before the clean-up deletes it (at least 1). */
  readonly auditRetentionDays: number
  /**
   * Days back a field app's sync list reaches: reports changed longer ago are not synced (at
   * least 1).
   */
  readonly syncDays: number
  /** The S3-compatible bucket uploads live in (under `uploads/`); the directory `<dataDir>/uploads` when absent. */
  readonly s3Bucket: Option.Option<string>
  /** The object store's address (MinIO, Garage, …); AWS's for the region when absent. */
  readonly s3Endpoint: Option.Option<string>
  readonly s3Region: string
  /** With the secret, the bucket user's keys; the AWS SDK's default credentials (environment, instance role) when absent. */
  readonly s3AccessKeyId: Option.Option<string>
  readonly s3SecretAccessKey: Option.Option<Redacted.Redacted<string>>
  /** The bucket in the path (`http://host/bucket/key`) instead of the host name, as most self-hosted stores want. */
  readonly s3ForcePathStyle: boolean
  /** File addresses in answers are presigned addresses of the bucket itself instead of the API's. */
  readonly s3Presigned: boolean
}

const list = (name: string) =>
  Config.String(name).pipe(
    Config.map((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== ""),
    ),
    Config.withDefault<ReadonlyArray<string>>([]),
  )

const optional = (name: string) => Config.option(Config.NonEmptyString(name))

const fromEnvironment = Config.all({
  host: Config.String("FIELDREPORT_HOST").pipe(Config.withDefault("0.0.0.0")),
  port: Config.Int("FIELDREPORT_PORT").pipe(Config.withDefault(3000)),
  dataDir: Config.String("FIELDREPORT_DATA_DIR").pipe(Config.withDefault("./data")),
  databaseUrl: optional("FIELDREPORT_DATABASE_URL"),
  publicUrl: optional("FIELDREPORT_PUBLIC_URL").pipe(
    Config.map(Option.map((url) => url.replace(/\/+$/, ""))),
  ),
  bodyLimitBytes: Config.Int("FIELDREPORT_BODY_LIMIT_BYTES").pipe(Config.withDefault(1024 * 1024)),
  uploadLimitBytes: Config.Int("FIELDREPORT_UPLOAD_LIMIT_BYTES").pipe(Config.withDefault(25 * 1024 * 1024)),
  urlLifetimeSeconds: Config.Int("FIELDREPORT_URL_LIFETIME_SECONDS").pipe(Config.withDefault(3600)),
  jobWorkers: Config.Int("FIELDREPORT_JOB_WORKERS").pipe(Config.withDefault(2)),
  jobLease: Config.Duration("FIELDREPORT_JOB_LEASE").pipe(Config.withDefault(Duration.seconds(30))),
  jobPollInterval: Config.Duration("FIELDREPORT_JOB_POLL_INTERVAL").pipe(
    Config.withDefault(Duration.seconds(1)),
  ),
  accessTokenTtl: Config.Duration("FIELDREPORT_ACCESS_TOKEN_TTL").pipe(
    Config.withDefault(Duration.hours(24)),
  ),
  refreshTokenTtl: Config.Duration("FIELDREPORT_REFRESH_TOKEN_TTL").pipe(
    Config.withDefault(Duration.days(30)),
  ),
  rateLimitPerToken: Config.Int("FIELDREPORT_RATE_LIMIT_PER_TOKEN").pipe(Config.withDefault(1200)),
  rateLimitPerAddress: Config.Int("FIELDREPORT_RATE_LIMIT_PER_ADDRESS").pipe(Config.withDefault(2400)),
  loginAttempts: Config.Int("FIELDREPORT_LOGIN_ATTEMPTS").pipe(Config.withDefault(10)),
  loginWindow: Config.Duration("FIELDREPORT_LOGIN_WINDOW").pipe(Config.withDefault(Duration.minutes(15))),
  loginAttemptsPerAddress: Config.option(Config.Int("FIELDREPORT_LOGIN_ATTEMPTS_PER_ADDRESS")),
  loginEmailFailures: Config.Int("FIELDREPORT_LOGIN_EMAIL_FAILURES").pipe(Config.withDefault(20)),
  loginEmailWindow: Config.Duration("FIELDREPORT_LOGIN_EMAIL_WINDOW").pipe(
    Config.withDefault(Duration.hours(24)),
  ),
  loginDelay: Config.Duration("FIELDREPORT_LOGIN_DELAY").pipe(Config.withDefault(Duration.seconds(1))),
  loginDelayMax: Config.Duration("FIELDREPORT_LOGIN_DELAY_MAX").pipe(
    Config.withDefault(Duration.minutes(15)),
  ),
  loginKnownAddressTtl: Config.Duration("FIELDREPORT_LOGIN_KNOWN_ADDRESS_TTL").pipe(
    Config.withDefault(Duration.days(30)),
  ),
  bootstrapAdminEmail: optional("FIELDREPORT_BOOTSTRAP_ADMIN_EMAIL"),
  bootstrapAdminPassword: optional("FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD"),
  bootstrapApp: Config.String("FIELDREPORT_BOOTSTRAP_APP").pipe(Config.withDefault("com.fieldreport.app")),
  demo: Config.Boolean("FIELDREPORT_DEMO").pipe(Config.withDefault(true)),
  corsOrigins: list("FIELDREPORT_CORS_ORIGINS"),
  trustProxy: Config.schema(TrustProxy.List, "FIELDREPORT_TRUST_PROXY").pipe(
    Config.map(TrustProxy.entries),
    Config.withDefault<ReadonlyArray<string>>(["loopback"]),
  ),
  smtpUrl: optional("FIELDREPORT_SMTP_URL"),
  mailFrom: Config.String("FIELDREPORT_MAIL_FROM").pipe(
    Config.withDefault("Fieldreport <no-reply@localhost>"),
  ),
  staticMapUrl: Config.String("FIELDREPORT_STATIC_MAP_URL").pipe(
    Config.withDefault(
      "https://staticmap.openstreetmap.de/staticmap.php?center={latitude},{longitude}&zoom=15&size=600x300&markers={latitude},{longitude}",
    ),
  ),
  tileUrl: Config.option(
    Config.schema(
      Schema.NonEmptyString.check(
        Schema.isPattern(/^https?:\/\/[^\s/]+\/\S*$/, { expected: "an http(s) tile URL template" }),
      ),
      "FIELDREPORT_TILE_URL",
    ),
  ),
  tileAttribution: optional("FIELDREPORT_TILE_ATTRIBUTION"),
  adminSourcemaps: Config.Boolean("FIELDREPORT_ADMIN_SOURCEMAPS").pipe(Config.withDefault(false)),
  logLevel: Config.String("FIELDREPORT_LOG_LEVEL").pipe(Config.withDefault("info")),
  shutdownGraceSeconds: Config.Int("FIELDREPORT_SHUTDOWN_GRACE_SECONDS").pipe(Config.withDefault(10)),
  headersTimeoutSeconds: Config.Int("FIELDREPORT_HEADERS_TIMEOUT_SECONDS").pipe(Config.withDefault(60)),
  requestTimeoutSeconds: Config.Int("FIELDREPORT_REQUEST_TIMEOUT_SECONDS").pipe(Config.withDefault(300)),
  metricsToken: optional("FIELDREPORT_METRICS_TOKEN").pipe(Config.map(Option.map(Redacted.make))),
  auditRetentionDays: Config.schema(
    Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
    "FIELDREPORT_AUDIT_RETENTION_DAYS",
  ).pipe(Config.withDefault(365)),
  syncDays: Config.schema(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)), "FIELDREPORT_SYNC_DAYS").pipe(
    Config.withDefault(30),
  ),
  s3Bucket: optional("FIELDREPORT_S3_BUCKET"),
  s3Endpoint: Config.option(
    Config.schema(
      Schema.NonEmptyString.check(
        Schema.isPattern(/^https?:\/\/[^\s/]+(\/\S*)?$/, { expected: "an http(s) address" }),
      ),
      "FIELDREPORT_S3_ENDPOINT",
    ),
  ),
  s3Region: Config.String("FIELDREPORT_S3_REGION").pipe(Config.withDefault("us-east-1")),
  s3AccessKeyId: optional("FIELDREPORT_S3_ACCESS_KEY_ID"),
  s3SecretAccessKey: optional("FIELDREPORT_S3_SECRET_ACCESS_KEY").pipe(Config.map(Option.map(Redacted.make))),
  s3ForcePathStyle: Config.Boolean("FIELDREPORT_S3_FORCE_PATH_STYLE").pipe(Config.withDefault(false)),
  s3Presigned: Config.Boolean("FIELDREPORT_S3_PRESIGNED").pipe(Config.withDefault(false)),
})

/**
 * The configuration service.
 *
 * @example
 * ```ts
 * const { port } = yield* AppConfig
 * ```
 */
export class AppConfig extends Context.Service<AppConfig, AppConfigShape>()("api/Config/AppConfig") {
  /** Reads the environment through the current `ConfigProvider` (the process environment by default). */
  static readonly layer = Layer.effect(
    AppConfig,
    Effect.gen(function* () {
      return AppConfig.of(yield* fromEnvironment)
    }),
  )
}

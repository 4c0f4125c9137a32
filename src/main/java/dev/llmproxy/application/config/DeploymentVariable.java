package dev.llmproxy.application.config;

/**
 * Every environment variable the proxy, its server configurations and its kits read: the one list the configuration
 * reference is generated from (a test fails when a variable is read that is not here, or listed and never read).
 * Each is looked up through MicroProfile Config, so a JVM system property of the same name works too.
 */
public enum DeploymentVariable {

    PROXY_HTTP_PORT(Part.SERVER, "`9080` (Liberty), `8080` (Payara, WildFly kits)", "HTTP port"),
    PROXY_HTTPS_PORT(Part.SERVER, "`9443`",
            "HTTPS port (Liberty; the other servers' own HTTPS configuration applies there)"),
    PROXY_HTTP_HOST(Part.SERVER, "`*`", "interface to listen on"),
    PROXY_READ_TIMEOUT(Part.SERVER, "`35s`",
            "Liberty: how long one read of a request may wait for the client; above the setting `bodyTimeoutMs`"),
    PROXY_DATA_DIR(Part.SERVER, "`./data` (project directory)",
            "where the embedded H2 database lives (Liberty, Payara; WildFly's kit keeps it in the server's "
            + "`standalone/data/proxy`); outside `target/`, so it survives `mvn clean`"),
    PROXY_DB_URL(Part.SERVER, "embedded H2 in `PROXY_DATA_DIR`",
            "the database's JDBC URL: PostgreSQL for production and for several instances (`admin/database/README.md`)"),
    PROXY_DB_USER(Part.SERVER, "`sa`",
            "the database user (PostgreSQL; Payara's and WildFly's kits use `sa` for embedded H2 whatever it says)"),
    PROXY_DB_PASSWORD(Part.SERVER, "empty", "the database user's password (as `PROXY_DB_USER`)"),
    PROXY_JDBC_DIR(Part.SERVER, "`<server>/jdbc`",
            "the directory holding the one JDBC driver jar the server uses (Liberty; Payara for PostgreSQL)"),
    PROXY_JAVA_OPTS(Part.SERVER, "unset", "JVM options the Payara kit's `run.sh` passes to `java`"),

    PROXY_MODE(Part.PROXY, "`development`",
            "`development` or `production` (anything else stops the deployment). Production refuses proxy traffic "
            + "without `PROXY_IP_SALT` and, unless the setting `allowAnonymousCallers` says otherwise, serves only "
            + "callers with an API key"),
    PROXY_IP_SALT(Part.PROXY, "unset",
            "secret salt of the client-address hash, HMAC-SHA256(address, salt); at least 16 characters in production. "
            + "The same on every instance (else their counts do not line up). Development without it uses a public "
            + "salt and says so in the log"),
    PROXY_ADMIN_PASSWORD(Part.PROXY, "unset",
            "password of the console user `admin`; unset: generated at first start and printed once in the log. "
            + "Applied once per value: a restart with the same value keeps a password changed in the console, a new "
            + "value resets it"),
    PROXY_REDIS_URL(Part.PROXY, "unset",
            "Redis or Valkey (`redis://host:6379/0`, `rediss://` for TLS) for the rate-limit windows, budget "
            + "reservations and failed sign-ins of several instances, and their 429 cooldowns, breakers, model "
            + "latencies and kept answers (idempotency keys, answers given again); unset: in the database"),
    PROXY_REDIS_PREFIX(Part.PROXY, "`llmproxy:`",
            "what every key and channel of this deployment starts with in Redis: deployments that share one Redis "
            + "need one each, the same on all instances of a deployment"),
    PROXY_BOOTSTRAP(Part.PROXY, "unset",
            "path to a config document applied at start when the database holds no configuration yet"),
    PROXY_INSTANCE_ID(Part.PROXY, "host name and process id",
            "this instance's name in breaker transitions, heartbeats and logs"),
    PROXY_PLAIN_HTTP_CLIENT(Part.PROXY, "`nio`",
            "the client for plain-http upstreams: the proxy's own NIO client, or `jetty` (the client https "
            + "upstreams always use)"),
    PROXY_TRUST_STORE(Part.PROXY, "unset: the JDK's CA set alone",
            "a trust store (PKCS12 or JKS) whose certificates outbound https trusts besides the JDK's CA set: a private "
            + "CA of providers, token endpoints or the sign-in provider, or a TLS-inspecting proxy's "
            + "([security](security.md#outbound-https))"),
    PROXY_TRUST_STORE_PASSWORD(Part.PROXY, "unset", "the password of `PROXY_TRUST_STORE`, when it has one"),
    PROXY_OIDC_ISSUER(Part.PROXY, "unset",
            "the OpenID Connect provider people sign in through (Keycloak, Entra ID, Okta...): its issuer URL, https; "
            + "unset: only local users ([security](security.md#single-sign-on))"),
    PROXY_OIDC_CLIENT_ID(Part.PROXY, "unset", "the proxy's client id at the provider; needed with `PROXY_OIDC_ISSUER`"),
    PROXY_OIDC_CLIENT_SECRET(Part.PROXY, "unset",
            "the client's secret, for a confidential client; unset: a public client, proven by PKCE alone"),
    PROXY_OIDC_GROUPS_CLAIM(Part.PROXY, "`groups`",
            "the token claim that lists a person's groups; a dotted name walks into nested claims "
            + "(`realm_access.roles` for Keycloak's realm roles)"),
    PROXY_OIDC_ADMIN_GROUPS(Part.PROXY, "unset", "comma-separated groups whose members get the `admin` role"),
    PROXY_OIDC_AUDITOR_GROUPS(Part.PROXY, "unset", "comma-separated groups whose members get the `auditor` role"),
    PROXY_OIDC_API_AUDIENCE(Part.PROXY, "`api://` and `PROXY_OIDC_CLIENT_ID`",
            "the audience an admin API bearer token must name; never the client id alone, which the console's ID "
            + "tokens name"),
    PROXY_OIDC_REDIRECT_URI(Part.PROXY, "from the request",
            "the address the provider sends the browser back to (`https://host/admin/oidc/callback`); set it behind "
            + "a reverse proxy that does not pass on the scheme and host"),
    PROXY_LOCAL_USERS(Part.PROXY, "`on`",
            "`off` switches the console's local users off (form and Basic sign-in), leaving single sign-on; keep "
            + "`on` for break-glass access"),
    PROXY_METRICS_TOKEN(Part.PROXY, "unset",
            "a token `/metrics` then asks every scraper for (`Authorization: Bearer ...`, Prometheus's "
            + "`authorization` or `bearer_token_file`); unset: `/metrics` is public, and production mode says so at "
            + "start"),
    OTEL_EXPORTER_OTLP_ENDPOINT(Part.PROXY, "unset",
            "an OTLP/HTTP collector (`http://collector:4318`): requests are traced there; unset (and no other "
            + "exporter named): no tracing, no cost. The other standard `OTEL_*` variables apply "
            + "([operations](operations.md#traces))"),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT(Part.PROXY, "unset", "the same, for traces alone (the full `/v1/traces` URL)"),
    OTEL_TRACES_EXPORTER(Part.PROXY, "`otlp` when an endpoint is set",
            "`none` switches tracing off; `console` logs spans (for trying it out)"),
    OTEL_SDK_DISABLED(Part.PROXY, "`false`", "`true` switches tracing off whatever else is set"),
    PROXY_OLLAMA_URL(Part.PROXY, "`http://127.0.0.1:11434`", "the local Ollama watched in development (local parity)"),
    PROXY_OLLAMA_CHECK_SECONDS(Part.PROXY, "`30`", "how often the local Ollama is checked (each check bounded by 2 s)"),

    OPENROUTER_API_KEY(Part.FIRST_START, "unset",
            "adds provider `openrouter` and free models to the tiers `fast`, `balanced` and `thoughtful`"),
    GEMINI_API_KEY(Part.FIRST_START, "unset", "adds provider `gemini` (Google's own API) and its flash models"),
    ANTHROPIC_API_KEY(Part.FIRST_START, "unset", "adds provider `anthropic`, two priced Claude models and tier `claude`"),
    AZURE_OPENAI_API_KEY(Part.FIRST_START, "unset",
            "with `AZURE_OPENAI_ENDPOINT` and `AZURE_OPENAI_DEPLOYMENT`: adds provider `azure-openai` (the "
            + "resource's v1 API), the deployment and tier `azure`"),
    AZURE_OPENAI_ENDPOINT(Part.FIRST_START, "unset", "the Azure OpenAI resource's endpoint"),
    AZURE_OPENAI_DEPLOYMENT(Part.FIRST_START, "unset", "the Azure OpenAI deployment to add"),
    AZURE_TENANT_ID(Part.FIRST_START, "unset",
            "with `AZURE_CLIENT_ID` and `AZURE_CLIENT_SECRET`, an Entra ID app registration: in place of "
            + "`AZURE_OPENAI_API_KEY` at first start, and for any `azure-openai` provider whose `apiKeySecret` is "
            + "`AZURE_CLIENT_SECRET`"),
    AZURE_CLIENT_ID(Part.FIRST_START, "unset", "the Entra ID app registration's client id"),
    AZURE_CLIENT_SECRET(Part.FIRST_START, "unset", "the Entra ID app registration's secret"),
    AZURE_AUTHORITY_HOST(Part.FIRST_START, "Azure's public cloud",
            "the Entra ID authority for a sovereign cloud, as Azure's own libraries read it"),
    AWS_BEARER_TOKEN_BEDROCK(Part.FIRST_START, "unset",
            "a Bedrock API key: adds provider `bedrock`, Claude Sonnet 4.5 and tier `bedrock`"),
    AWS_REGION(Part.FIRST_START, "`AWS_DEFAULT_REGION`, else `us-east-1`", "the Bedrock region used at first start"),
    AWS_DEFAULT_REGION(Part.FIRST_START, "unset", "read when `AWS_REGION` is not set"),
    GOOGLE_APPLICATION_CREDENTIALS(Part.FIRST_START, "unset",
            "a service-account key file: adds provider `vertex` in the key's project, two priced models and tier "
            + "`vertex`"),
    GOOGLE_CLOUD_PROJECT(Part.FIRST_START, "the key's `project_id`", "the Vertex AI project used at first start"),
    GOOGLE_CLOUD_LOCATION(Part.FIRST_START, "`global`", "the Vertex AI location used at first start");

    /** Who reads a variable, which is what the reference groups them by. */
    public enum Part {
        SERVER("The server: read by the server configuration and the operator's kits (`admin/`)"),
        PROXY("The proxy: read by the application at start"),
        FIRST_START("Providers added at first start: read once, when the database holds no configuration yet");

        private final String title;

        Part(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }
    }

    private final Part part;
    private final String defaultText;
    private final String meaning;

    DeploymentVariable(Part part, String defaultText, String meaning) {
        this.part = part;
        this.defaultText = defaultText;
        this.meaning = meaning;
    }

    public Part part() {
        return part;
    }

    /** The default, in Markdown. */
    public String defaultText() {
        return defaultText;
    }

    /** What it means, in Markdown. */
    public String meaning() {
        return meaning;
    }
}

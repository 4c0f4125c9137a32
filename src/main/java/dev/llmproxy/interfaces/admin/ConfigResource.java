package dev.llmproxy.interfaces.admin;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.config.ConfigDocument;
import dev.llmproxy.application.config.ConfigDocumentWriter;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.config.RuntimeConfig;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/** Export and import of the whole runtime configuration as one document. */
@Path("config")
@Produces(MediaType.APPLICATION_JSON)
public class ConfigResource {

    @Inject
    ConfigService configs;

    @GET
    public JsonObject export() {
        return ConfigDocumentWriter.write(configs.current());
    }

    /**
     * Replaces the configuration atomically: the document is validated in full first, and on any problem nothing
     * changes and every problem is reported with its field.
     */
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public JsonObject importDocument(String body, @Context SecurityContext security) {
        RuntimeConfig parsed = ConfigDocument.read(body);
        String author = AdminExceptionMappers.who(security);
        RuntimeConfig stored = configs.replace(parsed, author, "imported through the admin API");
        return JsonCodec.object().add("version", stored.version())
                .add("tiers", stored.tiers().size()).add("models", stored.models().size()).build();
    }
}

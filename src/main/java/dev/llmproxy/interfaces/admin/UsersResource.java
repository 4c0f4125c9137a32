package dev.llmproxy.interfaces.admin;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.security.ConsoleUsers;
import dev.llmproxy.domain.config.ConfigValidationException;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/** {@code PUT /admin/api/users/{name}} {"password", "role"}: creates or replaces a console user. */
@Path("users")
@Produces(MediaType.APPLICATION_JSON)
public class UsersResource {

    @Inject
    ConsoleUsers users;

    @PUT
    @Path("{name}")
    @Consumes(MediaType.APPLICATION_JSON)
    public JsonObject put(@PathParam("name") String name, String body, @Context SecurityContext security) {
        JsonObject o;
        try {
            o = JsonCodec.read(body).asJsonObject();
        } catch (JsonException | ClassCastException e) {
            throw ConfigValidationException.of("body", "must be a JSON object with password and role");
        }
        users.save(name, o.getString("password", null), o.getString("role", null), AdminExceptionMappers.who(security));
        return JsonCodec.object().add("username", name).add("role", o.getString("role")).build();
    }
}

package dev.llmproxy.interfaces.admin;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The JSON admin API: what the console does, for automation. Protected by web.xml (role admin). */
@ApplicationPath("/admin/api")
public class AdminApi extends Application {
}

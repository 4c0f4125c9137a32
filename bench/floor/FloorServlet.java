package bench;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The container's floor: reads the body and answers a fixed completion, on the same server as the proxy. */
@WebServlet(urlPatterns = "/v1/chat/completions")
public class FloorServlet extends HttpServlet {
    static final byte[] BODY = ("{\"id\":\"floor\",\"object\":\"chat.completion\",\"created\":0,\"model\":\"floor\","
            + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"ok\"},\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":1,\"total_tokens\":6}}").getBytes(StandardCharsets.UTF_8);

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse res) throws IOException {
        req.getInputStream().readAllBytes();
        res.setContentType("application/json");
        res.setContentLength(BODY.length);
        res.getOutputStream().write(BODY);
    }
}

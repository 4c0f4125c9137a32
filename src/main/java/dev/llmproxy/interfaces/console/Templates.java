package dev.llmproxy.interfaces.console;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.context.IExpressionContext;
import org.thymeleaf.context.IWebContext;
import org.thymeleaf.linkbuilder.StandardLinkBuilder;
import org.thymeleaf.context.WebContext;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;
import org.thymeleaf.web.servlet.JakartaServletWebApplication;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Thymeleaf for the console: natural HTML templates from {@code templates/console/}, escaped by default (th:text),
 * cached. Views get view models, never entities.
 */
@ApplicationScoped
public class Templates {

    private final TemplateEngine engine;
    private volatile JakartaServletWebApplication application;

    public Templates() {
        ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver(Templates.class.getClassLoader());
        resolver.setPrefix("templates/console/");
        resolver.setSuffix(".html");
        resolver.setTemplateMode(TemplateMode.HTML);
        resolver.setCharacterEncoding(StandardCharsets.UTF_8.name());
        resolver.setCacheable(true);
        engine = new TemplateEngine();
        engine.setTemplateResolver(resolver);
        engine.setLinkBuilder(new StandardLinkBuilder() {
            @Override
            protected String computeContextPath(IExpressionContext context, String base, Map<String, Object> parameters) {
                // outside a request (template tests) links are rendered as if the application sat at the root
                return context instanceof IWebContext ? super.computeContextPath(context, base, parameters) : "";
            }
        });
    }

    /** Renders a page as the response (status 200 unless set before). */
    public void render(String template, Map<String, Object> model, ServletContext servletContext,
                       HttpServletRequest req, HttpServletResponse res) throws IOException {
        JakartaServletWebApplication app = application;
        if (app == null) {
            app = JakartaServletWebApplication.buildApplication(servletContext);
            application = app;
        }
        WebContext context = new WebContext(app.buildExchange(req, res));
        context.setVariables(model);
        res.setContentType("text/html;charset=UTF-8");
        engine.process(template, context, res.getWriter());
    }

    /** Renders without a request (unit tests of templates). */
    public String render(String template, Map<String, Object> model) {
        Context context = new Context();
        context.setVariables(model);
        return engine.process(template, context);
    }
}

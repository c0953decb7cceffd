package io.sparkadvisor.bot.ops;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * What an operator's probes and scraper read: {@code GET /healthz} (the process answers),
 * {@code GET /readyz} (200, or 503 naming the failing part) and {@code GET /metrics} (Prometheus text).
 */
public final class OpsServlet extends HttpServlet {
    public static final String HEALTH = "/healthz";
    public static final String READY = "/readyz";
    public static final String METRICS = "/metrics";
    private static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private final Readiness readiness;
    private final PrometheusMeterRegistry registry;

    public OpsServlet(Readiness readiness, PrometheusMeterRegistry registry) {
        this.readiness = readiness;
        this.registry = registry;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        switch (request.getServletPath()) {
            case HEALTH -> answer(response, 200, "text/plain; charset=utf-8", "ok\n");
            case READY -> {
                Readiness.Report report = readiness.check();
                answer(response, report.ready() ? 200 : 503, "text/plain; charset=utf-8", report.text());
            }
            case METRICS -> answer(response, 200, PROMETHEUS_TEXT, registry.scrape());
            default -> response.sendError(404);
        }
    }

    private static void answer(HttpServletResponse response, int status, String type, String body) throws IOException {
        response.setStatus(status);
        response.setContentType(type);
        response.setHeader("Cache-Control", "no-store");
        response.getWriter().write(body);
    }
}

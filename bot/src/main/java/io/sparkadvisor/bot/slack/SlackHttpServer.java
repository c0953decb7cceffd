package io.sparkadvisor.bot.slack;

import com.slack.api.bolt.App;
import com.slack.api.bolt.servlet.SlackAppServlet;
import java.util.EnumSet;
import javax.servlet.DispatcherType;
import javax.servlet.http.HttpServlet;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.servlet.FilterHolder;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;

/**
 * Bolt's app served over HTTP by Jetty, as bolt-jetty's SlackAppServer does for an app without
 * OAuth, plus what it lacks: the {@link BodyCap} in front of Bolt, no server version in answers,
 * and error pages without stack traces. In Socket Mode it serves the operator's endpoints alone.
 */
public final class SlackHttpServer {
    private final Server server;
    private final ServletContextHandler context = new ServletContextHandler();

    public SlackHttpServer(App app, String path, int port) {
        this(port);
        app.config().setAppPath(path);
        context.addServlet(new ServletHolder(new SlackAppServlet(app)), path);
    }

    /** A server without Slack's endpoint (Socket Mode), for {@link #serve}d servlets alone. */
    public SlackHttpServer(int port) {
        server = new Server(port);
        server.getConnectors()[0].getConnectionFactories().stream().filter(HttpConnectionFactory.class::isInstance)
                .map(f -> ((HttpConnectionFactory) f).getHttpConfiguration()).forEach(SlackHttpServer::quiet);
        context.addFilter(new FilterHolder(new BodyCap()), "/*", EnumSet.of(DispatcherType.REQUEST));
        server.setHandler(context);
        ErrorHandler errors = new ErrorHandler();
        errors.setShowStacks(false);
        errors.setShowServlet(false);
        server.setErrorHandler(errors);
    }

    /** Also serves {@code servlet} at {@code paths}; before {@link #start}. */
    public SlackHttpServer serve(HttpServlet servlet, String... paths) {
        ServletHolder holder = new ServletHolder(servlet);
        for (String path : paths) {
            context.addServlet(holder, path);
        }
        return this;
    }

    /** Starts serving; returns once the port is open. */
    public void start() throws Exception {
        server.start();
    }

    /** Blocks until the server stops. */
    public void join() throws InterruptedException {
        server.join();
    }

    public void stop() throws Exception {
        server.stop();
    }

    private static void quiet(HttpConfiguration http) {
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
    }
}

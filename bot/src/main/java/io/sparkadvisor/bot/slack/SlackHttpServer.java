package io.sparkadvisor.bot.slack;

import com.slack.api.bolt.App;
import com.slack.api.bolt.servlet.SlackAppServlet;
import java.util.EnumSet;
import javax.servlet.DispatcherType;
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
 * and error pages without stack traces.
 */
public final class SlackHttpServer {
    private final Server server;

    public SlackHttpServer(App app, String path, int port) {
        server = new Server(port);
        server.getConnectors()[0].getConnectionFactories().stream().filter(HttpConnectionFactory.class::isInstance)
                .map(f -> ((HttpConnectionFactory) f).getHttpConfiguration()).forEach(SlackHttpServer::quiet);
        ServletContextHandler context = new ServletContextHandler();
        context.addFilter(new FilterHolder(new BodyCap()), "/*", EnumSet.of(DispatcherType.REQUEST));
        app.config().setAppPath(path);
        context.addServlet(new ServletHolder(new SlackAppServlet(app)), path);
        server.setHandler(context);
        ErrorHandler errors = new ErrorHandler();
        errors.setShowStacks(false);
        errors.setShowServlet(false);
        server.setErrorHandler(errors);
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

package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.ask.RunAnalysis;
import io.sparkadvisor.bot.compare.RunComparisons;
import com.google.gson.reflect.TypeToken;
import com.slack.api.Slack;
import com.slack.api.SlackConfig;
import com.slack.api.bolt.App;
import com.slack.api.bolt.AppConfig;
import com.slack.api.bolt.socket_mode.SocketModeApp;
import com.slack.api.methods.MethodsClient;
import com.slack.api.methods.SlackApiException;
import com.slack.api.methods.response.apps.connections.AppsConnectionsOpenResponse;
import com.slack.api.methods.response.auth.AuthTestResponse;
import com.slack.api.model.block.LayoutBlock;
import com.slack.api.model.event.AppMentionEvent;
import com.slack.api.model.event.MessageEvent;
import com.slack.api.util.http.SlackHttpClient;
import com.slack.api.util.json.GsonFactory;
import io.sparkadvisor.bot.access.AccessService;
import io.sparkadvisor.bot.approvals.ApprovalDesk;
import io.sparkadvisor.bot.approvals.ChangeReplies;
import io.sparkadvisor.bot.approvals.JobHistory;
import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.store.AnalysedFindings;
import io.sparkadvisor.bot.store.SlackEvents;
import io.sparkadvisor.bot.store.StoreException;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.bot.ops.SlackCallMeter;
import io.sparkadvisor.bot.work.Workers;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.templates.replies.AskReply;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.io.IOException;
import java.util.List;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import javax.servlet.http.HttpServlet;
import okhttp3.OkHttpClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Bolt app: {@code /spark-advisor}, mentions ("@spark-advisor why is nightly-etl slow?") and
 * direct messages with a run link, the Approve / Reject buttons on its recommendations and "Find the hot value" on
 * skew findings. Every
 * handler acks at once (Slack gives three seconds) and leaves the work to {@link AskService}.
 * Slack resends an event it saw no answer to, perhaps to another replica: the event's id in the
 * database, not the retry header, says whether some replica already took it; a replayed request is
 * dropped ({@link OnceOnly}). Requests from users
 * of another team (Slack Connect) are refused. {@link #stop} lets asks under way finish, and marks
 * the rest, before the process ends.
 */
public final class SlackBot {
    public static final String COMMAND = "/spark-advisor";
    private static final Logger LOG = LoggerFactory.getLogger(SlackBot.class);
    static final String RETRY_HEADER = "X-Slack-Retry-Num";

    /** Analyses are CPU-heavy (parsing, rules) and the answer is I/O; four threads keep two cores busy. */
    private static final int THREADS = 4;
    private static final int QUEUED_ASKS = 256;

    /** What the app's handlers use, built by {@code serve} (or a test) around one database and workspace. */
    public record Services(Workspace workspace, Advisor advisor, ApprovalDesk approvals, JobHistory history, DigestCommands digest,
            AnalysedFindings analysed, SlackEvents events, HotValueDesk hotValues, AccessService access) {}

    private final App app;
    private final AskService asks;
    private final ApprovalButtons buttons;
    private final HotValueDesk hotValues;

    private SlackBot(App app, AskService asks, ApprovalButtons buttons, HotValueDesk hotValues) {
        this.app = app;
        this.asks = asks;
        this.buttons = buttons;
        this.hotValues = hotValues;
    }

    public static SlackBot start(SlackSettings settings, Services services) {
        return start(settings, services, BotMetrics.none());
    }

    /** {@code metrics}: where asks, clicks and Slack calls are counted. */
    public static SlackBot start(SlackSettings settings, Services services, BotMetrics metrics) {
        App app = new App(config(settings, metrics));
        ExecutorService pool = Workers.bounded("spark-advisor-ask", THREADS, QUEUED_ASKS);
        RunAnalysis analysis = new RunAnalysis(services.workspace(), services.advisor());
        AskAdmission admission = new AskAdmission(analysis, services.access());
        RunComparisons comparisons = new RunComparisons(services.workspace(), services.advisor().thresholds());
        AskService asks = new AskService(analysis, admission, pool, services.approvals(), services.analysed(), services.hotValues(),
                comparisons, metrics);
        app.use(new OnceOnly(services.events().signedRequests()));
        app.use(new ClickCounter(metrics));
        app.use(new SameTeamOnly(() -> app.client().authTest(r -> r)));
        ApprovalButtons buttons = ApprovalButtons.register(app, services.approvals(), metrics);
        services.hotValues().register(app);
        AskHandlers handlers = new AskHandlers(pool, asks, new GuardedHistory(services.history(), services.access()), services.digest(),
                new WhyAnswers(admission, analysis, comparisons), metrics);
        app.command(COMMAND, (req, ctx) -> {
            if (req.getHeaders().getFirstValue(RETRY_HEADER) != null) {
                return ctx.ack(); // Slack does not resend commands it got an answer to; a proxy's resend is dropped
            }
            var payload = req.getPayload();
            AskText text = AskText.parse(payload.getText());
            if (text.kind() == AskText.Kind.HELP) {
                return ctx.ack(blocks(SlackMessages.help(COMMAND))); // it fits in the ack itself
            }
            if (!handlers.take(new AskHandlers.Asked(payload.getChannelId(), payload.getUserId(), text, ctx.client()), new Reply.ResponseUrl(ctx))) {
                return ctx.ack(AskReply.BUSY.text());
            }
            return text.kind() == AskText.Kind.RUN || text.kind() == AskText.Kind.WHY ? ctx.ack(AskReply.LOOKS_INTO.text("query", text.echoed())) : ctx.ack();
        });
        app.event(AppMentionEvent.class, (payload, ctx) -> {
            var event = payload.getEvent();
            if (firstDelivery(services.events(), payload.getEventId())) {
                onMessage(handlers, ctx.client(), event.getChannel(), event.getUser(), event.getText());
            }
            return ctx.ack();
        });
        app.event(MessageEvent.class, (payload, ctx) -> {
            var event = payload.getEvent();
            if ("im".equals(event.getChannelType()) && event.getBotId() == null && firstDelivery(services.events(), payload.getEventId())) {
                onMessage(handlers, ctx.client(), event.getChannel(), event.getUser(), event.getText());
            }
            return ctx.ack();
        });
        return new SlackBot(app, asks, buttons, services.hotValues());
    }

    public App app() {
        return app;
    }

    /** What {@code /readyz} asks of Slack: that it still takes the bot token. */
    public void checkAuth() throws IOException, SlackApiException {
        AuthTestResponse auth = app.client().authTest(r -> r);
        if (!auth.isOk()) {
            throw new IllegalStateException("auth.test answered " + auth.getError());
        }
    }

    /** What the follow-up and recovered approvals say in Slack, with the app's client. */
    public ChangeReplies changeReplies() {
        return new SlackChangeReplies(app.client());
    }

    /** How Slack's requests come in: {@code serve} blocks until the process is stopped, {@code close} stops taking them. */
    public interface Intake extends AutoCloseable {
        void serve() throws Exception;
    }

    /**
     * Socket Mode over the app's own websocket when the settings give an app token, else HTTP on their port at
     * {@code eventsPath}; in both modes the operator's {@code operations} servlet answers on {@code opsPort} alone,
     * never on Slack's public port. Closing a websocket first makes Slack send new envelopes to the other connections
     * (a new replica) at once.
     */
    public Intake intake(SlackSettings settings, String eventsPath, int opsPort, HttpServlet operations, String... operationPaths)
            throws IOException {
        SlackHttpServer probes = new SlackHttpServer(opsPort).serve(operations, operationPaths);
        if (settings.socketMode()) {
            SocketModeApp socketMode = new SocketModeApp(settings.appToken(), app);
            return new Intake() {
                @Override
                public void serve() throws Exception {
                    probes.start();
                    socketMode.start(); // blocks until the process is stopped, as the HTTP server does
                }

                @Override
                public void close() throws Exception {
                    socketMode.close();
                    probes.stop();
                }
            };
        }
        SlackHttpServer server = new SlackHttpServer(app, eventsPath, settings.port());
        return new Intake() {
            @Override
            public void serve() throws Exception {
                probes.start();
                server.start();
                server.join();
            }

            @Override
            public void close() throws Exception {
                server.stop();
                probes.stop();
            }
        };
    }

    /**
     * Stops taking work and gives what is under way {@code grace} to finish (asks, then clicks);
     * an ask still running or queued after that is marked "restarted, ask again" in its thread.
     */
    public void stop(Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        try {
            asks.stop(grace);
            buttons.stop(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            hotValues.stop(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Whether no replica has taken this event yet. Without a database answer the event is taken:
     * answering twice is better than not at all.
     */
    private static boolean firstDelivery(SlackEvents events, String eventId) {
        if (eventId == null) {
            return true;
        }
        try {
            return events.take(eventId);
        } catch (StoreException e) {
            LOG.warn("event {} taken without checking for an earlier delivery: {}", eventId, e.getMessage());
            return true;
        }
    }

    /**
     * Checks the tokens and the Web API before serving: Bolt would otherwise fail on its first
     * auth.test (or, in Socket Mode, apps.connections.open) with a stack trace, and say "The token
     * is invalid" even when Slack was only unreachable.
     */
    public static void checkSlack(SlackSettings settings) {
        Slack slack = slack(settings);
        AuthTestResponse auth = call(settings, () -> slack.methods(settings.botToken()).authTest(r -> r));
        if (!auth.isOk()) {
            throw new BadInputException("SLACK_BOT_TOKEN was refused by Slack (" + auth.getError() + ")");
        }
        if (settings.socketMode()) {
            AppsConnectionsOpenResponse open = call(settings, () -> slack.methods(settings.appToken()).appsConnectionsOpen(r -> r));
            if (!open.isOk()) {
                throw new BadInputException("SLACK_APP_TOKEN was refused by Slack (" + open.getError()
                        + "): give an app-level token with connections:write, of an app with Socket Mode on");
            }
        }
    }

    private interface WebApiCall<T> {
        T call() throws IOException, SlackApiException;
    }

    private static <T> T call(SlackSettings settings, WebApiCall<T> call) {
        try {
            return call.call();
        } catch (IOException | SlackApiException e) {
            throw new BadInputException((settings.apiUrl() == null ? "Slack's Web API" : "SLACK_API_URL " + settings.apiUrl())
                    + " cannot be reached (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** A mention or a direct message: answered like the command, in messages only the asker sees. */
    private static void onMessage(AskHandlers handlers, MethodsClient client, String channel, String user, String text) {
        Reply reply = new Reply.Ephemeral(client, channel, user);
        if (!handlers.take(new AskHandlers.Asked(channel, user, AskText.parse(text), client), reply)) {
            reply.say(AskReply.BUSY.text());
        }
    }

    /** A Web API client with the bot's token, for posting outside a request (the scheduled digest). */
    public static MethodsClient methods(SlackSettings settings) {
        return methods(settings, BotMetrics.none());
    }

    /** As {@link #methods(SlackSettings)}, its calls counted in {@code metrics}. */
    public static MethodsClient methods(SlackSettings settings, BotMetrics metrics) {
        return slack(settings, metrics).methods(settings.botToken());
    }

    private static Slack slack(SlackSettings settings) {
        return slack(settings, BotMetrics.none());
    }

    /** Each attempt of a call is timed inside the rate-limit retries, so a 429 shows as one. */
    private static Slack slack(SlackSettings settings, BotMetrics metrics) {
        SlackConfig slackConfig = new SlackConfig();
        if (settings.apiUrl() != null) {
            slackConfig.setMethodsEndpointUrlPrefix(settings.apiUrl());
        }
        OkHttpClient http = SlackHttpClient.buildOkHttpClient(slackConfig).newBuilder().addInterceptor(new RateLimitRetry(metrics))
                .addInterceptor(new SlackCallMeter(metrics)).build();
        return Slack.getInstance(slackConfig, new SlackHttpClient(http));
    }

    private static AppConfig config(SlackSettings settings, BotMetrics metrics) {
        AppConfig.AppConfigBuilder config = AppConfig.builder()
                .singleTeamBotToken(settings.botToken())
                .slack(slack(settings, metrics))
                // edits, joins and other events we do not handle are acked, not retried by Slack
                .allEventsApiAutoAckEnabled(true)
                .subtypedMessageEventsAutoAckEnabled(true);
        if (settings.signingSecret() != null) {
            config.signingSecret(settings.signingSecret());
        } else {
            // Socket Mode without a signing secret: requests arrive over the app's own websocket, not HTTP
            config.requestVerificationEnabled(false);
        }
        return config.build();
    }

    static List<LayoutBlock> blocks(SlackMessage message) {
        return GsonFactory.createSnakeCase().fromJson(message.blocksJson(), new TypeToken<List<LayoutBlock>>() {}.getType());
    }
}

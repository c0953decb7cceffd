package io.sparkadvisor.databricks.resolve;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The workspace the bot reads: the host of DATABRICKS_HOST and, when it can be learned, the
 * workspace id that its run links carry as {@code ?o=}. A run id is only unique within a
 * workspace, so a link from another workspace must be refused, never looked up here.
 */
public final class WorkspaceIdentity {
    private final String host;
    private final Supplier<Optional<Long>> idLookup;
    /** Null until the lookup tells it. */
    private Long learned;

    /** @param idLookup asked when the id is needed (a link carries an {@code o=} to compare, a billing query), until it tells */
    public WorkspaceIdentity(String hostUrl, Supplier<Optional<Long>> idLookup) {
        this.host = hostOf(hostUrl);
        this.idLookup = idLookup;
    }

    public String host() {
        return host;
    }

    /** A known id is kept; an unknown one is asked again next time, so one failed call does not leave it unknown for good. */
    public synchronized Optional<Long> id() {
        if (learned == null) {
            learned = idLookup.get().orElse(null);
        }
        return Optional.ofNullable(learned);
    }

    /** Throws {@link OtherWorkspaceLinkException} when the link is not from this workspace. */
    void check(RunQuery.RunLink link) {
        Optional<Long> known = link.workspaceId() == null ? Optional.empty() : id();
        if (known.isPresent()) {
            if (!known.get().equals(link.workspaceId())) {
                throw mismatch(link, known.get());
            }
            // The id names the workspace: under another host name (a legacy regional URL, a private
            // link alias) it is still this one.
            return;
        }
        // Without both ids only the host can be compared. Two workspaces behind one host (legacy
        // regional URLs) are then told apart only if the bot's id is known (DATABRICKS_WORKSPACE_ID,
        // the host's /.well-known/databricks-config, or the X-Databricks-Org-Id header).
        if (!host.equals(link.host())) {
            throw mismatch(link, id().orElse(null));
        }
    }

    private OtherWorkspaceLinkException mismatch(RunQuery.RunLink link, Long ours) {
        return new OtherWorkspaceLinkException("This link is from " + full(link.workspaceId(), link.host())
                + ", but this bot reads " + full(ours, host) + ". Ask the spark-advisor installed for "
                + brief(link.workspaceId(), link.host()) + ", or paste a run of " + brief(ours, host) + ".");
    }

    private static String full(Long id, String host) {
        return id == null ? "the workspace at " + host : "workspace " + id + " (" + host + ")";
    }

    private static String brief(Long id, String host) {
        return id == null ? host : "workspace " + id;
    }

    /**
     * {@code host[:port]} in lower case; the scheme and a default port do not tell workspaces apart.
     * DATABRICKS_HOST may be given without a scheme.
     */
    static String hostOf(String url) {
        URI uri = URI.create(url.contains("://") ? url.strip() : "https://" + url.strip());
        String name = Optional.ofNullable(uri.getHost()).orElse(url).toLowerCase(Locale.ROOT);
        int port = uri.getPort();
        boolean defaultPort = port == -1 || port == 443 && "https".equals(uri.getScheme()) || port == 80 && "http".equals(uri.getScheme());
        return defaultPort ? name : name + ":" + port;
    }
}

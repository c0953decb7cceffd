package io.sparkadvisor.databricks.resolve;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads what a user pasted: a run page link, {@code run:ID}, {@code job:ID}, {@code job:NAME}, a number or a job name. */
public final class RunQueryParser {
    /** Current run page path: {@code /jobs/<job>/runs/<run>}, optionally followed by more segments. */
    private static final Pattern RUN_PATH = Pattern.compile("/jobs/(\\d+)/runs/(\\d+)(/.*)?");
    /** Legacy single-page-app fragment: {@code job/<job>/run/<run>}. */
    private static final Pattern RUN_FRAGMENT = Pattern.compile("/?job/(\\d+)/run/(\\d+)(/.*)?");
    private static final Pattern WORKSPACE_PARAM = Pattern.compile("(?:^|&)o=(\\d+)(?:&|$)");
    private static final Pattern NUMBER = Pattern.compile("\\d+");

    private RunQueryParser() {
    }

    public static RunQuery parse(String input) {
        String text = input == null ? "" : input.strip();
        if (text.isEmpty()) {
            throw new IllegalArgumentException("Paste a run link, a run id, a job id or a job name.");
        }
        if (text.startsWith("https://") || text.startsWith("http://")) {
            return parseLink(text);
        }
        if (text.startsWith("run:")) {
            return new RunQuery.RunId(number(text.substring(4).strip(), text));
        }
        if (text.startsWith("job:")) {
            String job = text.substring(4).strip();
            return NUMBER.matcher(job).matches() ? new RunQuery.JobId(number(job, text)) : new RunQuery.JobName(job);
        }
        if (NUMBER.matcher(text).matches()) {
            return new RunQuery.RunOrJobId(number(text, text));
        }
        return new RunQuery.JobName(text);
    }

    private static RunQuery parseLink(String text) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("Not a valid link: " + e.getMessage());
        }
        Long workspaceId = Optional.ofNullable(uri.getRawQuery()).map(WORKSPACE_PARAM::matcher)
                .filter(Matcher::find).map(m -> Long.parseLong(m.group(1))).orElse(null);
        Matcher path = RUN_PATH.matcher(Optional.ofNullable(uri.getPath()).orElse(""));
        String host = WorkspaceIdentity.hostOf(text);
        if (path.matches()) {
            return link(host, path, workspaceId);
        }
        Matcher fragment = RUN_FRAGMENT.matcher(Optional.ofNullable(uri.getFragment()).orElse(""));
        if (fragment.matches()) {
            return link(host, fragment, workspaceId);
        }
        throw new IllegalArgumentException("This link is not a job run page (expected .../jobs/<job id>/runs/<run id>"
                + " or ...#job/<job id>/run/<run id>): " + text);
    }

    private static RunQuery link(String host, Matcher m, Long workspaceId) {
        return new RunQuery.RunLink(host, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), workspaceId);
    }

    private static long number(String digits, String input) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Not a run or job id: " + input);
        }
    }
}

package io.sparkadvisor.templates.replies;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.sparkadvisor.templates.Templates;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The replies catalogues: the sentences the bot builds its messages from, one YAML file per area
 * under {@code templates/replies/}, each entry a Mustache template rendered as plain text. The
 * Block Kit templates escape a sentence where it goes into a message, so the text sent to Slack is
 * what it was when the sentence was written in Java.
 */
public final class Replies {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Map<String, Map<String, String>> CATALOGUES = new ConcurrentHashMap<>();
    private static final List<Reply> ALL = Stream.of(AskReply.values(), ErrorReply.values(), ApprovalReply.values(),
            DigestReply.values(), ScanReply.values(), ChartTitle.values(), HotValueReply.values(), AccessReply.values(),
            HealthRuleReply.values(), RestartReply.values()).flatMap(Arrays::stream)
            .map(Reply.class::cast).toList();

    private Replies() {}

    /** Every sentence Java can refer to, catalogue by catalogue. */
    public static List<Reply> all() {
        return ALL;
    }

    /** The entries of {@code templates/replies/<name>.yaml}, in file order. */
    public static Map<String, String> catalogue(String name) {
        return CATALOGUES.computeIfAbsent(name, Replies::read);
    }

    /** {@code SUBJECT_OF_CLUSTER} is entry {@code subjectOfCluster}. */
    static String entry(Enum<?> constant) {
        String[] words = constant.name().toLowerCase(Locale.ROOT).split("_");
        StringBuilder entry = new StringBuilder(words[0]);
        for (String word : Arrays.asList(words).subList(1, words.length)) {
            entry.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
        }
        return entry.toString();
    }

    static String render(Reply reply, Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException(describe(reply) + ": give each value as a name followed by the value");
        }
        Map<String, Object> scope = new HashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            scope.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        if (!scope.keySet().equals(Set.copyOf(reply.fills())) || scope.size() != namesAndValues.length / 2) {
            throw new IllegalArgumentException(describe(reply) + " is filled with " + reply.fills() + ", not "
                    + Stream.iterate(0, i -> i < namesAndValues.length, i -> i + 2).map(i -> namesAndValues[i]).toList());
        }
        String template = catalogue(reply.catalogue()).get(reply.entry());
        if (template == null) {
            throw new IllegalStateException("templates/replies/" + reply.catalogue() + ".yaml has no entry " + reply.entry()
                    + " (" + describe(reply) + ")");
        }
        return Templates.inline("replies/" + reply.catalogue() + ".yaml#" + reply.entry(), template, scope);
    }

    private static String describe(Reply reply) {
        return reply.getClass().getSimpleName() + "." + ((Enum<?>) reply).name();
    }

    private static Map<String, String> read(String name) {
        String path = "/templates/replies/" + name + ".yaml";
        try (InputStream in = Replies.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("no " + path + " on the classpath");
            }
            Map<String, String> entries = YAML.readValue(in, new TypeReference<LinkedHashMap<String, String>>() {});
            return Collections.unmodifiableMap(entries);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
